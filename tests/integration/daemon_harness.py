"""Helpers for driving a real `pbemd`: a daemon on a free loopback port whose smarthost is
a real SMTP sink that captures the replies, plus SMTP clients (smtplib, swaks and a raw
socket client for protocol edge cases).

Two sinks, both real SMTP servers on 127.0.0.1:
- PostfixSink: Postfix's /usr/sbin/smtp-sink dumping every message to a file (realism);
- PythonSink: a small smtpd server in a thread that records each message with its arrival
  time (easy to parse, and lets a test see exactly when a reply arrived).
Every process started here is stopped by close()/stop(), with bounded waits."""
import collections
import email
import email.policy
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import warnings

import pbem_harness
from pbem_harness import Server

with warnings.catch_warnings():
    # smtpd/asyncore are deprecated (removed in 3.12); python 3.11 is the target here.
    warnings.simplefilter("ignore", DeprecationWarning)
    import asyncore
    import smtpd

SMTP_SINK = "/usr/sbin/smtp-sink"
SMTP_SOURCE = "/usr/sbin/smtp-source"
SERVER_ADDRESS = "pbem@test.example"

# Generous bounds: the sanitizer build is several times slower. These are limits on how
# long a test waits for something that must happen, never assertions about speed.
START_TIMEOUT = 60
STOP_TIMEOUT = 60
WAIT_TIMEOUT = 180


def pbemd_binary():
    return os.path.join(pbem_harness.BUILD, "server", "pbemd")


def free_port():
    """A loopback port that was free a moment ago (the daemon refuses port 0)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def crlf(raw):
    """Message bytes with CRLF line ends, as a mail client puts them on the wire."""
    return raw.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")


def parse(raw):
    return email.message_from_bytes(raw, policy=email.policy.default)


def message_id_of(raw):
    """The Message-ID of a raw message, without angle brackets."""
    match = re.search(rb"^Message-I[Dd]:\s*<([^>]+)>", raw, re.MULTILINE | re.IGNORECASE)
    return match.group(1).decode() if match else None


def bare_id(value):
    return value.strip().strip("<>") if value else None


def wait_until(predicate, timeout=WAIT_TIMEOUT, interval=0.05, what="condition"):
    """Polls `predicate` until it returns something true; fails after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout}s waiting for {what}")
        time.sleep(interval)


def wait_for_smtp(port, timeout=START_TIMEOUT, alive=lambda: True):
    """Waits until an SMTP server on 127.0.0.1:port greets with 220, then says QUIT."""
    deadline = time.monotonic() + timeout
    while True:
        if not alive():
            raise AssertionError(f"the server for port {port} exited while starting")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
                banner = s.recv(512)
                if banner.startswith(b"220"):
                    s.sendall(b"QUIT\r\n")
                    s.recv(512)
                    return
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise AssertionError(f"nothing answered SMTP on 127.0.0.1:{port} within {timeout}s")
        time.sleep(0.05)


def deep_merge(base, extra):
    for key, value in (extra or {}).items():
        if isinstance(value, dict) and isinstance(base.get(key), dict):
            deep_merge(base[key], value)
        else:
            base[key] = value
    return base


class DaemonServer(Server):
    """A scratch server directory whose configuration points pbemd at a free port and its
    smarthost at `sink_port`. Retries are quick (1 s) so a test sees them, and so is the end
    of a claim on PostgreSQL (2 s): after a kill -9 the restarted daemon sends what the
    killed one had claimed without the production wait."""

    def __init__(self, sink_port, extra_config=None):
        self.port = free_port()
        config = {"smtp": {"listen": f"127.0.0.1:{self.port}"},
                  "smarthost": {"host": "127.0.0.1", "port": sink_port},
                  "outbox": {"initial_retry_seconds": 1, "max_retry_seconds": 1, "max_attempts": 1000,
                             "claim_seconds": 2}}
        super().__init__(deep_merge(config, extra_config))

    def counts(self, table, column="state"):
        """{state: rows} of the inbox or outbox."""
        return {r[column]: r["n"] for r in self.query(f"SELECT {column}, count(*) AS n FROM {table} GROUP BY {column}")}

    def idle(self):
        """Nothing pending: every inbox row processed and every outbox row sent (or failed)."""
        return (self.counts("inbox").get("received", 0) == 0 and self.counts("outbox").get("queued", 0) == 0)


class Daemon:
    """One `pbemd` process (restartable) for a DaemonServer; each run logs to its own file."""

    def __init__(self, server, prefix=()):
        self.server = server
        self.prefix = list(prefix)  # e.g. clock_harness.running_clock_prefix(when): a clock of its own
        self.port = server.port
        self.proc = None
        self.log_paths = []

    def start(self):
        assert self.proc is None or self.proc.poll() is not None, "already running"
        path = os.path.join(self.server.path, f"pbemd-{len(self.log_paths) + 1}.log")
        self.log_paths.append(path)
        with open(path, "wb") as log:
            self.proc = subprocess.Popen(self.prefix + [pbemd_binary(), "--config", self.server.config],
                                         stdin=subprocess.DEVNULL, stdout=log, stderr=log)
        wait_for_smtp(self.port, alive=lambda: self.proc.poll() is None)
        return self

    def running(self):
        return self.proc is not None and self.proc.poll() is None

    def terminate(self, timeout=STOP_TIMEOUT):
        """SIGTERM; returns the exit status. Fails (after a kill -9) if it does not exit."""
        self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise AssertionError(f"pbemd did not exit within {timeout}s of SIGTERM")

    def kill(self):
        """kill -9: no clean-up of any kind, as a power cut."""
        if self.running():
            self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=STOP_TIMEOUT)

    def close(self):
        """Stops a daemon still running (tearDown); returns its exit status or None."""
        if not self.running():
            return None
        return self.terminate()

    def log(self, run=-1):
        with open(self.log_paths[run], "rb") as f:
            return f.read().decode(errors="replace")

    def all_logs(self):
        return "\n".join(f"--- pbemd run {n + 1} ---\n{self.log(n)}" for n in range(len(self.log_paths)))


class Arrival:
    """One message that reached a sink."""

    def __init__(self, when, mail_from, recipients, data, peer=None, began=None):
        self.when = when  # time.time() when the sink had the whole message
        # time.time() when the sink answered DATA (PythonSink only): the client was alive
        # then, since it sent the message only after that answer. `when` may come later than
        # the client's last act by however long the sink took to read what it had sent.
        self.began = began
        self.peer = peer  # the client's (address, port): one per connection
        self.mail_from = mail_from
        self.recipients = recipients
        self.data = data
        self.message = parse(data)

    @property
    def message_id(self):
        return bare_id(self.message["Message-ID"])

    @property
    def in_reply_to(self):
        return bare_id(self.message["In-Reply-To"])


class _RecordingSmtpChannel(smtpd.SMTPChannel):
    """Notes when it answers DATA: the moment before which the client began the message."""

    def smtp_DATA(self, arg):
        self.smtp_server.data_answered[self.peer] = time.time()
        super().smtp_DATA(arg)


class _RecordingSmtpServer(smtpd.SMTPServer):
    channel_class = _RecordingSmtpChannel

    def __init__(self, sink, port, socket_map):
        self.sink = sink
        self.data_answered = {}  # peer -> when its current transaction's DATA was answered
        super().__init__(("127.0.0.1", port), None, map=socket_map, decode_data=False)

    def process_message(self, peer, mailfrom, rcpttos, data, **kwargs):
        began = self.data_answered.pop(peer, None)
        self.sink._record(Arrival(time.time(), mailfrom, list(rcpttos), data, peer, began))


class PythonSink:
    """An SMTP server in a thread that keeps every message with its arrival time."""

    def __init__(self, port=None):
        self.port = port or free_port()
        self.arrivals = []
        self._lock = threading.Condition()
        self._map = {}
        self._server = None
        self._thread = None
        self._stopping = False

    def start(self):
        self._stopping = False
        self._server = _RecordingSmtpServer(self, self.port, self._map)
        self._thread = threading.Thread(target=self._loop, name="python-sink", daemon=True)
        self._thread.start()
        wait_for_smtp(self.port)
        return self

    def _loop(self):
        while not self._stopping:
            asyncore.loop(timeout=0.05, map=self._map, count=1)

    def _record(self, arrival):
        with self._lock:
            self.arrivals.append(arrival)
            self._lock.notify_all()

    def stop(self):
        if self._thread is None:
            return
        self._stopping = True
        self._thread.join(timeout=STOP_TIMEOUT)
        asyncore.close_all(map=self._map)
        self._thread = None

    def received(self):
        with self._lock:
            return list(self.arrivals)

    def open_connections(self):
        """Client connections open right now (the map also holds the listening socket)."""
        return len([c for c in list(self._map.values()) if c is not self._server])

    def wait_for_count(self, count, timeout=WAIT_TIMEOUT):
        """Waits until at least `count` messages have arrived; returns all of them."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while len(self.arrivals) < count:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"the sink has {len(self.arrivals)} messages, expected {count}")
                self._lock.wait(left)
            return list(self.arrivals)


class PostfixSink:
    """Postfix's smtp-sink, dumping each message to its own file in a scratch directory."""

    def __init__(self, port=None):
        self.port = port or free_port()
        # Run as root, smtp-sink drops its privileges to `nobody`, which must be able to
        # reach and write the dump directory: its own world-writable (sticky) directory.
        self._dir = tempfile.TemporaryDirectory(prefix="pbem-sink-")
        self.dump_dir = self._dir.name
        os.chmod(self.dump_dir, 0o1777)
        self.proc = None

    def start(self, extra_args=()):
        user = ["-u", "nobody"] if os.geteuid() == 0 else []
        self.proc = subprocess.Popen([SMTP_SINK, *user, *extra_args, "-d", os.path.join(self.dump_dir, "%M."),
                                      f"127.0.0.1:{self.port}", "64"],
                                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        wait_for_smtp(self.port, alive=lambda: self.proc.poll() is None)
        return self

    def stop(self):
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=STOP_TIMEOUT)
        if self.proc is not None and self.proc.stderr:
            self.proc.stderr.close()
        self._dir.cleanup()

    def files(self):
        return sorted(os.path.join(self.dump_dir, n) for n in os.listdir(self.dump_dir))

    def received(self):
        """Every complete dumped message (a dump ends with the empty line smtp-sink adds)."""
        arrivals = []
        for path in self.files():
            with open(path, "rb") as f:
                data = f.read()
            if not data.endswith(b"\n\n"):
                continue  # still being written
            headers = parse(data)
            recipients = [bare_id(v) for v in headers.get_all("X-Rcpt-Args", [])]
            arrivals.append(Arrival(os.stat(path).st_mtime, bare_id(headers["X-Mail-Args"]), recipients, data))
        return sorted(arrivals, key=lambda a: a.when)  # in order of arrival, as PythonSink

    def wait_for_count(self, count, timeout=WAIT_TIMEOUT):
        return wait_until(lambda: (lambda got: got if len(got) >= count else None)(self.received()),
                          timeout=timeout, what=f"{count} messages in smtp-sink's dump")


class ShowsLogsOnFailure:
    """unittest.TestCase mixin: a failing test prints `self.logs` (what the daemons saw),
    which tearDown saves before the server directories go."""

    def run(self, result=None):
        result = result if result is not None else self.defaultTestResult()
        before = len(result.failures) + len(result.errors)
        super().run(result)
        if len(result.failures) + len(result.errors) > before and getattr(self, "logs", ""):
            print(f"\n===== {self.id()}: pbemd logs =====\n{self.logs}", file=sys.stderr)
        return result


def replies_sent_twice(test, server, sink, moment=lambda arrival: arrival.when):
    """Checks that every outbox row is marked sent and reached the sink, none more than
    twice; returns {Message-ID: [first, second]} of those that came twice, each copy as its
    `moment` (by default when it arrived)."""
    sent = [r["message_id"] for r in server.query("SELECT message_id FROM outbox")]
    test.assertEqual(server.counts("outbox"), {"sent": len(sent)})
    copies = collections.defaultdict(list)
    for arrival in sink.received():
        copies[arrival.message_id].append(moment(arrival))
    test.assertEqual(sorted(copies), sorted(sent))
    duplicated = {mid: times for mid, times in copies.items() if len(times) > 1}
    for mid, times in duplicated.items():
        test.assertEqual(len(times), 2, mid)
    return duplicated


def assert_never_marked_sent(test, message_id, log):
    """A reply sent twice must be one the daemon's log never recorded as sent."""
    marked = re.search(rf"<{re.escape(message_id)}>: (delivered$|delivery recorded late)", log, re.MULTILINE)
    test.assertIsNone(marked, f"{message_id} was marked sent, yet sent again")


def send_smtplib(port, raw, mail_from, recipients=(SERVER_ADDRESS,), timeout=60):
    """Sends one message with Python's smtplib, one connection per message as most clients
    do. Returns normally only after 250; raises otherwise."""
    import smtplib
    with smtplib.SMTP("127.0.0.1", port, timeout=timeout) as client:
        client.sendmail(mail_from, list(recipients), crlf(raw))


def send_swaks(port, path, mail_from, recipient=SERVER_ADDRESS, timeout=60):
    """Sends a message file with swaks; returns (exit status, transcript)."""
    p = subprocess.run(["swaks", "--server", f"127.0.0.1:{port}", "--from", mail_from or "<>", "--to", recipient,
                        "--helo", "client.example", "--data", path, "--timeout", "30"],
                       capture_output=True, timeout=timeout)
    return p.returncode, p.stdout.decode(errors="replace") + p.stderr.decode(errors="replace")


class RawSmtp:
    """A hand-driven SMTP client on a plain socket, for pipelining, partial DATA and
    other things a library client will not do."""

    def __init__(self, port, timeout=60):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        self.buffer = b""

    def send(self, data):
        self.sock.sendall(data if isinstance(data, bytes) else data.encode())

    def _line(self):
        while b"\r\n" not in self.buffer:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("server closed the connection")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\r\n", 1)
        return line.decode()

    def reply(self):
        """One (possibly multi-line) reply: (code, [text lines])."""
        lines = []
        while True:
            line = self._line()
            lines.append(line[4:])
            if line[3:4] != "-":
                return int(line[:3]), lines

    def command(self, line):
        self.send(line + "\r\n")
        return self.reply()

    def closed_by_server(self):
        """True when the server has closed its side (reads EOF)."""
        try:
            return self.sock.recv(4096) == b""
        except ConnectionResetError:
            return True

    def close(self):
        self.sock.close()
