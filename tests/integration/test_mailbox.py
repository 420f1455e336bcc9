"""config/mailbox.md as written (issue 45 item 1): an ordinary mailbox fetched by getmail6
into `pbem ingest`, replies by SMTP submission with STARTTLS and AUTH, followed from the
doc's own text against a real Dovecot, and a whole game played through it.

A private Dovecot runs from a temporary directory (`dovecot -c FILE`: its own
configuration, base and state directories, log, a self-signed certificate made here, one
passwd-file user with the doc's address and password, Maildir in the temporary
directory), listening on 127.0.0.1 only: IMAPS on a free port, and its submission service
(STARTTLS required, AUTH against the same user, as a provider's port 587) on another,
relaying what it accepts to a recording SMTP sink. It plays the provider: the test puts
each player's mail into the INBOX by IMAP APPEND, as the provider's delivery would.

The test walks config/mailbox.md top to bottom: its `sh` blocks run line by line, its
`pbem.json` and `getmailrc` blocks are written, its `cron.d` lines are run (as their user,
with cron's PATH) whenever the test waits for a reply, with only the doc's paths
(/etc/pbem, /var/lib/pbem, /usr/local/bin, the CA bundle: here the self-signed
certificate), the provider's host names and ports (993, 587) and the user `pbem` (here
`nobody`) replaced. Three kinds of line cannot run on a test machine and are done the same
way instead: `apt-get install` (the packages must be installed: checked), `cmake
--install` (the built programs are copied) and `useradd` (`nobody` and a home for it).

Checked: the doc's own check (help), two players sign up and confirm, a challenge, a move
by command, moves by replying to the game address; every message is gone from the mailbox
once `pbem ingest` took it; every reply reached the sink through the submission service
after STARTTLS and AUTH (Dovecot refuses MAIL without AUTH; its log shows the logins over
TLS, its Received header `ESMTPSA`). And a message `pbem ingest` cannot store (exit 75:
the database `pbem` cannot write) stays in the mailbox and is handled at a later run.

Needs root (Dovecot's master switches users); exits 77 (skipped) without Dovecot's IMAP
and submission services, getmail6, or root."""
import email.utils
import imaplib
import json
import os
import re
import shlex
import shutil
import smtplib
import ssl
import subprocess
import sys
import tempfile
import time
import unittest
import uuid
from email.message import EmailMessage

from daemon_harness import PythonSink, free_port
from doc_game import fenced_blocks, file_text, open_game, shown
from pbem_harness import build_dir, pbem_binary

build_dir(sys.argv)

SOURCE = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DOC = os.path.join(SOURCE, "config", "mailbox.md")
USER, GROUP = "nobody", "nogroup"  # stands in for the doc's user `pbem`
ALICE, BOB, YOU = "alice@example.org", "bob@example.org", "you@example.org"
WAIT = 60  # a bound on each wait, never an assertion about speed
HELP = r"^Subject: Help\n"
SETUP = ("Install", "pbem.json", "getmailrc", "The clock")  # the doc's sections, by heading
CHECK = ("Check",)

for path, package in (("/usr/sbin/dovecot", "dovecot-imapd"), ("/usr/lib/dovecot/imap-login", "dovecot-imapd"),
                      ("/usr/lib/dovecot/submission-login", "dovecot-submissiond"), ("/usr/bin/getmail", "getmail6")):
    if not os.path.exists(path):
        print(f"skipped: {path} is missing ({package}; scripts/install-deps.sh installs it)")
        sys.exit(77)
if os.geteuid() != 0:
    print("skipped: a private Dovecot needs root (its master switches to the mail and login users)")
    sys.exit(77)


def getmailrc_value(text, key):
    return re.search(rf"^{key} = (.*)$", text, re.MULTILINE).group(1).strip()


def quiet(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, timeout=WAIT, **kw)


def as_user(args):
    return ["setpriv", f"--reuid={USER}", f"--regid={GROUP}", "--clear-groups", *args]


class PrivateDovecot:
    """A Dovecot of its own in `root`: IMAPS and submission on loopback, one user."""

    def __init__(self, root, user, password, relay_port):
        self.root = root
        self.user, self.password = user, password
        self.imaps_port, self.submission_port = free_port(), free_port()
        self.config = os.path.join(root, "dovecot.conf")
        self.log = os.path.join(root, "dovecot.log")
        self.certificate = os.path.join(root, "cert.pem")
        key = os.path.join(root, "key.pem")
        p = quiet(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out",
                   self.certificate, "-days", "2", "-subj", "/CN=localhost",
                   "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"])
        assert p.returncode == 0, p.stderr
        os.chmod(self.certificate, 0o644)  # getmail, as the doc's user, verifies against it
        for name in ("run", "state"):
            os.mkdir(os.path.join(root, name), 0o755)
        mail = os.path.join(root, "mail")
        os.mkdir(mail, 0o755)
        shutil.chown(mail, USER, GROUP)
        users = os.path.join(root, "users")
        with open(users, "w") as f:
            f.write(f"{user}:{{PLAIN}}{password}\n")
        with open(self.config, "w") as f:
            f.write(f"""# tests/integration/test_mailbox.py: a private instance, not the system's
base_dir = {root}/run
state_dir = {root}/state
log_path = {self.log}
protocols = imap submission
listen = 127.0.0.1
ssl = required
ssl_cert = <{self.certificate}
ssl_key = <{key}
auth_mechanisms = plain login
passdb {{
  driver = passwd-file
  args = scheme=PLAIN {users}
}}
userdb {{
  driver = static
  args = uid={USER} gid={GROUP} home={mail}/%u
}}
mail_location = maildir:~/Maildir
hostname = mail.example.net
submission_relay_host = 127.0.0.1
submission_relay_port = {relay_port}
service imap-login {{
  inet_listener imap {{
    port = 0
  }}
  inet_listener imaps {{
    port = {self.imaps_port}
    ssl = yes
  }}
}}
service submission-login {{
  inet_listener submission {{
    port = {self.submission_port}
  }}
}}
""")

    def start(self):
        # The master goes into the background holding the descriptors it was given: not a pipe.
        with tempfile.TemporaryFile("w+") as output:
            code = subprocess.call(["/usr/sbin/dovecot", "-c", self.config], stdin=subprocess.DEVNULL,
                                   stdout=output, stderr=output, timeout=WAIT)
            output.seek(0)
            assert code == 0, f"dovecot: {output.read()}\n{self.log_text()}"
        deadline = time.monotonic() + WAIT
        while True:
            try:
                self.imap().logout()
                return
            except OSError:
                if time.monotonic() > deadline:
                    raise AssertionError(f"Dovecot's IMAPS did not answer\n{self.log_text()}")
                time.sleep(0.05)

    def stop(self):
        pid_file = os.path.join(self.root, "run", "master.pid")
        if not os.path.exists(pid_file):
            return
        with open(pid_file) as f:
            pid = int(f.read().split()[0])
        quiet(["/usr/sbin/dovecot", "-c", self.config, "stop"])
        deadline = time.monotonic() + WAIT
        while os.path.exists(f"/proc/{pid}") and time.monotonic() < deadline:
            time.sleep(0.05)

    def imap(self):
        connection = imaplib.IMAP4_SSL("127.0.0.1", self.imaps_port, timeout=WAIT,
                                       ssl_context=ssl.create_default_context(cafile=self.certificate))
        connection.login(self.user, self.password)
        return connection

    def deliver(self, raw):
        """What the provider does with a mail to the mailbox: put it into the INBOX."""
        connection = self.imap()
        try:
            status, _ = connection.append("INBOX", None, None, raw)
            assert status == "OK", status
        finally:
            connection.logout()

    def inbox_count(self):
        connection = self.imap()
        try:
            status, data = connection.select("INBOX", readonly=True)
            assert status == "OK", status
            return int(data[0])
        finally:
            connection.logout()

    def log_text(self):
        return file_text(self.log)


class MailboxWay(unittest.TestCase):
    def setUp(self):
        self.root = tempfile.mkdtemp(prefix="pbem-mailbox-")
        os.chmod(self.root, 0o755)  # `nobody` reaches the programs, the configuration and the database
        self.addCleanup(shutil.rmtree, self.root, True)
        self.blocks = fenced_blocks(DOC)
        unknown = {section for section, _, _ in self.blocks if not section.startswith(SETUP + CHECK)}
        self.assertEqual(unknown, set(), "a section with blocks this test does not follow")
        getmailrc = next(text for _, info, text in self.blocks if info == "getmailrc")
        self.address = getmailrc_value(getmailrc, "username")
        self.sink = PythonSink().start()
        self.addCleanup(self.sink.stop)
        self.dovecot = PrivateDovecot(self.root, self.address, getmailrc_value(getmailrc, "password"), self.sink.port)
        self.addCleanup(self.dovecot.stop)  # runs even when start fails halfway
        self.dovecot.start()
        self.cron = []
        self.cron_output = ""
        self.used = set()  # Message-IDs of the replies expect() has matched
        self.paths = {"/etc/ssl/certs/ca-certificates.crt": self.dovecot.certificate,
                      "/etc/pbem": os.path.join(self.root, "etc-pbem"),
                      "/var/lib/pbem": os.path.join(self.root, "lib-pbem"),
                      "/usr/local/bin": os.path.join(self.root, "bin")}

    def run(self, result=None):
        """A failing test shows Dovecot's log and the cron jobs' output."""
        result = result if result is not None else self.defaultTestResult()
        before = len(result.failures) + len(result.errors)
        super().run(result)
        if len(result.failures) + len(result.errors) > before:
            print(f"\n===== {self.id()}: logs =====\n{getattr(self, 'logs', '')}", file=sys.stderr)
        return result

    def doCleanups(self):
        if hasattr(self, "dovecot"):
            self.logs = f"--- dovecot ---\n{self.dovecot.log_text()}\n--- cron ---\n{getattr(self, 'cron_output', '')}"
        return super().doCleanups()

    # ---- following the doc

    def substitute(self, text):
        """The doc's text with this machine's paths, provider, ports and user."""
        for path, mine in self.paths.items():
            text = re.sub(re.escape(path) + r"\b", mine, text)
        text = text.replace("imap.example.net", "localhost")  # the certificate's name
        text = text.replace("smtp.example.net", "127.0.0.1")
        text = re.sub(r"^port = 993$", f"port = {self.dovecot.imaps_port}", text, flags=re.MULTILINE)
        text = re.sub(r'"port": 587\b', f'"port": {self.dovecot.submission_port}', text)
        return re.sub(r"(chown |-u |-o )pbem\b", rf"\g<1>{USER}", text)

    def follow(self, sections):
        """Carries out the blocks of the doc's sections whose headings start with `sections`."""
        for section, info, text in self.blocks:
            if not section.startswith(sections):
                continue
            text = self.substitute(text)
            if info == "sh":
                for line in text.splitlines():
                    if line.strip() and not line.lstrip().startswith("#"):
                        self.shell(line.strip())
            elif info in ("pbem.json", "getmailrc"):
                if info == "pbem.json":
                    self.config = os.path.join(self.paths["/etc/pbem"], "pbem.json")
                    smarthost = json.loads(text)["smarthost"]  # the doc's JSON is well formed
                    self.assertEqual((smarthost["username"], smarthost["password"], smarthost["starttls"]),
                                     (self.dovecot.user, self.dovecot.password, True),
                                     "replies go by submission with the mailbox's own login")
                with open(os.path.join(self.paths["/etc/pbem"], info), "w") as f:
                    f.write(text)
            elif info == "cron.d":
                for line in text.splitlines():
                    if line.strip() and not line.startswith("#"):
                        fields = line.split(None, 6)
                        self.assertEqual(fields[5], "pbem", f"a cron.d line not run as pbem: {line}")
                        self.cron.append(fields[6])
            else:
                self.fail(f"a block of unknown kind {info!r}")

    def shell(self, line):
        words = shlex.split(line)
        if words[0] == "apt-get":
            self.assertEqual(words[1], "install", line)
            for package in words[2:]:
                p = quiet(["dpkg-query", "-W", "-f=${Status}", package])
                self.assertIn("install ok installed", p.stdout, f"{line}: {package} is not installed")
        elif words[0] == "cmake":
            self.assertEqual(words, ["cmake", "--install", "build"])
            os.makedirs(self.paths["/usr/local/bin"], 0o755)
            for program in ("pbem", "pbemd"):
                shutil.copy(os.path.join(os.path.dirname(pbem_binary()), program), self.paths["/usr/local/bin"])
        elif words[0] == "useradd":
            self.assertEqual(words[-1], "pbem", line)
            home = words[words.index("--home-dir") + 1]
            os.mkdir(home, 0o755)
            shutil.chown(home, USER, GROUP)
        else:
            self.assertNotIn("/etc/", line, "the test would touch the system's files")
            p = quiet(["bash", "-c", line], cwd=self.root)
            self.assertEqual(p.returncode, 0, f"{line}\n{p.stdout}{p.stderr}")

    # ---- mail

    def send(self, sender, subject, body="", to=None):
        """A player's mail, as the provider puts it into the mailbox."""
        msg = EmailMessage()
        msg["From"] = sender
        msg["To"] = to or self.address
        msg["Subject"] = subject
        msg["Date"] = email.utils.formatdate()
        msg["Message-ID"] = f"<{uuid.uuid4()}@client.example>"
        msg["Return-Path"] = f"<{sender}>"
        msg.set_content(body or "\n")
        self.dovecot.deliver(msg.as_bytes().replace(b"\n", b"\r\n"))

    def run_cron(self, command):
        p = quiet(as_user(["/bin/sh", "-c", command]), env={"PATH": "/usr/bin:/bin", "HOME": "/", "SHELL": "/bin/sh"})
        self.cron_output += f"$ {command}\n{p.stdout}{p.stderr}(exit {p.returncode})\n"
        return p

    def pump(self):
        """What cron's minute does."""
        for command in self.cron:
            p = self.run_cron(command)
            self.assertEqual(p.returncode, 0, f"cron: {command}\n{p.stdout}{p.stderr}")

    def wait_for(self, predicate, what):
        deadline = time.monotonic() + WAIT
        while True:
            value = predicate()
            if value:
                return value
            if time.monotonic() > deadline:
                self.fail(f"timed out after {WAIT}s waiting for {what}")
            self.pump()

    def expect(self, to, pattern):
        """The next reply to `to` at the sink whose Subject or text matches `pattern`."""
        def found():
            for arrival in self.sink.received():
                key = arrival.message["Message-ID"]
                if to in arrival.recipients and key not in self.used and re.search(pattern, shown(arrival.message)):
                    self.used.add(key)
                    return arrival.message
        return self.wait_for(found, f"a mail to {to} matching {pattern!r}")

    def outbox_queued(self):
        p = quiet(as_user([os.path.join(self.paths["/usr/local/bin"], "pbem"), "--config", self.config, "outbox", "list"]))
        self.assertEqual(p.returncode, 0, p.stderr)
        return p.stdout.splitlines()  # one line per reply not yet handed on

    # ---- the tests

    def test_a_game_through_the_mailbox(self):
        self.follow(SETUP)
        self.assertTrue(self.cron, "the doc's cron file fetches and sends")
        # The doc's own check: help from an account of yours, then its commands by hand.
        self.send(YOU, "help")
        self.follow(CHECK)
        self.assertEqual(self.dovecot.inbox_count(), 0, "the help mail was deleted once ingested")
        self.expect(YOU, HELP)

        board = open_game(self, ALICE, BOB)
        # Moves by replying to the game address in the board mail's Reply-To: a plus
        # address of the mailbox, which the provider delivers into the same INBOX.
        local, domain = self.address.split("@")
        for player, opponent, move, colour in ((BOB, ALICE, "a1", "bob (blue)"), (ALICE, BOB, "c2", "alice (red)")):
            game_address = re.fullmatch(re.escape(local) + r"\+1-[a-z2-7]+@" + re.escape(domain),
                                        board["Reply-To"]).group(0)
            self.send(player, f"Re: {board['Subject']}", body=move, to=game_address)
            self.expect(player, rf"{re.escape(colour)} played {move}")
            board = self.expect(opponent, rf"{re.escape(colour)} played {move}")

        self.assertEqual(self.dovecot.inbox_count(), 0, "every ingested message is deleted")
        self.assertEqual(self.outbox_queued(), [])
        # Every reply went through the submission service after STARTTLS and AUTH: Dovecot
        # marks such mail ESMTPSA (RFC 3848) and logs each login with TLS ...
        arrivals = self.sink.received()
        self.assertEqual(len(arrivals), len(self.used), "every reply that arrived was one expected")
        for arrival in arrivals:
            self.assertRegex(" ".join(arrival.message.get_all("Received", [])), r"with ESMTPSA\b")
            self.assertEqual(arrival.mail_from, self.address)
        self.assertRegex(self.dovecot.log_text(),
                         rf"submission-login: Info: Login: user=<{re.escape(self.address)}>, method=\w+, .*, TLS")
        # ... and it takes no mail from a client that did not log in.
        with smtplib.SMTP("127.0.0.1", self.dovecot.submission_port, timeout=WAIT) as client:
            client.starttls(context=ssl.create_default_context(cafile=self.dovecot.certificate))
            client.ehlo()
            code, _ = client.mail(self.address)
            self.assertEqual(code, 530)

    def test_a_message_not_stored_stays_in_the_mailbox(self):
        self.follow(SETUP)
        database = os.path.join(self.paths["/var/lib/pbem"], "pbem.sqlite")
        fetch = self.cron[0]
        self.assertIn("getmail", fetch)
        # A database `pbem` cannot write (made by root, say): `pbem ingest` exits 75.
        shutil.chown(database, "root", "root")
        os.chmod(database, 0o644)
        self.send(ALICE, "help")
        for _ in range(2):  # and again at the next minute
            p = self.run_cron(fetch)
            self.assertRegex(p.stdout + p.stderr, r"Delivery error \(command pbem \d+ error \(75, ")
            self.assertEqual(self.dovecot.inbox_count(), 1, "kept in the mailbox for the next run")
        self.assertEqual(self.sink.received(), [])
        # Once it can, a later run stores it, answers it and deletes it.
        shutil.chown(database, USER, GROUP)
        self.expect(ALICE, HELP)
        self.assertEqual(self.dovecot.inbox_count(), 0)
        self.assertEqual(len(self.sink.received()), 1)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
