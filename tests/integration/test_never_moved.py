"""Nobody loses a game they never played (issue 40 item 2; spec "Nobody loses a game they
never played"), through the real `pbem ingest` and `pbem tick` under libfaketime: a player
whose time runs out before they have made a ply of their own in the game does not lose
it; the game ends aborted, "<userid> never moved", unrated, and both players are told.
Challenged or challenger, days per move or a time bank, rated or not, against the
computer too; a player who has moved once loses on time as before, and so does a player
of a tournament game (joining was consent)."""
import sys
import unittest
from datetime import timedelta

from pbem_harness import build_dir, text_of

build_dir(sys.argv)

from clock_harness import PLAYERS, T0, ClockCase, shown  # noqa: E402

ADDRESSES = {"alice": "alice@example.org", "bob": "bob@example.net"}


class NeverMoved(ClockCase):
    def cmd(self, userid, words):
        """`words` with the user's password after their userid where it says PW."""
        return self.command(userid, words.replace("PW", PLAYERS[userid][1]))

    def rating_rows(self):
        return (self.server.query("SELECT count(*) AS n FROM ratings")[0]["n"],
                self.server.query("SELECT count(*) AS n FROM rating_changes")[0]["n"])

    def tick_says(self, losses, aborts):
        p = self.tick()
        self.assertEqual(p.returncode, 0, p.stderr.decode())
        self.assertIn(f"{losses} loss(es) on time, {aborts} abort(s): never moved", p.stdout.decode())
        return self.new_replies()

    def assert_aborted(self, game, late, colour, deadline, mails, players=("alice", "bob")):
        """Game `game` ended aborted because `late` (playing `colour`) never moved, and
        every player got the one mail that says so."""
        row = self.game(game)
        late_id = self.server.query("SELECT id FROM users WHERE userid = ?", late)[0]["id"]
        self.assertEqual((row["status"], row["winner_colour"], row["aborted_by"], row["end_reason"]),
                         ("finished", None, late_id, "time"))
        self.assertEqual(sorted(m["To"] for m in mails), sorted(ADDRESSES[p] for p in players))
        for mail in mails:
            self.assertEqual(mail["Subject"], f"HY 3 #{game}: aborted, {late} never moved")
            text = text_of(mail)
            self.assertIn(f"{late} ({colour}) did not move by the deadline, {shown(deadline)}, and had not made "
                          "a move in this game: nobody loses a game they never played.", text)
            self.assertIn(f"The game is over without a result: it was aborted because {late} never moved. "
                          "It is not rated.", text)
            self.assertNotIn("wins", text)
            self.assertNotIn("lost on time", text)
        self.assertEqual(self.rating_rows(), (0, 0))
        rebuilt = self.server.pbem("ratings", "--rebuild")
        self.assertEqual(rebuilt.returncode, 0, rebuilt.stderr.decode())
        self.assertNotIn(late, rebuilt.stdout.decode())

    def test_the_challenged_who_never_moves_does_not_lose(self):
        game = self.challenge("-days=1")
        self.move(game, "alice", "c1")
        deadline = T0 + timedelta(days=1)
        self.at(deadline)
        self.assert_aborted(game, "bob", "blue", deadline, self.tick_says(0, 1))
        # Every place that shows the game says why it was aborted.
        reason = "aborted because bob never moved"
        [listing] = self.command("alice", "hy3 games alice all")
        self.assertIn(f"#1  alice vs bob  (-size=3), 1 moves, {reason}", text_of(listing))
        [listing] = self.command("alice", "all show alice")
        self.assertIn(reason, text_of(listing))
        [history] = self.command("alice", f"hy3 history {game}")
        self.assertIn(f"Result: none, the game was {reason}.", text_of(history))
        [board] = self.command("alice", f"hy3 show {game}")
        self.assertIn(f"The game was {reason}.", text_of(board))
        self.assertNotIn("Deadline", text_of(board))
        [refused] = self.move(game, "bob", "a1")
        self.assertIn(f"game 1 was {reason}", text_of(refused))
        # Done once: the next tick finds nothing.
        self.assertEqual(self.tick_says(0, 0), [])

    def test_the_challenger_who_never_moves_does_not_lose(self):
        game = self.challenge("-days=1")
        deadline = T0 + timedelta(days=1)
        self.at(deadline)
        self.assert_aborted(game, "alice", "red", deadline, self.tick_says(0, 1))
        [listing] = self.command("bob", "hy3 games bob all")
        self.assertIn("0 moves, aborted because alice never moved", text_of(listing))

    def test_an_unrated_game_and_a_time_bank_end_alike(self):
        unrated = self.challenge("-days=1 -unrated")
        self.at(T0 + timedelta(days=1))
        self.assert_aborted(unrated, "alice", "red", T0 + timedelta(days=1), self.tick_says(0, 1))
        banked = self.challenge("-clock=24h+0h")
        self.move(banked, "alice", "c1")
        self.at(T0 + timedelta(days=2))
        self.assert_aborted(banked, "bob", "blue", T0 + timedelta(days=2), self.tick_says(0, 1))

    def test_the_reminder_says_what_the_deadline_will_do(self):
        game = self.challenge("-days=3")
        self.at(T0 + timedelta(days=1, hours=1))
        [reminder] = self.tick_says(0, 0)
        self.assertIn("Without a move by then the game is aborted: you have not moved in it yet.",
                      text_of(reminder))
        self.move(game, "alice", "c1")
        self.move(game, "bob", "a1")
        self.at(T0 + timedelta(days=2, hours=2))
        [reminder] = self.tick_says(0, 0)
        self.assertIn("Without a move by then you lose on time.", text_of(reminder))

    def test_a_player_who_has_moved_once_loses_on_time(self):
        game = self.challenge("-days=1")
        self.move(game, "alice", "c1")
        self.move(game, "bob", "a1")
        self.move(game, "alice", "c2")
        self.at(T0 + timedelta(days=1))
        ended = self.tick_says(1, 0)
        self.assertEqual(sorted(m["To"] for m in ended), sorted(ADDRESSES.values()))
        for mail in ended:
            self.assertEqual(mail["Subject"], f"HY 3 #{game}: alice wins")
            self.assertIn("and lost on time.", text_of(mail))
            self.assertIn("alice 1500 -> 1662 (+162)", text_of(mail))
        row = self.game(game)
        self.assertEqual((row["winner_colour"], row["aborted_by"], row["end_reason"]), (0, None, "time"))
        self.assertEqual(self.rating_rows()[1], 2)

    def test_a_ply_taken_back_no_longer_counts(self):
        game = self.challenge("-days=1")
        self.move(game, "alice", "c1")
        self.move(game, "bob", "a1")
        self.cmd("bob", f"hy3 undo {game} bob PW")
        self.cmd("alice", f"hy3 accept {game} alice PW")
        self.assertEqual(self.game(game)["plies"], 1)
        self.at(T0 + timedelta(days=1))
        self.assert_aborted(game, "bob", "blue", T0 + timedelta(days=1), self.tick_says(0, 1))

    def test_a_human_who_never_moves_against_the_computer(self):
        self.command("alice", "hy3 challenge bot alice -size=3 -days=1")  # the computer moves first, at once
        game = self.server.query("SELECT max(id) AS id FROM games")[0]["id"]
        self.assertEqual(self.game(game)["plies"], 1)
        self.new_replies()
        self.at(T0 + timedelta(days=1))
        mails = self.tick_says(0, 1)
        self.assertEqual([m["Subject"] for m in mails], [f"HY 3 #{game}: aborted, alice never moved"])
        row = self.game(game)
        self.assertEqual((row["status"], row["winner_colour"], row["end_reason"]), ("finished", None, "time"))
        self.assertEqual(self.rating_rows(), (0, 0))

    def test_in_a_tournament_game_the_loss_on_time_stands(self):
        self.cmd("alice", "hy3 tournament new alice PW spring -size=3 -format=knockout -players=2 -days=1")
        number = self.server.query("SELECT max(id) AS id FROM tournaments")[0]["id"]
        self.cmd("alice", f"hy3 join {number} alice PW")
        self.cmd("bob", f"hy3 join {number} bob PW")
        [game] = self.server.query("SELECT game_id AS id FROM tournament_games WHERE tournament_id = ?", number)
        first = self.server.query("SELECT u.userid FROM games g JOIN users u ON u.id = g.player0 WHERE g.id = ?",
                                  game["id"])[0]["userid"]
        self.at(T0 + timedelta(days=1))
        ended = self.tick_says(1, 0)
        self.assertTrue(any(f"{first} (red) did not move by the deadline" in text_of(m) and "lost on time" in text_of(m)
                            for m in ended))
        row = self.game(game["id"])
        self.assertEqual((row["winner_colour"], row["aborted_by"], row["end_reason"]), (1, None, "time"))
        self.assertEqual(self.tournament_status(number), "finished")

    def tournament_status(self, number):
        return self.server.query("SELECT status FROM tournaments WHERE id = ?", number)[0]["status"]


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
