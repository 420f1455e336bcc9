"""Hostile inbound mail (issue 9, items 1-3, 10, 12), through `pbem ingest` and pbemd.

The three messages that once took the server down or froze it -- an 82 KB address-group
bomb (stack overflow in GMime), a 220 KB HTML bomb (1 GB of text) and a 1 MB Subject of
`=?a?B?x` (quadratic repair) -- are each handled in under 3 s and under a memory limit:
stored, marked failed or answered in bounded size, never fatal. The daemon keeps serving
after each. Mail from the server's own addresses and the further kinds of machine mail are
stored and never answered."""
import os
import resource
import subprocess
import sys
import time
import unittest
import uuid

import pbem_harness
from pbem_harness import Server, build_dir, make_mail
from daemon_harness import Daemon, DaemonServer, PythonSink, free_port, send_smtplib, wait_until

build_dir(sys.argv)



def sanitizer_build():
    with open(os.path.join(pbem_harness.BUILD, "CMakeCache.txt")) as cache:
        return "PBEM_SANITIZE:BOOL=ON" in cache.read()


# AddressSanitizer reserves terabytes of address space for its shadow memory, so no
# RLIMIT_AS can apply to a sanitizer build: there the children's peak RSS is checked
# instead, and its Debug code gets more time.
SANITIZED = sanitizer_build()
# The ceiling per message; a bound on runaway work, generous for a normal build.
SECONDS_PER_BOMB = 10.0 if SANITIZED else 3.0
MEMORY_LIMIT = 1024 * 1024 * 1024  # RLIMIT_AS for `pbem ingest`, or its peak RSS when sanitized
DAEMON_PEAK_RSS_LIMIT_KB = 400 * 1024  # "a few hundred MB"
SERVER = "pbem@test.example"
ALIAS = "games@test.example"


def head(subject_line, extra=b""):
    return (b"From: Mallory <mallory@example.org>\r\nTo: " + SERVER.encode() + b"\r\nMessage-ID: <" +
            str(uuid.uuid4()).encode() + b"@example.org>\r\nDate: Mon, 23 Nov 2026 20:00:00 +0000\r\n" + extra +
            subject_line)


def group_bomb():
    return head(b"Subject: help\r\n", b"Cc: " + b"g:" * 41000 + b"\r\n") + b"\r\nhelp\r\n"


def html_bomb():
    return (head(b"Subject: help\r\n", b"Content-Type: text/html\r\n") + b"\r\n" + b"<blockquote>" * 10000 +
            b"<pre>" + b"\r\n" * 100000 + b"</pre>\r\n")


def subject_bomb():
    prefix = head(b"Subject: ")
    words = b"=?a?B?x" * ((1000000 - len(prefix)) // 7)
    return prefix + words + b"\r\n\r\nhelp\r\n"


BOMBS = {"group": (group_bomb, "failed"), "html": (html_bomb, "processed"), "subject": (subject_bomb, "failed")}


def limit_memory():
    if not SANITIZED:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def children_peak_rss_bytes():
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024


class Ingest(unittest.TestCase):
    def setUp(self):
        self.server = Server({"server": {"address": SERVER, "name": "Test PBeM", "aliases": [ALIAS]}})

    def tearDown(self):
        self.server.close()

    def ingest(self, raw):
        started = time.monotonic()
        p = subprocess.run([pbem_harness.pbem_binary(), "--config", self.server.config, "ingest"], input=raw,
                           capture_output=True, timeout=120, preexec_fn=limit_memory)
        self.assertLess(children_peak_rss_bytes(), MEMORY_LIMIT)
        return p, time.monotonic() - started

    def last_row(self):
        return self.server.query("SELECT * FROM inbox ORDER BY id DESC LIMIT 1")[0]

    def replies(self):
        return self.server.query("SELECT recipient, data FROM outbox JOIN outbox_texts ON outbox_id = outbox.id ORDER BY id")

    def test_each_bomb_is_handled_in_bounded_time_and_memory(self):
        for name, (make, state) in BOMBS.items():
            with self.subTest(bomb=name):
                raw = make()
                p, seconds = self.ingest(raw)
                self.assertEqual(p.returncode, 0, p.stderr.decode(errors="replace")[-2000:])
                self.assertLess(seconds, SECONDS_PER_BOMB)
                row = self.last_row()
                self.assertEqual(row["state"], state, row["outcome"])
                self.assertIsNone(row["raw"])  # processed once, then dropped
        rows = self.server.query("SELECT outcome, sender, message_id FROM inbox ORDER BY id")
        self.assertIn("header field 'Cc'", rows[0]["outcome"])
        self.assertEqual(rows[0]["sender"], "mallory@example.org")  # found by the header scan
        self.assertIsNotNone(rows[0]["message_id"])
        self.assertIn("header field 'Subject'", rows[2]["outcome"])
        # Only the HTML bomb, a readable `help`, is answered; the failed ones get nothing.
        replies = self.replies()
        self.assertEqual(len(replies), 1)
        self.assertLess(len(replies[0]["data"]), 200000)

    def test_a_bomb_sent_twice_is_a_duplicate_and_still_harmless(self):
        raw = group_bomb()
        for _ in range(2):
            p, seconds = self.ingest(raw)
            self.assertEqual(p.returncode, 0, p.stderr.decode(errors="replace")[-2000:])
        self.assertEqual(len(self.server.query("SELECT id FROM inbox")), 1)
        self.assertEqual(self.replies(), [])

    def test_mail_from_the_servers_own_addresses_is_never_answered(self):
        for sender in (SERVER, ALIAS, "Someone <PBEM@Test.Example>"):
            with self.subTest(sender=sender):
                p, _ = self.ingest(make_mail(sender, "help"))
                self.assertEqual(p.returncode, 0, p.stderr.decode())
                row = self.last_row()
                self.assertEqual(row["state"], "skipped")
                self.assertIn("own address", row["outcome"])
        # A Reply-To of ours is no better: the answer would go to the server itself.
        p, _ = self.ingest(make_mail("eve@example.org", "help", headers={"Reply-To": SERVER}))
        self.assertEqual(self.last_row()["state"], "skipped")
        self.assertEqual(self.replies(), [])

    def test_more_machine_mail_is_never_answered(self):
        for header, value in (("Precedence", "auto_reply"), ("X-Auto-Response-Suppress", "All"),
                              ("List-Unsubscribe", "<mailto:leave@lists.example.org>")):
            with self.subTest(header=header):
                p, _ = self.ingest(make_mail("carol@example.org", "help", headers={header: value}))
                self.assertEqual(p.returncode, 0, p.stderr.decode())
                row = self.last_row()
                self.assertEqual(row["state"], "skipped")
                self.assertIn(header, row["outcome"])
        self.assertEqual(self.replies(), [])

    def test_addresses_over_the_length_limits_are_refused(self):
        long_local = "l" * 65 + "@example.org"
        p, _ = self.ingest(make_mail(long_local, "help"))
        self.assertEqual(self.last_row()["state"], "skipped")
        self.assertIn("no usable sender address", self.last_row()["outcome"])
        p, _ = self.ingest(make_mail("dave@example.org", "signup dave secret4 " + long_local))
        self.assertEqual(p.returncode, 0, p.stderr.decode())
        [reply] = self.replies()
        self.assertIn(b"too long for a mail address", reply["data"].replace(b"=\r\n", b""))
        self.assertEqual(self.server.query("SELECT * FROM users WHERE userid = 'dave'"), [])


class Daemon_(unittest.TestCase):
    def setUp(self):
        sink_port = free_port()
        self.server = DaemonServer(sink_port, {"server": {"address": SERVER, "name": "Test PBeM"}})
        self.sink = PythonSink(sink_port).start()
        self.daemon = Daemon(self.server).start()

    def tearDown(self):
        try:
            if self.daemon.running():
                self.assertEqual(self.daemon.terminate(), 0)
        finally:
            self.sink.stop()
            self.server.close()

    def peak_rss_kb(self):
        with open(f"/proc/{self.daemon.proc.pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
        raise AssertionError("no VmHWM")

    def test_the_daemon_survives_each_bomb_and_keeps_answering(self):
        answered = 0
        for name, (make, state) in BOMBS.items():
            with self.subTest(bomb=name):
                started = time.monotonic()
                send_smtplib(self.daemon.port, make(), "mallory@example.org")
                row = wait_until(lambda: (lambda rows: rows[0] if rows and rows[0]["state"] != "received" else None)(
                    self.server.query("SELECT state, outcome FROM inbox ORDER BY id DESC LIMIT 1")),
                    what=f"the {name} bomb to be processed")
                self.assertLess(time.monotonic() - started, SECONDS_PER_BOMB)
                self.assertEqual(row["state"], state, row["outcome"])
                self.assertTrue(self.daemon.running(), self.daemon.log())
                # Still serving: a normal command is answered.
                send_smtplib(self.daemon.port, make_mail("alice@example.org", "help"), "alice@example.org")
                answered += 2 if state == "processed" else 1
                fresh = self.sink.wait_for_count(answered)[answered - (2 if state == "processed" else 1):]
                self.assertIn(("alice@example.org", "Help"),
                              [(a.recipients[0], a.message["Subject"]) for a in fresh])
        self.assertLess(self.peak_rss_kb(), DAEMON_PEAK_RSS_LIMIT_KB)
        self.assertIn("dropped", self.daemon.log())


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0]])
