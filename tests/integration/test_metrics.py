"""/metrics (issue 45 item 5, spec "The operator's mailbox, deliverability and monitoring"):
a real pbemd with metrics.listen on a free loopback port, scraped over HTTP, each scrape
checked by `promtool check metrics` (Debian's `prometheus`) and parsed; a game played over
SMTP moves the counters, a smarthost that is down makes the oldest queued reply's age
grow, and the sample alerting rule in docs/operating.md passes `promtool check rules`.
Every process the tests start (pbemd, the sink) is stopped in tearDown."""
import http.client
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest
import uuid

from pbem_harness import build_dir, confirmation_codes, make_mail
from daemon_harness import (Daemon, DaemonServer, PythonSink, ShowsLogsOnFailure, free_port, send_smtplib,
                            wait_until)

build_dir(sys.argv)
SOURCE = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OPERATING = os.path.join(SOURCE, "docs", "operating.md")
PROMTOOL = shutil.which("promtool")
if not PROMTOOL:
    print("skipped: promtool is not installed (scripts/install-deps.sh installs Debian's prometheus)")
    sys.exit(77)

PLAYERS = {"alice": ("alice@example.org", "secret1"), "bob": ("bob@example.net", "secret2")}
# A short decisive HY 3 game (tests/integration/test_daemon.py): alice wins at ply 9.
HY3_PLIES = "c1 a1 c2 a2 c3 a3 c4 b4 c5".split()
SAMPLE = re.compile(r'^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$')
LABEL = re.compile(r'([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)",?')


def promtool(*args, stdin=None):
    return subprocess.run([PROMTOOL, *args], input=stdin, capture_output=True, timeout=60)


def parse_samples(text):
    """{(name, ((label, value), ...)): value} of a text exposition."""
    samples = {}
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        match = SAMPLE.match(line)
        assert match, f"not a sample line: {line!r}"
        labels = tuple(sorted(LABEL.findall(match.group(2) or "")))
        samples[(match.group(1), labels)] = float(match.group(3))
    return samples


def alert_rule_block():
    """The indented block beginning `groups:` in operating.md's "Metrics" section."""
    with open(OPERATING) as f:
        text = f.read()
    section = text[text.index("\n## Metrics\n"):]
    section = section[:section.index("\n## ", 1)]
    lines = section.splitlines()
    start = lines.index("    groups:")
    block = []
    for line in lines[start:]:
        if line and not line.startswith("    "):
            break
        block.append(line[4:])
    return "\n".join(block).strip() + "\n"


class Metrics(ShowsLogsOnFailure, unittest.TestCase):
    def setUp(self):
        sink_port = free_port()
        self.metrics_port, self.web_port = free_port(), free_port()
        self.server = DaemonServer(sink_port, {"metrics": {"listen": f"127.0.0.1:{self.metrics_port}"},
                                               "web": {"listen": f"127.0.0.1:{self.web_port}"}})
        self.sink = PythonSink(sink_port)
        self.daemon = Daemon(self.server)
        self.logs = ""

    def tearDown(self):
        try:
            status = self.daemon.close()
            if status is not None:
                self.assertEqual(status, 0, "pbemd must exit 0 on SIGTERM")
        finally:
            self.sink.stop()
            if self.daemon.log_paths:
                self.logs = self.daemon.all_logs()
            self.server.close()

    # ---- the scrape ----

    def get(self, port, path):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        try:
            connection.request("GET", path)
            response = connection.getresponse()
            return response.status, response.getheader("Content-Type"), response.read()
        finally:
            connection.close()

    def scrape(self):
        """The figures now, after promtool found the exposition valid."""
        status, content_type, body = self.get(self.metrics_port, "/metrics")
        self.assertEqual(status, 200)
        self.assertEqual(content_type, "text/plain; version=0.0.4; charset=utf-8")
        checked = promtool("check", "metrics", stdin=body)
        self.assertEqual(checked.returncode, 0, checked.stdout.decode() + checked.stderr.decode())
        self.families = set(re.findall(r"^# TYPE (\S+) ", body.decode(), re.MULTILINE))
        return parse_samples(body.decode())

    @staticmethod
    def value(samples, name, **labels):
        return samples[(name, tuple(sorted(labels.items())))]

    # ---- mail ----

    def send(self, userid_or_address, subject):
        address = PLAYERS[userid_or_address][0] if userid_or_address in PLAYERS else userid_or_address
        raw = make_mail(address, subject, message_id=f"<{uuid.uuid4()}@client.example>")
        send_smtplib(self.daemon.port, raw, address)

    def wait_idle(self):
        def settled():
            if not self.server.idle():
                return False
            return len(self.sink.received()) >= self.server.counts("outbox").get("sent", 0)
        wait_until(settled, what="the daemon to process and deliver everything")

    # ---- tests ----

    def test_the_figures_move_while_a_game_is_played_over_smtp(self):
        self.sink.start()
        self.daemon.start()
        before = self.scrape()
        # Each figure docs/operating.md lists, and no other.
        with open(OPERATING) as f:
            self.assertEqual(set(re.findall(r"^\| `(pbem_[a-z_]+)", f.read(), re.MULTILINE)), self.families)
        for name in ("pbem_inbox_pending_messages", "pbem_outbox_queued_messages",
                     "pbem_outbox_oldest_queued_age_seconds"):
            self.assertEqual(self.value(before, name), 0, name)
        for state in ("active", "finished"):
            self.assertEqual(self.value(before, "pbem_games", state=state), 0)
        for result in ("processed", "failed", "skipped"):
            self.assertEqual(self.value(before, "pbem_messages_processed_total", result=result), 0)
        for result in ("sent", "retry", "failed"):
            self.assertEqual(self.value(before, "pbem_deliveries_total", result=result), 0)
        for duty in ("reminder", "loss_on_time", "abort", "digest", "tournament_start", "autovacation",
                     "invitation_lapse"):
            self.assertEqual(self.value(before, "pbem_clock_duties_total", duty=duty), 0)

        # Two players, a game to its end, and a refusal of each of two kinds.
        sent = 0
        for userid, (address, password) in PLAYERS.items():
            self.send(userid, f"signup {userid} {password}")
            welcome = wait_until(lambda: [a for a in self.sink.received() if address in a.recipients
                                          and confirmation_codes([a.message], userid)],
                                 what=f"{userid}'s confirmation code")
            [code] = confirmation_codes([welcome[0].message], userid)
            self.send(userid, f"confirm {userid} {code}")
            sent += 2
        self.send("alice", "hy3 challenge alice bob -size=3")
        self.wait_idle()
        invited = self.scrape()  # an invitation is no game yet: counted as neither
        self.assertEqual(self.value(invited, "pbem_games", state="active"), 0)
        self.assertEqual(self.value(invited, "pbem_games", state="finished"), 0)
        self.send("bob", f"hy3 accept 1 bob {PLAYERS['bob'][1]}")
        self.send("alice", "hy3 move 1 alice wrong-password c1")
        self.send("bob", "frobnicate")
        sent += 4
        self.wait_idle()
        playing = self.scrape()
        self.assertEqual(self.value(playing, "pbem_games", state="active"), 1)
        self.assertEqual(self.value(playing, "pbem_games", state="finished"), 0)
        self.assertEqual(self.value(playing, "pbem_commands_refused_total", reason="wrong_password"), 1)
        self.assertEqual(self.value(playing, "pbem_commands_refused_total", reason="parse_error"), 1)

        for ply, move in enumerate(HY3_PLIES):
            userid = "alice" if ply % 2 == 0 else "bob"
            self.send(userid, f"hy3 move 1 {userid} {PLAYERS[userid][1]} {move}")
            sent += 1
            self.wait_idle()  # each move in turn, as players would
        after = self.scrape()
        self.assertEqual(self.value(after, "pbem_games", state="active"), 0)
        self.assertEqual(self.value(after, "pbem_games", state="finished"), 1)
        self.assertEqual(self.value(after, "pbem_messages_processed_total", result="processed"), sent)
        self.assertEqual(self.value(after, "pbem_inbox_pending_messages"), 0)
        self.assertEqual(self.value(after, "pbem_outbox_queued_messages"), 0)
        self.assertEqual(self.value(after, "pbem_outbox_oldest_queued_age_seconds"), 0)
        delivered = self.server.counts("outbox").get("sent", 0)
        self.assertGreater(delivered, sent)  # every mail answered, moves to both players
        self.assertEqual(self.value(after, "pbem_deliveries_total", result="sent"), delivered)
        self.assertEqual(len(self.sink.received()), delivered)
        self.assertEqual(self.value(after, "pbem_deliveries_total", result="failed"), 0)
        # Counters never go down between scrapes.
        for key, value in playing.items():
            if key[0].endswith("_total"):
                self.assertGreaterEqual(after[key], value, key)

        # The public window's address does not serve the figures.
        status, _, _ = self.get(self.web_port, "/metrics")
        self.assertEqual(status, 404)
        # And the metrics address serves nothing else.
        self.assertEqual(self.get(self.metrics_port, "/")[0], 404)

    def test_the_oldest_queued_reply_ages_while_the_smarthost_is_down(self):
        self.daemon.start()  # nothing listens on the smarthost's port yet
        self.send("carol@example.org", "help")
        wait_until(lambda: [r for r in self.server.query("SELECT attempts FROM outbox") if r["attempts"] >= 2],
                   what="the reply to have failed twice")
        stuck = wait_until(lambda: (lambda s: s if self.value(s, "pbem_outbox_oldest_queued_age_seconds") > 0 else None)(
            self.scrape()), what="the oldest queued reply to have an age")
        self.assertEqual(self.value(stuck, "pbem_outbox_queued_messages"), 1)
        self.assertGreaterEqual(self.value(stuck, "pbem_deliveries_total", result="retry"), 2)
        self.assertEqual(self.value(stuck, "pbem_deliveries_total", result="sent"), 0)
        self.assertEqual(self.value(stuck, "pbem_messages_processed_total", result="processed"), 1)

        self.sink.start()
        self.wait_idle()
        drained = self.scrape()
        self.assertEqual(self.value(drained, "pbem_outbox_queued_messages"), 0)
        self.assertEqual(self.value(drained, "pbem_outbox_oldest_queued_age_seconds"), 0)
        self.assertEqual(self.value(drained, "pbem_deliveries_total", result="sent"), 1)

    def test_a_port_in_use_stops_the_start_and_the_window_address_is_refused(self):
        self.sink.start()
        self.daemon.start()
        other = DaemonServer(free_port(), {"metrics": {"listen": f"127.0.0.1:{self.metrics_port}"}})
        self.addCleanup(other.close)
        refused = subprocess.run([os.path.join(os.path.dirname(other.pbem_command()[0]), "pbemd"),
                                  "--config", other.config], capture_output=True, timeout=60)
        self.assertEqual(refused.returncode, 1)
        self.assertIn(f"metrics: cannot listen on 127.0.0.1:{self.metrics_port}", refused.stderr.decode())
        same = DaemonServer(free_port(), {"metrics": {"listen": "127.0.0.1:9464"},
                                          "web": {"listen": "127.0.0.1:9464"}})
        self.addCleanup(same.close)
        refused = subprocess.run([os.path.join(os.path.dirname(same.pbem_command()[0]), "pbemd"),
                                  "--config", same.config], capture_output=True, timeout=60)
        self.assertEqual(refused.returncode, 78)
        self.assertIn("metrics.listen", refused.stderr.decode())
        self.assertIn("must not be web.listen's address", refused.stderr.decode())


class AlertRule(unittest.TestCase):
    def test_the_sample_rule_in_operating_md_passes_promtool(self):
        block = alert_rule_block()
        self.assertIn("pbem_outbox_oldest_queued_age_seconds > 900", block)
        self.assertIn("for: 10m", block)
        directory = tempfile.mkdtemp(prefix="pbem-rules-")
        self.addCleanup(shutil.rmtree, directory)
        path = os.path.join(directory, "pbem.rules.yml")
        with open(path, "w") as f:
            f.write(block)
        checked = promtool("check", "rules", path)
        self.assertEqual(checked.returncode, 0, checked.stdout.decode() + checked.stderr.decode())
        self.assertIn(b"SUCCESS: 1 rules found", checked.stdout)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
