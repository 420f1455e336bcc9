"""Time for the clock's tests: every pbem process runs under libfaketime (Debian
`libfaketime`, preloaded by faketime_prefix) at a moment the test chooses, so nothing waits
for real time to pass (test_clock.py, test_time_bank.py, test_tournaments.py)."""
import glob
import os
import subprocess
import unittest
from datetime import datetime, timedelta

from pbem_harness import IngestCase, Server, make_mail

# libfaketime is preloaded ahead of everything, so in the sanitizer build ASan's runtime is
# not the first library; it works there all the same once it is told not to insist.
os.environ["ASAN_OPTIONS"] = ":".join(filter(None, [os.environ.get("ASAN_OPTIONS"), "verify_asan_link_order=0"]))

PLAYERS = {"alice": ("alice@example.org", "secret1"), "bob": ("bob@example.net", "secret2")}
T0 = datetime(2027, 3, 1, 12, 0, 0)


def stamp(when):
    return when.strftime("%Y-%m-%d %H:%M:%S")


def libfaketime(variant="libfaketime.so.1"):
    """The path of libfaketime's `variant` (Debian package libfaketime: under the multiarch
    directory, /usr/lib/x86_64-linux-gnu/faketime/; a build from source: /usr/local/lib), or
    None when it is not installed."""
    for pattern in ("/usr/lib/*/faketime/", "/usr/lib/faketime/", "/usr/local/lib/faketime/"):
        found = sorted(glob.glob(pattern + variant))
        if found:
            return found[0]
    return None


needs_libfaketime = unittest.skipUnless(libfaketime(),
                                        "libfaketime is not installed (scripts/install-deps.sh installs it)")


def faketime_prefix(spec, threads=False):
    """The command prefix that runs a program under libfaketime with FAKETIME=`spec`: the
    library preloaded by `env`, never the `faketime` wrapper. Both keep a clock for child
    processes in /dev/shm/{faketime_shm_,sem.faketime_sem_}<pid>, which a killed run leaves
    behind; a later wrapper that gets the same pid dies of it ("sem_open: File exists"),
    while the library then goes without (test_clock.py, StaleSharedClock). Nothing here
    needs the shared clock: a frozen one reads the same in every process, and pbemd's
    running one is its own. The wrapper would also stay the parent and take a SIGTERM meant
    for the program. The wrapper sets nothing else the tests use (FAKETIME as given with -f,
    FAKETIME_SHARED, LD_PRELOAD); an LD_PRELOAD already set stays first, as the wrapper
    keeps it. No FAKETIME_NO_CACHE: no test changes a clock while its program runs.
    threads: the MT build, for programs with threads."""
    library = libfaketime("libfaketimeMT.so.1" if threads else "libfaketime.so.1")
    if not library:
        raise AssertionError("libfaketime is not installed (scripts/install-deps.sh installs it)")
    preload = ":".join(filter(None, [os.environ.get("LD_PRELOAD"), library]))
    return ["env", f"LD_PRELOAD={preload}", f"FAKETIME={spec}"]


def frozen_clock_prefix(when):
    """The prefix that runs a program with its clock standing still at `when`: libfaketime's
    absolute format, a bare date (what `faketime -f` passed on as it is)."""
    return faketime_prefix(stamp(when))


def running_clock_prefix(when):
    """The prefix that starts a program (pbemd) with its clock running from `when` ("@":
    it starts there and runs, as pbemd's timers need)."""
    return faketime_prefix(f"@{stamp(when)}", threads=True)


def shown(when):
    """A time as game mails show it."""
    return when.strftime("%Y-%m-%d %H:%M UTC")


class ClockServer(Server):
    """A Server whose pbem runs under libfaketime with the clock standing still at `self.now`.
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

    def frozen_pbem_command(self, *args):
        """The command line that runs pbem at `self.now` (for several at once)."""
        return frozen_clock_prefix(self.now) + self.pbem_command(*args)

    def pbem(self, *args, stdin=None, env=None):
        full_env = dict(os.environ)
        full_env.update(env or {})
        return subprocess.run(self.frozen_pbem_command(*args), input=stdin, capture_output=True, env=full_env,
                              timeout=120)


@needs_libfaketime
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
