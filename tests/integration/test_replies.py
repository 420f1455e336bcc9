"""The wording and layout of replies, end to end through `pbem ingest`: error hints,
game-over results, move numbers ahead of or behind the game, and the game mails' layout."""
import re
import sys
import unittest

from pbem_harness import IngestCase, Server, build_dir, make_mail, text_of

build_dir(sys.argv)

ALICE = "alice@example.org"
BOB = "bob@example.net"


class RepliesTestCase(IngestCase):
    def setUp(self):
        super().setUp()
        self.server.signup_and_confirm(ALICE, "alice", "secret1")
        self.server.signup_and_confirm(BOB, "bob", "secret2")
        self.new_replies()

    def only_reply(self, sender, subject):
        self.send(sender, subject)
        [reply] = self.new_replies()
        return text_of(reply)


class ErrorHints(RepliesTestCase):
    def test_every_usage_line_is_indented_alike(self):
        for subject in ("gates mvoe 1", "hy3 history", "hy3 move 1 alice"):
            with self.subTest(subject=subject):
                text = self.only_reply(ALICE, subject)
                usage = text.split("Usage:\n", 1)[1].split("\n\n", 1)[0]
                lines = usage.splitlines()
                self.assertTrue(lines)
                self.assertRegex(lines[0], r"^    \S")
                for line in lines:
                    self.assertLessEqual(len(line), 78)
                    # Four blanks start every usage line; a folded line's rest is indented deeper.
                    self.assertRegex(line, r"^    (\S|\s{2,}\S)", "every usage line starts with exactly four blanks")

    def test_typos_get_a_suggestion(self):
        self.assertIn("did you mean move?", self.only_reply(ALICE, "gates mvoe 1 alice secret1 c:d3"))
        self.assertIn("did you mean gates?", self.only_reply(ALICE, "gatse show 1"))

    def test_missing_password_is_named_and_the_command_cut_before_the_userid(self):
        self.send(ALICE, "gates challenge alice bob")
        self.new_replies()
        text = self.only_reply(BOB, "gates move 1 bob a:d2")
        self.assertIn("password missing: the last word is a move", text)
        self.assertNotIn("a:d2", text)  # nothing from the userid on is repeated (issue 40)
        self.assertIn("    gates move 1 ...\n", text)  # the words from the userid on are not quoted

    def test_blank_before_the_move_number(self):
        self.send(ALICE, "hy3 challenge alice bob")
        self.new_replies()
        self.assertIn("write the move and its #moveno without a space between them",
                      self.only_reply(ALICE, "hy3 move 1 alice secret1 d4 #1"))
        self.assertEqual(self.server.query("SELECT COUNT(*) AS n FROM moves")[0]["n"], 0)

    def test_gates_errors_speak_of_tiles(self):
        self.send(ALICE, "gates challenge alice bob")
        self.new_replies()
        text = self.only_reply(ALICE, "gates move 1 alice secret1 d:d3")
        self.assertIn("tile d does not match", text)
        self.assertNotIn("rotation", text)


class MoveNumbers(RepliesTestCase):
    def setUp(self):
        super().setUp()
        self.send(ALICE, "hy3 challenge alice bob")
        self.send(ALICE, "hy3 move 1 alice secret1 d4")
        self.send(BOB, "hy3 move 1 bob secret2 a1")
        self.new_replies()

    def test_a_number_ahead_of_the_game_is_not_yet_due(self):
        text = self.only_reply(ALICE, "hy3 move 1 alice secret1 b2#5")
        self.assertIn("move 5 is not yet due; the game is at move 3", text)
        self.assertNotIn("changed since", text)

    def test_a_number_behind_the_game_means_the_board_changed(self):
        text = self.only_reply(ALICE, "hy3 move 1 alice secret1 b2#2")
        self.assertIn("the board changed since move 2", text)

    def test_a_finished_game_says_who_won(self):
        self.send(ALICE, "hy3 resign 1 alice secret1")
        self.new_replies()
        text = self.only_reply(BOB, "hy3 move 1 bob secret2 b2")
        self.assertIn("game 1 is over: Blue (bob) won.", text)


class GameMails(RepliesTestCase):
    def test_gates_mail_prints_the_title_once(self):
        self.send(ALICE, "gates challenge alice bob")
        for reply in self.new_replies():
            text = text_of(reply)
            # One heading with the options; the diagram no longer repeats it.
            self.assertEqual(text.count("(-cross -size=5)"), 1, text)
            self.assertNotIn("Cross Gates", text)

    def test_history_columns_line_up(self):
        self.send(ALICE, "hy3 challenge alice bob -size=5")
        for ply in range(6):
            player, password, sender = (("alice", "secret1", ALICE), ("bob", "secret2", BOB))[ply % 2]
            move = ["a1", "a2", "a3", "a4", "a5", "b1"][ply]
            self.send(sender, f"hy3 move 1 {player} {password} {move}")
        self.new_replies()
        text = self.only_reply(ALICE, "hy3 history 1")
        rows = [line for line in text.splitlines() if re.match(r"^\s+\d+\. ", line)]
        self.assertEqual(len(rows), 6, text)
        # The move and the time start in the same column on every row.
        move_columns = {re.search(r"\) +(\S+)", row).start(1) for row in rows}
        time_columns = {re.search(r"\d{4}-\d\d-\d\dT", row).start() for row in rows}
        self.assertEqual(len(move_columns), 1, text)
        self.assertEqual(len(time_columns), 1, text)

    def test_gaia_history_shows_the_edge_pair(self):
        self.send(ALICE, "gaia challenge alice bob")
        self.send(ALICE, "gaia move 1 alice secret1 f1")
        self.new_replies()
        text = self.only_reply(ALICE, "gaia history 1")
        self.assertRegex(text, r"1\. alice \(black\) +f1-f10 ")


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=1)
