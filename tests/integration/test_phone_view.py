"""A game mail as a phone shows it (issue 14): the HTML branch of a real board mail, with its
inline picture, opened in headless Chromium at 390 px across. The page must not scroll
sideways, and the picture must be loaded and drawn whole inside the screen's width.

Every default board is tried: HY 3, the three Gates boards and Gaia. Skipped, with a message
that says so, where Chromium is not installed (scripts/install-deps.sh installs it)."""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

from pbem_harness import IngestCase, build_dir

build_dir(sys.argv)

ALICE = "alice@example.org"
BOB = "bob@example.net"
PHONE_WIDTH = 390
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

# Chromium lays a headless window out at least 500 px wide, so the mail's page is shown in a
# frame exactly as wide as the phone; the page measures itself once everything has loaded and
# tells the frame's parent, which writes it into its title for the dumped DOM.
MEASURE = """<script>
window.addEventListener("load", function () {
  var img = document.querySelector("img");
  parent.postMessage("measured " + document.documentElement.scrollWidth + " " + window.innerWidth + " " +
      img.complete + " " + img.naturalWidth + " " + Math.round(img.getBoundingClientRect().right), "*");
});
</script>
"""
PHONE = """<!DOCTYPE html>
<html><head><title>waiting</title></head>
<body style="margin: 0">
<iframe src="{page}" style="border: 0; width: {width}px; height: 844px"></iframe>
<script>window.addEventListener("message", function (e) {{ document.title = e.data; }});</script>
</body></html>
"""

GAMES = [
    ("hy3", "", "d4"),
    ("gates", "", "c:d3"),
    ("gates", " -y", "c:d3"),
    ("gates", " -hex", "c:d3"),
    ("gaia", "", None),
]


@unittest.skipUnless(CHROMIUM, "Chromium is not installed (Debian package chromium): the phone view is not checked")
class PhoneView(IngestCase):
    def setUp(self):
        super().setUp()
        self.server.signup_and_confirm(ALICE, "alice", "secret1")
        self.server.signup_and_confirm(BOB, "bob", "secret2")
        self.new_replies()
        self.pages = tempfile.mkdtemp(prefix="pbem-phone-")
        self.addCleanup(shutil.rmtree, self.pages, True)

    def board_mail(self, game, options, move, number):
        self.send(ALICE, f"{game} challenge alice bob{options}")
        if move:
            self.send(BOB, f"{game} move {number} bob secret2 {move}")
        mails = [m for m in self.new_replies() if f"#{number}" in m["Subject"]]
        self.assertTrue(mails, f"no mail about game {number}")
        return mails[-1]

    def page_of(self, mail, name):
        """Writes the mail's HTML branch and its picture as files a browser can open."""
        _, related = mail.get_payload()
        html, image = related.get_payload()
        cid = image["Content-ID"].strip("<>")
        picture = os.path.join(self.pages, name + ".png")
        with open(picture, "wb") as f:
            f.write(image.get_content())
        page = html.get_content().replace(f"cid:{cid}", os.path.basename(picture))
        page = page.replace("</body>", MEASURE + "</body>")
        with open(os.path.join(self.pages, name + ".html"), "w", encoding="utf-8") as f:
            f.write(page)
        phone = os.path.join(self.pages, name + "-phone.html")
        with open(phone, "w", encoding="utf-8") as f:
            f.write(PHONE.format(page=name + ".html", width=PHONE_WIDTH))
        return phone

    def chromium(self, *args):
        profile = tempfile.mkdtemp(prefix="pbem-chromium-")
        self.addCleanup(shutil.rmtree, profile, True)
        command = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                   f"--user-data-dir={profile}", f"--window-size={PHONE_WIDTH},844",
                   "--virtual-time-budget=5000", *args]
        return subprocess.run(command, capture_output=True, text=True, timeout=120)

    def test_every_default_board_fits_a_phone_screen(self):
        for number, (game, options, move) in enumerate(GAMES, start=1):
            with self.subTest(game=game + options):
                path = self.page_of(self.board_mail(game, options, move, number), f"game{number}")
                dumped = self.chromium("--dump-dom", "file://" + path)
                found = re.search(r"<title>measured (\d+) (\d+) (\w+) (\d+) (\d+)</title>", dumped.stdout)
                self.assertIsNotNone(found, f"no measurement from Chromium: {dumped.stderr[-2000:]}")
                scroll_width, inner_width, complete, natural_width, right = found.groups()
                self.assertEqual(int(inner_width), PHONE_WIDTH)
                self.assertLessEqual(int(scroll_width), PHONE_WIDTH, "the page scrolls sideways")
                self.assertEqual(complete, "true")
                self.assertGreater(int(natural_width), 0, "the picture did not load")
                self.assertLessEqual(int(right), PHONE_WIDTH, "the picture is cut at the right")
                if options != " -hex":
                    continue
                # The screenshot a person would look at (the widest board), kept only for the
                # length of the test.
                shot = os.path.join(self.pages, f"game{number}-shot.png")
                self.chromium(f"--screenshot={shot}", "file://" + path)
                with open(shot, "rb") as f:
                    header = f.read(24)
                self.assertEqual(int.from_bytes(header[16:20], "big"), PHONE_WIDTH)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
