"""config/postfix.md as written (issue 32 item 2): both ways of putting Postfix in front of
pbem, each followed from the doc's own text in a private Postfix instance, and a whole game
played through it.

For each way a private Postfix runs from a temporary directory (`postfix -c DIR`: its own
main.cf, master.cf, queue, data directory and log, SMTP on a free loopback port, no chroot,
no DNS, every outgoing mail relayed to Postfix's smtp-sink), never touching /etc/postfix or
the system's queue. The test then walks the way's section of config/postfix.md top to
bottom: its `sh` blocks run line by line, its `main.cf` and `master.cf` blocks are added to
the private files, its `transport`, `pbem.json` and `cron.d` blocks are written, with only
the doc's paths (/etc/postfix, /etc/pbem, /var/lib/pbem, /usr/local/bin), ports (25: the
private Postfix, 2525: a free port for pbemd) and the user `pbem` (here `nobody`) replaced.
Three kinds of line cannot run on a test machine and are done here the same way instead:
`cmake --install` (the built programs are copied), `useradd` (`nobody` and a home for it)
and `systemctl` (pbemd started as config/pbemd.service says, as `nobody`); way B's cron
file is run by the test (as its user, with cron's PATH) whenever replies are waited for.

Then, through the private Postfix's port with swaks: the doc's own check (help), two
players sign up and confirm (the codes read from the sink), a challenge, moves by command
and by replying to a game address taken from the board mail's Reply-To, and a resignation;
a mail to a digest address reaches pbem too, another address in the domain is refused, and
a bounce (null envelope sender, with a From:) goes unanswered.

Each way is followed by the doc's section on signing (issue 45 item 2): the DKIM key made
with the doc's opendkim-genkey line, OpenDKIM run from the doc's opendkim.conf as a private
process (its own file, pid file and loopback port, `opendkim -x FILE -f`, stopped by the
test; no system service), Postfix's milter lines added. A board mail as the sink got it is
then verified by an independent verifier, python3-dkim (the library of Debian's
`dkimverify`), with the public key taken from the TXT record the doc says to publish (there
is no DNS here), and a tampered copy of it must fail.

Needs root (Postfix's master); exits 77 (skipped) without Postfix, OpenDKIM or python3-dkim
(scripts/install-deps.sh installs them all), or without root."""
import json
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import unittest

from daemon_harness import PostfixSink, free_port, wait_for_smtp
from doc_game import fenced_blocks, file_text, open_game, shown
from pbem_harness import build_dir, pbem_binary

build_dir(sys.argv)

SOURCE = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DOC = os.path.join(SOURCE, "config", "postfix.md")
UNIT = os.path.join(SOURCE, "config", "pbemd.service")
DOMAIN = "games.example.org"
ADDRESS = f"pbem@{DOMAIN}"
USER, GROUP = "nobody", "nogroup"  # stands in for the doc's user `pbem`
ALICE, BOB = "alice@example.org", "bob@example.org"
WAIT = 60  # a bound on each wait, never an assertion about speed
HELP = r"^Subject: Help\n"

if not os.path.exists("/usr/sbin/postfix") or not os.path.exists("/usr/sbin/smtp-sink"):
    print("skipped: Postfix is not installed (scripts/install-deps.sh installs it)")
    sys.exit(77)
if os.geteuid() != 0:
    print("skipped: a private Postfix instance needs root (its master process)")
    sys.exit(77)
DKIM_PACKAGES = ("opendkim", "opendkim-tools", "python3-dkim")
if not all(shutil.which(p) for p in ("opendkim", "opendkim-genkey", "dkimverify")):
    print(f"skipped: {', '.join(DKIM_PACKAGES)} not installed (scripts/install-deps.sh installs them)")
    sys.exit(77)
DKIM_VERIFIER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "dkim_verify_offline.py")


def doc_ways():
    """{"A": [(info, text), ...], "B": [...], "sign": [...]}: the fenced blocks of each way's
    section and of the section on signing that follows either."""
    ways = {}
    for section, info, text in fenced_blocks(DOC):
        found = re.match(r"([AB])\. ", section)
        way = found.group(1) if found else ("sign" if section.startswith("Signing") else None)
        if way:
            ways.setdefault(way, []).append((info, text))
    return ways


def as_sent(dump):
    """A message as smtp-sink got it: its dump without the header lines smtp-sink adds before
    it (X-Client-Addr ... X-Rcpt-Args, then its own Received) and the empty line after it."""
    lines = dump.split(b"\n")
    at = 0
    while re.match(rb"X-(Client-Addr|Client-Proto|Helo-Args|Mail-Args|Rcpt-Args): ", lines[at]):
        at += 1
    assert lines[at].startswith(b"Received: "), lines[at]
    at += 1
    while lines[at][:1] in (b" ", b"\t"):
        at += 1
    assert dump.endswith(b"\n\n")
    return b"\n".join(lines[at:])[:-1]


def recipients(arrival):
    """Whom Postfix delivered a mail at the sink to (smtp-sink's X-Rcpt-Args: `<to> ORCPT=...`)."""
    return re.findall(r"<([^>]*)>", " ".join(arrival.message.get_all("X-Rcpt-Args", [])))


def quiet(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, timeout=WAIT, **kw)


class PrivatePostfix:
    """A Postfix instance of its own in `root`: config, queue, data and log there."""

    def __init__(self, root, relay_port):
        self.config = os.path.join(root, "postfix")
        self.queue = os.path.join(root, "postfix-queue")
        self.log = os.path.join(root, "postfix.log")
        self.port = free_port()
        os.mkdir(self.config, 0o755)
        os.mkdir(self.queue, 0o755)  # `postfix start` makes what is inside (post-install create-missing)
        with open(os.path.join(self.config, "main.cf"), "w") as f:
            f.write(f"""# tests/integration/test_postfix.py: a private instance, not the system's
compatibility_level = 3.6
queue_directory = {self.queue}
data_directory = {os.path.join(root, "postfix-data")}
mail_owner = postfix
setgid_group = postdrop
myhostname = mx.test.example
mydomain = test.example
myorigin = $myhostname
mydestination = $myhostname, localhost
inet_interfaces = loopback-only
inet_protocols = ipv4
alias_maps =
alias_database =
biff = no
smtp_dns_support_level = disabled
relayhost = [127.0.0.1]:{relay_port}
maillog_file = {self.log}
maillog_file_prefixes = {root}
# test only: quick queue runs and retries
queue_run_delay = 1s
minimal_backoff_time = 1s
maximal_backoff_time = 2s
""")
        services = [f"127.0.0.1:{self.port} inet n - n - - smtpd",
                    "pickup unix n - n 60 1 pickup", "cleanup unix n - n - 0 cleanup",
                    "qmgr unix n - n 300 1 qmgr", "rewrite unix - - n - - trivial-rewrite",
                    "bounce unix - - n - 0 bounce", "defer unix - - n - 0 bounce",
                    "trace unix - - n - 0 bounce", "verify unix - - n - 1 verify",
                    "flush unix n - n 1000? 0 flush", "proxymap unix - - n - - proxymap",
                    "proxywrite unix - - n - 1 proxymap", "smtp unix - - n - - smtp",
                    "relay unix - - n - - smtp", "showq unix n - n - - showq",
                    "error unix - - n - - error", "retry unix - - n - - error",
                    "discard unix - - n - - discard", "local unix - n n - - local",
                    "anvil unix - - n - 1 anvil", "scache unix - - n - 1 scache",
                    "postlog unix-dgram n - n - 1 postlogd"]
        with open(os.path.join(self.config, "master.cf"), "w") as f:
            f.write("# tests/integration/test_postfix.py: every service unchrooted\n" + "\n".join(services) + "\n")

    def env(self):
        """The environment that points Postfix's commands at this instance."""
        return dict(os.environ, MAIL_CONFIG=self.config, PATH=os.environ.get("PATH", "/usr/bin:/bin") + ":/usr/sbin:/sbin")

    def add(self, name, text, way):
        with open(os.path.join(self.config, name), "a") as f:
            f.write(f"\n# --- config/postfix.md, way {way} ---\n{text}")

    def start(self):
        p = quiet(["/usr/sbin/postfix", "-c", self.config, "start"])
        assert p.returncode == 0, f"postfix start: {p.stdout}{p.stderr}\n{self.log_text()}"
        wait_for_smtp(self.port)

    def stop(self):
        pid_file = os.path.join(self.queue, "pid", "master.pid")
        pid = None
        if os.path.exists(pid_file):
            with open(pid_file) as f:
                pid = int(f.read().split()[0])
        quiet(["/usr/sbin/postfix", "-c", self.config, "stop"])
        deadline = time.monotonic() + WAIT
        while pid and os.path.exists(f"/proc/{pid}") and time.monotonic() < deadline:
            time.sleep(0.05)

    def queued(self):
        """Messages in the queue, not yet delivered or bounced."""
        return sum(len(files) for sub in ("maildrop", "incoming", "active", "deferred", "hold")
                   for _, _, files in os.walk(os.path.join(self.queue, sub)))

    def flush(self):
        if any(files for _, _, files in os.walk(os.path.join(self.queue, "deferred"))):
            quiet(["/usr/sbin/postqueue", "-c", self.config, "-f"])

    def log_text(self):
        return file_text(self.log)


class PostfixWays(unittest.TestCase):
    def setUp(self):
        self.root = tempfile.mkdtemp(prefix="pbem-postfix-")
        os.chmod(self.root, 0o755)  # `nobody` reaches the programs, the configuration and the database
        self.addCleanup(shutil.rmtree, self.root, True)
        self.sink = PostfixSink().start()
        self.addCleanup(self.sink.stop)
        self.postfix = PrivatePostfix(self.root, self.sink.port)
        self.addCleanup(self.postfix.stop)  # runs even when start fails halfway
        self.postfix.start()
        self.pbemd_port = free_port()
        self.pbemd = None
        self.opendkim_port = free_port()
        self.zone = None  # the doc's DNS records
        self.cron = []  # way B's cron.d commands
        self.next_cron = 0
        self.used = set()  # Message-IDs of the mails expect() has matched
        # OpenDKIM refuses a configuration file or key with a directory on its path that others
        # may write, sticky or not (/tmp): its files go where only root writes, under /run.
        self.opendkim_root = tempfile.mkdtemp(prefix="pbem-postfix-opendkim-", dir="/run")
        os.chmod(self.opendkim_root, 0o755)
        self.addCleanup(shutil.rmtree, self.opendkim_root, True)
        self.paths = {"/etc/postfix": self.postfix.config, "/etc/pbem": os.path.join(self.root, "etc-pbem"),
                      "/var/lib/pbem": os.path.join(self.root, "lib-pbem"),
                      "/usr/local/bin": os.path.join(self.root, "bin"),
                      "/etc/opendkim": os.path.join(self.opendkim_root, "etc-opendkim"),
                      "/run/opendkim": os.path.join(self.opendkim_root, "run-opendkim")}

    def tearDown(self):
        if self.pbemd and self.pbemd.poll() is None:
            self.pbemd.send_signal(signal.SIGTERM)
            self.pbemd.wait(timeout=WAIT)

    def run(self, result=None):
        """A failing test shows the Postfix and pbemd logs."""
        result = result if result is not None else self.defaultTestResult()
        before = len(result.failures) + len(result.errors)
        super().run(result)
        if len(result.failures) + len(result.errors) > before:
            print(f"\n===== {self.id()}: logs =====\n{getattr(self, 'logs', '')}", file=sys.stderr)
        return result

    def doCleanups(self):
        logs = self.postfix.log_text() if hasattr(self, "postfix") else ""
        for name, directory in (("pbemd", self.root), ("opendkim", getattr(self, "opendkim_root", self.root))):
            log = os.path.join(directory, f"{name}.log")
            if os.path.exists(log):
                with open(log, errors="replace") as f:
                    logs += f"\n--- {name} ---\n" + f.read()
        self.logs = logs
        return super().doCleanups()

    # ---- following the doc

    def substitute(self, text):
        """The doc's text with this machine's paths, ports and user."""
        for path, mine in self.paths.items():
            text = re.sub(re.escape(path) + r"\b", mine, text)
        text = re.sub(r"\b2525\b", str(self.pbemd_port), text)
        text = re.sub(r"\b8891\b", str(self.opendkim_port), text)
        text = re.sub(r"127\.0\.0\.1:25\b", f"127.0.0.1:{self.postfix.port}", text)
        text = re.sub(r'"port": 25\b', f'"port": {self.postfix.port}', text)
        return re.sub(r"(chown |-u |user=)pbem\b", rf"\g<1>{USER}", text)

    def follow(self, way):
        """The way's section of the doc, then its section on signing."""
        ways = doc_ways()
        blocks = ways[way] + ways["sign"]
        infos = {info for info, _ in blocks}
        self.assertTrue({"sh", "main.cf", "transport", "pbem.json", "opendkim.conf", "zone"} <= infos,
                        f"way {way}: {sorted(infos)}")
        for info, text in blocks:
            text = self.substitute(text)
            if info == "sh":
                for line in text.splitlines():
                    if line.strip() and not line.lstrip().startswith("#"):
                        self.shell(line.strip())
            elif info in ("main.cf", "master.cf"):
                self.postfix.add(info, text, way)
            elif info == "transport":
                with open(os.path.join(self.postfix.config, "transport"), "w") as f:
                    f.write(text)
            elif info == "pbem.json":
                self.config = os.path.join(self.paths["/etc/pbem"], "pbem.json")
                json.loads(text)  # the doc's JSON is well formed
                with open(self.config, "w") as f:
                    f.write(text)
            elif info == "opendkim.conf":
                self.opendkim_conf = self.substitute("/etc/opendkim.conf")
                with open(self.opendkim_conf, "w") as f:
                    f.write(text)
            elif info == "zone":
                self.zone = text
            elif info == "cron.d":
                for line in text.splitlines():
                    if line.strip() and not line.startswith("#"):
                        fields = line.split(None, 6)
                        self.assertEqual(fields[5], "pbem", f"a cron.d line not run as pbem: {line}")
                        self.cron.append(fields[6])
            else:
                self.fail(f"way {way}: a block of unknown kind {info!r}")

    def shell(self, line):
        words = shlex.split(line)
        if words[0] == "cmake":
            self.assertEqual(words, ["cmake", "--install", "build"])
            os.makedirs(self.paths["/usr/local/bin"], 0o755)
            for program in ("pbem", "pbemd"):
                shutil.copy(os.path.join(os.path.dirname(pbem_binary()), program), self.paths["/usr/local/bin"])
        elif words[0] == "apt-get":
            self.assertEqual(words[1], "install", line)
            for package in words[2:]:  # installed (the test is skipped otherwise), not installed here
                p = quiet(["dpkg-query", "-W", "-f=${Status}", package])
                self.assertIn("install ok installed", p.stdout, f"{line}: {package}")
        elif words[0] == "useradd":
            self.assertEqual(words[-1], "pbem", line)
            home = words[words.index("--home-dir") + 1]
            os.mkdir(home, 0o755)
            shutil.chown(home, USER, GROUP)
        elif "systemctl" in words and "opendkim" in words:
            self.start_opendkim()
        elif "systemctl" in words:
            self.start_pbemd()
        else:
            self.assertNotIn("/etc/", line, "the test would touch the system's files")
            reloads = self.postfix.log_text().count("reload -- version")
            p = quiet(["bash", "-c", line], env=self.postfix.env(), cwd=self.root)
            self.assertEqual(p.returncode, 0, f"{line}\n{p.stdout}{p.stderr}")
            if words[:2] == ["postfix", "reload"]:
                self.wait_for(lambda: self.postfix.log_text().count("reload -- version") > reloads, "postfix reload")
                time.sleep(0.5)  # the children still running take the new configuration

    def start_pbemd(self):
        """What `systemctl enable --now pbemd` does with config/pbemd.service."""
        with open(UNIT) as f:
            unit = dict(line.strip().split("=", 1) for line in f if re.match(r"(User|ExecStart)=", line))
        self.assertEqual(unit["User"], "pbem")
        command = shlex.split(self.substitute(unit["ExecStart"]))
        log = open(os.path.join(self.root, "pbemd.log"), "wb")
        self.addCleanup(log.close)
        self.pbemd = subprocess.Popen(["setpriv", f"--reuid={USER}", f"--regid={GROUP}", "--clear-groups", *command],
                                      stdin=subprocess.DEVNULL, stdout=log, stderr=log)
        wait_for_smtp(self.pbemd_port, alive=lambda: self.pbemd.poll() is None)

    def start_opendkim(self):
        """What `systemctl restart opendkim` does, from the doc's opendkim.conf only: the
        package's unit runs /usr/sbin/opendkim, which reads /etc/opendkim.conf and forks; here
        it stays in the foreground (-f) so that the test can stop it, and says what is wrong
        with its configuration on stderr (the log)."""
        run_directory = self.paths["/run/opendkim"]  # the package makes /run/opendkim for its user
        os.makedirs(run_directory, 0o755, exist_ok=True)
        shutil.chown(run_directory, "opendkim", "opendkim")
        log = open(os.path.join(self.opendkim_root, "opendkim.log"), "wb")
        self.addCleanup(log.close)
        opendkim = subprocess.Popen(["opendkim", "-x", self.opendkim_conf, "-f"],
                                    stdin=subprocess.DEVNULL, stdout=log, stderr=log)
        self.addCleanup(self.stop_process, opendkim)
        self.wait_for(lambda: opendkim.poll() is not None or self.listening(self.opendkim_port),
                      "OpenDKIM to listen")
        self.assertIsNone(opendkim.poll(), "OpenDKIM exited at start (its log follows)")

    @staticmethod
    def listening(port):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=5):
                return True
        except OSError:
            return False

    @staticmethod
    def stop_process(process):
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=WAIT)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()

    # ---- mail

    def swaks(self, sender, to=ADDRESS, subject=None, body=None, headers=()):
        args = ["swaks", "-4", "--server", f"127.0.0.1:{self.postfix.port}", "--from", sender, "--to", to,
                "--helo", "client.example"]
        if subject is not None:
            args += ["--header", f"Subject: {subject}"]
        for header in headers:
            args += ["--header", header]
        if body is not None:
            args += ["--body", body]
        return quiet(args)

    def send(self, sender, subject=None, **kw):
        p = self.swaks(sender, subject=subject, **kw)
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)

    def pump(self):
        """What time does in a real installation: cron's minute (way B), Postfix's queue run."""
        self.postfix.flush()
        if self.cron and self.postfix.queued() == 0 and time.monotonic() > self.next_cron:
            self.next_cron = time.monotonic() + 0.3
            for command in self.cron:
                p = quiet(["setpriv", f"--reuid={USER}", f"--regid={GROUP}", "--clear-groups", "/bin/sh", "-c", command],
                          env={"PATH": "/usr/bin:/bin", "HOME": "/", "SHELL": "/bin/sh"})
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
            time.sleep(0.1)

    def arrivals(self, to):
        """Mail at the sink for `to`."""
        return [a for a in self.sink.received() if to in recipients(a)]

    def expect(self, to, pattern):
        """The next mail to `to` at the sink whose Subject or text matches `pattern`."""
        def found():
            for arrival in self.arrivals(to):
                key = arrival.message["Message-ID"]
                if key not in self.used and re.search(pattern, shown(arrival.message)):
                    self.used.add(key)
                    return arrival.message
        return self.wait_for(found, f"a mail to {to} matching {pattern!r}")

    def outbox_queued(self):
        p = quiet(["setpriv", f"--reuid={USER}", f"--regid={GROUP}", "--clear-groups",
                   os.path.join(self.paths["/usr/local/bin"], "pbem"), "--config", self.config, "outbox", "list"])
        self.assertEqual(p.returncode, 0, p.stderr)
        return p.stdout.splitlines()  # one line per reply not yet handed on

    # ---- the ways

    def play(self, route):
        """The doc's check, a whole game through Postfix, a bounce, an address that is not
        pbem's, and a digest address. `route`: Postfix's log for a delivery to pbem."""
        self.expect("you@example.org", HELP)  # the doc's own check

        board = open_game(self, ALICE, BOB)
        # Moves by replying to the game address in the board mail's Reply-To.
        for player, opponent, move, colour in ((BOB, ALICE, "a1", "bob (blue)"), (ALICE, BOB, "c2", "alice (red)")):
            game_address = re.fullmatch(r"pbem\+1-[a-z2-7]+@" + re.escape(DOMAIN), board["Reply-To"]).group(0)
            self.send(player, f"Re: {board['Subject']}", to=game_address, body=move)
            self.expect(player, rf"{re.escape(colour)} played {move}")
            board = self.expect(opponent, rf"{re.escape(colour)} played {move}")
            self.assertRegex(self.postfix.log_text(), rf"to=<{re.escape(game_address)}>, {route}.*status=sent")
        self.send(BOB, "hy3 resign 1 bob secret2")
        self.expect(ALICE, r"bob \(blue\) resigned")
        self.expect(BOB, r"bob \(blue\) resigned")

        # A bounce with a From: is never answered; a help mail sent after it is, once.
        arrived = len(self.sink.received())
        self.send("<>", headers=("From: alice@example.org", "Subject: help"))

        def bounce_delivered():
            log = self.postfix.log_text()
            return [queue_id for queue_id in re.findall(r" (\w+): from=<>,", log)
                    if re.search(rf" {queue_id}: to=<{re.escape(ADDRESS)}>, {route}.*status=sent", log)]
        self.wait_for(bounce_delivered, "Postfix to deliver the bounce to pbem")
        self.send(ALICE, "help")
        self.expect(ALICE, HELP)
        self.assertEqual([shown(a.message).splitlines()[0] for a in self.sink.received()[arrived:]],
                         ["Subject: Help"])
        self.assertEqual(self.outbox_queued(), [])

        # Other addresses in the domain are refused at once (relay_recipient_maps).
        p = self.swaks(ALICE, to=f"someone@{DOMAIN}", subject="help")
        self.assertNotEqual(p.returncode, 0)
        self.assertIn("550", p.stdout)

        # A digest address reaches pbem the same way (whatever pbem makes of a stale token).
        digest = f"pbem+d-aaaaaaaaaaaaaaaa@{DOMAIN}"
        self.send(ALICE, "Re: your digest", to=digest, body="#1 c3")
        self.wait_for(lambda: re.search(rf"to=<{re.escape(digest)}>, {route}", self.postfix.log_text()),
                      "the digest address routed to pbem")

    # ---- signed mail

    def dkim_verdicts(self, messages):
        """python3-dkim's verdict on each message (bytes), the key from the record the doc
        publishes: "pass" or "fail: why"."""
        files = []
        for n, data in enumerate(messages):
            files.append(os.path.join(self.root, f"verify-{n}.eml"))
            with open(files[-1], "wb") as f:
                f.write(data)
        with open(shutil.which("dkimverify"), "rb") as f:
            interpreter = f.readline()[2:].decode().split()  # Debian's: the python3 that has dkim
        record = self.substitute("/etc/opendkim/keys/pbem.txt")
        p = quiet([*interpreter, DKIM_VERIFIER, record, DOMAIN, *files])
        self.assertEqual(p.returncode, 0, p.stderr)
        return p.stdout.splitlines()

    def check_signed(self):
        """Every mail pbem sent once the doc was followed left Postfix signed for the game
        domain with the doc's key, and verifies; a board mail changed on the way (its text, its
        Subject) does not."""
        records = dict(re.findall(r'^(\S+)\s+IN\s+TXT\s+"([^"]*)"', self.zone, re.M))
        self.assertRegex(records.get(f"{DOMAIN}.", ""), r"^v=spf1 .*-all$", "the SPF record")
        self.assertRegex(records.get(f"_dmarc.{DOMAIN}.", ""), r"^v=DMARC1; p=(none|quarantine|reject)\b",
                         "the DMARC record")

        # All but the answer to the doc's own check, which each way has before its signing.
        mails = [a for a in self.sink.received()
                 if ADDRESS in a.message["From"] and "you@example.org" not in recipients(a)]
        self.assertGreater(len(mails), 10)
        for arrival in mails:
            signature = re.sub(r"\s+", "", str(arrival.message["DKIM-Signature"]))
            self.assertRegex(signature, rf"(^|;)d={re.escape(DOMAIN)};", arrival.message["Subject"])
            self.assertRegex(signature, r"(^|;)s=pbem;", arrival.message["Subject"])
        sent = [as_sent(a.data) for a in mails]
        self.assertEqual(self.dkim_verdicts(sent), ["pass"] * len(sent))

        board = next(as_sent(a.data) for a in mails if re.search(r"alice \(red\) played c1", shown(a.message)))
        header, body = board.split(b"\n\n", 1)
        self.assertIn(b"c1", body)
        other_move = header + b"\n\n" + body.replace(b"c1", b"c2", 1)
        other_subject = re.sub(rb"\nSubject: ", b"\nSubject: Urgent: ", header, count=1) + b"\n\n" + body
        self.assertNotEqual(other_subject, board)
        verdicts = self.dkim_verdicts([board, other_move, other_subject])
        self.assertEqual(verdicts[0], "pass")
        self.assertTrue(verdicts[1].startswith("fail"), verdicts[1])
        self.assertTrue(verdicts[2].startswith("fail"), verdicts[2])

    def test_a_relay_to_pbemd(self):
        self.follow("A")
        self.assertIsNotNone(self.pbemd, "way A starts pbemd")
        self.play(rf"relay=127\.0\.0\.1\[127\.0\.0\.1\]:{self.pbemd_port}")
        self.check_signed()

    def test_b_pipe_into_pbem_ingest(self):
        self.follow("B")
        self.assertIsNone(self.pbemd, "way B runs no daemon")
        self.assertTrue(self.cron, "way B sends the replies from cron")
        self.play(r"relay=pbem")
        self.check_signed()


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
