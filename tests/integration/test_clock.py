"""The correspondence clock (issue 10) through the real `pbem ingest` and `pbem tick`, with
time driven by libfaketime (Debian `libfaketime`): every pbem process runs at a frozen moment
the test chooses, so nothing here waits for real time to pass. Reminder exactly once and
then the loss on time, a move just before the deadline, -days=0, `tick` twice at one
moment and several at once, vacations, crashes inside the timeout's transaction, and
pbemd's own timer."""
import subprocess
import sys
import unittest
from datetime import datetime, timedelta

from daemon_harness import Daemon, DaemonServer, PythonSink, wait_until
from pbem_harness import build_dir, make_mail, text_of

build_dir(sys.argv)

from clock_harness import (PLAYERS, T0, ClockCase, ClockServer, frozen_clock_prefix, needs_libfaketime,  # noqa: E402
                           running_clock_prefix, shown)


class Clock(ClockCase):
    def both_have_moved(self, game):
        """alice and bob play a ply each: a deadline of either is then a loss on time (a
        player who never moved in a game is not made to lose it; test_never_moved.py)."""
        self.move(game, "alice", "c1")
        self.move(game, "bob", "a1")

    def test_the_player_to_move_is_reminded_exactly_once_then_loses_on_time(self):
        game = self.challenge("-days=3")
        self.both_have_moved(game)
        [to_alice, to_bob] = self.move(game, "alice", "c2")
        deadline = T0 + timedelta(days=3)
        for mail in (to_alice, to_bob):
            self.assertIn(f"Deadline for bob to move: {shown(deadline)} (3 days per move).", text_of(mail))
        # Until 48 hours before the deadline, nothing is due.
        self.at(deadline - timedelta(hours=48, seconds=1))
        self.assertEqual(self.tick_ok(), [])
        self.at(deadline - timedelta(hours=47))
        [reminder] = self.tick_ok()
        self.assertEqual(reminder["To"], "bob@example.net")
        self.assertEqual(reminder["Subject"], "HY 3 #1: reminder, bob to move")
        text = text_of(reminder)
        self.assertIn(shown(deadline), text)
        self.assertIn("hy3 move 1 bob <password> ", text)  # the ready-to-edit Subject
        self.assertIn("R = red, B = blue", text)            # the board
        # Once: the same moment again, and later before the deadline, send nothing.
        self.assertEqual(self.tick_ok(), [])
        self.at(deadline - timedelta(seconds=1))
        self.assertEqual(self.tick_ok(), [])
        self.assertEqual(self.game(game)["status"], "active")
        # At the deadline bob loses on time; both players get the final board and the reason.
        self.at(deadline)
        ended = self.tick_ok()
        self.assertEqual(sorted(m["To"] for m in ended), ["alice@example.org", "bob@example.net"])
        for mail in ended:
            self.assertEqual(mail["Subject"], "HY 3 #1: alice wins")
            self.assertIn(f"bob (blue) did not move by the deadline, {shown(deadline)}, and lost on time.",
                          text_of(mail))
            self.assertIn("The game is over: alice (red) wins on time.", text_of(mail))
            self.assertIn("alice 1500 -> 1662 (+162)", text_of(mail))  # rated like a resignation
        row = self.game(game)
        self.assertEqual((row["status"], row["winner_colour"], row["end_reason"]), ("finished", 0, "time"))
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM moves WHERE game_id = ?", game), [{"n": 3}])
        self.assertEqual(self.server.pbem("ratings", "--rebuild").returncode, 0)
        self.assertEqual(self.tick_ok(), [])
        # The lists say so, and the game takes no more moves.
        [listing] = self.command("bob", "hy3 games bob all")
        self.assertIn("#1  alice vs bob  (-size=3), 3 moves, alice won: bob lost on time", text_of(listing))
        [listing] = self.command("bob", "all show bob")
        self.assertIn("alice won: bob lost on time", text_of(listing))
        [history] = self.command("bob", f"hy3 history {game}")
        self.assertIn("Result: alice won: bob lost on time.", text_of(history))
        [board] = self.command("bob", f"hy3 show {game}")
        self.assertIn("The game is over: alice won: bob lost on time.", text_of(board))
        self.assertNotIn("Deadline", text_of(board))
        [refused] = self.move(game, "bob", "a2")
        self.assertIn("game 1 is over: Red (alice) won on time", text_of(refused))
        [refused] = self.command("bob", f"hy3 resign {game} bob secret2")
        self.assertIn("game 1 is over", text_of(refused))

    def test_a_move_just_before_the_deadline_is_accepted(self):
        game = self.challenge("-days=1")
        self.at(T0 + timedelta(days=1, seconds=-1))
        [to_alice, _] = self.move(game, "alice", "c1")
        self.assertIn("alice (red) played c1 as move 1.", text_of(to_alice))
        # The new period is bob's, from the moment of the move; 24 hours is too short for a
        # reminder 48 hours ahead, so none comes.
        self.at(T0 + timedelta(days=1, seconds=1))
        self.assertEqual(self.tick_ok(), [])
        self.assertEqual(self.game(game)["status"], "active")
        self.at(T0 + timedelta(days=2, seconds=-2))
        self.assertEqual(self.tick_ok(), [])
        self.at(T0 + timedelta(days=2, seconds=-1))
        self.assertEqual(len(self.tick_ok()), 2)
        self.assertEqual(self.game(game)["end_reason"], "time")

    def test_a_period_as_long_as_the_notice_gets_its_reminder_at_once(self):
        game = self.challenge("-days=2")  # 48 hours, as clock.remind_before_hours
        self.at(T0 + timedelta(minutes=1))
        [reminder] = self.tick_ok()
        self.assertEqual(reminder["Subject"], f"HY 3 #{game}: reminder, alice to move")
        self.assertEqual(self.tick_ok(), [])

    def test_days_zero_never_times_out(self):
        game = self.challenge("-days=0")
        [shown_reply] = self.command("bob", f"hy3 show {game}")
        self.assertIn("No time limit.", text_of(shown_reply))
        self.at(T0 + timedelta(days=400))
        self.assertEqual(self.tick_ok(), [])
        self.assertEqual(self.game(game)["status"], "active")
        [to_alice, _] = self.move(game, "alice", "c1")
        self.assertIn("No time limit.", text_of(to_alice))

    def test_the_default_clock_and_bad_days_options(self):
        game = self.challenge("")
        [listing] = self.command("bob", "hy3 games")
        self.assertIn(f"alice to move, deadline {shown(T0 + timedelta(days=14))}", text_of(listing))
        self.assertEqual(self.game(game)["days_per_move"], 14)
        [listing] = self.command("bob", "all show alice")
        self.assertIn(f"alice to move, deadline {shown(T0 + timedelta(days=14))}", text_of(listing))
        [helptext] = self.command("bob", "help clock")
        self.assertIn("Without it a game gets 14 days per move.", text_of(helptext))
        self.assertIn("You have 30 vacation days per calendar year", text_of(helptext))
        for option in ("-days=61", "-days=x", "-days"):
            [refused] = self.command("alice", f"hy3 challenge alice bob {option}")
            self.assertIn("-days needs a number of days per move from 0 to 60", text_of(refused))
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM games"), [{"n": 1}])

    def test_tick_twice_at_the_same_moment_sends_nothing_twice(self):
        first, second = self.challenge("-days=2"), self.challenge("-days=5")
        self.both_have_moved(first)
        self.new_replies()
        self.at(T0 + timedelta(days=3, hours=1))  # first past its deadline, second due a reminder
        p = self.tick()
        self.assertEqual(p.returncode, 0)
        self.assertEqual(p.stdout.decode(), "tick: 1 reminder(s), 1 loss(es) on time, 0 abort(s): never moved, 0 vacation day(s) instead (autovacation), 0 tournament(s) started or cancelled, 0 invitation(s) lapsed, 0 digest(s), 0 old row(s) deleted\n")
        self.assertEqual(len(self.new_replies()), 3)
        p = self.tick()
        self.assertEqual((p.returncode, p.stdout.decode()), (0, "tick: 0 reminder(s), 0 loss(es) on time, 0 abort(s): never moved, 0 vacation day(s) instead (autovacation), 0 tournament(s) started or cancelled, 0 invitation(s) lapsed, 0 digest(s), 0 old row(s) deleted\n"))
        self.assertEqual(self.new_replies(), [])
        self.assertEqual(self.game(first)["status"], "finished")
        self.assertEqual(self.game(second)["status"], "active")

    def test_ticks_running_at_once_share_the_duties_and_send_nothing_twice(self):
        games = [self.challenge("-days=1") for _ in range(5)]
        for game in games:
            self.both_have_moved(game)
        self.new_replies()
        self.at(T0 + timedelta(days=1))
        command = self.server.frozen_pbem_command("tick")
        ticks = [subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(3)]
        outputs = [tick.communicate(timeout=120) for tick in ticks]
        self.assertEqual([tick.returncode for tick in ticks], [0, 0, 0], outputs)
        done = sum(int(out.decode().split(", ")[1].split()[0]) for out, _ in outputs)
        self.assertEqual(done, 5)  # every loss on time carried out by exactly one of them
        self.assertEqual(len(self.new_replies()), 10)
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM rating_changes"), [{"n": 10}])
        self.assertEqual({self.game(g)["end_reason"] for g in games}, {"time"})

    def test_vacation_pushes_deadlines_back_and_opponents_see_it(self):
        game = self.challenge("-days=3")  # alice to move until T0 + 3 days
        self.at(T0 + timedelta(days=1))
        [reply] = self.command("alice", "vacation alice secret1 5")
        until = T0 + timedelta(days=6)
        self.assertIn(f"Your vacation runs until {shown(until)}", text_of(reply))
        self.assertIn("You have 25 days of vacation left in 2027", text_of(reply))
        self.assertEqual(self.game(game)["deadline_at"], "2027-03-09T12:00:00Z")  # moved by 5 days
        [board] = self.command("bob", f"hy3 show {game}")
        self.assertIn(f"alice is on vacation until {shown(until)}", text_of(board))
        self.at(T0 + timedelta(days=4))
        self.assertEqual(self.tick_ok(), [])
        # alice moves from her vacation; bob's clock runs, and his mail tells him she is away.
        [to_alice, to_bob] = self.move(game, "alice", "c1")
        self.assertIn(f"alice is on vacation until {shown(until)}", text_of(to_bob))
        self.assertNotIn("on vacation", text_of(to_alice))
        [_, to_bob] = self.move(game, "bob", "a1")
        # alice's new period starts when her vacation ends.
        self.assertIn(f"Deadline for alice to move: {shown(until + timedelta(days=3))}", text_of(to_bob))
        [left] = self.command("alice", "vacation alice secret1")
        self.assertIn(f"You are on vacation until {shown(until)}", text_of(left))
        self.assertIn("You have 25 days of vacation left in 2027", text_of(left))
        # Ending it early gives back the whole days not begun (day 4 of 5 is under way) and
        # takes the unused time off the deadline again.
        self.at(T0 + timedelta(days=4, hours=1))
        [ended] = self.command("alice", "vacation alice secret1 off")
        self.assertIn("1 day given back", text_of(ended))
        self.assertIn("You have 26 days of vacation left in 2027", text_of(ended))
        self.assertEqual(self.game(game)["deadline_at"], "2027-03-08T13:00:00Z")

    def test_vacation_over_the_allowance_is_refused_and_changes_nothing(self):
        game = self.challenge("-days=3")
        self.command("alice", "vacation alice secret1 20")
        self.command("alice", "vacation alice secret1 off")  # the first day stays taken
        before = self.game(game)["deadline_at"]
        [refused] = self.command("alice", "vacation alice secret1 30")
        self.assertIn("you asked for 30 days of vacation but have only 29 days left in 2027", text_of(refused))
        self.assertEqual(self.game(game)["deadline_at"], before)
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM vacations"), [{"n": 1}])
        [refused] = self.command("alice", "vacation alice secret1 soon")
        # Not repeated (issue 40): with the words out of order it could be the password.
        self.assertIn("the word where the number of days belongs is neither a number of vacation days",
                      text_of(refused))
        # A new calendar year brings a new allowance.
        self.at(datetime(2028, 1, 1, 0, 0, 1))
        [reply] = self.command("alice", "vacation alice secret1 30")
        self.assertIn("You have 0 days of vacation left in 2028", text_of(reply))

    def test_a_crash_inside_the_timeout_transaction_loses_and_duplicates_nothing(self):
        for point in ("clock-before-mail", "clock-before-commit"):
            with self.subTest(point=point):
                self.at(T0)
                game = self.challenge("-days=1")
                self.both_have_moved(game)
                self.new_replies()
                self.at(T0 + timedelta(days=1))
                self.assertEqual(self.tick(env={"PBEM_TEST_CRASH_AT": point}).returncode, 99)
                row = self.game(game)
                self.assertEqual((row["status"], row["end_reason"]), ("active", None))
                self.assertEqual(self.server.query("SELECT count(*) AS n FROM rating_changes WHERE game_id = ?",
                                                   game), [{"n": 0}])
                self.assertEqual(self.new_replies(), [])
                # The next tick does it, once.
                self.assertEqual(len(self.tick_ok()), 2)
                self.assertEqual(self.game(game)["end_reason"], "time")
                self.assertEqual(self.server.query("SELECT count(*) AS n FROM rating_changes WHERE game_id = ?",
                                                   game), [{"n": 2}])
                self.assertEqual(self.tick_ok(), [])
        # A crash just after the commit: everything is stored, and nothing is done again.
        self.at(T0)
        game = self.challenge("-days=1")
        self.both_have_moved(game)
        self.new_replies()
        self.at(T0 + timedelta(days=1))
        self.assertEqual(self.tick(env={"PBEM_TEST_CRASH_AT": "clock-after-commit"}).returncode, 99)
        self.assertEqual(len(self.new_replies()), 2)
        self.assertEqual(self.tick_ok(), [])
        self.assertEqual(self.server.pbem("ratings", "--rebuild").returncode, 0)


class DaemonClockServer(ClockServer, DaemonServer):
    """pbem (ingest, tick) under libfaketime at `now`, with a configuration for pbemd."""


@needs_libfaketime
class DaemonClock(unittest.TestCase):
    """pbemd's own timer: started a day after one-day deadlines (its clock running from
    there), it sends the losses on time to the smarthost without any tick from outside."""
    GAMES = 12

    def test_pbemd_sends_the_losses_on_time_by_itself(self):
        sink = PythonSink().start()
        self.addCleanup(sink.stop)
        server = DaemonClockServer(sink.port)
        self.addCleanup(server.close)
        server.autovacation = "off"  # the losses themselves, not vacation days instead
        for userid, (address, password) in PLAYERS.items():
            server.signup_and_confirm(address, userid, password)
        # More games than one 50 ms round of duties gets through: the rest follow in later rounds.
        for game in range(1, self.GAMES + 1):
            p = server.ingest(make_mail("alice@example.org", "hy3 challenge alice bob -size=3 -days=1"))
            self.assertEqual(p.returncode, 0)
            # A ply each: a player who never moved would not lose (test_never_moved.py).
            for userid, ply in (("alice", "c1"), ("bob", "a1")):
                address, password = PLAYERS[userid]
                p = server.ingest(make_mail(address, f"hy3 move {game} {userid} {password} {ply}"))
                self.assertEqual(p.returncode, 0)
        daemon = Daemon(server, prefix=running_clock_prefix(T0 + timedelta(days=1, minutes=1)))
        self.addCleanup(daemon.close)
        daemon.start()
        wait_until(lambda: sum("lost on time" in text_of(a.message) for a in sink.received()) == 2 * self.GAMES,
                   what="the losses on time at the sink")
        self.assertEqual(server.query("SELECT end_reason, count(*) AS n FROM games GROUP BY end_reason"),
                         [{"end_reason": "time", "n": self.GAMES}])
        self.assertEqual(daemon.terminate(), 0)


# In a PID namespace of its own (the first process is pid 1) with a private /dev/shm: the
# shared clocks a killed run would have left behind for every pid the program could get.
STALE_CLOCKS = """mount -t tmpfs pbem-test-shm /dev/shm || exit 97
for pid in $(seq 1 20); do : > /dev/shm/faketime_shm_$pid; : > /dev/shm/sem.faketime_sem_$pid; done
exec "$@"
"""


def in_stale_namespace(command):
    return ["unshare", "--map-root-user", "--pid", "--fork", "--mount", "sh", "-c", STALE_CLOCKS, "sh", *command]


def namespaces_allowed():
    try:
        return subprocess.run(in_stale_namespace(["true"]), capture_output=True, timeout=30).returncode == 0
    except OSError:
        return False


@needs_libfaketime
@unittest.skipUnless(namespaces_allowed(), "unshare cannot make a PID and mount namespace here")
class StaleSharedClock(unittest.TestCase):
    """What a killed run leaves in /dev/shm cannot stop a later one: a program started by
    the harness with the same pid as a dead one still gets its clock (the `faketime`
    wrapper dies there: "sem_open: File exists")."""

    def test_a_dead_runs_shared_clock_does_not_stop_a_frozen_or_a_running_clock(self):
        for prefix in (frozen_clock_prefix(T0), running_clock_prefix(T0)):
            with self.subTest(prefix=prefix):
                p = subprocess.run(in_stale_namespace(prefix + ["date", "-u", "+%F %H:%M"]), capture_output=True,
                                   text=True, timeout=30)
                self.assertEqual((p.returncode, p.stdout), (0, "2027-03-01 12:00\n"), p.stderr)


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0]])
