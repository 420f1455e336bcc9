"""Identity hardening through `pbem ingest` (issue 19 item 2, issue 9 items 6, 7, 9, 13):
redeliveries are silent, passwords are never quoted (wherever they were typed), wrong
passwords are throttled, the old address hears of every change, a game can be aborted
before its first move, and a reused Message-ID only counts as a duplicate from its sender."""
import sys
import unittest

from pbem_harness import IngestCase, Server, build_dir, confirmation_codes, make_mail, text_of

build_dir(sys.argv)

ALICE = "Alice <alice@example.org>"
BOB = "bob@example.net"
MALLORY = "mallory@evil.example"
ALICE_PW = "Al1ce-Pw-7q"
BOB_PW = "B0b-Pw-3z"


class IdentityTestCase(IngestCase):
    def signup(self, sender, userid, password, addresses=()):
        """Signs up and confirms every address with the mailed code (logged like the rest),
        and takes challenges at once (`challenges auto`), as these tests expect."""
        self.send(sender, f"signup {userid} {password} {' '.join(addresses)}".strip())
        for code in confirmation_codes(self.server.outbox(), userid):
            self.send(sender, f"confirm {userid} {code}")
        self.send(sender, f"set {userid} {password} challenges auto")

    def signup_both(self):
        self.signup(ALICE, "alice", ALICE_PW)
        self.signup(BOB, "bob", BOB_PW)
        self.new_replies()

    def challenge(self):
        self.send(ALICE, "hy3 challenge alice bob -size=4")
        replies = self.new_replies()
        self.assertEqual(len(replies), 2)
        return replies

    def assert_nowhere(self, secrets):
        """No secret (compared case-insensitively: userids are lower-cased) in any outbox
        row, any stored inbox column but the raw message, or the log."""
        stored = []
        for row in self.server.query("SELECT data FROM outbox_texts"):
            stored.append(("outbox", bytes(row["data"])))
        for row in self.server.query(
                "SELECT digest, message_id, envelope_from, sender, command, outcome, origin, state FROM inbox"):
            for column, value in row.items():
                if value is not None:
                    stored.append((f"inbox.{column}", str(value).encode()))
        stored.append(("log", self.log))
        for secret in secrets:
            for where, data in stored:
                self.assertNotIn(secret.lower().encode(), data.lower(), f"{secret!r} found in {where}")


class Redelivery(IdentityTestCase):
    def test_a_redelivered_move_is_logged_not_answered(self):
        self.signup_both()
        self.challenge()
        raw = make_mail(ALICE, f"hy3 move 1 alice {ALICE_PW} d4", message_id="<move1@client.example>")
        self.ingest(raw)
        self.assertEqual(len(self.new_replies()), 2)
        p = self.ingest(raw)
        self.assertEqual(self.new_replies(), [])
        self.assertIn(b"duplicate <move1@client.example>, not processed again", p.stderr)
        self.assertEqual(len(self.server.query("SELECT * FROM moves")), 1)
        self.assert_nowhere([ALICE_PW, BOB_PW])


class Masking(IdentityTestCase):
    def test_a_password_in_the_wrong_place_is_never_quoted(self):
        self.signup_both()
        self.challenge()
        cases = [
            "hy3 move 1 Secret9x c1",               # the userid left out
            "hy3 move 1 alice c1 Secret9y",         # the password after the move
            "hy3 move 1 alice Secret9z d4 extra",   # trailing words
            "hy3 move 1 alice Secret9w d4",         # a wrong password: the move may be the password
            "hy3 move 1 Secret9v Secret9v d4",      # no such user
            "change password alice Secret9u",       # one password too few
        ]
        for subject in cases:
            with self.subTest(subject=subject):
                self.send(ALICE, subject)
                [reply] = self.new_replies()
                self.assertEqual(reply["To"], "alice@example.org")
                self.assertIn("Nothing was changed", text_of(reply))
        commands = [r["command"] for r in self.server.query("SELECT command FROM inbox ORDER BY id")][-len(cases):]
        self.assertEqual(commands, ["hy3 move 1 ...", "hy3 move 1 ...", "hy3 move 1 ...", "hy3 move 1 ...",
                                    "hy3 move 1 ...", "change password ..."])
        self.assertEqual(self.server.query("SELECT * FROM moves"), [])
        self.assert_nowhere(["Secret9x", "Secret9y", "Secret9z", "Secret9w", "Secret9v", "Secret9u",
                             ALICE_PW, BOB_PW])

    def test_a_correct_command_is_quoted_with_its_password_masked(self):
        self.signup_both()
        self.challenge()
        self.send(ALICE, f"hy3 move 1 alice {ALICE_PW} z9")  # right password, illegal move
        [reply] = self.new_replies()
        self.assertIn("hy3 move 1 alice ***** z9", text_of(reply))
        # The password typed again in the move's place: masked there and in the error too.
        self.send(ALICE, f"hy3 move 1 alice {ALICE_PW} {ALICE_PW.upper()}")
        [reply] = self.new_replies()
        self.assertIn("hy3 move 1 alice ***** *****", text_of(reply))
        self.assertIn("illegal move '*****'", text_of(reply))
        self.assert_nowhere([ALICE_PW])


class Throttle(IdentityTestCase):
    def test_after_ten_wrong_passwords_even_the_right_one_is_refused(self):
        self.signup_both()
        for n in range(10):
            self.send(MALLORY, f"change address alice guess{n:04d} mallory@evil.example")
            [reply] = self.new_replies()
            self.assertIn("wrong password for alice", text_of(reply))
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM password_failures"), [{"n": 10}])
        self.send(MALLORY, f"change address alice {ALICE_PW} mallory@evil.example")
        [reply] = self.new_replies()
        self.assertIn("too many wrong passwords for alice", text_of(reply))
        self.assertIn("refused until", text_of(reply))
        self.assertEqual(self.server.query("SELECT address FROM addresses WHERE user_id = 1"),
                         [{"address": "alice@example.org"}])
        # Other users are not affected.
        self.send(BOB, f"change password bob {BOB_PW} N3w-B0b-pw")
        self.assertIn("Password changed", [r["Subject"] for r in self.new_replies()])
        self.assert_nowhere([ALICE_PW, BOB_PW, "N3w-B0b-pw"])


class Notices(IdentityTestCase):
    def test_the_old_address_is_told_of_an_address_change(self):
        self.signup_both()
        self.send(MALLORY, f"change address alice {ALICE_PW} mallory@evil.example")
        replies = {r["To"]: r for r in self.new_replies()}
        self.assertEqual(set(replies), {"mallory@evil.example", "alice@example.org"})
        notice = replies["alice@example.org"]
        self.assertIn("Security notice", notice["Subject"])
        self.assertIn("mallory@evil.example", text_of(notice))
        self.assertIn("If this was not you", text_of(notice))
        self.assert_nowhere([ALICE_PW])

    def test_the_other_addresses_are_told_of_a_password_change(self):
        self.signup(ALICE, "alice", ALICE_PW, ["alice@example.org", "alice@work.example"])
        self.new_replies()
        self.send(ALICE, f"change password alice {ALICE_PW} Fresh-Pw-42")
        replies = {r["To"]: r for r in self.new_replies()}
        self.assertEqual(set(replies), {"alice@example.org", "alice@work.example"})
        self.assertEqual(replies["alice@example.org"]["Subject"], "Password changed")
        self.assertIn("password of alice changed", replies["alice@work.example"]["Subject"])
        self.assert_nowhere([ALICE_PW, "Fresh-Pw-42"])


class Abort(IdentityTestCase):
    def test_either_player_can_abort_before_the_first_move(self):
        self.signup_both()
        for mail in self.challenge():
            userid = "alice" if mail["To"].startswith("alice") else "bob"
            self.assertIn(f"hy3 abort 1 {userid} <password>", text_of(mail))
        self.send(BOB, f"hy3 abort 1 bob {BOB_PW}")
        replies = self.new_replies()
        self.assertEqual(sorted(r["To"] for r in replies), ["alice@example.org", "bob@example.net"])
        self.assertIn("aborted by bob", replies[0]["Subject"])
        self.assertEqual(self.server.query("SELECT status, aborted_by, winner_colour FROM games"),
                         [{"status": "finished", "aborted_by": 2, "winner_colour": None}])
        self.send(ALICE, "hy3 games alice all")
        self.assertIn("aborted by bob", text_of(self.new_replies()[0]))
        self.send(ALICE, "hy3 show 1")
        self.assertIn("aborted by bob", text_of(self.new_replies()[0]))
        self.send(ALICE, f"hy3 move 1 alice {ALICE_PW} d4")
        self.assertIn("was aborted by bob", text_of(self.new_replies()[0]))
        self.assertEqual(self.server.query("SELECT * FROM moves"), [])

    def test_no_abort_alone_after_a_move_or_by_a_stranger(self):
        self.signup_both()
        self.signup(MALLORY, "mallory", "M4llory-pw", [MALLORY])
        self.new_replies()
        self.challenge()
        self.send(MALLORY, "hy3 abort 1 mallory M4llory-pw")
        self.assertIn("mallory does not play in game 1", text_of(self.new_replies()[0]))
        self.send(ALICE, f"hy3 move 1 alice {ALICE_PW} d4")
        self.new_replies()
        # After one's own first move an abort is only a proposal (issue 13; issue 51: until
        # then a player ends it alone): the game goes on unless bob accepts it.
        self.send(ALICE, f"hy3 abort 1 alice {ALICE_PW}")
        self.assertIn("alice proposes to abort the game", self.new_replies()[0]["Subject"])
        self.assertEqual(self.server.query("SELECT status, aborted_by FROM games"),
                         [{"status": "active", "aborted_by": None}])


class MessageIdReuse(IdentityTestCase):
    def test_another_sender_reusing_a_message_id_is_processed(self):
        self.signup_both()
        self.send(ALICE, "help", message_id="<same@client.example>")
        self.assertEqual(len(self.new_replies()), 1)
        self.send(BOB, "list", message_id="<same@client.example>")
        [reply] = self.new_replies()
        self.assertEqual(reply["To"], "bob@example.net")
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM inbox WHERE message_id = 'same@client.example'"),
                         [{"n": 2}])

    def test_the_same_sender_reusing_a_message_id_is_a_duplicate(self):
        self.signup_both()
        self.send(ALICE, "help", message_id="<again@client.example>")
        self.new_replies()
        p = self.send(ALICE, "list", message_id="<again@client.example>")  # other bytes, same id
        self.assertEqual(self.new_replies(), [])
        self.assertIn(b"not processed again", p.stderr)


class WholeSession(IdentityTestCase):
    def test_no_password_anywhere_after_a_scripted_session(self):
        """Signup, challenge, moves, wrong passwords, misplaced passwords, password and
        address changes, an abort, redeliveries: then every outbox row, every stored inbox
        column and all log output are searched for every password used."""
        alice_new, bob_new = "Alice-N3w-pw", "Bob-N3w-pw"
        self.signup(ALICE, "alice", ALICE_PW)
        self.signup(BOB, "bob", BOB_PW, ["bob@example.net", "bob@home.example"])
        self.send(ALICE, "hy3 challenge alice bob -size=4")
        self.send(ALICE, "gates challenge alice bob")
        self.send(BOB, f"gates abort 2 bob {BOB_PW}")
        moves = [(ALICE, "alice", ALICE_PW, "d4"), (BOB, "bob", BOB_PW, "c2"), (ALICE, "alice", ALICE_PW, "b3")]
        raws = []
        for sender, userid, password, move in moves:
            raws.append(make_mail(sender, f"hy3 move 1 {userid} {password} {move}"))
            self.ingest(raws[-1])
        for raw in raws:
            self.ingest(raw)  # redeliveries
        self.send(BOB, "hy3 move 1 bob WrongGuess1 c3")
        self.send(BOB, f"hy3 move 1 {BOB_PW} c3")
        self.send(BOB, f"hy3 move 1 bob c3 {BOB_PW}")
        self.send(BOB, f"hy3 move 1 bob {BOB_PW} c3 {BOB_PW}")
        self.send(ALICE, f"change password alice {ALICE_PW} {alice_new}")
        self.send(BOB, f"change password bob {BOB_PW} {bob_new}")
        self.send(BOB, f"change address bob {bob_new} bob@new.example")
        self.send(BOB, f"hy3 move 1 bob {bob_new} c3", )
        self.send("bob@new.example", f"hy3 chat 1 bob {bob_new}", body="good game so far")
        self.send(ALICE, f"message alice {alice_new} bob", body="hello")
        self.send(ALICE, f"signoff alice {ALICE_PW}")  # the old password: wrong now
        last = make_mail(ALICE, f"hy3 resign 1 alice {alice_new}")
        self.ingest(last)
        self.ingest(last)
        self.assertEqual(self.server.query("SELECT status FROM games ORDER BY id"),
                         [{"status": "finished"}, {"status": "finished"}])
        self.assertGreater(len(self.server.query("SELECT id FROM outbox")), 20)
        self.assert_nowhere([ALICE_PW, BOB_PW, alice_new, bob_new, "WrongGuess1"])


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
