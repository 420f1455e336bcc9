"""Sent mail is not kept forever (issue 26; spec "Limits that keep the server from being
used against others"), through the real programs with time moved by libfaketime: a
confirmation request, which carries its code in clear, loses its text the moment it is
delivered; any other delivered mail keeps its text outbox.keep_sent_days (7), after which
`pbem tick`, or pbemd by itself, empties it. The row's metadata (recipient, Subject,
Message-ID, kind, times) stays."""
import sys
import unittest
from datetime import timedelta

from daemon_harness import Daemon, PythonSink, wait_until
from pbem_harness import build_dir, confirmation_codes, make_mail, text_of

build_dir(sys.argv)

import test_clock as tc  # noqa: E402 - pbem at a frozen moment, pbemd with a running clock

T0 = tc.T0
ALICE = "alice@example.org"


@tc.needs_libfaketime
class SentMail(unittest.TestCase):
    def setUp(self):
        self.sink = PythonSink().start()
        self.addCleanup(self.sink.stop)
        self.server = tc.DaemonClockServer(self.sink.port)
        self.addCleanup(self.server.close)
        # alice signs up at T0: her welcome carries the code (a confirmation request); her
        # confirm gets "Address confirmed" (an ordinary reply).
        self.server.signup_and_confirm(ALICE, "alice", "secret1", challenges=None)  # no game here
        self.rows = {r["kind"]: r["id"] for r in self.server.query("SELECT id, kind FROM outbox")}
        self.assertEqual(sorted(self.rows), ["confirmation", "reply"])
        self.code = confirmation_codes(self.server.outbox(), "alice")[0]

    def pbemd(self, when):
        """pbemd with its clock running from `when` (the library, not the wrapper, which
        would take the SIGTERM meant for pbemd)."""
        daemon = Daemon(self.server, prefix=tc.running_clock_prefix(when))
        self.addCleanup(daemon.close)
        return daemon.start()

    def row(self, kind):
        [row] = self.server.query("SELECT recipient, subject, message_id, kind, state, created_at, sent_at, "
                                  "settled_at, text_cleared_at, coalesce((SELECT length(data) FROM outbox_texts "
                                  "WHERE outbox_id = outbox.id), 0) AS size FROM outbox WHERE id = ?",
                                  self.rows[kind])
        return row

    def deliver_at_t0(self):
        daemon = self.pbemd(T0)
        wait_until(lambda: self.server.idle(), what="both mails delivered")
        self.assertEqual(daemon.terminate(), 0)
        delivered = {a.message["Subject"]: a.message for a in self.sink.received()}
        self.assertEqual(sorted(delivered), ["Address confirmed", "Welcome, alice"])
        # What went out was whole: the code reached alice.
        self.assertIn(f"confirm alice {self.code}", text_of(delivered["Welcome, alice"]))

    def assert_metadata_kept(self, kind, subject):
        row = self.row(kind)
        self.assertEqual((row["recipient"], row["subject"], row["kind"], row["state"]),
                         (ALICE, subject, kind, "sent"))
        self.assertTrue(row["message_id"].endswith("@test.example"), row)
        for column in ("created_at", "sent_at", "settled_at"):
            self.assertTrue(row[column].startswith("2027-03-01T12:"), (column, row))

    def test_a_confirmation_goes_at_delivery_and_a_reply_after_keep_sent_days(self):
        self.deliver_at_t0()
        # Right after delivery: the confirmation's text (with the code) is gone, the reply's is not.
        confirmation = self.row("confirmation")
        self.assertEqual(confirmation["size"], 0)
        self.assertEqual(confirmation["text_cleared_at"], confirmation["settled_at"])
        self.assert_metadata_kept("confirmation", "Welcome, alice")
        self.assertGreater(self.row("reply")["size"], 0)
        for row in self.server.query("SELECT data FROM outbox_texts"):
            self.assertNotIn(self.code.encode(), bytes(row["data"]))
        # Seven days on, the reply's text is still kept.
        self.server.now = T0 + timedelta(days=7) - timedelta(hours=1)
        self.assertEqual(self.server.pbem("tick").returncode, 0)
        self.assertGreater(self.row("reply")["size"], 0)
        # Eight days on, tick empties it; the metadata stays.
        self.server.now = T0 + timedelta(days=8)
        p = self.server.pbem("tick")
        self.assertEqual(p.returncode, 0, p.stderr.decode())
        self.assertIn(b"outbox: emptied the text of 1 mail settled over 7 days ago", p.stderr)
        reply = self.row("reply")
        self.assertEqual(reply["size"], 0)
        self.assertTrue(reply["text_cleared_at"].startswith("2027-03-09T12:00"), reply)
        self.assert_metadata_kept("reply", "Address confirmed")
        # The queue works as before: new mail is queued whole, and shown by `pbem outbox`.
        p = self.server.ingest(make_mail(ALICE, "help"))
        self.assertEqual(p.returncode, 0, p.stderr.decode())
        [queued] = self.server.outbox()
        self.assertIn("help", text_of(queued).lower())
        p = self.server.pbem("outbox", "list")
        self.assertEqual(p.returncode, 0)
        self.assertEqual(len(p.stdout.decode().splitlines()), 1)

    def test_pbemd_empties_old_texts_by_itself(self):
        self.deliver_at_t0()
        self.assertGreater(self.row("reply")["size"], 0)
        daemon = self.pbemd(T0 + timedelta(days=8))
        wait_until(lambda: self.row("reply")["size"] == 0, what="the reply's text emptied by pbemd")
        self.assert_metadata_kept("reply", "Address confirmed")
        self.assertEqual(daemon.terminate(), 0)
        self.assertIn("outbox: emptied the text of 1 mail settled over 7 days ago", daemon.log())


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0]])
