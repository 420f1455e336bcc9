"""Draws docs/pictures/board-mail-phone.png, the board mail of docs/commands.md "Moving with
two taps" as a phone shows it: a real pbemd starts an HY 3 game, and the HTML part of the
mail to the player to move (its picture inlined) is drawn by headless Chromium in a window
390 CSS pixels wide. Run it again when the board mail changes:

    python3 docs/pictures/phone_board_mail.py build-rel
"""
import base64
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tests", "integration"))

from pbem_harness import build_dir, html_of  # noqa: E402

build_dir(sys.argv)

from test_daemon import ALICE, DaemonTestCase  # noqa: E402

OUTPUT = os.path.join(HERE, "board-mail-phone.png")


def inlined(message):
    """The HTML part with each cid: picture replaced by a data: URI (as the client shows it)."""
    page = html_of(message)
    for part in message.walk():
        cid = part.get("Content-ID")
        if cid and part.get_content_type() == "image/png":
            data = base64.b64encode(part.get_payload(decode=True)).decode()
            page = page.replace("cid:" + cid.strip("<>"), "data:image/png;base64," + data)
    return page


class PhonePicture(DaemonTestCase):
    def test_draw(self):
        self.signup_both()
        self.send(ALICE, "hy3 challenge alice bob -size=3")
        mails = {a.message["To"].addresses[0].addr_spec: a.message for a in self.take(2)}
        pages = tempfile.mkdtemp(prefix="pbem-phone-")
        self.addCleanup(shutil.rmtree, pages, True)
        page = os.path.join(pages, "mail.html")
        with open(page, "w", encoding="utf-8") as f:
            f.write(re.sub(r"<body([^>]*)>", r'<body\1 style="margin: 8px">', inlined(mails["alice@example.org"]), 1))
        chromium = shutil.which("chromium") or shutil.which("chromium-browser")
        subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                        f"--user-data-dir={pages}/profile", "--window-size=390,1080", "--force-device-scale-factor=1",
                        f"--screenshot={OUTPUT}", "file://" + page], check=True, capture_output=True, timeout=120)
        print("wrote", OUTPUT)


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0]])
