"""pbemd end to end: real SMTP clients (smtplib, swaks, a raw socket) talk to a real
daemon whose smarthost is a real SMTP sink, and the replies that reach the sink are
checked, as are the database's inbox and outbox. Set PBEM_SOAK=1 for a longer run of the
crash test with more clients and messages."""
import html
import os
import re
import smtplib
import subprocess
import sys
import threading
import time
import unittest
import uuid

import pbem_harness
from pbem_harness import build_dir, html_of, make_mail, text_of
from daemon_harness import (SERVER_ADDRESS, WAIT_TIMEOUT, Daemon, DaemonServer, PostfixSink, PythonSink, RawSmtp,
                            bare_id, crlf, free_port, message_id_of, send_smtplib, send_swaks, wait_until)

build_dir(sys.argv)
FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures")
SOAK = os.environ.get("PBEM_SOAK") == "1"

ALICE = "Alice <alice@example.org>"
BOB = "bob@example.net"
PLAYERS = {"alice": ("alice@example.org", "secret1"), "bob": ("bob@example.net", "secret2")}
TITLES = {"hy3": "HY 3", "gates": "Gates", "gaia": "Gaia"}
# Machine mail among the fixtures: never answered.
MACHINE_FIXTURES = {"auto_reply.eml", "bounce.eml", "mailing_list.eml"}

# Short decisive games, found with `pbem legal` / `pbem replay --json` random playouts.
HY3_GAME = ("-size=3", "c1 a1 c2 a2 c3 a3 c4 b4 c5".split(), "alice")
# Bob swaps at ply 2 and so plays light, which wins at ply 5 (alice's tile completes it).
GATES_GAME = ("-cross -size=2", "a:c2 swap b:a1 a:b2 b:b3".split(), "bob")
GAIA_GAME = ("-size=2", "d6 d10 b3 a1 c4 b1 d3 b4 c6 b2 d8 c7 d1".split(), "alice")


def address_of(sender):
    return re.search(r"[^<\s]+@[^>\s]+", sender).group(0)


def replay_board(game, options, plies):
    p = subprocess.run([pbem_harness.pbem_binary(), "replay", game, *options.split(), "--", *plies],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    return p.stdout.strip()


def without_user_names(text):
    """A reply's board text as `pbem replay` prints it: replay knows colours, not users."""
    return re.sub(r" \((alice|bob)\)", "", text)


class DaemonTestCase(unittest.TestCase):
    """A fresh server directory, a sink and a running pbemd for every test."""
    sink_kind = "python"
    extra_config = {}
    autostart = True

    def setUp(self):
        sink_port = free_port()
        self.server = DaemonServer(sink_port, self.extra_config)
        self.sink = PythonSink(sink_port) if self.sink_kind == "python" else PostfixSink(sink_port)
        self.daemon = Daemon(self.server)
        self.seen = 0
        if self.autostart:
            self.sink.start()
            self.daemon.start()

    def tearDown(self):
        try:
            status = self.daemon.close()
            if status is not None:
                self.assertEqual(status, 0, "pbemd must exit 0 on SIGTERM")
        finally:
            self.sink.stop()
            self.logs = self.daemon.all_logs()  # before the directory goes, for run()
            self.server.close()

    def run(self, result=None):
        """Shows the daemon's log when a test fails; it says what the daemon saw."""
        result = result if result is not None else self.defaultTestResult()
        before = len(result.failures) + len(result.errors)
        super().run(result)
        if len(result.failures) + len(result.errors) > before and getattr(self, "logs", ""):
            print(f"\n===== {self.id()}: pbemd logs =====\n{self.logs}", file=sys.stderr)
        return result

    # ---- sending ----

    def send(self, sender, subject, body="", headers=None, message_id=None):
        """Sends a plain message with smtplib; returns its Message-ID (without brackets)."""
        message_id = message_id or f"{uuid.uuid4()}@client.example"
        raw = make_mail(sender, subject, body, message_id=f"<{message_id}>", headers=headers)
        send_smtplib(self.daemon.port, raw, address_of(sender))
        return message_id

    def signup_both(self):
        self.send(ALICE, "signup alice secret1")
        self.send(BOB, "signup bob secret2")
        self.take(2)

    # ---- the sink ----

    def take(self, count):
        """Waits for exactly `count` new messages at the sink and returns them."""
        arrivals = self.sink.wait_for_count(self.seen + count)
        fresh = arrivals[self.seen:]
        self.seen = len(arrivals)
        self.assertEqual(len(fresh), count, [a.message["Subject"] for a in fresh])
        return fresh

    def wait_idle(self):
        """Waits until every inbox row is processed and every reply has reached the sink."""
        def settled():
            if not self.server.idle():
                return False
            sent = self.server.counts("outbox").get("sent", 0)
            return len(self.sink.received()) >= sent
        wait_until(settled, what="the daemon to process and deliver everything")

    def assert_each_reply_once(self):
        """Every sent outbox row reached the sink exactly once, and nothing else did."""
        sent = sorted(r["message_id"] for r in self.server.query("SELECT message_id FROM outbox WHERE state='sent'"))
        self.assertEqual(sorted(a.message_id for a in self.sink.received()), sent)
        self.assertEqual(self.server.counts("outbox"), {"sent": len(sent)} if sent else {})


class Fixtures(DaemonTestCase):
    """Every fixture, as a real client sends it: 250, machine mail skipped, others answered."""
    sink_kind = "postfix"

    def fixture_paths(self):
        names = sorted(n for n in os.listdir(FIXTURES) if n.endswith(".eml"))
        self.assertTrue(names)
        return [(n, os.path.join(FIXTURES, n)) for n in names]

    @staticmethod
    def envelope_sender(raw):
        """The reverse path a real MTA would give: Return-Path if present, else From."""
        msg = pbem_harness.email.message_from_bytes(raw, policy=pbem_harness.email.policy.default)
        if msg["Return-Path"] is not None:
            return bare_id(str(msg["Return-Path"]))
        return msg["From"].addresses[0].addr_spec

    def check_answers(self, fixtures):
        self.wait_idle()
        replies = self.sink.received()
        for name, path in fixtures:
            with self.subTest(fixture=name):
                with open(path, "rb") as f:
                    mid = message_id_of(f.read())
                answers = [r for r in replies if r.in_reply_to == mid]
                rows = self.server.query("SELECT state FROM inbox WHERE message_id = ?", mid)
                self.assertEqual(len(rows), 1)
                if name in MACHINE_FIXTURES:
                    self.assertEqual(answers, [])
                    self.assertEqual(rows[0]["state"], "skipped")
                else:
                    self.assertEqual(len(answers), 1)
                    self.assertEqual(rows[0]["state"], "processed")
                    reply = answers[0].message
                    self.assertEqual(reply["Auto-Submitted"], "auto-replied")
                    self.assertEqual(answers[0].recipients, [reply["To"].addresses[0].addr_spec])
        self.assertEqual(len(replies), len(fixtures) - len(MACHINE_FIXTURES))
        self.assert_each_reply_once()

    def test_fixtures_sent_with_swaks(self):
        fixtures = self.fixture_paths()
        for name, path in fixtures:
            with self.subTest(fixture=name):
                with open(path, "rb") as f:
                    sender = self.envelope_sender(f.read())
                status, transcript = send_swaks(self.daemon.port, path, sender)
                self.assertEqual(status, 0, transcript)
                self.assertIn("<-  250 2.0.0 OK: message accepted", transcript)
        self.check_answers(fixtures)

    def test_fixtures_sent_with_smtplib_then_again_with_swaks(self):
        fixtures = self.fixture_paths()
        for name, path in fixtures:
            with self.subTest(fixture=name):
                with open(path, "rb") as f:
                    raw = f.read()
                send_smtplib(self.daemon.port, raw, self.envelope_sender(raw))  # raises unless 250
        self.check_answers(fixtures)
        # The same messages again, now with swaks (an MTA redelivering): 250, nothing is
        # processed again, people get a short notice, machines still get nothing.
        before = {a.message_id for a in self.sink.received()}
        for name, path in fixtures:
            with open(path, "rb") as f:
                sender = self.envelope_sender(f.read())
            status, transcript = send_swaks(self.daemon.port, path, sender)
            self.assertEqual(status, 0, transcript)
        self.wait_idle()
        notices = [a for a in self.sink.received() if a.message_id not in before]
        self.assertEqual(len(notices), len(fixtures) - len(MACHINE_FIXTURES))
        for notice in notices:
            self.assertTrue(notice.message["Subject"].startswith("Already done: "), notice.message["Subject"])
        self.assertEqual(len(self.server.query("SELECT id FROM inbox")), len(fixtures))
        self.assert_each_reply_once()


class WholeGames(DaemonTestCase):
    """Two players play a complete game of each type by mail, from signup to a win."""

    def check_reply_pair(self, replies, game, options, plies, command_id, sender_address, thread):
        title = TITLES[game]
        by_address = {r.message["To"].addresses[0].addr_spec: r for r in replies}
        self.assertEqual(sorted(by_address), ["alice@example.org", "bob@example.net"])
        subjects = {r.message["Subject"] for r in replies}
        self.assertEqual(len(subjects), 1, subjects)
        match = re.fullmatch(rf"{re.escape(title)} #(\d+): (\w+) (to move|wins)", subjects.pop())
        self.assertTrue(match, replies[0].message["Subject"])
        board = replay_board(game, options, plies)
        for address, arrival in by_address.items():
            reply = arrival.message
            self.assertEqual(arrival.recipients, [address])
            self.assertEqual(reply["Auto-Submitted"], "auto-replied")
            self.assertEqual(reply.get_content_type(), "multipart/alternative")
            self.assertIn(f"<{thread}>", reply["References"].split())
            if address == sender_address:
                self.assertEqual(bare_id(reply["In-Reply-To"]), command_id)
                self.assertIn(f"<{command_id}>", reply["References"].split())
            else:
                self.assertEqual(bare_id(reply["In-Reply-To"]), thread)
            self.assertIn(board, without_user_names(text_of(reply)))
            page = html_of(reply)
            pre = re.search(r"<pre[^>]*>(.*)</pre>", page, re.DOTALL)
            self.assertTrue(pre, page)
            self.assertIn(board, without_user_names(html.unescape(pre.group(1))))
        return int(match.group(1)), match.group(2), match.group(3)

    def play(self, game, options, plies, winner):
        self.signup_both()
        challenge_id = self.send(ALICE, f"{game} challenge alice bob {options}")
        challenge = self.take(2)
        number, mover, state = self.check_reply_pair(challenge, game, options, [], challenge_id,
                                                      "alice@example.org", self.thread_of(challenge))
        self.assertEqual((mover, state), ("alice", "to move"))
        thread = self.thread_of(challenge)
        for n, ply in enumerate(plies, start=1):
            address, password = PLAYERS[mover]
            sender = ALICE if mover == "alice" else BOB
            # Half the moves as a reply to the board mail: the command in the body.
            if n % 2:
                command_id = self.send(sender, f"{game} move {number} {mover} {password} {ply}#{n}")
            else:
                command_id = self.send(sender, f"Re: {TITLES[game]} #{number}: {mover} to move",
                                       body=f"{game} move {number} {mover} {password} {ply}#{n}\n\n> old board\n",
                                       headers={"In-Reply-To": f"<{thread}>", "References": f"<{thread}>"})
            replies = self.take(2)
            for reply in replies:
                self.assertNotIn(password, reply.data.decode(errors="replace"), "passwords are never echoed")
            got_number, mover, state = self.check_reply_pair(replies, game, options, plies[:n], command_id,
                                                             address, thread)
            self.assertEqual(got_number, number)
            self.assertEqual(state, "wins" if n == len(plies) else "to move", f"ply {n} {ply}")
        self.assertEqual(mover, winner)
        for reply in replies:
            self.assertIn("The game is over", text_of(reply.message))
        self.assertEqual(self.server.query("SELECT type, status, plies FROM games"),
                         [{"type": game, "status": "finished", "plies": len(plies)}])
        self.assertEqual([r["move"] for r in self.server.query("SELECT move FROM moves ORDER BY ply")], plies)
        self.wait_idle()
        self.assert_each_reply_once()

    @staticmethod
    def thread_of(challenge):
        """The game's thread id: the References entry every reply about the game carries."""
        refs = [set(bare_id(x) for x in r.message["References"].split()) for r in challenge]
        common = set.intersection(*refs)
        assert len(common) == 1, refs
        return common.pop()

    def test_hy3(self):
        self.play("hy3", *HY3_GAME)

    def test_gates_with_swap(self):
        self.play("gates", *GATES_GAME)

    def test_gaia(self):
        self.play("gaia", *GAIA_GAME)


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0], *sys.argv[2:]])
