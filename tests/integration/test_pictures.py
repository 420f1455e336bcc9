"""Board pictures end to end (issue 14): game mails carry the drawn board inline in their
HTML branch (multipart/related, cid:), the same bytes `pbem render` writes; a user with
pictures off gets the old two-part mail; `pbem render` on the command line."""
import os
import subprocess
import sys
import tempfile
import unittest

from pbem_harness import IngestCase, build_dir, pbem_binary, run_cli, text_of

build_dir(sys.argv)

ALICE = "alice@example.org"
BOB = "bob@example.net"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def render_bytes(*args):
    p = subprocess.run([pbem_binary(), "render", *args], capture_output=True, timeout=60)
    assert p.returncode == 0, p.stderr
    return p.stdout


class BoardMails(IngestCase):
    def setUp(self):
        super().setUp()
        self.server.signup_and_confirm(ALICE, "alice", "secret1")
        self.server.signup_and_confirm(BOB, "bob", "secret2")
        self.new_replies()

    def board_mails(self, sender, subject):
        self.send(sender, subject)
        return [m for m in self.new_replies() if "#1" in m["Subject"]]

    def test_board_mail_is_alternative_with_a_related_html_branch(self):
        mails = self.board_mails(ALICE, "hy3 challenge alice bob")
        mails = self.board_mails(ALICE, "hy3 move 1 alice secret1 d4")
        self.assertEqual(len(mails), 2)
        for mail in mails:
            self.assertEqual(mail.get_content_type(), "multipart/alternative")
            plain, related = mail.get_payload()
            self.assertEqual(plain.get_content_type(), "text/plain")
            self.assertEqual(related.get_content_type(), "multipart/related")
            html, image = related.get_payload()
            self.assertEqual(html.get_content_type(), "text/html")
            self.assertEqual(image.get_content_type(), "image/png")
            self.assertEqual(image.get_content_disposition(), "inline")
            cid = image["Content-ID"].strip("<>")
            page = html.get_content()
            self.assertIn(f'src="cid:{cid}"', page)
            self.assertIn("max-width: 100%", page)
            self.assertIn('name="viewport"', page)
            png = image.get_content()
            self.assertTrue(png.startswith(PNG_SIGNATURE))
            # The same picture the command line draws for the same position.
            self.assertEqual(png, render_bytes("hy3", "--", "d4"))
            self.assertIn("Move 1: d4.", text_of(mail))

    def test_pictures_off_gives_the_plain_two_part_mail_with_the_same_text(self):
        self.board_mails(ALICE, "hy3 challenge alice bob")
        self.send(BOB, "set bob secret2 pictures off")
        [answer] = self.new_replies()
        self.assertEqual(answer["Subject"], "Pictures off")
        mails = self.board_mails(ALICE, "hy3 move 1 alice secret1 d4")
        by_recipient = {m["To"].addresses[0].addr_spec: m for m in mails}
        with_picture, without = by_recipient[ALICE], by_recipient[BOB]
        self.assertEqual([p.get_content_type() for p in without.get_payload()], ["text/plain", "text/html"])
        self.assertNotIn("<img", without.get_payload()[1].get_content())
        self.assertEqual(with_picture.get_payload()[1].get_content_type(), "multipart/related")
        # The picture changes nothing in the text (compose_picture_test checks the bytes).
        self.assertIn("Move 1: d4.", text_of(with_picture))
        self.assertIn("Move 1: d4.", text_of(without))

    def test_set_pictures_is_refused_with_a_wrong_password_or_value(self):
        self.send(BOB, "set bob wrong-one pictures off")
        self.assertIn("wrong password", text_of(self.new_replies()[0]))
        self.send(BOB, "set bob secret2 pictures maybe")
        self.assertIn("pictures is set 'on' or 'off' (the word given is not repeated here", text_of(self.new_replies()[0]))
        self.assertEqual(self.server.query("SELECT pictures FROM users WHERE userid = 'bob'"), [{"pictures": 1}])
        self.send(BOB, "set bob secret2 pictures off")
        self.send(BOB, "set bob secret2 pictures on")
        self.assertEqual(self.server.query("SELECT pictures FROM users WHERE userid = 'bob'"), [{"pictures": 1}])

    def test_a_finished_game_says_why_in_the_text(self):
        self.board_mails(ALICE, "hy3 challenge alice bob -size=3")
        # Blue's last stone, e2, makes a group spanning 8 of the 12 perimeter cells.
        plies = ["d1", "d3", "a2", "c3", "c4", "c2", "c1", "b3", "d4", "c5", "b2", "b1", "b4", "a3", "a1", "e2"]
        mails = []
        for n, ply in enumerate(plies):
            player, sender, password = ("alice", ALICE, "secret1") if n % 2 == 0 else ("bob", BOB, "secret2")
            mails = self.board_mails(sender, f"hy3 move 1 {player} {password} {ply}")
        text = text_of(mails[-1])
        self.assertIn("A blue group spans 8 of the 12 perimeter cells, more than half.", text)
        self.assertIn("has won.", text)


class RenderCommand(unittest.TestCase):
    def test_writes_the_png_and_says_why_the_game_ended(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "board.png")
            code, out, err = run_cli("render", "gates", "-y", "-size=4", "--png", path, "--", "a:a1")
            self.assertEqual((code, err), (0, ""))
            self.assertEqual(out, "")  # the game is on: nothing to explain
            with open(path, "rb") as f:
                data = f.read()
            self.assertTrue(data.startswith(PNG_SIGNATURE))
            self.assertLess(len(data), 40 * 1024)
            self.assertEqual(data, render_bytes("gates", "-y", "-size=4", "--", "a:a1"))

    def test_resignation_has_no_board_reason(self):
        with tempfile.TemporaryDirectory() as tmp:
            code, out, _ = run_cli("render", "gaia", "--png", os.path.join(tmp, "b.png"), "--", "a1", "resign")
            self.assertEqual((code, out), (0, ""))

    def test_bad_command_lines_write_nothing(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "board.png")
            code, _, err = run_cli("render", "hy3", "--png", path, "--", "d4", "d4")
            self.assertEqual(code, 1)
            self.assertIn("ply 2 (d4)", err)
            self.assertFalse(os.path.exists(path))
            code, _, err = run_cli("render", "hy3", "--png")
            self.assertEqual(code, 2)
            self.assertIn("--png needs a file name", err)
            code, _, err = run_cli("render", "chess", "--")
            self.assertEqual(code, 2)
            code, _, err = run_cli("render", "hy3", "--png", os.path.join(tmp, "no", "such", "dir.png"), "--")
            self.assertEqual(code, 2)
            self.assertIn("cannot write", err)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
