"""A forgotten password (issue 57, server.md "Accounts you cannot lose, and can leave")
through the real pbemd over SMTP, its replies caught by a real SMTP sink, its clock under
libfaketime: `forgot` from the owner's address mails only the codes, from a stranger's the
codes to the owner and one answer to the stranger that reads byte for byte as the answer
for a userid nobody has; at most 3 rounds of codes a day; `reset` with the code sets the
new password, tells every address, and retires the game addresses made before it; a code
over an hour old and a code used once are refused; and neither code nor new password is
in the daemon's log or anywhere in the SQLite file once the daemon has stopped."""
import contextlib
import os
import re
import sqlite3
import subprocess
import sys
import unittest
from datetime import timedelta
from email.message import EmailMessage
from email.utils import formatdate

from pbem_harness import build_dir, text_of
from daemon_harness import Daemon, DaemonServer, PythonSink, ShowsLogsOnFailure, send_smtplib, wait_until

build_dir(sys.argv)

from clock_harness import T0, frozen_clock_prefix, needs_libfaketime, running_clock_prefix  # noqa: E402

ALICE = "alice@example.org"
WORK = "alice@work.example"
BOB = "bob@example.net"
STRANGER = "mallory@evil.example"
NEW_PASSWORD = "Fresh-Pa55word"
CODE = re.compile(r"reset alice ([a-z0-9]+) <new password>")


def to(arrival):
    return arrival.message["To"].addresses[0].addr_spec


def addressed(arrivals, address):
    """The one arrival to `address` (the sender delivers several at once, in any order)."""
    [found] = [a for a in arrivals if to(a) == address]
    return found


def code_of(arrival):
    found = CODE.search(text_of(arrival.message))
    if not found:
        raise AssertionError(f"no code in {arrival.message['Subject']!r}")
    return found.group(1)


def mail(sender, subject, body="", to_address="pbem@test.example", message_id=True):
    """A plain mail; without a Message-ID when `message_id` is false, so that its answer has
    no In-Reply-To or References either (two such answers differ only in their own
    Message-ID, the boundary made from it, and their Date)."""
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = to_address
    msg["Subject"] = subject
    msg["Date"] = formatdate(localtime=False)
    if message_id:
        msg["Message-ID"] = f"<{os.urandom(8).hex()}@client.example>"
    msg.set_content(body or "\n")
    # The trace fields the mail systems on the way put on top (RFC 5321 4.4), as many as a
    # mail through a provider and a forwarder has: the Subject sits well into the bytes.
    hops = "".join(f"Received: from relay{n}.client.example (relay{n}.client.example [192.0.2.{n}])\n"
                   f"\tby mx{n}.example.org with ESMTPS id {os.urandom(6).hex()}; {msg['Date']}\n" for n in range(8))
    return hops.encode() + msg.as_bytes()


def without_own_ids(raw):
    """A reply's bytes without its Message-ID and Date header lines, and with its MIME
    boundary (made from its Message-ID) written alike."""
    lines = [line for line in raw.split(b"\r\n") if not re.match(rb"(?i)(Message-ID|Date):", line)]
    return re.sub(rb"=_pbem_[0-9a-f]{16}", b"=_pbem_BOUNDARY", b"\r\n".join(lines))


class RecoveryServer(DaemonServer):
    """The players sign up (`pbem ingest`) an hour before pbemd's clock starts at T0, so that
    nothing of theirs is old enough for retention to delete, nor any page freed for it."""

    def pbem(self, *args, stdin=None, env=None):
        return subprocess.run(frozen_clock_prefix(T0 - timedelta(hours=1)) + self.pbem_command(*args), input=stdin,
                              capture_output=True, env={**os.environ, **(env or {})}, timeout=120)


@needs_libfaketime
class AccountRecovery(ShowsLogsOnFailure, unittest.TestCase):
    def setUp(self):
        self.sink = PythonSink().start()
        self.addCleanup(self.sink.stop)
        self.server = RecoveryServer(self.sink.port)
        self.addCleanup(self.server.close)
        self.server.signup_and_confirm(ALICE, "alice", "secret1", (ALICE, WORK))
        self.server.signup_and_confirm(BOB, "bob", "secret2")
        self.seen = 0
        self.logs = ""
        self.daemon = Daemon(self.server)
        self.addCleanup(self.stop)
        self.start(T0)

    def start(self, when):
        """pbemd with its clock running from `when`; what was queued before it goes out."""
        self.daemon.prefix = running_clock_prefix(when)
        self.daemon.start()
        self.settled()

    def stop(self):
        if self.daemon.running():
            self.assertEqual(self.daemon.terminate(), 0)
        self.logs = self.daemon.all_logs() if self.daemon.log_paths else ""

    def restart(self, when):
        self.stop()
        self.start(when)

    def settled(self):
        """Everything processed and sent: the mail that reached the sink since the last call."""
        wait_until(self.server.idle, what="the inbox processed and the outbox sent")
        arrivals = self.sink.received()
        fresh = arrivals[self.seen:]
        self.seen = len(arrivals)
        return fresh

    def send(self, sender, subject, **kw):
        raw = mail(sender, subject, **kw)
        send_smtplib(self.server.port, raw, sender)
        return self.settled()

    def forgot(self, sender, userid="alice", **kw):
        return self.send(sender, f"forgot {userid}", **kw)

    def test_from_the_owners_address_the_code_mail_is_all_it_gets(self):
        arrivals = self.forgot(ALICE)
        self.assertEqual(sorted(to(a) for a in arrivals), [ALICE, WORK])
        for arrival in arrivals:
            self.assertEqual(arrival.message["Subject"], "Password reset code for alice at Test PBeM")
        own = next(a for a in arrivals if to(a) == ALICE)
        self.assertIsNotNone(own.in_reply_to)  # the answer to alice's own mail, threaded
        self.assertEqual(code_of(arrivals[0]), code_of(arrivals[1]))  # one code, to each address
        self.assertIn("The code works once, until 2027-03-01 13:00 UTC.", " ".join(text_of(own.message).split()))

    def test_a_stranger_learns_nothing_and_the_owner_is_told_who_asked(self):
        arrivals = self.forgot(STRANGER, message_id=False)
        self.assertEqual(sorted(to(a) for a in arrivals), sorted([ALICE, WORK, STRANGER]))
        answer = addressed(arrivals, STRANGER)
        code = code_of(addressed(arrivals, ALICE))
        self.assertNotIn(code.encode(), answer.data)
        self.assertEqual(answer.message["Subject"], "Password reset")
        self.assertIn(f"in a mail from {STRANGER}", " ".join(text_of(addressed(arrivals, WORK).message).split()))
        # A userid nobody has, and one whose account has no confirmed address: the very same
        # bytes but for the answer's own Message-ID, boundary and Date.
        [unknown] = self.forgot(STRANGER, "nobody", message_id=False)
        self.assertEqual(to(unknown), STRANGER)
        self.assertEqual(without_own_ids(unknown.data), without_own_ids(answer.data))
        self.assertNotEqual(unknown.message_id, answer.message_id)
        self.send("carol@example.com", "signup carol secret3")  # not confirmed
        [unconfirmed] = self.forgot(STRANGER, "carol", message_id=False)
        self.assertEqual(without_own_ids(unconfirmed.data), without_own_ids(answer.data))

    def test_three_rounds_of_codes_a_day(self):
        for _ in range(3):
            self.assertEqual(len(self.forgot(STRANGER)), 3)
        [answer] = self.forgot(STRANGER)
        self.assertEqual(to(answer), STRANGER)
        [from_owner] = self.forgot(ALICE)  # the owner too gets only the answer now
        self.assertEqual((to(from_owner), from_owner.message["Subject"]), (ALICE, "Password reset"))
        self.restart(T0 + timedelta(hours=24, minutes=1))
        self.assertEqual(sorted(to(a) for a in self.forgot(ALICE)), [ALICE, WORK])

    def test_reset_sets_the_password_tells_every_address_and_retires_the_game_addresses(self):
        board = addressed(self.send(ALICE, "hy3 challenge alice bob -size=3"), ALICE)
        old_address = board.message["Reply-To"].addresses[0].addr_spec
        code = code_of(addressed(self.forgot(STRANGER), ALICE))
        arrivals = self.send("alice@cafe.example", f"reset alice {code} {NEW_PASSWORD}")
        self.assertEqual(sorted(to(a) for a in arrivals), sorted(["alice@cafe.example", ALICE, WORK]))
        done = addressed(arrivals, "alice@cafe.example")
        self.assertEqual(done.message["Subject"], "Password reset for alice")
        for notice in (a for a in arrivals if to(a) != "alice@cafe.example"):
            self.assertEqual(notice.message["Subject"], "Security notice: password of alice changed")
            self.assertIn("by a mail from alice@cafe.example", " ".join(text_of(notice.message).split()))
        for arrival in arrivals:
            self.assertNotIn(code.encode(), arrival.data)
            self.assertNotIn(NEW_PASSWORD.encode(), arrival.data)
        # The old password is refused, the new one works.
        [refused] = self.send(ALICE, "hy3 move 1 alice secret1 c1")
        self.assertIn("wrong password for alice", text_of(refused.message))
        # A reply to the game address made before the reset plays nothing.
        send_smtplib(self.server.port, mail(ALICE, "Re: HY 3 #1", "c1\n", to_address=old_address), ALICE,
                     recipients=(old_address,))
        [expired] = self.settled()
        self.assertIn("this reply address of game 1 has expired", " ".join(text_of(expired.message).split()))
        moved = self.send(ALICE, f"hy3 move 1 alice {NEW_PASSWORD} c1")
        self.assertEqual(sorted(to(a) for a in moved), [ALICE, WORK, BOB])
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM moves")[0]["n"], 1)
        # The code worked once.
        [again] = self.send(ALICE, f"reset alice {code} Another-Pa55")
        self.assertIn("that code does not reset the password", " ".join(text_of(again.message).split()))
        # Neither the code nor a new password is in the daemon's log or the database file
        # (free space included: the inbound mail's bytes went with its row), once pbemd has
        # stopped and the write-ahead log is checkpointed into the file.
        self.stop()
        with contextlib.closing(sqlite3.connect(self.server.db_path)) as con:
            con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        stored = b""
        for path in (self.server.db_path, self.server.db_path + "-wal"):
            if os.path.exists(path):
                with open(path, "rb") as f:
                    stored += f.read()
        self.assertIn(b"alice@example.org", stored)  # what is stored is there to be found
        # No inbound mail's bytes are left, the Subject with the code and password among
        # them: without secure_delete some of them stay on their pages after the row is
        # processed, wherever the row's new version happens not to overwrite them.
        self.assertNotIn(b"by mx3.example.org with ESMTPS", stored)
        log = self.daemon.all_logs()
        self.assertIn("reset alice ***** *****", log)
        for secret in (code, NEW_PASSWORD, "Another-Pa55"):
            self.assertNotIn(secret.encode(), stored)
            self.assertNotIn(secret, log)

    def test_a_code_over_an_hour_old_is_refused(self):
        code = code_of(self.forgot(ALICE)[0])
        self.restart(T0 + timedelta(minutes=61))
        [refused] = self.send(ALICE, f"reset alice {code} {NEW_PASSWORD}")
        self.assertIn("over an hour old", " ".join(text_of(refused.message).split()))
        [still] = self.send(ALICE, "set alice secret1 pictures off")
        self.assertNotIn("wrong password", text_of(still.message))
        # A fresh code within its hour works.
        code = code_of(self.forgot(ALICE)[0])
        self.restart(T0 + timedelta(minutes=61 + 59))
        done = addressed(self.send(ALICE, f"reset alice {code} {NEW_PASSWORD}"), ALICE)
        self.assertEqual(done.message["Subject"], "Password reset for alice")


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0]] + sys.argv[2:])
