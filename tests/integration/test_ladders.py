"""Ladders (issue 43, spec "Ladders") through the real `pbem ingest` and `pbem tick` under
libfaketime: the worked example of docs/commands.md (a ladder of five where the fourth
climbs to the top in two games) with a climb lost between, the refusals of a climb, losses
on time (a climber who wins on time climbs; one who never moved loses: joining was
consent), a leave with a ladder game running, and the computer entered by the organiser.
The same file runs on PostgreSQL (postgres_ladders)."""
import re
import sys
import unittest
from datetime import timedelta

from pbem_harness import build_dir, text_of

build_dir(sys.argv)

from clock_harness import PLAYERS, T0, ClockCase  # noqa: E402

PLAYERS.update({"carol": ("carol@example.com", "secret3"), "dave": ("dave@example.com", "secret4"),
                "erin": ("erin@example.com", "secret5")})


def address(userid):
    return PLAYERS[userid][0]


class Ladders(ClockCase):
    def cmd(self, userid, words):
        """`words` with the user's password after their userid where it says PW."""
        return self.command(userid, words.replace("PW", PLAYERS[userid][1]))

    def new_ladder(self, organiser, options=""):
        [reply] = self.cmd(organiser, f"hy3 ladder new {organiser} PW club -size=3 {options}")
        self.assertIn("is open", reply["Subject"], text_of(reply))
        return self.server.query("SELECT max(id) AS id FROM ladders")[0]["id"]

    def join(self, number, *userids):
        for userid in userids:
            [reply] = self.cmd(userid, f"hy3 join L#{number} {userid} PW")
            self.assertIn(f"{userid} joined ladder L#{number}", text_of(reply))

    def rungs(self, number):
        return [r["userid"] for r in self.server.query(
            "SELECT u.userid FROM ladder_rungs r JOIN users u ON u.id = r.user_id WHERE r.ladder_id = ? ORDER BY r.rung",
            number)]

    def climb(self, number, climber, target):
        """Starts the climb; returns the game's number and the mails."""
        mails = self.cmd(climber, f"hy3 climb L#{number} {climber} PW {target}")
        game = self.server.query("SELECT max(game_id) AS id FROM ladder_games")[0]["id"]
        return game, mails

    def ladder_game(self, game):
        return self.server.query("SELECT * FROM ladder_games WHERE game_id = ?", game)[0]

    def test_the_worked_example_a_ladder_of_five(self):
        number = self.new_ladder("alice")
        self.join(number, "alice", "bob", "carol", "dave", "erin")
        self.assertEqual(self.rungs(number), ["alice", "bob", "carol", "dave", "erin"])
        # erin (5) cannot reach alice (1): the default reach is 3.
        [refused] = self.cmd("erin", f"hy3 climb L#{number} erin PW alice")
        self.assertIn("a climb reaches at most 3 rungs up", text_of(refused))
        [refused] = self.cmd("bob", f"hy3 climb L#{number} bob PW dave")
        self.assertIn("a climb goes up", text_of(refused))
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM games")[0]["n"], 0)

        # dave (4) climbs bob (2): the game starts at once, dave moves first, both get the board.
        game, started = self.climb(number, "dave", "bob")
        self.assertEqual(sorted(m["To"] for m in started), [address("bob"), address("dave")])
        for mail in started:
            self.assertTrue(text_of(mail).startswith(f"Ladder L#{number} club\n"), text_of(mail))
        [to_dave] = [m for m in started if m["To"] == address("dave")]
        self.assertIn("It is your move.", text_of(to_dave))
        record = self.game(game)
        self.assertEqual(record["status"], "active")
        # One climb at a time, one game per pair.
        [refused] = self.cmd("dave", f"hy3 climb L#{number} dave PW alice")
        self.assertIn("one ladder game as climber at a time", text_of(refused))
        [refused] = self.cmd("bob", f"hy3 abort {game} bob PW")
        self.assertIn("a ladder game cannot be aborted", text_of(refused))
        self.cmd("dave", f"hy3 move {game} dave PW c1")
        ended = self.cmd("bob", f"hy3 resign {game} bob PW")
        self.assertEqual(self.rungs(number), ["alice", "dave", "bob", "carol", "erin"])
        self.assertEqual(self.ladder_game(game)["climbed_to"], 2)
        over = [m for m in ended if m["Subject"] == f"Ladder L#{number} club: #{game} is over"]
        self.assertEqual(sorted(m["To"] for m in over), [address("bob"), address("dave")])
        [to_dave] = [m for m in over if m["To"] == address("dave")]
        self.assertIn("dave beat bob and took rung 2", text_of(to_dave))
        self.assertIn("You are on rung 2 of 5.", text_of(to_dave))
        board = [m for m in ended if m["Subject"].startswith("HY 3 #")]
        self.assertTrue(board and all(text_of(m).startswith(f"Ladder L#{number} club\n") for m in board))

        # A climb lost moves nothing: erin (5) climbs carol (4) and resigns.
        lost, _ = self.climb(number, "erin", "carol")
        self.cmd("erin", f"hy3 resign {lost} erin PW")
        self.assertEqual(self.rungs(number), ["alice", "dave", "bob", "carol", "erin"])
        self.assertIsNone(self.ladder_game(lost)["climbed_to"])

        # dave (2) climbs alice (1) and is on top in two games.
        self.at(T0 + timedelta(days=1))
        top, _ = self.climb(number, "dave", "alice")
        self.cmd("dave", f"hy3 move {top} dave PW c1")
        self.cmd("alice", f"hy3 resign {top} alice PW")
        self.assertEqual(self.rungs(number), ["dave", "alice", "bob", "carol", "erin"])

        [shown] = self.cmd("erin", f"hy3 ladder L#{number}")
        text = text_of(shown)
        self.assertIn("    1. dave  (since 2027-03-02)", text)
        self.assertIn("    2. alice  (since 2027-03-02)", text)
        self.assertIn("    3. bob  (since 2027-03-01)", text)
        self.assertIn("    5. erin  (since 2027-03-01)", text)
        results = re.findall(r"^    \d{4}-\d\d-\d\d  #\d+  (.*)$", text, re.M)
        self.assertEqual(results, ["dave beat alice and took rung 1", "erin lost to carol; no rung changed",
                                   "dave beat bob and took rung 2"])
        [listing] = self.cmd("erin", "hy3 ladders")
        self.assertIn(f"L#{number}  club  5 players, reach 3, organised by alice", text_of(listing))
        [refused] = self.cmd("erin", "hy3 ladder 1")
        self.assertIn("write it with its prefix, e.g. L#3", text_of(refused))

    def test_losses_on_time_stand_in_ladder_games(self):
        number = self.new_ladder("alice", "-clock=24h+0h -reach=2")
        self.join(number, "alice", "bob", "carol")
        # carol (3) climbs alice (1) and moves; alice lets her time run out: carol climbs.
        won, _ = self.climb(number, "carol", "alice")
        self.cmd("carol", f"hy3 move {won} carol PW c1")
        self.at(T0 + timedelta(hours=25))
        ended = self.tick_ok()
        self.assertTrue(any("lost on time" in text_of(m) for m in ended))
        self.assertEqual(self.rungs(number), ["carol", "alice", "bob"])
        # bob (3) climbs alice (2) and never moves: joining was consent, so the loss on time
        # stands (no abort), and nothing moves.
        lost, _ = self.climb(number, "bob", "alice")
        self.at(T0 + timedelta(hours=50))
        ended = self.tick_ok()
        self.assertTrue(any("lost on time" in text_of(m) for m in ended), [text_of(m) for m in ended])
        self.assertEqual(self.game(lost)["status"], "finished")
        self.assertEqual(self.ladder_game(lost)["winner_id"],
                         self.server.query("SELECT id FROM users WHERE userid = 'alice'")[0]["id"])
        self.assertEqual(self.rungs(number), ["carol", "alice", "bob"])

    def test_a_leave_resigns_the_ladder_games_and_moves_those_below_up(self):
        number = self.new_ladder("alice")
        self.join(number, "alice", "bob", "carol", "dave")
        game, _ = self.climb(number, "dave", "bob")
        self.cmd("dave", f"hy3 move {game} dave PW c1")
        [refused] = self.cmd("erin", f"hy3 leave L#{number} erin PW")
        self.assertIn("erin is not on ladder L#", text_of(refused))
        mails = self.cmd("bob", f"hy3 leave L#{number} bob PW")
        [reply] = [m for m in mails if m["Subject"] == f"Ladder L#{number} club: bob left"]
        self.assertIn("1 unfinished ladder game was resigned", text_of(reply))
        self.assertTrue(any("bob (" in text_of(m) and f"left ladder L#{number} and resigned" in text_of(m)
                            for m in mails))
        self.assertFalse(self.game(game)["status"] == "active")
        # bob is off; dave won against a player who left, which takes no rung beyond the leave.
        self.assertEqual(self.rungs(number), ["alice", "carol", "dave"])
        self.assertIsNone(self.ladder_game(game)["climbed_to"])
        self.join(number, "bob")
        self.assertEqual(self.rungs(number), ["alice", "carol", "dave", "bob"])

    def test_the_computer_joins_only_by_the_organiser(self):
        number = self.new_ladder("alice")
        self.join(number, "bob")
        [refused] = self.cmd("bob", f"hy3 join L#{number} bot PW")
        self.assertIn("wrong password for alice", text_of(refused))
        [joined] = self.cmd("alice", f"hy3 join L#{number} bot PW")
        self.assertIn("bot joined ladder", text_of(joined))
        self.join(number, "carol")
        self.assertEqual(self.rungs(number), ["bob", "bot", "carol"])
        game, mails = self.climb(number, "carol", "bot")
        self.assertEqual([m["To"] for m in mails], [address("carol")])
        self.assertEqual(self.game(game)["status"], "active")


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1] + sys.argv[2:])
