"""Two taps to move (issue 56), through a real pbemd over SMTP: the board mail to the player
to move ends its board, in the HTML part, with the legal moves as mailto: links (RFC 6068) to
that player's game address; the opponent's copy has none. Following one link as a mail
client does (its address, Subject and body, percent-decoded) plays exactly that move. A
Gates cell's link brings back the choice of tiles at that cell, each with its link."""
import html
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest
import urllib.parse
import uuid
from email.message import EmailMessage
from email.utils import formatdate

from pbem_harness import build_dir, html_of, text_of

build_dir(sys.argv)

from daemon_harness import send_smtplib  # noqa: E402
from test_daemon import ALICE, DaemonTestCase, address_of  # noqa: E402

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
PHONE_WIDTH = 390
# Measures the page in a frame as wide as a phone (Chromium's headless window is wider): the
# smallest link target's width and height, how many links, and whether the page scrolls
# sideways; the frame's parent writes it into its title for the dumped DOM.
MEASURE = """<script>
window.addEventListener("load", function () {
  var links = Array.prototype.slice.call(document.querySelectorAll('a[href^="mailto:"]'));
  var rects = links.map(function (a) { return a.getBoundingClientRect(); });
  var width = Math.min.apply(null, rects.map(function (r) { return r.width; }));
  var height = Math.min.apply(null, rects.map(function (r) { return r.height; }));
  var right = Math.max.apply(null, rects.map(function (r) { return r.right; }));
  parent.postMessage("measured " + links.length + " " + Math.floor(width) + " " + Math.floor(height) + " " +
      Math.ceil(right) + " " + document.documentElement.scrollWidth, "*");
});
</script>
"""
PHONE = """<!DOCTYPE html>
<html><head><title>waiting</title>
<script>window.addEventListener("message", function (e) {{ document.title = e.data; }});</script>
</head><body style="margin: 0">
<iframe src="{page}" style="border: 0; width: {width}px; height: 844px"></iframe>
</body></html>
"""

LINK = re.compile(r'<a [^>]*href="(mailto:[^"]*)"[^>]*>([^<]*)</a>')


def links_of(message):
    """Every mailto: link of a mail's HTML part: (label, address, Subject, body), decoded."""
    found = []
    for href, label in LINK.findall(html_of(message)):
        uri = html.unescape(href)
        address, _, query = uri[len("mailto:"):].partition("?")
        fields = dict(urllib.parse.parse_qsl(query, keep_blank_values=True))
        # RFC 6068: a blank is %20, never '+', so '+' in a field is a plus sign.
        self_check = "+" not in query
        found.append((html.unescape(label), urllib.parse.unquote(address), fields.get("subject", ""),
                      fields.get("body", ""), self_check))
    return found


class MoveLinks(DaemonTestCase):
    def measure_targets(self, mail, count):
        """Every link a target of at least 24 x 24 CSS px at 390 px across, none past the
        screen's edge, and no sideways scroll (WCAG 2.2 target size), in headless Chromium."""
        if not CHROMIUM:
            print("Chromium is not installed: the link targets are not measured", file=sys.stderr)
            return
        pages = tempfile.mkdtemp(prefix="pbem-links-")
        self.addCleanup(shutil.rmtree, pages, True)
        page = html_of(mail).replace("</body>", MEASURE + "</body>")
        with open(os.path.join(pages, "mail.html"), "w", encoding="utf-8") as f:
            f.write(page)
        phone = os.path.join(pages, "phone.html")
        with open(phone, "w", encoding="utf-8") as f:
            f.write(PHONE.format(page="mail.html", width=PHONE_WIDTH))
        profile = tempfile.mkdtemp(prefix="pbem-chromium-")
        self.addCleanup(shutil.rmtree, profile, True)
        dumped = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                 f"--user-data-dir={profile}", f"--window-size={PHONE_WIDTH},844",
                                 "--virtual-time-budget=5000", "--dump-dom", "file://" + phone],
                                capture_output=True, text=True, timeout=120)
        found = re.search(r"<title>measured (\d+) (\d+) (\d+) (\d+) (\d+)</title>", dumped.stdout)
        self.assertIsNotNone(found, f"no measurement from Chromium: {dumped.stderr[-2000:]}")
        links, width, height, right, scroll_width = map(int, found.groups())
        self.assertEqual(links, count)
        self.assertGreaterEqual(width, 24, "a link is narrower than 24 CSS px")
        self.assertGreaterEqual(height, 24, "a link is lower than 24 CSS px")
        self.assertLessEqual(right, PHONE_WIDTH, "a link stands past the screen's edge")
        self.assertLessEqual(scroll_width, PHONE_WIDTH, "the page scrolls sideways")

    def send_to(self, sender, to, subject, body):
        """A mail to `to` (a game address) as a client composes it from a mailto: link."""
        message = EmailMessage()
        message["From"] = sender
        message["To"] = to
        message["Subject"] = subject
        message["Date"] = formatdate(localtime=False)
        message["Message-ID"] = f"<{uuid.uuid4()}@client.example>"
        message.set_content(body)
        send_smtplib(self.daemon.port, message.as_bytes(), address_of(sender), recipients=(to,))

    def test_the_mover_taps_a_link_and_the_move_is_played(self):
        self.signup_both()
        self.send(ALICE, "hy3 challenge alice bob -size=3")
        mails = {a.message["To"].addresses[0].addr_spec: a.message for a in self.take(2)}
        alice, bob = mails["alice@example.org"], mails["bob@example.net"]
        self.assertEqual(links_of(bob), [], "the opponent's copy has no links")
        links = links_of(alice)
        # Every empty cell of the size-3 board (19 cells), once; no resign, no swap (-swap off).
        self.assertEqual(sorted(link[3] for link in links),
                         sorted(f"{row}{n}#1" for row, count in zip("abcde", (3, 4, 5, 4, 3))
                                for n in range(1, count + 1)))
        reply_to = alice["Reply-To"].addresses[0].addr_spec
        for label, address, subject, body, plus_free in links:
            self.assertEqual(address, reply_to)
            self.assertEqual(subject, "Re: " + alice["Subject"])
            self.assertTrue(plus_free)
        self.assertIn("Your move 1", html_of(alice))
        self.measure_targets(alice, len(links))
        self.assertNotIn("mailto:", text_of(alice), "the text part has no links")
        # A mail client follows c2's link: the composed mail, as it is sent.
        [(label, address, subject, body, _)] = [link for link in links if link[0] == "c2"]
        self.send_to(ALICE, address, subject, body + "\n\n-- \nSent from my phone\n")
        after = {a.message["To"].addresses[0].addr_spec: a.message for a in self.take(2)}
        self.assertEqual([r["move"] for r in self.server.query("SELECT move FROM moves ORDER BY ply")], ["c2"])
        # Now bob is to move: his copy has the links (move 2, without c2), alice's none.
        self.assertEqual(links_of(after["alice@example.org"]), [])
        bodies = [link[3] for link in links_of(after["bob@example.net"])]
        self.assertEqual(len(bodies), 18)
        self.assertNotIn("c2#2", bodies)
        self.assertIn("c3#2", bodies)
        # A stale link (move 1's, after move 1 was played) plays nothing.
        self.send_to(ALICE, address, subject, "a1#1\n")
        [answer] = self.take(1)
        self.assertTrue(answer.message["Subject"].startswith("Error"), answer.message["Subject"])
        self.assertEqual(len(self.server.query("SELECT move FROM moves")), 1)

    def test_gates_links_a_cell_and_its_reply_shows_each_tile_to_choose(self):
        self.signup_both()
        self.send(ALICE, "gates challenge alice bob -cross -size=3 -align")
        mails = {a.message["To"].addresses[0].addr_spec: a.message for a in self.take(2)}
        alice = mails["alice@example.org"]
        links = links_of(alice)
        # Each of the 19 cells of the size-3 Cross board once, by the cell alone.
        bodies = [link[3] for link in links]
        self.assertEqual(len(bodies), 19)
        self.assertEqual(len(set(bodies)), 19)
        self.assertTrue(all(re.fullmatch(r"[a-e][1-5]#1", body) for body in bodies), bodies)
        self.assertIn("tap a cell", html_of(alice))
        self.measure_targets(alice, len(links))
        # The client follows c3's link: nothing is played, the choice comes back.
        [(_, address, subject, body, _)] = [link for link in links if link[0] == "c3"]
        self.send_to(ALICE, address, subject, body + "\n\n> quoted board\n")
        [choice] = self.take(1)
        choice = choice.message
        self.assertEqual(self.server.query("SELECT move FROM moves"), [])
        self.assertEqual(choice["Subject"], "Gates #1: your choice at c3, move 1")
        self.assertEqual(choice["Reply-To"].addresses[0].addr_spec, address)
        # -align: all six tiles may go on an empty board, each a board, a picture and a link.
        tiles = [f"{r}:c3#1" for r in "abcdef"]
        self.assertEqual([link[3] for link in links_of(choice)], tiles)
        self.assertIn("a:c3, b:c3, c:c3, d:c3, e:c3, f:c3", text_of(choice))
        self.assertNotIn("mailto:", text_of(choice))
        images = [part for part in choice.walk() if part.get_content_type() == "image/png"]
        self.assertEqual(len(images), 6)
        self.measure_targets(choice, 6)
        # Tapping e:c3 plays exactly it.
        [(_, address, subject, body, _)] = [link for link in links_of(choice) if link[3] == "e:c3#1"]
        self.send_to(ALICE, address, subject, body + "\n")
        self.take(2)
        self.assertEqual([r["move"] for r in self.server.query("SELECT move FROM moves")], ["e:c3"])
        # The stale choice plays nothing more.
        self.send_to(ALICE, address, subject, "f:c3#1\n")
        [answer] = self.take(1)
        self.assertTrue(answer.message["Subject"].startswith("Error"), answer.message["Subject"])
        self.assertEqual(len(self.server.query("SELECT move FROM moves")), 1)


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0]])
