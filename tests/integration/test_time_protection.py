"""Time that protects the player (issue 44) through the real `pbem ingest`, `pbem tick`,
`pbem clock extend` and pbemd's own timer, with time driven by libfaketime: the
autovacation day instead of a loss on time (and the loss with none left or with it off),
once a day; deadlines, reminders and banks with -weekends=off across one and two
weekends, and in the games a tournament, a league or a ladder starts; the operator's
`clock extend` on every game and on one, twice."""
import sys
import unittest
from datetime import datetime, timedelta

from daemon_harness import Daemon, DaemonServer, PythonSink, wait_until
from pbem_harness import build_dir, make_mail, text_of

build_dir(sys.argv)

from clock_harness import (PLAYERS, T0, ClockCase, ClockServer, needs_libfaketime,  # noqa: E402
                           running_clock_prefix, shown)

FRIDAY_NOON = datetime(2027, 3, 5, 12, 0, 0)  # T0 is Monday 2027-03-01 12:00


def iso(when):
    return when.strftime("%Y-%m-%dT%H:%M:%SZ")


class TimeCase(ClockCase):
    def both_have_moved(self, game):
        """alice and bob play a ply each (alice to move again): her deadline is then a loss
        on time, not the abort of a game she never played in."""
        self.move(game, "alice", "c1")
        self.move(game, "bob", "a1")

    def vacations(self):
        return self.server.query("SELECT starts_at, ends_at, days, automatic FROM vacations ORDER BY id")


class Autovacation(TimeCase):
    autovacation = None  # the default: on
    extra_config = {"clock": {"remind_before_hours": 12}}  # a reminder in a day per move

    def test_a_vacation_day_instead_of_the_loss_on_two_days_but_never_twice_on_one(self):
        game = self.challenge("-days=1")
        self.both_have_moved(game)
        self.new_replies()
        deadline = T0 + timedelta(days=1)
        self.at(deadline - timedelta(hours=12))
        [reminder] = self.tick_ok()  # the reminder says what the deadline will bring
        self.assertIn("But with autovacation on and 30 vacation days left, one of them starts instead",
                      " ".join(text_of(reminder).split()))
        self.at(deadline)
        [mail] = self.tick_ok()  # one mail, to alice alone
        self.assertEqual(mail["To"], "alice@example.org")
        self.assertEqual(mail["Subject"], f"HY 3 #{game}: a vacation day for alice instead of a loss on time")
        text = text_of(mail)
        self.assertIn(f"Your time in HY 3 #{game} (-size=3) ran out at {shown(deadline)}, so one of your vacation "
                      "days has started instead of a loss on time", " ".join(text.split()))
        self.assertIn("You have 29 days of vacation left in 2027", " ".join(text.split()))
        self.assertIn(f"hy3 move {game} alice <password> ", text)  # a reply with a move plays it
        row = self.game(game)
        self.assertEqual((row["status"], row["deadline_at"]), ("active", iso(deadline + timedelta(days=1))))
        self.assertEqual(self.vacations(), [{"starts_at": iso(deadline), "ends_at": iso(deadline + timedelta(days=1)),
                                             "days": 1, "automatic": 1}])
        # bob sees her away; nothing more at the same moment or during the day.
        [board] = self.command("bob", f"hy3 show {game}")
        self.assertIn(f"alice is on vacation until {shown(deadline + timedelta(days=1))}", text_of(board))
        self.assertEqual(self.tick_ok(), [])
        self.at(deadline + timedelta(hours=23, minutes=59, seconds=59))
        self.assertEqual(self.tick_ok(), [])
        # The next day, another: the second in a row.
        second = deadline + timedelta(days=1)
        self.at(second)
        p = self.tick()
        self.assertIn("0 loss(es) on time, 0 abort(s): never moved, 1 vacation day(s) instead", p.stdout.decode())
        [mail] = self.new_replies()
        self.assertIn("You have 28 days of vacation left in 2027", " ".join(text_of(mail).split()))
        self.assertEqual(self.game(game)["deadline_at"], iso(second + timedelta(days=1)))
        # alice ends it at once: her clock has nothing left, so its deadline is now; that
        # day has had its vacation day, so the loss on time stands.
        self.at(second + timedelta(hours=1))
        [ended] = self.command("alice", "vacation alice secret1 off")
        self.assertIn("Your vacation has ended now", text_of(ended))
        self.assertEqual(self.game(game)["deadline_at"], iso(second + timedelta(hours=1)))
        lost = self.tick_ok()
        self.assertEqual(sorted(m["To"] for m in lost), ["alice@example.org", "bob@example.net"])
        self.assertIn("and lost on time.", text_of(lost[0]))
        self.assertEqual(self.game(game)["end_reason"], "time")
        self.assertEqual(len(self.vacations()), 2)

    def test_two_games_running_out_together_take_one_day(self):
        games = [self.challenge("-days=1") for _ in range(2)]
        for game in games:
            self.both_have_moved(game)
        self.new_replies()
        self.at(T0 + timedelta(days=1, hours=2))  # both deadlines past
        [mail] = self.tick_ok()
        self.assertEqual(mail["To"], "alice@example.org")
        for game in games:
            self.assertEqual(self.game(game)["deadline_at"], iso(T0 + timedelta(days=2, hours=2)))
        self.assertEqual(len(self.vacations()), 1)

    def test_with_autovacation_off_the_loss_on_time_stands(self):
        [reply] = self.command("alice", "set alice secret1 autovacation off")
        self.assertEqual(reply["Subject"], "Autovacation off")
        self.assertIn("you now lose it on time", text_of(reply))
        game = self.challenge("-days=1")
        self.both_have_moved(game)
        self.new_replies()
        self.at(T0 + timedelta(days=1))
        self.assertEqual(len(self.tick_ok()), 2)
        self.assertEqual(self.game(game)["end_reason"], "time")
        self.assertEqual(self.vacations(), [])
        [refused] = self.command("alice", "set alice secret1 autovacation maybe")
        self.assertIn("autovacation is set 'on' or 'off'", text_of(refused))


class AutovacationLastDay(TimeCase):
    autovacation = None
    extra_config = {"clock": {"vacation_days_per_year": 1}}

    def test_the_loss_when_no_days_are_left(self):
        game = self.challenge("-days=1")
        self.both_have_moved(game)
        self.new_replies()
        self.at(T0 + timedelta(days=1))
        [mail] = self.tick_ok()
        self.assertIn("You have 0 days of vacation left in 2027", " ".join(text_of(mail).split()))
        self.at(T0 + timedelta(days=2))
        self.assertEqual(len(self.tick_ok()), 2)  # the loss, to both
        self.assertEqual(self.game(game)["end_reason"], "time")


class WeekendsOff(TimeCase):
    def test_a_deadline_across_one_weekend_and_its_reminder(self):
        self.at(FRIDAY_NOON)
        game = self.challenge("-days=3 -weekends=off")
        self.both_have_moved(game)
        [to_alice, to_bob] = self.move(game, "alice", "c2")  # bob to move from Friday noon
        deadline = datetime(2027, 3, 10, 12, 0)  # Friday 12 h, Monday, Tuesday, Wednesday 12 h
        for mail in (to_alice, to_bob):
            self.assertIn(f"Deadline for bob to move: {shown(deadline)} (3 days per move; weekends off).",
                          text_of(mail))
        [board] = self.command("alice", f"hy3 show {game}")
        self.assertIn("(3 days per move; weekends off)", text_of(board))
        # The reminder, 48 h of running time before: Monday noon, not Saturday noon.
        self.at(datetime(2027, 3, 8, 11, 59, 59))
        self.assertEqual(self.tick_ok(), [])
        self.at(datetime(2027, 3, 8, 12, 0))
        [reminder] = self.tick_ok()
        self.assertEqual(reminder["Subject"], f"HY 3 #{game}: reminder, bob to move")
        self.at(deadline - timedelta(seconds=1))
        self.assertEqual(self.tick_ok(), [])
        self.at(deadline)
        self.assertEqual(len(self.tick_ok()), 2)
        self.assertEqual(self.game(game)["end_reason"], "time")

    def test_a_deadline_across_two_weekends(self):
        self.at(FRIDAY_NOON)
        game = self.challenge("-days=7 -weekends=off")
        self.assertEqual(self.game(game)["deadline_at"], "2027-03-16T12:00:00Z")
        # A move made on Sunday starts the next period on Monday 00:00: five weekdays, the
        # weekend, Monday and Tuesday.
        self.at(datetime(2027, 3, 7, 15, 0))
        [_, to_bob] = self.move(game, "alice", "c1")
        self.assertIn(f"Deadline for bob to move: {shown(datetime(2027, 3, 17, 0, 0))} (7 days per move; "
                      "weekends off).", text_of(to_bob))

    def test_a_bank_runs_only_on_weekdays(self):
        self.at(FRIDAY_NOON)
        game = self.challenge("-clock=2+1 -weekends=off")
        self.assertEqual(self.game(game)["deadline_at"], "2027-03-09T12:00:00Z")  # 12 h + 24 h + 12 h
        self.at(datetime(2027, 3, 6, 12, 0))  # Saturday noon: alice has spent Friday's 12 hours
        [board] = self.command("bob", f"hy3 show {game}")
        self.assertIn("Time left: alice 1 d 12 h, bob 2 d 0 h (2+1, weekends off)", text_of(board))
        self.assertIn(f"Deadline for alice to move: {shown(datetime(2027, 3, 9, 12, 0))} (their bank runs out; "
                      "weekends off).", text_of(board))
        # She moves on Sunday: 36 h kept plus a day's increment, at most the bank's 2 days;
        # bob's 2 days start on Monday 00:00.
        self.at(datetime(2027, 3, 7, 12, 0))
        [_, to_bob] = self.move(game, "alice", "c1")
        self.assertIn("Time left: alice 2 d 0 h, bob 2 d 0 h (2+1, weekends off)", text_of(to_bob))
        self.assertEqual(self.game(game)["deadline_at"], "2027-03-10T00:00:00Z")

    def test_a_bad_weekends_option_is_refused(self):
        [refused] = self.command("alice", "hy3 challenge alice bob -size=3 -weekends=sometimes")
        self.assertIn("-weekends is -weekends=off", text_of(refused))
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM games"), [{"n": 0}])

    def test_a_tournament_with_weekends_off_starts_its_games_so(self):
        [reply] = self.command("alice", "hy3 tournament new alice secret1 Weekdays -format=knockout -players=2 -days=2 "
                                               "-weekends=off")
        self.assertIn("weekends off", text_of(reply))
        self.command("alice", "hy3 join 1 alice secret1")
        self.at(FRIDAY_NOON)
        self.command("bob", "hy3 join 1 bob secret2")  # full: it starts
        [row] = self.server.query("SELECT weekends_off, deadline_at FROM games")
        self.assertEqual(row, {"weekends_off": 1, "deadline_at": "2027-03-09T12:00:00Z"})

    def test_a_league_with_weekends_off_starts_its_games_so(self):
        players = dict(PLAYERS, carol=("carol@example.com", "secret3"), dave=("dave@example.com", "secret4"))
        for userid in ("carol", "dave"):
            self.server.signup_and_confirm(players[userid][0], userid, players[userid][1])
        self.new_replies()  # their signup mails
        [reply] = self.command("alice", "hy3 league new alice secret1 Weekdays -size=3 -group=4 -days=2 -weekends=off")
        self.assertIn("Games: -size=3, 2 days per move, weekends off, rated.", text_of(reply))
        for userid, (address, password) in players.items():
            self.send(address, f"hy3 join G#1 {userid} {password}")
        self.at(FRIDAY_NOON)
        self.command("alice", "hy3 league start G#1 alice secret1")
        # Six games, each with Friday's 12 hours, Monday and Tuesday's 12: the weekend skipped.
        rows = self.server.query("SELECT weekends_off, deadline_at FROM games")
        self.assertEqual(rows, [{"weekends_off": 1, "deadline_at": "2027-03-09T12:00:00Z"}] * 6)
        [shown_league] = self.command("bob", "hy3 league G#1")
        self.assertIn("weekends off", text_of(shown_league))

    def test_a_ladder_with_weekends_off_starts_its_games_so(self):
        [reply] = self.command("alice", "hy3 ladder new alice secret1 Weekdays -size=3 -days=2 -weekends=off")
        self.assertIn("Games: -size=3, 2 days per move, weekends off, rated.", text_of(reply))
        self.command("alice", "hy3 join L#1 alice secret1")
        self.command("bob", "hy3 join L#1 bob secret2")
        self.at(FRIDAY_NOON)
        self.command("bob", "hy3 climb L#1 bob secret2 alice")
        [row] = self.server.query("SELECT weekends_off, deadline_at FROM games")
        self.assertEqual(row, {"weekends_off": 1, "deadline_at": "2027-03-09T12:00:00Z"})
        [shown_ladder] = self.command("alice", "hy3 ladder L#1")
        self.assertIn("weekends off", text_of(shown_ladder))


class ClockExtend(TimeCase):
    def extend(self, *args):
        return self.server.pbem("clock", "extend", *args)

    def test_extend_on_all_games_and_on_one_twice_one_mail_per_player(self):
        first, second = self.challenge("-days=3"), self.challenge("-days=5")  # alice to move in both
        third = self.challenge("-clock=10+1")
        self.move(third, "alice", "c1")  # bob to move in the third, on a bank
        self.new_replies()
        before = {g: self.game(g)["deadline_at"] for g in (first, second, third)}
        self.at(T0 + timedelta(hours=1))
        for run in (1, 2):
            p = self.extend("24")
            self.assertEqual((p.returncode, p.stdout.decode()), (0, "clock extend: 24 hours more in 3 games\n"),
                             p.stderr)
            mails = self.new_replies()
            self.assertEqual(sorted(m["To"] for m in mails), ["alice@example.org", "bob@example.net"])
            to_alice = next(m for m in mails if m["To"] == "alice@example.org")
            self.assertEqual(to_alice["Subject"], "24 hours more on your clock in 2 games")
            self.assertIn(f"HY 3 #{first} (-size=3) against bob: deadline "
                          f"{shown(T0 + timedelta(days=3, hours=24 * run))}", text_of(to_alice))
            to_bob = next(m for m in mails if m["To"] == "bob@example.net")
            # His bank as it now stands: above B (10 days) on the second run, until he moves.
            self.assertIn(f"your bank {9 + run} d 23 h", text_of(to_bob))
            for g in (first, second, third):
                self.assertEqual(self.game(g)["deadline_at"],
                                 iso(datetime.strptime(before[g], "%Y-%m-%dT%H:%M:%SZ") + timedelta(hours=24 * run)))
        p = self.extend("6", "--game", str(third))
        self.assertEqual(p.returncode, 0, p.stderr)
        [mail] = self.new_replies()
        self.assertEqual((mail["To"], mail["Subject"]), ("bob@example.net", "6 hours more on your clock in 1 game"))
        self.assertEqual(self.game(first)["deadline_at"], iso(T0 + timedelta(days=5)))
        # bob moves: his bank comes back to its limit, plus nothing above it.
        [_, to_alice] = self.move(third, "bob", "a1")
        self.assertIn("bob 10 d 0 h (10+1)", text_of(to_alice))

    def test_out_of_range_or_no_such_game_changes_nothing_and_exits_non_zero(self):
        game = self.challenge("-days=3")
        self.new_replies()
        before = self.game(game)["deadline_at"]
        for args in (["0"], ["721"], ["-5"], ["24h"], [], ["24", "--game"], ["24", "--game", "x"], ["24", "--all"]):
            p = self.extend(*args)
            self.assertEqual(p.returncode, 64, args)
            self.assertIn("usage: pbem clock extend HOURS [--game N]", p.stderr.decode())
        p = self.extend("24", "--game", "99")
        self.assertEqual(p.returncode, 1)
        self.assertIn("game 99 is not a running game with a clock; nothing was changed", p.stderr.decode())
        self.assertEqual(self.game(game)["deadline_at"], before)
        self.assertEqual(self.new_replies(), [])


class DaemonTimeServer(ClockServer, DaemonServer):
    """pbem (ingest) under libfaketime at `now`, with a configuration for pbemd; autovacation
    as its users left it (on)."""


@needs_libfaketime
class DaemonAutovacation(unittest.TestCase):
    def test_pbemd_takes_the_vacation_day_at_a_deadline_after_a_weekend(self):
        sink = PythonSink().start()
        self.addCleanup(sink.stop)
        server = DaemonTimeServer(sink.port)
        self.addCleanup(server.close)
        for userid, (address, password) in PLAYERS.items():
            server.signup_and_confirm(address, userid, password)
        server.now = FRIDAY_NOON
        for address, subject in (("alice@example.org", "hy3 challenge alice bob -size=3 -days=1 -weekends=off"),
                                 ("alice@example.org", "hy3 move 1 alice secret1 c1"),
                                 ("bob@example.net", "hy3 move 1 bob secret2 a1")):
            self.assertEqual(server.ingest(make_mail(address, subject)).returncode, 0)
        # alice's day runs out on Monday noon, not on Saturday noon.
        self.assertEqual(server.query("SELECT deadline_at FROM games"), [{"deadline_at": "2027-03-08T12:00:00Z"}])
        daemon = Daemon(server, prefix=running_clock_prefix(datetime(2027, 3, 8, 12, 1)))
        self.addCleanup(daemon.close)
        daemon.start()
        wait_until(lambda: any("instead of a loss on time" in str(a.message["Subject"]) for a in sink.received()),
                   what="the autovacation mail at the sink")
        self.assertEqual(daemon.terminate(), 0)
        self.assertEqual(server.query("SELECT status FROM games"), [{"status": "active"}])
        self.assertEqual(server.query("SELECT automatic, days FROM vacations"), [{"automatic": 1, "days": 1}])
        self.assertEqual([a.message["To"] for a in sink.received() if "vacation day" in str(a.message["Subject"])],
                         ["alice@example.org"])


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0]])
