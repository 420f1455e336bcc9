"""A game mail as a phone shows it (issue 14): the HTML branch of a real board mail, with its
inline picture, opened in headless Chromium at 390 px across. The page must not scroll
sideways, and the picture must be loaded and drawn whole inside the screen's width.
Every word must be readable without scrolling sideways (issue 32): the sentences stand in
paragraphs that wrap, not in a <pre> (which only the boards and tables use, each
scrolling inside itself), and no paragraph is wider than the screen.

Every default board is tried: HY 3, the three Gates boards and Gaia; and a daily digest
(issue 30) with one picture above each game waiting. Skipped, with a message
that says so, where Chromium is not installed (scripts/install-deps.sh installs it)."""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

from datetime import timedelta

from pbem_harness import IngestCase, build_dir

build_dir(sys.argv)

from clock_harness import T0, ClockCase  # noqa: E402

ALICE = "alice@example.org"
BOB = "bob@example.net"
PHONE_WIDTH = 390
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

# Chromium lays a headless window out at least 500 px wide, so the mail's page is shown in a
# frame exactly as wide as the phone; the page measures itself once everything has loaded and
# tells the frame's parent, which writes it into its title for the dumped DOM.
# Every picture counts: the report is whether all are loaded, the narrowest one's natural
# width and the rightmost edge of any. Then the words: how many of the given sentences the
# page shows, how many of them stand in a <pre> (which does not wrap), and how many
# paragraphs are cut (wider than themselves or than the screen).
MEASURE = """<script>
window.addEventListener("load", function () {
  var sentences = %s;
  var imgs = Array.prototype.slice.call(document.querySelectorAll("img"));
  var complete = imgs.every(function (img) { return img.complete; });
  var natural = Math.min.apply(null, imgs.map(function (img) { return img.naturalWidth; }));
  var right = Math.max.apply(null, imgs.map(function (img) { return Math.round(img.getBoundingClientRect().right); }));
  var pres = Array.prototype.slice.call(document.querySelectorAll("pre"));
  var shown = sentences.filter(function (s) { return document.body.textContent.indexOf(s) >= 0; }).length;
  var inPre = sentences.filter(function (s) {
    return pres.some(function (pre) { return pre.textContent.indexOf(s) >= 0; });
  }).length;
  var cut = Array.prototype.slice.call(document.querySelectorAll("p")).filter(function (p) {
    return p.scrollWidth > p.clientWidth || p.getBoundingClientRect().right > window.innerWidth;
  }).length;
  parent.postMessage("measured " + document.documentElement.scrollWidth + " " + window.innerWidth + " " +
      complete + " " + natural + " " + right + " " + imgs.length + " " + shown + " " + inPre + " " + cut, "*");
});
</script>
"""
# The listener is in the head, before the frame exists: a frame that loads fast must not
# report before anyone listens (test_web.py saw it happen with several frames).
PHONE = """<!DOCTYPE html>
<html><head><title>waiting</title>
<script>window.addEventListener("message", function (e) {{ document.title = e.data; }});</script>
</head>
<body style="margin: 0">
<iframe src="{page}" style="border: 0; width: {width}px; height: 844px"></iframe>
</body></html>
"""

GAMES = [
    ("hy3", "", "d4"),
    ("gates", "", "c:d3"),
    ("gates", " -y", "c:d3"),
    ("gates", " -hex", "c:d3"),
    ("gaia", "", None),
]


class PhoneChecks:
    """Writing a mail's HTML branch as files and measuring it in Chromium at phone width."""

    def page_of(self, mail, name, sentences=()):
        """Writes the mail's HTML branch and its pictures as files a browser can open; the page
        reports on `sentences` too (MEASURE)."""
        _, related = mail.get_payload()
        html, *images = related.get_payload()
        page = html.get_content()
        for n, image in enumerate(images):
            cid = image["Content-ID"].strip("<>")
            picture = os.path.join(self.pages, f"{name}-{n}.png")
            with open(picture, "wb") as f:
                f.write(image.get_content())
            page = page.replace(f"cid:{cid}", os.path.basename(picture))
        page = page.replace("</body>", MEASURE % json.dumps(list(sentences)) + "</body>")
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

    def assert_fits_a_phone(self, path, pictures=1, sentences=0):
        """The page at 390 px: no sideways scroll, every picture loaded and inside the
        screen, every paragraph inside it, and the `sentences` given to page_of all shown
        outside any <pre>."""
        dumped = self.chromium("--dump-dom", "file://" + path)
        found = re.search(r"<title>measured (\d+) (\d+) (\w+) (\d+) (\d+) (\d+) (\d+) (\d+) (\d+)</title>",
                          dumped.stdout)
        self.assertIsNotNone(found, f"no measurement from Chromium: {dumped.stderr[-2000:]}")
        scroll_width, inner_width, complete, natural_width, right, count, shown, in_pre, cut = found.groups()
        self.assertEqual(int(inner_width), PHONE_WIDTH)
        self.assertLessEqual(int(scroll_width), PHONE_WIDTH, "the page scrolls sideways")
        self.assertEqual(int(count), pictures)
        self.assertEqual(complete, "true")
        self.assertGreater(int(natural_width), 0, "a picture did not load")
        self.assertLessEqual(int(right), PHONE_WIDTH, "a picture is cut at the right")
        self.assertEqual(int(shown), sentences, "a sentence is missing from the page")
        self.assertEqual(int(in_pre), 0, "a sentence stands in a <pre>, cut at the screen's edge")
        self.assertEqual(int(cut), 0, "a paragraph is wider than the screen")


@unittest.skipUnless(CHROMIUM, "Chromium is not installed (Debian package chromium): the phone view is not checked")
class PhoneView(PhoneChecks, IngestCase):
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

    def test_hy3_size_7_prose_wraps_and_the_page_does_not_scroll_sideways(self):
        """The mail of the player to move on the board of issue 32: its sentences wrap in
        paragraphs; only the board (and the indented command) are <pre>, scrolling inside
        themselves."""
        self.send(ALICE, "hy3 challenge alice bob -size=7")
        [to_move] = [m for m in self.new_replies() if "It is your move" in m.get_body(("plain",)).get_content()]
        sentences = ["It is your move. Edit your password and move into this Subject and send it:",
                     "Or just reply to this mail with your move as the first line: no password needed.",
                     "Perimeter 36 cells: a winning group spans 19 or more, never exactly 18."]
        path = self.page_of(to_move, "hy3-7", sentences)
        self.assert_fits_a_phone(path, sentences=len(sentences))
        page = to_move.get_payload()[1].get_payload()[0].get_content()
        # The whole board in one <pre>, as the text part draws it.
        board = re.search(r"<pre[^>]*>\n(.*?)</pre>", page, re.DOTALL).group(1)
        self.assertTrue(board.startswith("a              a1  a2  a3  a4  a5  a6  a7\n"), board)
        self.assertTrue(board.endswith("m              m1  m2  m3  m4  m5  m6  m7\n"), board)
        self.assertIn("<p>It is your move.", page)

    def test_every_default_board_fits_a_phone_screen(self):
        for number, (game, options, move) in enumerate(GAMES, start=1):
            with self.subTest(game=game + options):
                path = self.page_of(self.board_mail(game, options, move, number), f"game{number}")
                self.assert_fits_a_phone(path)
                if options != " -hex":
                    continue
                # The screenshot a person would look at (the widest board), kept only for the
                # length of the test.
                shot = os.path.join(self.pages, f"game{number}-shot.png")
                self.chromium(f"--screenshot={shot}", "file://" + path)
                with open(shot, "rb") as f:
                    header = f.read(24)
                self.assertEqual(int.from_bytes(header[16:20], "big"), PHONE_WIDTH)



@unittest.skipUnless(CHROMIUM, "Chromium is not installed (Debian package chromium): the phone view is not checked")
class DigestPhoneView(PhoneChecks, ClockCase):
    def test_a_digest_with_two_games_fits_a_phone_screen(self):
        self.pages = tempfile.mkdtemp(prefix="pbem-phone-")
        self.addCleanup(shutil.rmtree, self.pages, True)
        self.command("alice", "set alice secret1 digest 7")
        self.command("alice", "hy3 challenge alice bob -size=7")
        self.command("alice", "gates challenge alice bob -hex")
        self.new_replies()
        self.at(T0 + timedelta(hours=19))
        [digest] = self.tick_ok()
        self.assertEqual(digest["Subject"], "Your move in 2 games")
        sentences = ["Reply to this mail with one move per line, the game's number first, e.g.",
                     "HY 3 #1 (-size=7) against bob: the first move is yours.",
                     "Gates #2 (-hex) against bob: the first move is yours."]
        self.assert_fits_a_phone(self.page_of(digest, "digest", sentences), pictures=2, sentences=len(sentences))
        # Each picture stands above its own game's text.
        html = digest.get_payload()[1].get_payload()[0].get_content()
        self.assertLess(html.index("cid:board."), html.index("#1  HY 3 #1"))
        self.assertLess(html.index("#1  HY 3 #1"), html.index("cid:board2."))
        self.assertLess(html.index("cid:board2."), html.index("#2  Gates #2"))


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
