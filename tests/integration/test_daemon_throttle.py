"""Issue 26 item 7 against the real pbemd: the password throttle holds exactly inside one
batch. Thirty wrong passwords for one userid wait in the inbox (stored by `pbem ingest`,
which is cut off right after storing them, as a crash would); pbemd carries them out in
one batch and may run Argon2id no more often than limits.failed_passwords_per_hour allows.
Each batch logs the checks it ran."""
import re
import sys
import unittest

from pbem_harness import build_dir, make_mail
from daemon_harness import Daemon, DaemonServer, PythonSink, ShowsLogsOnFailure, free_port, wait_until

build_dir(sys.argv)

GUESSES = 30
LIMIT = 10


class ThrottleInABatch(ShowsLogsOnFailure, unittest.TestCase):
    def setUp(self):
        sink_port = free_port()
        self.server = DaemonServer(sink_port, {"limits": {"failed_passwords_per_hour": LIMIT}})
        self.sink = PythonSink(sink_port)
        self.daemon = Daemon(self.server)
        self.logs = ""

    def tearDown(self):
        try:
            self.daemon.close()
        finally:
            self.sink.stop()
            self.logs = self.daemon.all_logs() if self.daemon.log_paths else ""
            self.server.close()

    def test_thirty_wrong_passwords_in_one_batch_cost_ten_checks(self):
        self.server.signup_and_confirm("dora@example.org", "dora", "pw-dora")
        for n in range(GUESSES):
            raw = make_mail("mallory@evil.example", f"signoff dora guess-{n:02}")
            stored = self.server.ingest(raw, env={"PBEM_TEST_CRASH_AT": "after-inbox-commit"})
            self.assertEqual(stored.returncode, 99, stored.stderr.decode())
        self.assertEqual(self.server.counts("inbox").get("received"), GUESSES)
        self.sink.start()
        self.daemon.start()
        wait_until(self.server.idle, what="the guesses to be answered and delivered")
        log = self.daemon.log()
        checks = sum(int(n) for n in re.findall(r"messages?: (\d+) password checks? \(Argon2id\)", log))
        self.assertEqual(checks, LIMIT, log)
        outcomes = [r["outcome"] for r in self.server.query("SELECT outcome FROM inbox WHERE command LIKE 'signoff%'")]
        self.assertEqual(sum("wrong password for dora" in o for o in outcomes), LIMIT)
        self.assertEqual(sum("too many wrong passwords" in o for o in outcomes), GUESSES - LIMIT)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
