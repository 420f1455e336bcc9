"""Erasure (issue 57, server.md "Accounts you cannot lose, and can leave") through the real
pbemd over SMTP, its mail caught by a real SMTP sink: `delete userid password` mails a
code to the account's confirmed addresses; `delete userid password code` ends the running
game as the account's resignation (the opponent's board mail says so, the account's own
copy never goes), answers once, and leaves the account `deleted` in its games' records; a
redelivered copy of that mail changes nothing and sends nothing; the userid cannot be
signed up again; and once pbemd has stopped and the log is checkpointed, no byte of the
SQLite file holds an address the account had, nor the daemon's log the code. (tests/server/account_erasure_test.cpp
checks every table, and PostgreSQL.)"""
import contextlib
import json
import os
import re
import sqlite3
import sys
import unittest

from pbem_harness import build_dir, make_mail, text_of
from daemon_harness import Daemon, DaemonServer, PythonSink, ShowsLogsOnFailure, send_smtplib, wait_until
from test_records import attachments

build_dir(sys.argv)

ALICE = "alice@example.org"
WORK = "alice@work.example"
BOB = "bob@example.net"
CODE = re.compile(r"delete alice <password> ([a-z0-9]+)")


def to(arrival):
    return arrival.message["To"].addresses[0].addr_spec


def words(arrival):
    return " ".join(text_of(arrival.message).split())


class AccountErasure(ShowsLogsOnFailure, unittest.TestCase):
    def setUp(self):
        self.sink = PythonSink().start()
        self.addCleanup(self.sink.stop)
        self.server = DaemonServer(self.sink.port)
        self.addCleanup(self.server.close)
        self.server.signup_and_confirm(ALICE, "alice", "secret1", (ALICE, WORK))
        self.server.signup_and_confirm(BOB, "bob", "secret2")
        self.seen = 0
        self.daemon = Daemon(self.server).start()
        self.addCleanup(self.stop)
        self.settled()

    def stop(self):
        if self.daemon.running():
            self.assertEqual(self.daemon.terminate(), 0)

    def settled(self):
        """Everything processed and sent: the mail that reached the sink since the last call."""
        wait_until(self.server.idle, what="the inbox processed and the outbox sent")
        arrivals = self.sink.received()
        fresh = arrivals[self.seen:]
        self.seen = len(arrivals)
        return fresh

    def send_raw(self, raw, sender):
        send_smtplib(self.server.port, raw, sender)
        return self.settled()

    def send(self, sender, subject):
        return self.send_raw(make_mail(sender, subject), sender)

    def test_erasure_resigns_answers_once_and_leaves_no_address(self):
        self.send(ALICE, "hy3 challenge alice bob -size=3")
        self.send(ALICE, "hy3 move 1 alice secret1 c1")
        codes = self.send(ALICE, "delete alice secret1")
        self.assertEqual(sorted(to(a) for a in codes), [ALICE, WORK])
        [code] = {CODE.search(words(a)).group(1) for a in codes}

        erasing = make_mail(ALICE, f"delete alice secret1 {code}", message_id="<the-erasure@client.example>")
        arrivals = self.send_raw(erasing, ALICE)
        self.assertEqual(sorted(to(a) for a in arrivals), [ALICE, BOB])
        [answer] = [a for a in arrivals if to(a) == ALICE]
        self.assertEqual(answer.message["Subject"], "alice deleted")
        self.assertIn("The account alice is deleted. Your 1 running game(s) ended as your resignation.", words(answer))
        [board] = [a for a in arrivals if to(a) == BOB]
        self.assertIn("alice (", words(board))
        self.assertIn("deleted their account and resigned.", words(board))
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM outbox WHERE mailbox = ?", ALICE)[0]["n"], 0)

        # The same mail again (a sender that did not see our 250): known, nothing sent.
        self.assertEqual(self.send_raw(erasing, ALICE), [])
        # The record calls her `deleted`; her userid is taken for ever.
        [recorded] = self.send(BOB, "hy3 record 1")
        record = json.loads(attachments(recorded.message)["hy3-1.json"][1])
        self.assertEqual(sorted(p["userid"] for p in record["players"]), ["bob", "deleted"])
        [taken] = self.send("newcomer@example.com", "signup alice another-pw1")
        self.assertIn("taken", words(taken))

        self.stop()
        # "After the next checkpoint" (server.md): the answer's row went once it was
        # delivered, after the checkpoint the erasure made.
        with contextlib.closing(sqlite3.connect(self.server.db_path)) as con:
            con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        stored = b""
        for path in (self.server.db_path, self.server.db_path + "-wal"):
            if os.path.exists(path):
                with open(path, "rb") as f:
                    stored += f.read().lower()
        self.assertIn(BOB.encode(), stored)  # what is stored is there to be found
        for address in (ALICE, WORK):
            at = stored.find(address.encode())
            self.assertEqual(at, -1, f"{address} in the database: ...{stored[max(0, at - 300):at + 100]!r}...")
        log = self.daemon.all_logs()
        self.assertIn("delete alice ***** *****", log)
        self.assertNotIn(code, log)


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0]] + sys.argv[2:])
