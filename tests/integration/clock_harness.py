"""Time for the clock's tests: every pbem process runs under libfaketime (Debian
`faketime`) at a moment the test chooses, so nothing waits for real time to pass
(test_clock.py, test_time_bank.py, test_tournaments.py)."""
import glob
import os
import shutil
import subprocess
import unittest
from datetime import datetime, timedelta

from pbem_harness import IngestCase, Server, make_mail, pbem_binary

# libfaketime is preloaded ahead of everything, so in the sanitizer build ASan's runtime is
# not the first library; it works there all the same once it is told not to insist.
os.environ["ASAN_OPTIONS"] = ":".join(filter(None, [os.environ.get("ASAN_OPTIONS"), "verify_asan_link_order=0"]))

PLAYERS = {"alice": ("alice@example.org", "secret1"), "bob": ("bob@example.net", "secret2")}
T0 = datetime(2027, 3, 1, 12, 0, 0)


def stamp(when):
    return when.strftime("%Y-%m-%d %H:%M:%S")


def running_clock_prefix(when):
    """The command prefix that starts a program (pbemd) with its clock running from `when`:
    the library itself rather than the `faketime` wrapper, which would stay the parent and
    take the SIGTERM meant for the program. "@": the clock starts there and runs (pbemd's
    timers need it to); MT: the build for programs with threads."""
    libraries = glob.glob("/usr/lib/*/faketime/libfaketimeMT.so.1")
    if not libraries:
        raise AssertionError("libfaketimeMT.so.1 not found")
    return ["env", f"LD_PRELOAD={libraries[0]}", f"FAKETIME=@{stamp(when)}"]


def shown(when):
    """A time as game mails show it."""
    return when.strftime("%Y-%m-%d %H:%M UTC")


class ClockServer(Server):
    """A Server whose pbem runs under faketime with the clock standing still at `self.now`.
    With `autovacation` "off", every user signed up here turns it off (it is on by default:
    a vacation day instead of a loss on time), so that a deadline is the loss a clock test
    is about; None (the default) leaves it, and sends no mail for it."""
    now = T0
    autovacation = None

    def signup_and_confirm(self, sender, userid, password, addresses=(), challenges="auto"):
        super().signup_and_confirm(sender, userid, password, addresses, challenges)
        if self.autovacation:
            p = self.ingest(make_mail(sender, f"set {userid} {password} autovacation {self.autovacation}"))
            assert p.returncode == 0, p.stderr

    def pbem(self, *args, stdin=None, env=None):
        full_env = dict(os.environ)
        full_env.update(env or {})
        # -f: libfaketime's own format, where a bare date stands still (the wrapper's own
        # format would start the clock there and let it run).
        return subprocess.run(["faketime", "-f", stamp(self.now), pbem_binary(), "--config", self.config, *args],
                              input=stdin, capture_output=True, env=full_env, timeout=120)


@unittest.skipUnless(shutil.which("faketime"), "faketime is not installed (scripts/install-deps.sh installs it)")
class ClockCase(IngestCase):
    """Players alice and bob, signed up and confirmed at T0; `at` moves the clock.
    `autovacation`: what their setting is (ClockServer), off unless a test says otherwise."""
    autovacation = "off"

    def setUp(self):
        super().setUp()
        self.server.close()
        self.server = ClockServer(self.extra_config)
        self.server.autovacation = self.autovacation
        for userid, (address, password) in PLAYERS.items():
            self.server.signup_and_confirm(address, userid, password)
        self.new_replies()

    def at(self, when):
        self.server.now = when

    def command(self, userid, text):
        self.send(PLAYERS[userid][0], text)
        return self.new_replies()

    def challenge(self, options):
        self.command("alice", f"hy3 challenge alice bob -size=3 {options}")
        return self.server.query("SELECT max(id) AS id FROM games")[0]["id"]

    def move(self, game, userid, ply):
        return self.command(userid, f"hy3 move {game} {userid} {PLAYERS[userid][1]} {ply}")

    def tick(self, env=None):
        p = self.server.pbem("tick", env=env)
        self.log += p.stderr
        return p

    def tick_ok(self):
        p = self.tick()
        self.assertEqual(p.returncode, 0, p.stderr.decode())
        return self.new_replies()

    def game(self, number):
        return self.server.query("SELECT * FROM games WHERE id = ?", number)[0]
