"""Retention (issue 33 item 1; docs/operating.md "Retention") through the real `pbem ingest`,
`pbem outbox send` and `pbem tick`, the clock moved by libfaketime: a game is played and its
mail delivered, then each window is crossed by a tick, checked just before it (nothing
gone) and just after (gone): password failures after the throttle's hour, an expired
confirmation code, sent mail's texts after outbox.keep_sent_days (7), processed inbox rows
after inbox.keep_days (30; a message delivered again before then is still a duplicate),
settled outbox rows after outbox.keep_days (90). Mail still queued, the moves, games,
ratings and accounts stay; the SQLite file gives the freed pages back. This file runs on
PostgreSQL too (postgres_retention), where the file's size is autovacuum's business."""
import gc
import os
import subprocess
import sys
import unittest
from datetime import timedelta

from daemon_harness import PythonSink
from pbem_harness import build_dir, make_mail

build_dir(sys.argv)

from clock_harness import PLAYERS, T0, needs_libfaketime, running_clock_prefix  # noqa: E402
from test_clock import DaemonClockServer  # noqa: E402

ALICE, BOB = PLAYERS["alice"][0], PLAYERS["bob"][0]
SENT = T0 + timedelta(minutes=10)   # when the game's mail is delivered
HELP = T0 + timedelta(hours=2)      # a reply that stays queued (never delivered)
RECORD = ["users", "addresses", "games", "moves", "ratings", "rating_changes"]


@needs_libfaketime
class Retention(unittest.TestCase):
    def setUp(self):
        self.sink = PythonSink().start()
        self.addCleanup(self.sink.stop)
        self.server = DaemonClockServer(self.sink.port)
        self.addCleanup(self.server.close)
        self.sqlite = not self.server.postgres

    def ingest(self, raw):
        p = self.server.ingest(raw)
        self.assertEqual(p.returncode, 0, p.stderr.decode())
        return p.stderr.decode()

    def cmd(self, sender, subject):
        return self.ingest(make_mail(sender, subject))

    def tick(self, when):
        self.server.now = when
        # The harness's sqlite3 connections close when collected; pbem is then the last to
        # close the file, as on a server, and its checkpoint truncates it.
        gc.collect()
        p = self.server.pbem("tick")
        self.assertEqual(p.returncode, 0, p.stderr.decode())
        self.assertRegex(p.stdout.decode(), r"^tick: 0 reminder\(s\), 0 loss\(es\) on time, 0 abort\(s\): never moved, "
                                            r"0 vacation day\(s\) instead \(autovacation\), 0 tournament\(s\) started "
                                            r"or cancelled, 0 invitation\(s\) lapsed, 0 digest\(s\), \d+ old row\(s\) deleted\n$")
        return int(p.stdout.decode().split(", ")[-1].split()[0]), p.stderr.decode()

    def count(self, table, where="1 = 1"):
        return self.server.query(f"SELECT count(*) AS n FROM {table} WHERE {where}")[0]["n"]

    def record(self):
        return {table: self.server.query(f"SELECT * FROM {table} ORDER BY 1, 2") for table in RECORD}

    def pages(self):
        """(page_count, freelist_count) of the SQLite file."""
        con = self.server.db()
        try:
            return con.execute("PRAGMA page_count").fetchone()[0], con.execute("PRAGMA freelist_count").fetchone()[0]
        finally:
            con.close()

    def test_each_window_deletes_after_it_and_not_before(self):
        server = self.server
        server.now = T0
        for userid, (address, password) in PLAYERS.items():
            server.signup_and_confirm(address, userid, password)
        self.cmd("carol@example.com", "signup carol secret3")  # never confirmed: her code expires in 7 days
        self.cmd(ALICE, "hy3 challenge alice bob -size=3")
        self.cmd(ALICE, "hy3 move 1 alice wrong c1")            # a password failure
        first_reply = make_mail(BOB, "hy3 move 1 bob secret2 a1")
        moves = ["c1", "a1", "c2", "a2", "c3", "a3", "c4", "b4", "c5"]  # alice wins along row c
        for n, ply in enumerate(moves):
            if n == 1:
                self.ingest(first_reply)
                continue
            userid = "alice" if n % 2 == 0 else "bob"
            self.cmd(PLAYERS[userid][0], f"hy3 move 1 {userid} {PLAYERS[userid][1]} {ply}")
        self.assertEqual(server.query("SELECT status, plies FROM games"), [{"status": "finished", "plies": 9}])
        self.assertEqual(self.count("password_failures"), 1)
        self.assertEqual(self.count("address_confirmations"), 1)
        record = self.record()
        self.assertEqual(len(record["ratings"]), 2)
        inbox_rows = self.count("inbox")

        # Everything so far is delivered (its clock running from SENT) ...
        p = subprocess.run(running_clock_prefix(SENT) + server.pbem_command("outbox", "send"), capture_output=True,
                           timeout=120)
        self.assertEqual(p.returncode, 0, p.stderr.decode())
        sent = self.count("outbox", "state = 'sent'")
        self.assertEqual(self.count("outbox"), sent)
        self.assertGreater(sent, 20)
        # ... but for one reply, never delivered, which no window touches.
        server.now = HELP
        self.cmd(ALICE, "help")
        self.assertEqual(self.count("outbox", "state = 'queued'"), 1)

        # The password throttle's hour.
        self.assertEqual(self.tick(T0 + timedelta(minutes=59))[0], 0)
        self.assertEqual(self.count("password_failures"), 1)
        self.assertEqual(self.tick(HELP)[0], 1)
        self.assertEqual(self.count("password_failures"), 0)

        # The confirmation code's 7 days (limits.confirmation_valid_days) from T0.
        self.assertEqual(self.tick(T0 + timedelta(days=7) - timedelta(minutes=1))[0], 0)
        self.assertEqual(self.count("address_confirmations"), 1)
        self.assertEqual(self.tick(T0 + timedelta(days=7, minutes=1))[0], 1)
        self.assertEqual(self.count("address_confirmations"), 0)
        # outbox.keep_sent_days (7) from SENT: the texts.
        self.assertEqual(self.tick(SENT + timedelta(days=7) - timedelta(minutes=1))[0], 0)
        self.assertEqual(self.count("outbox", "id NOT IN (SELECT outbox_id FROM outbox_texts)"), self.count("outbox", "kind = 'confirmation'"))
        before = self.pages() if self.sqlite else None
        deleted, log = self.tick(SENT + timedelta(days=7, minutes=1))
        self.assertEqual(deleted, 0)
        self.assertIn(f"outbox: emptied the text of {sent - self.count('outbox', 'kind = ' + chr(39) + 'confirmation' + chr(39))} mails", log)
        self.assertEqual(self.count("outbox_texts"), 1)  # the queued reply's
        if self.sqlite:
            after = self.pages()
            self.assertEqual(after[1], 0, "no free page left in the file")
            self.assertLess(after[0], before[0] - 10, (before, after))  # the board mails

        # inbox.keep_days (30): a copy delivered again just before is still a duplicate.
        server.now = T0 + timedelta(days=30) - timedelta(minutes=1)
        log = self.ingest(first_reply)
        self.assertIn("duplicate", log)
        self.assertEqual(self.count("outbox"), sent + 1)  # not answered
        self.assertEqual(self.tick(server.now)[0], 0)
        self.assertEqual(self.count("inbox"), inbox_rows + 1)
        self.assertEqual(self.count("outbox", "inbox_id IS NOT NULL"), self.count("outbox"))
        deleted, log = self.tick(T0 + timedelta(days=30, minutes=1))
        self.assertEqual(deleted, inbox_rows)
        self.assertIn(f"retention: deleted {inbox_rows} inbox rows processed over 30 days ago", log)
        # What is left: the help message, its reply still linked to it; the other replies
        # keep their rows, unlinked.
        self.assertEqual(server.query("SELECT command FROM inbox"), [{"command": "help"}])
        self.assertEqual(self.count("outbox"), sent + 1)
        self.assertEqual(self.count("outbox", "inbox_id IS NOT NULL"), 1)

        # outbox.keep_days (90): the settled rows, metadata and all; the queued one stays.
        self.assertEqual(self.tick(SENT + timedelta(days=90) - timedelta(minutes=1))[0], 0)
        self.assertEqual(self.count("outbox"), sent + 1)
        before = self.pages() if self.sqlite else None
        size_before = os.path.getsize(server.db_path) if self.sqlite else None
        deleted, log = self.tick(SENT + timedelta(days=90, minutes=1))
        self.assertEqual(deleted, sent)
        self.assertIn(f"{sent} outbox rows settled over 90 days ago", log)
        self.assertEqual(server.query("SELECT state, recipient FROM outbox"), [{"state": "queued", "recipient": ALICE}])
        [queued] = server.outbox()
        self.assertEqual(queued["To"], ALICE)
        if self.sqlite:
            after = self.pages()
            self.assertEqual(after[1], 0)
            self.assertLess(after[0], before[0])
            self.assertLess(os.path.getsize(server.db_path), size_before)

        # The record is whole, and nothing more is due.
        self.assertEqual(self.record(), record)
        self.assertEqual(self.tick(SENT + timedelta(days=400))[0], 0)
        self.assertEqual(self.record(), record)


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0]])
