"""Tournaments (issue 29, spec "Tournaments") through the real `pbem ingest` and `pbem
tick` under libfaketime: a whole round robin, a whole Swiss and a whole knockout played out
by mail (resignations, and losses on time under -clock), a -start tournament cancelled and
one started by the tick, leaving, the refusals, and a crash while a round's last game ends
(the next round exists exactly once). The same file runs on PostgreSQL (postgres_tournaments)."""
import re
import sys
import unittest
from datetime import timedelta

from pbem_harness import build_dir, make_mail, text_of

build_dir(sys.argv)

from clock_harness import PLAYERS, T0, ClockCase  # noqa: E402

PLAYERS.update({"carol": ("carol@example.com", "secret3"), "dave": ("dave@example.com", "secret4"),
                "erin": ("erin@example.com", "secret5"), "frank": ("frank@example.com", "secret6")})


def address(userid):
    return PLAYERS[userid][0]


class Tournaments(ClockCase):
    def cmd(self, userid, words):
        """`words` with the user's password after their userid where it says PW."""
        return self.command(userid, words.replace("PW", PLAYERS[userid][1]))

    def new_tournament(self, organiser, options):
        [reply] = self.cmd(organiser, f"hy3 tournament new {organiser} PW spring -size=3 {options}")
        self.assertIn("is open", reply["Subject"], text_of(reply))
        return self.server.query("SELECT max(id) AS id FROM tournaments")[0]["id"]

    def join(self, number, *userids):
        mails = []
        for userid in userids:
            mails += self.cmd(userid, f"hy3 join {number} {userid} PW")
        return mails

    def tournament(self, number):
        return self.server.query("SELECT * FROM tournaments WHERE id = ?", number)[0]

    def round_games(self, number, round_number):
        return self.server.query(
            "SELECT tg.game_id AS game, u0.userid AS first, u1.userid AS second, tg.winner_id AS winner "
            "FROM tournament_games tg JOIN games g ON g.id = tg.game_id JOIN users u0 ON u0.id = g.player0 "
            "JOIN users u1 ON u1.id = g.player1 WHERE tg.tournament_id = ? AND tg.round = ? ORDER BY tg.game_id",
            number, round_number)

    def play_round(self, number, round_number):
        """Every game of the round: the player later in the alphabet resigns. Returns the mail
        of the round's last resignation."""
        games = self.round_games(number, round_number)
        self.assertTrue(games)
        mails = []
        for game in games:
            if game["winner"] is not None:
                continue  # over already (a player left)
            loser = max(game["first"], game["second"])
            mails = self.cmd(loser, f"hy3 resign {game['game']} {loser} PW")
        return mails

    def mails_to(self, mails, userid):
        return [m for m in mails if m["To"] == address(userid)]

    def test_a_whole_round_robin(self):
        number = self.new_tournament("erin", "-players=4")
        self.join(number, "alice", "bob", "carol")
        self.assertEqual(self.tournament(number)["status"], "open")
        started = self.join(number, "dave")
        self.assertEqual(self.tournament(number)["status"], "running")
        games = self.round_games(number, 1)
        self.assertEqual(len(games), 6)  # every pair once
        self.assertEqual({frozenset((g["first"], g["second"])) for g in games},
                         {frozenset(p) for p in [("alice", "bob"), ("alice", "carol"), ("alice", "dave"),
                                                 ("bob", "carol"), ("bob", "dave"), ("carol", "dave")]})
        for userid in ("alice", "bob", "carol", "dave"):
            [mail] = [m for m in self.mails_to(started, userid) if m["Subject"] == f"Tournament T#{number} spring: round 1"]
            text = text_of(mail)
            self.assertEqual(len(re.findall(r"^    #\d+  against ", text, re.M)), 3, text)
            firsts = sum(1 for g in games if g["first"] == userid)
            self.assertIn(firsts, (1, 2))  # colours balanced
            self.assertEqual(text.count("It is your move."), firsts)
            self.assertEqual(text.count(f"hy3 move "), firsts)
        self.assertEqual(self.mails_to(started, "erin"), [])  # the organiser does not play
        # Game mail names the tournament and round; abort is refused.
        game = games[0]["game"]
        [refused] = self.cmd("alice", f"hy3 abort {game} alice PW") if "alice" in (games[0]["first"], games[0]["second"]) \
            else self.cmd(games[0]["first"], f"hy3 abort {game} {games[0]['first']} PW")
        self.assertIn("a tournament game cannot be aborted", text_of(refused))
        end = self.play_round(number, 1)
        self.assertEqual(self.tournament(number)["status"], "finished")
        finals = [m for m in end if m["Subject"] == f"Tournament T#{number} spring: final table"]
        self.assertEqual(sorted(m["To"] for m in finals), sorted(address(u) for u in ("alice", "bob", "carol", "dave", "erin")))
        table = text_of(finals[0])
        self.assertIn("is over: alice wins.", table)
        lines = [line.split() for line in table.splitlines() if re.match(r"^\s*\d+\. ", line)][:4]
        self.assertEqual([line[1] for line in lines], ["alice", "bob", "carol", "dave"])
        self.assertEqual([line[2] for line in lines], ["3.0", "2.0", "1.0", "0.0"])
        self.assertIn("SB 3.00", table)
        resigned = [m for m in end if m["Subject"].startswith("HY 3 #")]
        self.assertTrue(resigned)
        self.assertTrue(text_of(resigned[0]).startswith(f"Tournament T#{number} spring, round 1"), text_of(resigned[0]))
        [listing] = self.cmd("bob", "hy3 tournaments")
        self.assertIn(f"T#{number}  spring  round robin, 4 players, finished", text_of(listing))
        [shown] = self.cmd("bob", f"hy3 tournament T#{number}")
        self.assertIn("alice", text_of(shown))
        self.assertIn("Finished on", text_of(shown))

    def test_a_whole_swiss_with_a_crash_as_a_round_ends(self):
        number = self.new_tournament("alice", "-format=swiss -rounds=3")
        self.join(number, "alice", "bob", "carol", "dave", "erin", "frank")
        [refused] = self.cmd("bob", f"hy3 tournament start {number} bob PW")
        self.assertIn("only the organiser", text_of(refused))
        started = self.cmd("alice", f"hy3 tournament start {number} alice PW")
        self.assertEqual(len([m for m in started if "round 1" in m["Subject"]]), 6)
        pairs = set()
        for round_number in (1, 2, 3):
            self.assertEqual(self.tournament(number)["round"], round_number)
            games = self.round_games(number, round_number)
            self.assertEqual(len(games), 3)
            for g in games:
                pair = frozenset((g["first"], g["second"]))
                self.assertNotIn(pair, pairs)  # never the same pair twice
                pairs.add(pair)
            if round_number == 2:
                # A crash in the transaction that ends the round's last game: neither the
                # result nor the next round is stored; the mail delivered again does both, once.
                for game in games[:-1]:
                    loser = max(game["first"], game["second"])
                    self.cmd(loser, f"hy3 resign {game['game']} {loser} PW")
                last = games[-1]
                loser = max(last["first"], last["second"])
                raw = make_mail(address(loser), f"hy3 resign {last['game']} {loser} {PLAYERS[loser][1]}")
                for point in ("after-command", "before-process-commit"):
                    p = self.server.ingest(raw, env={"PBEM_TEST_CRASH_AT": point})
                    self.assertEqual(p.returncode, 99, point)
                    self.assertEqual(self.tournament(number)["round"], 2)
                    self.assertEqual(self.round_games(number, 3), [])
                self.new_replies()
                self.ingest(raw)
                self.ingest(raw)  # a duplicate changes nothing
                self.assertEqual(self.tournament(number)["round"], 3)
                self.assertEqual(len(self.round_games(number, 3)), 3)
                round_mails = [m for m in self.new_replies() if m["Subject"] == f"Tournament T#{number} spring: round 3"]
                self.assertEqual(len(round_mails), 6)
            else:
                self.play_round(number, round_number)
        self.assertEqual(self.tournament(number)["status"], "finished")
        [shown] = self.cmd("bob", f"hy3 tournament {number}")
        table = text_of(shown)
        first = [line for line in table.splitlines() if re.match(r"^\s*1\. ", line)][0]
        self.assertIn("alice", first)
        self.assertIn("3.0", first)
        self.assertIn("Bh ", first)
        self.assertIn("Round 3", table)

    def test_a_whole_knockout_by_loss_on_time(self):
        number = self.new_tournament("alice", "-format=knockout -clock=24h+0h")
        self.join(number, "alice", "bob", "carol", "dave", "erin")
        started = self.cmd("alice", f"hy3 tournament start {number} alice PW")
        byes = [m for m in started if "You have a bye" in text_of(m)]
        self.assertEqual(sorted(m["To"] for m in byes), sorted(address(u) for u in ("alice", "bob", "carol")))
        now = T0
        for round_number in (1, 2, 3):
            games = self.round_games(number, round_number)
            self.assertEqual(len(games), {1: 1, 2: 2, 3: 1}[round_number])
            for g in games:
                winner = min(g["first"], g["second"])
                if g["first"] == winner:  # the winner moves; the other lets the bank run out
                    self.cmd(winner, f"hy3 move {g['game']} {winner} PW c1")
            now += timedelta(hours=25)
            self.at(now)
            ended = self.tick_ok()
            self.assertTrue(any("lost on time" in text_of(m) for m in ended))
            self.assertTrue(all("Tournament T#" in text_of(m) for m in ended if m["Subject"].startswith("HY 3 #")))
        self.assertEqual(self.tournament(number)["status"], "finished")
        final = [m for m in ended if m["Subject"] == f"Tournament T#{number} spring: final table"]
        self.assertEqual(len(final), 5)
        lines = [line.split() for line in text_of(final[0]).splitlines() if re.match(r"^\s*\d+\. ", line)]
        self.assertEqual(lines[0][1], "alice")
        self.assertEqual(lines[1][1], "bob")
        self.assertIn("on time", text_of(final[0]))

    def test_start_dates_cancel_and_start(self):
        few = self.new_tournament("alice", "-start=2027-03-05")
        self.join(few, "alice", "bob")
        enough = self.new_tournament("carol", "-start=2027-03-05 -format=knockout")
        self.join(enough, "dave", "erin")
        self.at(T0 + timedelta(days=3, hours=11, minutes=59))  # 2027-03-04 23:59
        self.assertEqual(self.tick_ok(), [])
        self.at(T0 + timedelta(days=3, hours=12))
        mails = self.tick_ok()
        cancelled = [m for m in mails if m["Subject"] == f"Tournament T#{few} spring: cancelled"]
        self.assertEqual(sorted(m["To"] for m in cancelled), [address("alice"), address("bob")])
        self.assertIn("it had 2 players, and it needs at least 3", text_of(cancelled[0]))
        self.assertEqual(self.tournament(few)["status"], "cancelled")
        self.assertEqual(self.tournament(enough)["status"], "running")
        self.assertEqual(len(self.round_games(enough, 1)), 1)
        self.assertEqual(self.tick_ok(), [])  # once

    def test_refusals_and_leaving(self):
        number = self.new_tournament("alice", "-format=swiss")
        for options, words in (("-format=league", "-format is roundrobin, swiss or knockout"),
                               ("-players=17", "a round robin has 3 to 16 players"),
                               ("-rounds=3", "-rounds is for a Swiss tournament"),
                               ("-format=swiss -double", "-double is for a round robin only"),
                               ("-start=2020-01-01", "-start must be a day after today"),
                               ("-size=99", "size")):
            [refused] = self.cmd("bob", f"hy3 tournament new bob PW cup {options}")
            self.assertIn(words, text_of(refused), options)
        for _ in range(5):
            self.cmd("bob", "hy3 tournament new bob PW cup")
        [refused] = self.cmd("bob", "hy3 tournament new bob PW cup")
        self.assertIn("organises 5 open tournaments already", text_of(refused))
        self.join(number, "alice", "bob", "carol", "dave", "erin")
        [refused] = self.cmd("bob", f"hy3 join {number} bob PW")
        self.assertIn("has joined T#1 already", text_of(refused))
        [left] = self.cmd("erin", f"hy3 leave {number} erin PW")
        self.assertIn("left tournament", text_of(left))
        self.cmd("alice", f"hy3 tournament start {number} alice PW")
        [refused] = self.cmd("frank", f"hy3 join {number} frank PW")
        self.assertIn("entry was only before its start", text_of(refused))
        # Leaving a running Swiss resigns the game, and the leaver is not paired again.
        [game] = [g for g in self.round_games(number, 1) if "dave" in (g["first"], g["second"])]
        mails = self.cmd("dave", f"hy3 leave {number} dave PW")
        self.assertTrue(any("dave (" in text_of(m) and "left tournament T#1 and resigned" in text_of(m) for m in mails))
        self.assertEqual(self.server.query("SELECT status FROM games WHERE id = ?", game["game"])[0]["status"],
                         "finished")
        self.play_round(number, 1)
        self.assertEqual(self.tournament(number)["round"], 2)
        round2 = self.round_games(number, 2)
        self.assertEqual(len(round2), 1)  # alice, bob, carol: one game and a bye
        self.assertNotIn("dave", [u for g in round2 for u in (g["first"], g["second"])])
        self.assertEqual(len(self.server.query("SELECT * FROM tournament_byes WHERE tournament_id = ? AND round = 2",
                                               number)), 1)

    def test_signing_off_leaves_the_tournaments_not_yet_started(self):
        number = self.new_tournament("alice", "")
        self.join(number, "alice", "bob")
        [reply] = self.cmd("bob", "signoff bob PW")
        self.assertIn("taken out of the 1 tournament(s)", text_of(reply))
        self.assertEqual([e["user_id"] for e in self.server.query(
            "SELECT user_id FROM tournament_entrants WHERE tournament_id = ?", number)], [1])

    def test_the_clock_of_a_tournaments_games(self):
        for options, days, bank in (("", 14, None), ("-days=0", 0, None), ("-days=3", 3, None),
                                    ("-clock=10+1", 0, "10+1")):
            number = self.new_tournament("alice", options)
            row = self.tournament(number)
            self.assertEqual((row["days_per_move"], row["time_bank"]), (days, bank), options)
            self.cmd("alice", f"hy3 leave {number} alice PW")  # nothing: not joined
        [shown] = self.cmd("bob", f"hy3 tournament {number}")
        self.assertIn("time bank 10+1", text_of(shown))

    def test_the_computer_joins_only_by_the_organiser(self):
        number = self.new_tournament("alice", "")
        [refused] = self.cmd("bob", f"hy3 join {number} bot PW")
        self.assertIn("wrong password for alice", text_of(refused))
        [joined] = self.cmd("alice", f"hy3 join {number} bot PW")
        self.assertIn("bot joined", text_of(joined))


    def entrants(self, number):
        return [row["userid"] for row in self.server.query(
            "SELECT u.userid FROM tournament_entrants e JOIN users u ON u.id = e.user_id "
            "WHERE e.tournament_id = ? ORDER BY e.entry_order", number)]

    def games_against_the_computer(self, userid):
        return self.server.query(
            "SELECT count(*) AS n FROM games g JOIN users h ON h.id IN (g.player0, g.player1) "
            "JOIN users c ON c.id IN (g.player0, g.player1) AND c.computer = 1 "
            "WHERE h.userid = ? AND g.status = 'active'", userid)[0]["n"]

    def test_seven_knockouts_keep_the_computers_cap(self):
        """Issue 40 item 8: bot.games_per_user (5) holds for games a tournament starts."""
        for i in range(7):
            number = self.new_tournament("alice", "-format=knockout -players=2")
            self.join(number, "alice")
            replies = self.cmd("alice", f"hy3 join {number} bot PW")
            if i < 5:
                self.assertTrue(any("bot joined" in text_of(m) for m in replies))
                self.assertEqual(self.tournament(number)["status"], "running")
                continue
            [reply] = replies
            self.assertIn("not carried out: alice already plays 5 games against the computer, the most allowed at once",
                          text_of(reply))
            self.assertEqual(self.entrants(number), ["alice"])  # nothing stored
            self.assertEqual(self.tournament(number)["status"], "open")
        self.assertEqual(self.games_against_the_computer("alice"), 5)
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM games")[0]["n"], 5)
        # The other way round: alice, at the cap, cannot join a tournament the computer is in.
        number = self.new_tournament("bob", "-format=knockout")
        self.cmd("bob", f"hy3 join {number} bot PW")
        [refused] = self.cmd("alice", f"hy3 join {number} alice PW")
        self.assertIn("alice already plays 5 games against the computer", text_of(refused))
        self.assertEqual(self.entrants(number), ["bot"])

    def test_a_tournament_with_the_computer_holds_a_place_from_the_join(self):
        """A game a tournament will start counts before it starts, so that no round starts
        a game over the cap: bob's fifth challenge to the computer is refused, and the
        tournament's start then makes his fifth game."""
        number = self.new_tournament("bob", "-format=knockout")
        self.join(number, "bob")
        self.cmd("bob", f"hy3 join {number} bot PW")
        for _ in range(4):
            self.assertFalse(any("Error" in text_of(m) for m in self.cmd("bob", "hy3 challenge bob bot -size=3")))
        [refused] = self.cmd("bob", "hy3 challenge bob bot -size=3")
        self.assertIn("bob already plays 5 games against the computer (a tournament with both in it counts from "
                      "the join until it ends), the most allowed at once; finish one first", text_of(refused))
        self.assertEqual(self.games_against_the_computer("bob"), 4)
        self.cmd("bob", f"hy3 tournament start {number} bob PW")
        self.assertEqual(self.games_against_the_computer("bob"), 5)
        # Leaving gives the place back (the tournament's game is resigned).
        self.cmd("bob", f"hy3 leave {number} bob PW")
        self.assertFalse(any("Error" in text_of(m) for m in self.cmd("bob", "hy3 challenge bob bot -size=3")))
        self.assertEqual(self.games_against_the_computer("bob"), 5)


if __name__ == "__main__":
    # Test names after the build directory run only those (postgres_tournaments' short version).
    unittest.main(argv=sys.argv[:1] + sys.argv[2:])
