"""The time bank (issue 29, spec "Time bank"): -clock=B+I through the real `pbem ingest`
and `pbem tick` under libfaketime. The bank of the player to move runs, the increment
comes after each of their moves and never above the bank, the one reminder of a turn at
48 hours left (none when the turn starts with less), the loss on time at zero, a vacation
that freezes the bank, an undo, the rematch's full banks, and refused options."""
import sys
import unittest
from datetime import timedelta

from pbem_harness import build_dir, text_of

build_dir(sys.argv)

from clock_harness import T0, ClockCase, shown  # noqa: E402


def time_left(alice, bob, clock="10+1"):
    return f"Time left: alice {alice}, bob {bob} ({clock})"


class TimeBank(ClockCase):
    def challenge(self, options):
        self.command("alice", f"hy3 challenge alice bob -size=4 {options}")
        return self.server.query("SELECT max(id) AS id FROM games")[0]["id"]

    def test_the_bank_runs_gains_its_increment_reminds_once_and_runs_out(self):
        game = self.challenge("-clock=10+1")
        [shown_board] = self.command("bob", f"hy3 show {game}")
        self.assertIn(time_left("10 d 0 h", "10 d 0 h"), text_of(shown_board))
        self.assertIn(f"Deadline for alice to move: {shown(T0 + timedelta(days=10))} (their bank runs out).",
                      text_of(shown_board))
        # alice spends 2 d 4 h 30 min and gets a day back: 8 d 20 h (whole hours, rounded down).
        self.at(T0 + timedelta(days=2, hours=4, minutes=30))
        for mail in self.move(game, "alice", "c1"):
            self.assertIn(time_left("8 d 19 h", "10 d 0 h"), text_of(mail))
            self.assertIn(f"Deadline for bob to move: {shown(T0 + timedelta(days=12, hours=4, minutes=30))}",
                          text_of(mail))
        # bob's bank is full: the increment does not take it above 10 days.
        self.at(T0 + timedelta(days=2, hours=5, minutes=30))
        for mail in self.move(game, "bob", "a1"):
            self.assertIn(time_left("8 d 19 h", "10 d 0 h"), text_of(mail))
        # While alice thinks her bank runs down; bob's stands.
        self.at(T0 + timedelta(days=3, hours=5, minutes=30))
        [shown_board] = self.command("bob", f"hy3 show {game}")
        self.assertIn(time_left("7 d 19 h", "10 d 0 h"), text_of(shown_board))
        # One reminder when 48 hours are left, then the loss on time at zero.
        out = T0 + timedelta(days=2, hours=5, minutes=30) + timedelta(days=8, hours=19, minutes=30)
        self.at(out - timedelta(hours=48, seconds=1))
        self.assertEqual(self.tick_ok(), [])
        self.at(out - timedelta(hours=47))
        [reminder] = self.tick_ok()
        self.assertEqual((reminder["To"], reminder["Subject"]), ("alice@example.org", f"HY 3 #{game}: reminder, alice to move"))
        self.assertIn(time_left("1 d 23 h", "10 d 0 h"), text_of(reminder))
        self.assertEqual(self.tick_ok(), [])
        self.at(out - timedelta(seconds=1))
        self.assertEqual(self.tick_ok(), [])
        self.at(out)
        ended = self.tick_ok()
        self.assertEqual(len(ended), 2)
        for mail in ended:
            self.assertIn("alice (red) did not move by the deadline", text_of(mail))
            self.assertIn("bob (blue) wins on time.", text_of(mail))
        row = self.game(game)
        self.assertEqual((row["status"], row["end_reason"], row["winner_colour"]), ("finished", "time", 1))
        self.assertEqual(self.tick_ok(), [])

    def test_hours_and_a_turn_too_short_for_a_reminder(self):
        game = self.challenge("-clock=40h+36h")
        [shown_board] = self.command("bob", f"hy3 show {game}")
        self.assertIn(time_left("1 d 16 h", "1 d 16 h", "40h+36h"), text_of(shown_board))
        # 40 hours is less than the 48 of the notice: no reminder in this turn.
        self.at(T0 + timedelta(hours=39, minutes=59))
        self.assertEqual(self.tick_ok(), [])
        # A move after an hour: 39 h left, plus 36 h, capped at 40 h.
        self.at(T0 + timedelta(hours=1))
        for mail in self.move(game, "alice", "c1"):
            self.assertIn(time_left("1 d 16 h", "1 d 16 h", "40h+36h"), text_of(mail))
        self.at(T0 + timedelta(hours=41))
        self.assertEqual(len(self.tick_ok()), 2)  # bob lost on time, nothing before
        self.assertEqual(self.game(game)["end_reason"], "time")

    def test_a_vacation_freezes_the_bank(self):
        game = self.challenge("-clock=10+0")
        self.at(T0 + timedelta(days=1))
        self.command("alice", "vacation alice secret1 3")
        # The deadline moved by the vacation; the bank stands at 9 days while it lasts.
        self.at(T0 + timedelta(days=2))
        [shown_board] = self.command("bob", f"hy3 show {game}")
        self.assertIn(time_left("9 d 0 h", "10 d 0 h", "10+0"), text_of(shown_board))
        self.assertIn(f"Deadline for alice to move: {shown(T0 + timedelta(days=13))}", text_of(shown_board))
        self.at(T0 + timedelta(days=12, hours=23))
        self.assertEqual([m["Subject"] for m in self.tick_ok()], [f"HY 3 #{game}: reminder, alice to move"])
        self.assertEqual(self.game(game)["status"], "active")
        self.at(T0 + timedelta(days=13))
        self.assertEqual(len(self.tick_ok()), 2)  # now her bank is spent

    def test_a_move_on_vacation_keeps_the_bank_it_had_when_the_vacation_began(self):
        game = self.challenge("-clock=10+0")
        self.at(T0 + timedelta(days=1))
        self.command("alice", "vacation alice secret1 3")
        self.at(T0 + timedelta(days=2))
        for mail in self.move(game, "alice", "c1"):
            self.assertIn(time_left("9 d 0 h", "10 d 0 h", "10+0"), text_of(mail))

    def test_an_undo_ends_the_waiting_players_turn_without_the_increment(self):
        game = self.challenge("-clock=10+1")
        self.at(T0 + timedelta(days=1))
        self.move(game, "alice", "c1")      # alice: 9 d + 1 d = 10 d
        self.at(T0 + timedelta(days=2))
        self.command("alice", f"hy3 undo {game} alice secret1")
        self.at(T0 + timedelta(days=4))
        [to_bob, to_alice] = sorted(self.command("bob", f"hy3 accept {game} bob secret2"), key=lambda m: m["To"])[::-1]
        # bob waited 3 days: 7 d left, no increment; alice moves again with her 10 d.
        self.assertIn(time_left("10 d 0 h", "7 d 0 h"), text_of(to_alice))
        self.assertEqual(self.game(game)["plies"], 0)

    def test_a_rematch_starts_with_full_banks(self):
        game = self.challenge("-clock=10+1")
        self.at(T0 + timedelta(days=3))
        self.command("alice", f"hy3 resign {game} alice secret1")
        [to_alice, _] = self.command("alice", f"hy3 rematch {game} alice secret1")
        self.assertIn("Time left: bob 10 d 0 h, alice 10 d 0 h (10+1)", text_of(to_alice))

    def test_refused_clocks(self):
        for option, words in (("-clock=61+1", "must be 1 hour to 60 days"),
                              ("-clock=10+11", "increment must not be more than its bank"),
                              ("-clock=10", "needs a bank and an increment"),
                              ("-clock=x+1", "whole days or hours with h"),
                              ("-clock=0h+0", "must be 1 hour to 60 days"),
                              ("-days=3 -clock=10+1", "-days and -clock are two kinds of clock")):
            [refused] = self.command("alice", f"hy3 challenge alice bob {option}")
            self.assertIn(words, text_of(refused), option)
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM games"), [{"n": 0}])


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
