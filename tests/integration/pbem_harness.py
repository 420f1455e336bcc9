"""Shared helpers for the integration tests: a scratch server directory, real MIME mail
built with Python's email package (as a mail client would), and `pbem ingest`."""
import email
import email.policy
import json
import mailbox
import os
import re
import sqlite3
import subprocess
import tempfile
import unittest
import uuid
from email.message import EmailMessage
from email.utils import formatdate

BUILD = None

# scripts/with-postgres.sh sets this: every Server then gets a fresh schema in that
# PostgreSQL database instead of a SQLite file (issue 16: the suites on both engines).
POSTGRES = os.environ.get("PBEM_TEST_POSTGRES", "")


def build_dir(argv):
    global BUILD
    BUILD = os.path.abspath(argv[1] if len(argv) > 1 else "build")
    return BUILD


def pbem_binary():
    return os.path.join(BUILD, "server", "pbem")


class Server:
    """A configuration file and database in a temporary directory."""

    def __init__(self, extra_config=None):
        self.dir = tempfile.TemporaryDirectory(prefix="pbem-test-")
        self.path = self.dir.name
        config = {"server": {"address": "pbem@test.example", "name": "Test PBeM"},
                  "limits": {"replies_per_hour": 1000}}
        for key, value in (extra_config or {}).items():
            config.setdefault(key, {}).update(value) if isinstance(value, dict) else config.update({key: value})
        self.db_path = os.path.join(self.path, "pbem.sqlite")
        self.postgres = None
        if POSTGRES and "database" not in config:
            self.postgres = postgres_schema(POSTGRES)
            config["database"] = self.postgres
        self.config = os.path.join(self.path, "pbem.json")
        with open(self.config, "w") as f:
            json.dump(config, f)

    def close(self):
        self.dir.cleanup()

    def pbem_command(self, *args):
        """The command line that runs pbem with this server's configuration."""
        return [pbem_binary(), "--config", self.config, *args]

    def pbem(self, *args, stdin=None, env=None):
        full_env = dict(os.environ)
        full_env.update(env or {})
        return subprocess.run([pbem_binary(), "--config", self.config, *args], input=stdin,
                              capture_output=True, env=full_env, timeout=120)

    def ingest(self, raw, sender=None, env=None):
        args = ["ingest"] + (["--sender", sender] if sender is not None else [])
        return self.pbem(*args, stdin=raw if isinstance(raw, bytes) else raw.encode(), env=env)

    def db(self):
        con = sqlite3.connect(self.db_path)
        con.row_factory = sqlite3.Row
        return con

    def query(self, sql, *params):
        if self.postgres:
            return postgres_query(self.postgres, sql, params)
        with self.db() as con:
            return [dict(r) for r in con.execute(sql, params)]

    def outbox(self):
        """Queued messages (oldest first) parsed from `pbem outbox` (mbox)."""
        p = self.pbem("outbox")
        assert p.returncode == 0, p.stderr
        path = os.path.join(self.path, "outbox.mbox")
        with open(path, "wb") as f:
            f.write(p.stdout)
        box = mailbox.mbox(path)
        msgs = [email.message_from_bytes(m.as_bytes(), policy=email.policy.default) for m in box]
        box.close()
        return msgs


    def signup_and_confirm(self, sender, userid, password, addresses=(), challenges="auto"):
        """Signs `userid` up from `sender` and confirms every address with the code the
        server queued for it, as the owner reading that mail would. Then sets `challenges`
        (auto: a challenge to them starts the game at once, as the tests written before
        invitations expect; None keeps the server's default, ask)."""
        for command in [f"signup {userid} {password} {' '.join(addresses)}".strip()]:
            p = self.ingest(make_mail(sender, command))
            assert p.returncode == 0, p.stderr
        for code in confirmation_codes(self.outbox(), userid):
            p = self.ingest(make_mail(sender, f"confirm {userid} {code}"))
            assert p.returncode == 0, p.stderr
        if challenges:
            self.set_challenges(sender, userid, password, challenges)

    def set_challenges(self, sender, userid, password, challenges):
        p = self.ingest(make_mail(sender, f"set {userid} {password} challenges {challenges}"))
        assert p.returncode == 0, p.stderr


_schemas_made = 0


def postgres_schema(base_uri):
    """A new schema in the PostgreSQL database `base_uri`; the URI that works in it."""
    global _schemas_made
    _schemas_made += 1
    schema = f"it{os.getpid()}_{_schemas_made}"
    subprocess.run(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", base_uri, "-c", f"CREATE SCHEMA {schema}"],
                   check=True, capture_output=True)
    return base_uri + ("&" if "?" in base_uri else "?") + "options=-csearch_path%3D" + schema


def _literal(value):
    if value is None:
        return "NULL"
    if isinstance(value, (int, float)):
        return repr(value)
    return "'" + str(value).replace("'", "''") + "'"


def postgres_query(uri, sql, params):
    """The rows of `sql` (with `?` parameters, as sqlite3 takes them) as dicts, through
    psql: SELECTs come back as JSON, so numbers stay numbers; bytea comes as bytes."""
    parts = sql.split("?")
    if len(parts) - 1 != len(params):
        raise ValueError(f"{len(params)} parameters for {sql!r}")
    text = parts[0] + "".join(_literal(v) + rest for v, rest in zip(params, parts[1:]))
    is_select = text.lstrip().upper().startswith("SELECT")
    if is_select:
        text = f"SELECT coalesce(json_agg(q), '[]') FROM ({text}) q"
    p = subprocess.run(["psql", "-X", "-q", "-t", "-A", "-v", "ON_ERROR_STOP=1", uri, "-c", text],
                       capture_output=True, text=True, timeout=60)
    if p.returncode != 0:
        raise RuntimeError(f"psql: {p.stderr.strip()} in {text!r}")
    if not is_select:
        return []
    rows = json.loads(p.stdout)
    for row in rows:
        for key, value in row.items():
            if isinstance(value, str) and value.startswith("\\x"):
                row[key] = bytes.fromhex(value[2:])
    return rows


class IngestCase(unittest.TestCase):
    """A fresh server per test; mail goes in through `pbem ingest`, everything it logs is
    kept in `self.log`, and `new_replies()` gives what was queued since the last call."""
    extra_config = None

    def setUp(self):
        self.server = Server(self.extra_config)
        self.seen = 0
        self.log = b""

    def tearDown(self):
        self.server.close()

    def ingest(self, raw):
        p = self.server.ingest(raw)
        self.assertEqual(p.returncode, 0, p.stderr.decode())
        self.log += p.stderr
        return p

    def send(self, sender, subject, body="", **kw):
        return self.ingest(make_mail(sender, subject, body, **kw))

    def new_replies(self):
        """Mail queued since the last call."""
        msgs = self.server.outbox()
        fresh = msgs[self.seen:]
        self.seen = len(msgs)
        return fresh


class PlayersCase(IngestCase):
    """An IngestCase whose players are `players` (userid -> (address, password)): their
    commands, the mails to one of them, and refusals that must leave `state_tables` as they
    were (test_invitations.py, test_takebacks.py)."""
    players = {}
    state_tables = []

    def command(self, userid, text):
        """Sends `text` from userid's address, with `PW` standing for their password."""
        self.send(self.players[userid][0], text.replace("PW", self.players[userid][1]))
        return self.new_replies()

    def to(self, mails, userid):
        return [m for m in mails if m["To"].addresses[0].addr_spec == self.players[userid][0]]

    def state(self):
        return {table: self.server.query(f"SELECT * FROM {table}") for table in self.state_tables}

    def refused(self, userid, text, error):
        """A refusal: exactly one reply, to the sender, naming `error`, with no password in
        it; nothing changed."""
        before = self.state()
        mails = self.command(userid, text)
        self.assertEqual(len(mails), 1, [m["Subject"] for m in mails])
        self.assertEqual(mails[0]["To"].addresses[0].addr_spec, self.players[userid][0])
        self.assertIn(error, " ".join(text_of(mails[0]).split()))
        self.assertEqual(self.state(), before)
        for password in (p for _, p in self.players.values()):
            self.assertNotIn(password, mails[0].as_string())
        return mails[0]


CONFIRM_LINE = re.compile(r"confirm ([a-z0-9_-]+) ([a-z0-9]+)")


def confirmation_codes(messages, userid):
    """The confirmation codes mailed for `userid` in `messages`, oldest first."""
    codes = []
    for msg in messages:
        for found in CONFIRM_LINE.finditer(text_of(msg)):
            if found.group(1) == userid and found.group(2) not in codes:
                codes.append(found.group(2))
    return codes


def make_mail(sender, subject, body="", message_id=None, headers=None, to="pbem@test.example"):
    """A plain message as a simple mail client writes it."""
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = to
    msg["Subject"] = subject
    msg["Date"] = formatdate(localtime=False)
    msg["Message-ID"] = message_id or f"<{uuid.uuid4()}@client.example>"
    for key, value in (headers or {}).items():
        msg[key] = value
    msg.set_content(body or "\n")
    return msg.as_bytes()


def text_of(msg):
    """The text/plain part of a reply."""
    part = msg.get_body(preferencelist=("plain",))
    return part.get_content()


def html_of(msg):
    part = msg.get_body(preferencelist=("html",))
    return part.get_content()


def free_port():
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PostfixSink:
    """Postfix's smtp-sink on a free loopback port, dumping each message into a folder."""

    def __init__(self):
        import time
        self.port = free_port()
        self.dir = tempfile.mkdtemp(prefix="pbem-sink-")
        os.chmod(self.dir, 0o777)  # smtp-sink drops privileges to nobody when run as root
        args = ["/usr/sbin/smtp-sink", "-d", os.path.join(self.dir, "%M."), f"127.0.0.1:{self.port}", "50"]
        if os.geteuid() == 0:
            args[1:1] = ["-u", "nobody"]
        self.process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        import socket
        deadline = time.time() + 10
        while time.time() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("smtp-sink did not start")

    def messages(self):
        msgs = []
        for name in sorted(os.listdir(self.dir)):
            with open(os.path.join(self.dir, name), "rb") as f:
                msgs.append(email.message_from_bytes(f.read(), policy=email.policy.default))
        return msgs

    def close(self):
        import shutil
        self.process.terminate()
        self.process.wait(timeout=10)
        shutil.rmtree(self.dir, ignore_errors=True)


def run_cli(*args):
    """`pbem <args>` without a configuration: (exit status, stdout, stderr) as text."""
    p = subprocess.run([pbem_binary(), *args], capture_output=True, text=True, timeout=60)
    return p.returncode, p.stdout, p.stderr


def json_lines(text):
    return [json.loads(line) for line in text.splitlines()]
