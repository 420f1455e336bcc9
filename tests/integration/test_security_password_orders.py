"""No password in any reply, log line, inbox or outbox row, however its words are ordered
(issue 40 item 4; spec "Limits, second round"). Every command of the command table that
takes a secret (a password, a confirmation code, a new account's password) is sent with its
words in several deterministic orders (the password right after the command's words, last,
in the middle, ...), as Subjects and as the lines of a `multiple`; a reply to a game address
repeats a whole command; a reply to the digest puts a userid and password on a line. All
through the real `pbem ingest` (and `pbem tick` under libfaketime for the digest); then the
log, every column of inbox, outbox and outbox_texts, and every decoded reply are searched
for every secret, case-insensitively (parse errors lower-case the words they quote)."""
import re
import sys
import unittest
from datetime import timedelta
from email.message import EmailMessage
from email.utils import formatdate

from pbem_harness import IngestCase, build_dir, make_mail, text_of

build_dir(sys.argv)

from clock_harness import T0, ClockServer, needs_libfaketime  # noqa: E402

ALICE, BOB, CAROL = "alice@a.test", "bob@b.test", "carol@c.test"
ALICE_PW, BOB_PW = "Sekr3t-alice", "Sekr3t-bob"
CAROL_PW = "Sekr3t.carol"  # a new account's password: not a userid, see NEW_ACCOUNT below
NEW_PW = "N3w-Sekr3t-alice"
GAME_ADDRESS = re.compile(r"^pbem\+(\d+)-([a-z2-7]{16})@test\.example$")
FIRST_DIGEST = T0 + timedelta(hours=19)  # a digest at 07:00 UTC first comes on the next day


def orders(words, secret_at):
    """Deterministic reorderings of `words` (the secret at `secret_at`), the typed order left
    out (it may succeed: change the password, sign off): every rotation, the reverse, and the
    secret moved to each other place with the rest in order."""
    found = []
    candidates = [words[i:] + words[:i] for i in range(len(words))] + [words[::-1]]
    rest = words[:secret_at] + words[secret_at + 1:]
    candidates += [rest[:i] + [words[secret_at]] + rest[i:] for i in range(len(words))]
    for candidate in candidates:
        if candidate != words and candidate not in found:
            found.append(candidate)
    return found


# Each row of the command table that takes a secret: its own words and its arguments as the
# usage orders them, with the secret's index. Game commands are for game 1 (alice to move) or
# tournament 1; every secret is alice's, but change password's new one and the signup's.
GAME = ["1", "alice", ALICE_PW]
ROWS = [
    ("change password", ["alice", ALICE_PW, NEW_PW], 1),
    ("change password", ["alice", "Wr0ng-guess", NEW_PW], 2),
    ("change address", ["alice", ALICE_PW, "alice@new.test"], 1),
    ("signoff", ["alice", ALICE_PW], 1),
    ("message", ["alice", ALICE_PW, "bob"], 1),
    ("set", ["alice", ALICE_PW, "movemail", "off"], 1),
    ("set", ["alice", ALICE_PW, "digest", "7"], 1),
    ("set", ["alice", ALICE_PW, "pictures", "on"], 1),
    ("vacation", ["alice", ALICE_PW, "7"], 1),
    ("vacation", ["alice", ALICE_PW, "7days"], 1),
    ("hy3 move", ["1", "alice", ALICE_PW, "c1"], 2),
    ("hy3 play", ["1", "alice", ALICE_PW, "c1"], 2),
    ("hy3 swap", GAME, 2),
    ("hy3 resign", GAME, 2),
    ("hy3 abort", GAME, 2),
    ("hy3 chat", GAME, 2),
    ("hy3 undo", GAME, 2),
    ("hy3 accept", GAME, 2),
    ("hy3 decline", GAME, 2),
    ("hy3 reject", GAME, 2),
    ("hy3 rematch", GAME, 2),
    ("hy3 conditional", ["1", "alice", ALICE_PW, "c1", "b2"], 2),
    ("hy3 tournament new", ["alice", ALICE_PW, "Spring", "-size=3"], 1),
    ("hy3 join", GAME, 2),
    ("hy3 leave", GAME, 2),
    ("hy3 tournament start", GAME, 2),
    ("hy3 subscribe", GAME, 2),
    ("hy3 subscribe", ["alice", ALICE_PW, "all"], 1),
    ("hy3 unsubscribe", GAME, 2),
    ("hy3 unsubscribe", ["alice", ALICE_PW, "all"], 1),
]
# A signup's password is its secret too; a password typed where the userid belongs is
# signed up as that userid (nothing tells them apart), so this one is not a userid's shape.
NEW_ACCOUNT = ("signup", ["carol", CAROL_PW, CAROL], 1)
# The issue's own examples, as reported.
REPORTED = [f"set alice movemail {ALICE_PW} off", f"vacation alice 7days {ALICE_PW}", f"hy3 join {ALICE_PW}"]


@needs_libfaketime
class PasswordsInAnyOrder(IngestCase):
    extra_config = {"limits": {"failed_passwords_per_hour": 100000, "replies_per_hour": 100000,
                               "relayed_per_user_per_hour": 100000, "relayed_per_recipient_per_hour": 100000}}

    def setUp(self):
        super().setUp()
        self.server.close()
        self.server = ClockServer(self.extra_config)
        self.server.signup_and_confirm(ALICE, "alice", ALICE_PW)
        self.server.signup_and_confirm(BOB, "bob", BOB_PW)
        self.send(ALICE, f"set alice {ALICE_PW} digest 7")
        self.send(ALICE, "hy3 challenge alice bob -size=3")
        self.board_mail = [m for m in self.new_replies() if m["To"] == ALICE and "#1" in m["Subject"]][-1]
        # A pending signup: its confirmation code is a secret of `confirm`.
        self.send(CAROL, f"signup carol {CAROL_PW} {CAROL}")
        [self.code] = re.findall(r"confirm carol ([a-z0-9]+)", text_of(self.new_replies()[-1]))[:1]
        # The mail so far, the one that carries the code among it, is looked at for the
        # passwords only.
        self.setup_mails = len(self.server.outbox())
        self.setup_rows = self.server.query("SELECT max(id) AS id FROM outbox")[0]["id"]

    def assert_nowhere(self):
        """No secret, in any case, in the log, any column of inbox, outbox, outbox_texts, or
        any queued mail as its reader sees it (headers and text decoded). The confirmation
        code is looked for in all but the mail that carried it to carol."""
        places = [("log", self.log.decode(errors="replace"), False)]
        for table, key in (("inbox", "id"), ("outbox", "id"), ("outbox_texts", "outbox_id")):
            for row in self.server.query(f"SELECT * FROM {table}"):
                setup = table != "inbox" and row[key] <= self.setup_rows
                for column, value in row.items():
                    if value is not None:
                        text = bytes(value).decode(errors="replace") if isinstance(value, (bytes, memoryview)) \
                            else str(value)
                        places.append((f"{table}.{column}", text, setup))
        for n, mail in enumerate(self.server.outbox()):
            setup = n < self.setup_mails
            places.append((f"mail {mail['Subject']!r}", "\n".join(f"{k}: {v}" for k, v in mail.items()), setup))
            for part in mail.walk():
                if part.get_content_maintype() == "text":
                    places.append((f"mail {mail['Subject']!r} {part.get_content_type()}", part.get_content(), setup))
        passwords = [ALICE_PW, BOB_PW, CAROL_PW, NEW_PW, "Wr0ng-guess"]
        for where, text, setup in places:
            for secret in passwords + ([] if setup else [self.code]):
                at = text.lower().find(secret.lower())
                self.assertEqual(at, -1, f"{secret!r} found in {where}: ...{text[max(0, at - 300):at + 100]}...")

    def reply_to(self, mail, subject, first_line):
        """A reply to `mail`'s Reply-To from alice, `first_line` above the quoted mail."""
        msg = EmailMessage()
        msg["From"] = ALICE
        msg["To"] = mail["Reply-To"].addresses[0].addr_spec
        msg["Subject"] = subject
        msg["Date"] = formatdate(localtime=False)
        msg["In-Reply-To"] = mail["Message-ID"]
        quoted = "\n".join("> " + line for line in text_of(mail).splitlines())
        msg.set_content(first_line + "\n\nOn Tue, 2 Mar 2027, the server wrote:\n" + quoted + "\n")
        return msg.as_bytes()

    def test_orders_of_every_secret_command_quote_no_secret(self):
        rows = ROWS + [NEW_ACCOUNT, ("confirm", ["carol", self.code], 1)]
        subjects = []
        for command, words, secret_at in rows:
            subjects += [" ".join([command] + order) for order in orders(words, secret_at)]
        subjects += REPORTED
        self.assertGreater(len(subjects), 150)
        for subject in subjects:
            self.send(ALICE, subject, body="hello")
        # The same lines in multiples (chat and message are refused there as they are read).
        for at in range(0, len(subjects), 20):
            self.send(ALICE, "multiple", body="\n".join(subjects[at:at + 20]))
        # Nothing was carried out: no order but the typed one is right.
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM moves"), [{"n": 0}])
        self.assertEqual(self.server.query("SELECT active FROM users WHERE userid = 'alice'"), [{"active": 1}])
        self.assert_nowhere()

    def test_a_reply_repeating_a_whole_command_quotes_no_secret(self):
        self.assertTrue(GAME_ADDRESS.match(self.board_mail["Reply-To"].addresses[0].addr_spec))
        whole = f"hy3 move 1 alice {ALICE_PW} c1"
        # The whole command, password and all, is that command (spec "The newcomer's path,
        # third round"): carried out, its board mails quoting no secret.
        self.ingest(self.reply_to(self.board_mail, "Re: " + self.board_mail["Subject"], whole))
        self.assertEqual(len(self.new_replies()), 2)
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM moves"), [{"n": 1}])
        lines = [f"move 1 alice {ALICE_PW} c1", f"alice {ALICE_PW} c1", f"c1 alice {ALICE_PW}",
                 f"{ALICE_PW} c1", f"conditional 1 alice {ALICE_PW} c1 b2"]
        for line in lines:
            with self.subTest(first_line=line):
                self.ingest(self.reply_to(self.board_mail, "Re: " + self.board_mail["Subject"], line))
                [answer] = self.new_replies()
                self.assertIn("Nothing was changed", text_of(answer))
        self.ingest(self.reply_to(self.board_mail, whole, whole))  # in the Subject as well
        [answer] = self.new_replies()
        self.assertIn("hy3 move 1 alice ***** c1", text_of(answer))
        self.assertIn("it is not your turn", text_of(answer))
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM moves"), [{"n": 1}])
        self.assert_nowhere()

    def test_a_digest_reply_with_userid_and_password_quotes_no_secret(self):
        self.server.now = FIRST_DIGEST
        p = self.server.pbem("tick")
        self.assertEqual(p.returncode, 0, p.stderr.decode())
        self.log += p.stderr
        [digest] = [m for m in self.new_replies() if m["Subject"].startswith("Your move in")]
        lines = [f"#1 alice {ALICE_PW} c1", f"#1 {ALICE_PW} alice c1", f"#1 c1 alice {ALICE_PW}",
                 f"1 alice {ALICE_PW}", f"#1 hy3 move 1 alice {ALICE_PW} c1", f"#1 {ALICE_PW} c1",
                 f"#1 conditional alice {ALICE_PW} c1"]
        self.ingest(self.reply_to(digest, "Re: " + digest["Subject"], "\n".join(lines)))
        [answer] = [m for m in self.new_replies() if m["To"] == ALICE]  # one mail answers every line
        for n in range(1, len(lines) + 1):
            self.assertIn(f"Line {n}", text_of(answer))
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM moves"), [{"n": 0}])
        self.assert_nowhere()


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
