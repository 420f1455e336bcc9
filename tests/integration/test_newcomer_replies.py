"""The newcomer's path, third round (issue 52): what a board mail tells a player to do works
when they hit Reply. A whole command with its password sent to the game address is that
command; an error about a game carries the player's game address, so replying with the
corrected move plays it, and `Re: Error: ...` is never read as a command; an error names
one usage, in a Subject of at most 78 columns, and to a player who replied it quotes what
they wrote; `j7.` and `| `-quoted boards play; no mail asks for `<your userid>`. Through
`pbem ingest`, with replies as mail clients write them."""
import re
import sys
import unittest

from pbem_harness import make_mail, text_of
from reply_clients import CLIENTS, mutt
from test_reply_moves import ALICE, BOB, PASSWORD, PLIES, ReplyCase, board_of

MAX_SUBJECT = 78


def usages(text):
    """The usages an error names: the lines of its Usage block that start a usage."""
    if "Usage:\n" not in text:
        return []
    block = text.split("Usage:\n", 1)[1].split("\n\n", 1)[0]
    return [line for line in block.splitlines() if re.match(r"^    \S", line)]


class WholeCommandsByReply(ReplyCase):
    def test_the_command_every_board_mail_shows_plays_when_sent_as_a_reply(self):
        # What the board mail says to write, password and all, as the reply's first line ...
        self.reply("alice", f"hy3 move {self.number} alice {PASSWORD['alice']} {PLIES[0]}")
        self.assertEqual(self.plies(), PLIES[:1])
        # ... or as its Subject, edited from the Re: line.
        self.reply("bob", "see the Subject",
                   subject=f"Re: hy3 move {self.number} bob {PASSWORD['bob']} {PLIES[1]}")
        self.assertEqual(self.plies(), PLIES[:2])
        for mail in self.mails:
            self.assertNotIn("not a move", text_of(mail))
        for row in self.server.query("SELECT data FROM outbox_texts"):
            for password in PASSWORD.values():
                self.assertNotIn(password.encode(), bytes(row["data"]))

    def test_a_whole_command_with_a_wrong_password_is_refused_as_the_command_would_be(self):
        [answer] = self.reply("alice", f"hy3 move {self.number} alice wrong-pw {PLIES[0]}")
        self.assertIn("password", text_of(answer))
        self.assertNotIn("wrong-pw", answer.as_string())
        self.assertEqual(self.plies(), [])


class RepliesToErrors(ReplyCase):
    def refused_move(self, ply):
        self.send(ALICE, f"hy3 move {self.number} alice {PASSWORD['alice']} {ply}")
        [error] = self.new_replies()
        return error

    def test_replying_to_an_error_with_the_corrected_move_plays_it(self):
        error = self.refused_move("z9")
        self.assertTrue(error["Subject"].startswith("Error: "))
        reply_to = error["Reply-To"].addresses[0].addr_spec
        self.assertEqual(reply_to, self.mail_to("alice")["Reply-To"].addresses[0].addr_spec)
        for client in CLIENTS[:2]:
            with self.subTest(client=client.__name__):
                self.reply("alice", "also wrong", client=client, mail=error)
        self.assertEqual(self.plies(), [])
        self.reply("alice", PLIES[0], mail=error)
        self.assertEqual(self.plies(), PLIES[:1])

    def test_re_error_is_never_read_as_a_command(self):
        # An error from the plain address (nothing about a game): the reply comes to the
        # server's address, and the first line is the command.
        self.send(ALICE, "frobnicate")
        [error] = self.new_replies()
        self.assertIsNone(error["Reply-To"])
        raw = mutt(ALICE, "pbem@test.example", "Re: " + error["Subject"], "help", text_of(error),
                   error["Message-ID"].strip("<>"))
        self.ingest(raw)
        [answer] = self.new_replies()
        self.assertEqual(answer["Subject"], "Help")
        self.assertNotIn("Error:", text_of(answer).split("\n", 1)[0])
        # A translation of Re: that a client adds is a Re: as well.
        raw = mutt(ALICE, "pbem@test.example", "AW: " + error["Subject"], f"hy3 show {self.number}",
                   text_of(error), error["Message-ID"].strip("<>"))
        self.ingest(raw)
        [answer] = self.new_replies()
        self.assertIn(f"#{self.number}", answer["Subject"])

    def test_an_error_about_someone_elses_game_carries_no_game_address(self):
        self.server.signup_and_confirm("carol@example.com", "carol", "C4rol-Pw-1")
        self.new_replies()
        self.send("carol@example.com", f"hy3 move {self.number} carol C4rol-Pw-1 c1")
        [error] = self.new_replies()
        self.assertIsNone(error["Reply-To"])


class ErrorWording(ReplyCase):
    def test_every_error_kind_names_one_usage_at_most_in_a_short_subject(self):
        long_word = "x" * 60
        subjects = [
            "frobnicate", "gates dance", "hy3 mvoe 1 alice pw d4", "hy3 move 1 alice", "hy3 history",
            f"hy3 move {self.number} alice {PASSWORD['alice']} z9",
            f"hy3 move {self.number} alice {PASSWORD['alice']} c1#7",
            f"hy3 move {self.number} alice wrong-pw c1",
            f"hy3 move {self.number} bob {PASSWORD['bob']} c1",
            f"hy3 show {long_word}", f"{long_word} {long_word}",
            f"hy3 challenge alice {long_word}", "change", "signup", "set alice",
            f"hy3 move 999 alice {PASSWORD['alice']} c1",
        ]
        for subject in subjects:
            with self.subTest(subject=subject):
                self.send(ALICE, subject)
                [error] = self.new_replies()
                self.assertTrue(error["Subject"].startswith("Error:"), error["Subject"])
                self.assertLessEqual(len(error["Subject"]), MAX_SUBJECT)
                self.assertLessEqual(len(usages(text_of(error))), 1, text_of(error))
                self.assertNotIn(PASSWORD["alice"], error.as_string())

    def test_an_error_to_a_reply_quotes_the_players_own_words(self):
        [error] = self.reply("alice", "z9")
        text = text_of(error)
        self.assertIn("Your reply\n\n    z9\n", text)
        self.assertIn("the move alone, e.g. d4", text)
        self.assertNotIn(f"hy3 move {self.number}", text)
        self.assertNotIn("password", text)
        self.assertEqual(usages(text), ["    the move alone, e.g. d4, as the first line of your reply"])
        self.assertLessEqual(len(error["Subject"]), MAX_SUBJECT)
        self.assertEqual(error["Reply-To"].addresses[0].addr_spec,
                         self.mail_to("alice")["Reply-To"].addresses[0].addr_spec)


class QuotesAndFullStops(ReplyCase):
    def test_a_move_ending_in_a_full_stop_plays(self):
        self.reply("alice", PLIES[0] + ".")
        self.assertEqual(self.plies(), PLIES[:1])

    def test_a_move_below_bar_and_colon_quotes_plays(self):
        for n, prefix in enumerate(("| ", ": ")):
            with self.subTest(prefix=prefix):
                mover = "alice" if n % 2 == 0 else "bob"
                mail = self.mail_to(mover)
                quoted = "\n".join(prefix + line if line else prefix.rstrip() for line in board_of(mail).splitlines())
                body = f"On Tue, Dec 1, 2026, PBeM Server wrote:\n{quoted}\n\n{PLIES[n]}\n"
                raw = (f"From: {ALICE if mover == 'alice' else BOB}\r\nTo: {mail['Reply-To'].addresses[0].addr_spec}\r\n"
                       f"Subject: Re: {mail['Subject']}\r\nMessage-ID: <q{n}@client.example>\r\n"
                       "Content-Type: text/plain; charset=us-ascii\r\n\r\n" + body.replace("\n", "\r\n")).encode()
                self.ingest(raw)
                self.mails = self.new_replies()
                self.assertEqual(self.plies(), PLIES[:n + 1], [text_of(m)[:200] for m in self.mails])


class NoPlaceholders(ReplyCase):
    def test_no_mail_of_a_whole_game_asks_for_your_userid(self):
        mover = "alice"
        for ply in PLIES:
            self.reply(mover, ply)
            mover = "bob" if mover == "alice" else "alice"
        self.send(ALICE, "hy3 challenge alice bob -size=3")
        self.send(BOB, f"hy3 challenge bob alice -size=3")
        self.new_replies()
        for row in self.server.query("SELECT data FROM outbox_texts"):
            self.assertNotIn(b"<your userid>", bytes(row["data"]))


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
