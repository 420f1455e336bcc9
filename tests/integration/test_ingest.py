"""The server core end to end through `pbem ingest`: real MIME mail in, SQLite and the
outbox checked after every step."""
import email
import email.policy
import mailbox
import os
import re
import sys
import time
import unittest

from pbem_harness import IngestCase, PostfixSink, Server, build_dir, html_of, make_mail, text_of

build_dir(sys.argv)
FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures")

ALICE = "Alice <alice@example.org>"
BOB = "bob@example.net"


class IngestTestCase(IngestCase):
    def send(self, sender, subject, body="", **kw):
        p = super().send(sender, subject, body, **kw)
        self.assertNotIn(b"secret", p.stderr, "passwords must never be logged")
        return p

    def signup_both(self):
        self.server.signup_and_confirm(ALICE, "alice", "secret1")
        self.server.signup_and_confirm(BOB, "bob", "secret2")
        self.new_replies()


class Accounts(IngestTestCase):
    def test_signup_stores_a_hash_and_replies_without_the_password(self):
        self.send(ALICE, "signup alice secret1")
        users = self.server.query("SELECT userid, password_hash, active FROM users")
        self.assertEqual(len(users), 1)
        self.assertEqual(users[0]["userid"], "alice")
        self.assertTrue(users[0]["password_hash"].startswith("$argon2id$"))
        self.assertEqual(self.server.query("SELECT address FROM addresses"), [{"address": "alice@example.org"}])
        [reply] = self.new_replies()
        self.assertEqual(reply["To"], "alice@example.org")
        self.assertIn("Welcome", reply["Subject"])
        self.assertNotIn("secret1", reply.as_string())
        self.assertEqual(reply["Auto-Submitted"], "auto-replied")
        inbox = self.server.query("SELECT state, raw, command FROM inbox")
        self.assertEqual(inbox, [{"state": "processed", "raw": None, "command": "signup alice *****"}])

    def test_duplicate_userid_refused(self):
        self.send(ALICE, "signup alice secret1")
        self.new_replies()
        self.send(BOB, "signup alice other123")
        [reply] = self.new_replies()
        self.assertEqual(reply["To"], "bob@example.net")
        self.assertIn("taken", text_of(reply))
        self.assertEqual(len(self.server.query("SELECT * FROM users")), 1)

    def test_change_password_and_signoff(self):
        self.signup_both()
        self.send(ALICE, "change password alice wrong1 new12345")
        self.assertIn("wrong password", text_of(self.new_replies()[0]))
        self.send(ALICE, "change password alice secret1 new12345")
        self.new_replies()
        self.send(ALICE, "signoff alice secret1")
        self.assertIn("wrong password", text_of(self.new_replies()[0]))
        self.send(ALICE, "signoff alice new12345")
        self.new_replies()
        self.assertEqual(self.server.query("SELECT active FROM users WHERE userid='alice'"), [{"active": 0}])
        self.send(BOB, "hy3 challenge bob alice")
        self.assertIn("signed off", text_of(self.new_replies()[0]))


class ErrorPaths(IngestTestCase):
    def assert_error_only_to_sender(self, sender_address, needle):
        replies = self.new_replies()
        self.assertEqual(len(replies), 1, [r["Subject"] for r in replies])
        self.assertEqual(replies[0]["To"], sender_address)
        self.assertIn(needle, text_of(replies[0]))
        self.assertIn("Nothing was changed", text_of(replies[0]))

    def test_every_error_is_answered_to_the_sender_only_and_changes_nothing(self):
        self.signup_both()
        self.send(ALICE, "hy3 challenge alice bob -size=4")
        self.new_replies()
        moves_before = self.server.query("SELECT * FROM moves")
        cases = [
            (ALICE, "frobnicate", "unknown command 'frobnicate'"),
            (ALICE, "hy3 move 1 carol secret1 d4", "there is no user by the userid given"),
            (ALICE, "hy3 move 1 alice wrongpw d4", "wrong password for alice"),
            (BOB, "hy3 move 1 bob secret2 d4", "it is not your turn"),
            (ALICE, "hy3 move 1 alice secret1 d4#2", "move 2 is not yet due; the game is at move 1"),
            (ALICE, "hy3 move 1 alice secret1 z9", "illegal move 'z9'"),
            (ALICE, "hy3 move 99 alice secret1 d4", "there is no game 99"),
            (ALICE, "gates move 1 alice secret1 a:d4", "game 1 is a HY 3 game, not Gates"),
            (ALICE, "hy3 swap 1 alice secret1", "illegal move 'swap'"),
        ]
        for sender, subject, needle in cases:
            with self.subTest(subject=subject):
                self.send(sender, subject)
                address = "alice@example.org" if sender == ALICE else BOB
                self.assert_error_only_to_sender(address, needle)
        self.assertEqual(self.server.query("SELECT * FROM moves"), moves_before)
        self.assertEqual(self.server.query("SELECT plies FROM games"), [{"plies": 0}])

    def test_a_corrupt_game_record_does_not_block_later_mail(self):
        self.signup_both()
        self.send(ALICE, "hy3 challenge alice bob -size=4")
        self.send(ALICE, "hy3 move 1 alice secret1 d4")
        self.new_replies()
        self.server.query("UPDATE moves SET move = 'zz' WHERE game_id = 1")
        p = self.send(BOB, "hy3 move 1 bob secret2 a1")
        self.assertIn(b"does not replay at ply 1", p.stderr)
        self.assert_error_only_to_sender(BOB, "internal error")
        self.send(BOB, "help")
        self.assertEqual(len(self.new_replies()), 1)
        self.assertEqual(self.server.query("SELECT count(*) AS c FROM inbox WHERE state = 'received'"), [{"c": 0}])

    def test_challenge_from_a_stranger_is_refused(self):
        self.signup_both()
        self.send("mallory@evil.example", "hy3 challenge alice bob")
        self.assert_error_only_to_sender("mallory@evil.example", "must come from a confirmed address")
        self.assertEqual(self.server.query("SELECT * FROM games"), [])

    def test_duplicate_message_is_not_processed_again(self):
        self.signup_both()
        self.send(ALICE, "hy3 challenge alice bob -size=4")
        self.new_replies()
        raw = make_mail(ALICE, "hy3 move 1 alice secret1 d4", message_id="<once@client.example>")
        self.assertEqual(self.server.ingest(raw).returncode, 0)
        self.assertEqual(len(self.new_replies()), 2)
        p = self.server.ingest(raw)
        self.assertEqual(p.returncode, 0)
        # A redelivery is a mail system's retry: logged, never answered.
        self.assertEqual(self.new_replies(), [])
        self.assertIn(b"duplicate <once@client.example>, not processed again", p.stderr)
        self.assertEqual(len(self.server.query("SELECT * FROM moves")), 1)
        self.assertEqual(len(self.server.query("SELECT * FROM inbox WHERE message_id='once@client.example'")), 1)

    def test_machine_mail_is_never_answered(self):
        self.signup_both()
        for headers, sender in (({"Auto-Submitted": "auto-replied"}, ALICE), ({"Precedence": "bulk"}, ALICE),
                                ({"List-Id": "<games.lists.example>"}, ALICE), ({}, "MAILER-DAEMON@example.org")):
            self.send(sender, "help", headers=headers)
        self.assertEqual(self.new_replies(), [])
        states = {r["state"] for r in self.server.query("SELECT state FROM inbox WHERE command IS NULL OR command=''")}
        self.assertEqual(states, {"skipped"})
        p = self.server.ingest(make_mail(ALICE, "help"), sender="<>")
        self.assertEqual(p.returncode, 0)
        self.assertEqual(self.new_replies(), [])
        # Postfix's pipe writes the null sender as MAILER-DAEMON (and Return-Path so) unless
        # master.cf says null_sender=: a bounce with a person's From is still not answered.
        for args in (["--sender", "MAILER-DAEMON"], ["--sender", "mailer-daemon"], ["--sender="]):
            p = self.server.pbem("ingest", *args, stdin=make_mail(ALICE, "help"))
            self.assertEqual(p.returncode, 0, args)
            self.assertEqual(self.new_replies(), [], args)
        p = self.server.ingest(make_mail(ALICE, "help", headers={"Return-Path": "<MAILER-DAEMON>"}))
        self.assertEqual(p.returncode, 0)
        self.assertEqual(self.new_replies(), [])
        p = self.server.ingest(make_mail(ALICE, "help"), sender="alice@example.org")
        self.assertEqual(len(self.new_replies()), 1)  # a person's envelope sender is answered


class Replies(IngestTestCase):
    def test_move_replies_carry_board_threading_and_html(self):
        self.signup_both()
        self.send(ALICE, "hy3 challenge alice bob -size=4", message_id="<challenge@client.example>")
        challenge = self.new_replies()
        self.assertEqual(sorted(r["To"] for r in challenge), ["alice@example.org", "bob@example.net"])
        for reply in challenge:
            self.assertIn("#1", reply["Subject"])
            self.assertIn("pbem-game-1.hy3@test.example", reply["References"])
        to_alice = next(r for r in challenge if r["To"] == "alice@example.org")
        self.assertEqual(to_alice["In-Reply-To"], "<challenge@client.example>")
        self.assertIn("hy3 move 1 alice <password>", text_of(to_alice))
        self.send(ALICE, "Re: Hy3 #1: alice to move", body="hy3 move 1 alice secret1 d4\n")
        replies = self.new_replies()
        self.assertEqual(len(replies), 2)
        to_bob = next(r for r in replies if r["To"] == BOB)
        self.assertEqual(to_bob["Subject"], "HY 3 #1: bob to move")
        self.assertIn("hy3 move 1 bob <password>", text_of(to_bob))
        self.assertIn("[R]", text_of(to_bob))
        self.assertIn("<pre", html_of(to_bob))
        self.assertIn("[R]", html_of(to_bob))
        self.assertIn("pbem-game-1.hy3@test.example", to_bob["References"])
        self.assertEqual(to_bob["Auto-Submitted"], "auto-replied")
        self.assertEqual(self.server.query("SELECT ply, move, colour FROM moves"),
                         [{"ply": 1, "move": "d4", "colour": 0}])

    def test_show_history_games_preview_chat_list_help(self):
        self.signup_both()
        self.send(ALICE, "hy3 challenge alice bob -size=4")
        self.send(ALICE, "hy3 move 1 alice secret1 d4")
        self.send(BOB, "hy3 move 1 bob secret2 a1")
        self.new_replies()
        checks = [
            (BOB, "hy3 show 1#1", "after move 1"),
            (BOB, "hy3 history 1", "2. bob (blue)   a1"),
            (BOB, "hy3 games bob", "#1  alice vs bob"),
            (BOB, "all show alice next", "hy3 #1"),
            (BOB, "hy3 preview 1 d5", "nothing was stored"),
            (BOB, "list", "gaia"),
            (BOB, "help", "help tutorial"),
            (BOB, "help tutorial", "signup alice mysecret"),
            (BOB, "hy3 help", "EXACTLY half"),
            (BOB, "help commands", "move[#moveno]"),
        ]
        for sender, subject, needle in checks:
            with self.subTest(subject=subject):
                self.send(sender, subject)
                [reply] = self.new_replies()
                self.assertEqual(reply["To"], BOB)
                self.assertIn(needle, text_of(reply))
        self.assertEqual(len(self.server.query("SELECT * FROM moves")), 2)
        self.send(BOB, "hy3 chat 1 bob secret2", body="Nice opening!\n\n-- \nBob's signature\n")
        replies = self.new_replies()
        to_alice = next(r for r in replies if r["To"] == "alice@example.org")
        self.assertIn("Nice opening!", text_of(to_alice))
        self.assertNotIn("signature", text_of(to_alice))


def play_game(case, game, options, plies, winner):
    """Signs up alice and bob, challenges, and plays `plies` (alternating users as the
    engine says) through ingest, checking the database and outbox after every move."""
    case.signup_both()
    case.send(ALICE, f"{game} challenge alice bob {options}")
    case.assertEqual(len(case.new_replies()), 2)
    users = {"alice": (ALICE, "secret1"), "bob": (BOB, "secret2")}
    mover = "alice"
    for n, ply in enumerate(plies, start=1):
        sender, password = users[mover]
        case.send(sender, f"{game} move 1 {mover} {password} {ply}#{n}")
        replies = case.new_replies()
        case.assertEqual(len(replies), 2, f"ply {n} {ply}: {[text_of(r) for r in replies]}")
        rows = case.server.query("SELECT ply, move FROM moves ORDER BY ply")
        case.assertEqual(len(rows), n)
        case.assertEqual(rows[-1]["move"], ply)
        subject = replies[0]["Subject"]
        if n < len(plies):
            case.assertIn("to move", subject)
            mover = subject.split(": ")[1].split(" ")[0]
        else:
            case.assertEqual(subject.split(": ")[1], f"{winner} wins")
            for reply in replies:
                case.assertIn("The game is over", text_of(reply))
    game_row = case.server.query("SELECT status, plies FROM games")[0]
    case.assertEqual(game_row, {"status": "finished", "plies": len(plies)})


class WholeGames(IngestTestCase):
    def test_hy3_from_signup_to_a_win(self):
        play_game(self, "hy3", "-size=3", "c1 a1 c2 a2 c3 a3 c4 b4 c5".split(), "alice")

    def test_gates_from_signup_to_a_win(self):
        # Light (alice) completes dark's path across all three sides of a small Y board: bob wins.
        play_game(self, "gates", "-y -size=3", "b:a3 a:b2 c:b1".split(), "bob")

    def test_gaia_from_signup_to_a_win(self):
        plies = "d6 d10 b3 a1 c4 b1 d3 b4 c6 b2 d8 c7 d1".split()
        play_game(self, "gaia", "-size=2 -noswap", plies, "alice")


class CrashSafety(IngestTestCase):
    def test_crash_at_any_point_leaves_nothing_or_everything(self):
        self.signup_both()
        self.send(ALICE, "hy3 challenge alice bob -size=4")
        self.new_replies()
        for n, point in enumerate(("before-inbox-commit", "after-inbox-commit", "after-command",
                                   "before-process-commit")):
            with self.subTest(point=point):
                mover, sender, password = ("alice", ALICE, "secret1") if n % 2 == 0 else ("bob", BOB, "secret2")
                cell = ["d4", "a1", "g4", "a2"][n]
                raw = make_mail(sender, f"hy3 move 1 {mover} {password} {cell}")
                crashed = self.server.ingest(raw, env={"PBEM_TEST_CRASH_AT": point})
                self.assertEqual(crashed.returncode, 99)
                # Either nothing of the move is stored, or it is stored only as a pending inbox row.
                self.assertEqual(len(self.server.query("SELECT * FROM moves")), n)
                self.assertEqual(len(self.new_replies()), 0)
                # The MTA retries (exit status was not 0): exactly one move, exactly two replies.
                self.assertEqual(self.server.ingest(raw).returncode, 0)
                self.assertEqual(len(self.server.query("SELECT * FROM moves")), n + 1)
                self.assertEqual(len(self.new_replies()), 2)
                self.assertEqual(self.server.query("SELECT count(*) AS c FROM inbox WHERE state='received'"),
                                 [{"c": 0}])


class OutboxSend(unittest.TestCase):
    def test_outbox_send_delivers_queued_replies_once(self):
        sink = PostfixSink()
        server = Server({"smarthost": {"port": sink.port}})
        try:
            server.ingest(make_mail(ALICE, "signup alice secret1"))
            server.ingest(make_mail(BOB, "help"))
            self.assertEqual(len(server.outbox()), 2)
            p = server.pbem("outbox", "send")
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertIn(b"2 messages attempted, 0 still queued", p.stdout)
            self.assertEqual(server.outbox(), [])
            self.assertEqual(server.pbem("outbox", "send").stdout, b"0 messages attempted, 0 still queued\n")
            delivered = sink.messages()
            self.assertEqual(sorted(m["To"] for m in delivered), ["alice@example.org", "bob@example.net"])
            self.assertEqual(server.query("SELECT state, attempts FROM outbox"),
                             [{"state": "sent", "attempts": 1}] * 2)
        finally:
            server.close()
            sink.close()


# An mbox From_ line as mutt and s-nail take it: the envelope sender, then the date in C's
# asctime() form ("Wed Dec  2 00:35:00 2026", the day of the month padded with a blank).
FROM_LINE = re.compile(rb"From \S+ (Mon|Tue|Wed|Thu|Fri|Sat|Sun) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) "
                       rb"[ 123]\d [012]\d:[0-5]\d:[0-5]\d \d{4}")


class OutboxMbox(IngestTestCase):
    """`pbem outbox` prints an mboxrd (spec "The newcomer's path, third round"): From_ lines
    in the ctime form, and a body line matching ^>*From  with one more '>', which a reader
    (mutt, or this test) takes off again."""
    BODY = "From the start, a good game.\nFrom here on I play c3.\nthanks\n"

    def test_every_from_line_is_ctime_and_a_body_from_line_survives(self):
        self.signup_both()
        self.send(ALICE, "message alice secret1 bob", self.BODY)
        p = self.server.pbem("outbox")
        self.assertEqual(p.returncode, 0, p.stderr)
        # Readers split the mbox at every line that begins "From ": each must be a From_ line.
        starts = [line for line in p.stdout.split(b"\n") if line.startswith(b"From ")]
        rows = self.server.query("SELECT message_id, envelope_from, created_at FROM outbox WHERE state = 'queued'")
        self.assertEqual(len(starts), len(rows))
        for line in starts:
            self.assertRegex(line, FROM_LINE.pattern + rb"\Z")
        box = self.mbox(p.stdout)
        self.assertEqual(len(box), len(rows))
        by_id = {row["message_id"]: row for row in rows}
        for message in box:
            row = by_id[message["Message-ID"].strip("<>")]
            queued = time.strptime(row["created_at"], "%Y-%m-%dT%H:%M:%SZ")
            self.assertEqual(message.get_from(), f"{row['envelope_from']} {time.asctime(queued)}")
        # The relayed body, its mboxrd quoting undone as a reader undoes it, reads as written.
        [relayed] = [m for m in box if "thanks" in m.as_bytes().decode(errors="replace")]
        self.assertIn(b"\n>From the start, a good game.\n>From here on I play c3.\n", relayed.as_bytes())
        read = email.message_from_bytes(re.sub(rb"(?m)^>(>*From )", rb"\1", relayed.as_bytes()),
                                        policy=email.policy.default)
        self.assertIn(self.BODY, text_of(read))

    def mbox(self, data):
        path = os.path.join(self.server.path, "outbox-test.mbox")
        with open(path, "wb") as f:
            f.write(data)
        box = mailbox.mbox(path)
        self.addCleanup(box.close)
        return list(box)


class Fixtures(IngestTestCase):
    def test_every_fixture_is_handled(self):
        names = sorted(n for n in os.listdir(FIXTURES) if n.endswith(".eml"))
        self.assertTrue(names)
        for name in names:
            with self.subTest(fixture=name):
                with open(os.path.join(FIXTURES, name), "rb") as f:
                    p = self.server.ingest(f.read())
                self.assertEqual(p.returncode, 0, p.stderr.decode())
        states = self.server.query("SELECT state FROM inbox")
        self.assertEqual(len(states), len(names))
        self.assertNotIn("received", {s["state"] for s in states})


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0]])
