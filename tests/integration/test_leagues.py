"""Leagues (issue 43, spec "Leagues: a championship that runs itself") through the real
`pbem ingest` under libfaketime: a league of eleven through two whole seasons and into a
third (every division's table, every move up and down, a leave and a new entrant), a crash
in the transaction that ends a season's last game (the next season exists exactly once), the
computer entered by the organiser (and the games its cap leaves out), a loss on time before a
player's first move (it stands), a member's signoff, and the refusals. The same file runs on PostgreSQL
(postgres_leagues)."""
import re
import sys
import unittest
from datetime import timedelta

from pbem_harness import build_dir, make_mail, text_of

build_dir(sys.argv)

from clock_harness import PLAYERS, T0, ClockCase  # noqa: E402

NAMES = ["alice", "bob", "carol", "dave", "erin", "frank", "gina", "hank", "iris", "jack", "kate", "leo"]
for i, name in enumerate(NAMES[2:], start=3):
    PLAYERS[name] = (f"{name}@example.com", f"secret{i}")
# Who beats whom: the one earlier in this list wins (kate and jack, placed last, are best).
STRENGTH = ["kate", "jack", "leo", "alice", "bob", "carol", "dave", "erin", "frank", "gina", "hank", "iris"]


def address(userid):
    return PLAYERS[userid][0]


class Leagues(ClockCase):
    def cmd(self, userid, words):
        return self.command(userid, words.replace("PW", PLAYERS[userid][1]))

    def new_league(self, organiser, options=""):
        [reply] = self.cmd(organiser, f"hy3 league new {organiser} PW club -size=3 {options}")
        self.assertIn("is open", reply["Subject"], text_of(reply))
        return self.server.query("SELECT max(id) AS id FROM leagues")[0]["id"]

    def league(self, number):
        return self.server.query("SELECT * FROM leagues WHERE id = ?", number)[0]

    def divisions(self, number, season):
        rows = self.server.query(
            "SELECT p.division, u.userid FROM league_places p JOIN users u ON u.id = p.user_id "
            "WHERE p.league_id = ? AND p.season = ? ORDER BY p.division, p.position", number, season)
        out = {}
        for row in rows:
            out.setdefault(row["division"], []).append(row["userid"])
        return out

    def season_games(self, number, season):
        return self.server.query(
            "SELECT lg.game_id AS game, lg.division, u0.userid AS first, u1.userid AS second, lg.ended "
            "FROM league_games lg JOIN games g ON g.id = lg.game_id JOIN users u0 ON u0.id = g.player0 "
            "JOIN users u1 ON u1.id = g.player1 WHERE lg.league_id = ? AND lg.season = ? ORDER BY lg.game_id",
            number, season)

    def resign_raw(self, game):
        loser = max(game["first"], game["second"], key=STRENGTH.index)
        return make_mail(address(loser), f"hy3 resign {game['game']} {loser} {PLAYERS[loser][1]}")

    def play_season(self, number, season, keep_last=False):
        """Every game: the weaker player resigns. Returns the last game (unplayed when
        `keep_last`) and the mails of the last resignation."""
        games = [g for g in self.season_games(number, season) if not g["ended"]]
        mails = []
        for game in games[:-1] if keep_last else games:
            self.ingest(self.resign_raw(game))
            mails = self.new_replies()
        return games[-1], mails

    def table_order(self, mail_text):
        """The table's userids, best first (the crosstable after it repeats them)."""
        order = []
        for line in mail_text.splitlines():
            if re.match(r"^\d+\. \S+ ", line):
                if line.split()[1] in order:
                    break
                order.append(line.split()[1])
        return order

    def season_mail(self, mails, userid, season):
        [mail] = [m for m in mails if m["To"] == address(userid) and
                  m["Subject"] == f"League G#1 club: season {season} is over"]
        return text_of(mail)

    def test_a_league_of_eleven_through_two_seasons(self):
        number = self.new_league("alice")
        self.assertEqual(number, 1)
        for userid in NAMES[:11]:
            [joined] = self.cmd(userid, f"hy3 join G#{number} {userid} PW")
            self.assertIn("joined league G#1 club", text_of(joined))
        [refused] = self.cmd("bob", "hy3 league start G#1 bob PW")
        self.assertIn("only the organiser", text_of(refused))
        started = self.cmd("alice", "hy3 league start G#1 alice PW")
        # Everyone rated 1500: placed by order of entry; 11 = 8 + a remainder division of 3.
        self.assertEqual(self.divisions(1, 1), {1: NAMES[:8], 2: ["iris", "jack", "kate"]})
        self.assertEqual(len(self.season_games(1, 1)), 28 + 3)
        begins = [m for m in started if m["Subject"] == "League G#1 club: season 1 begins"]
        self.assertEqual(sorted(m["To"] for m in begins), sorted(address(u) for u in NAMES[:11]))
        kate = text_of([m for m in begins if m["To"] == address("kate")][0])
        self.assertIn("you play in division 2", kate)
        self.assertEqual(len(re.findall(r"^    #\d+  against ", kate, re.M)), 2, kate)
        # The game mails say the league, season and division; abort is refused.
        game = self.season_games(1, 1)[0]
        [refused] = self.cmd(game["first"], f"hy3 abort {game['game']} {game['first']} PW")
        self.assertIn("a league game cannot be aborted", text_of(refused))
        self.ingest(self.resign_raw(game))
        board = [m for m in self.new_replies() if m["Subject"].startswith("HY 3 #")]
        self.assertTrue(board)
        self.assertTrue(text_of(board[0]).startswith("League G#1 club, season 1, division 1\n"), text_of(board[0]))
        # The rest of season 1; jack leaves during it (he goes at its end), then takes it back.
        [leaving] = self.cmd("jack", "hy3 leave G#1 jack PW")
        self.assertIn("at the end of season 1", text_of(leaving))
        [stays] = self.cmd("jack", "hy3 join G#1 jack PW")
        self.assertIn("the leave is taken back", text_of(stays))
        _, end = self.play_season(1, 1)
        self.assertEqual(self.league(1)["season"], 2)
        # Final tables: division 1 in strength order, division 2 kate, jack, iris.
        alice = self.season_mail(end, "alice", 1)
        self.assertEqual(self.table_order(alice), ["alice", "bob", "carol", "dave", "erin", "frank", "gina", "hank"])
        self.assertIn("You stay in division 1.", alice)
        kate = self.season_mail(end, "kate", 1)
        self.assertEqual(self.table_order(kate), ["kate", "jack", "iris"])
        self.assertIn("You move up to division 1.", kate)
        self.assertIn("Season 2 has begun: you play in division 1.", kate)
        # The pinned heading of every mail of a league game, on the mail that lists the new
        # games too (issue 51 item 13).
        self.assertIn("League G#1 club, season 2, division 1\n\nSeason 2 has begun", kate)
        self.assertEqual(len(re.findall(r"^    #\d+  against ", kate, re.M)), 7, kate)
        self.assertIn("You move down to division 2.", self.season_mail(end, "hank", 1))
        self.assertIn("You move down to division 2.", self.season_mail(end, "gina", 1))
        self.assertIn("You stay in division 2.", self.season_mail(end, "iris", 1))
        self.assertEqual(len([m for m in end if m["Subject"] == "League G#1 club: season 1 is over"]), 11)
        self.assertEqual(self.divisions(1, 2), {1: ["alice", "bob", "carol", "dave", "erin", "frank", "kate", "jack"],
                                                2: ["gina", "hank", "iris"]})
        [shown] = self.cmd("bob", "hy3 league G#1")
        self.assertIn("Moved up after season 1: kate (2 to 1), jack (2 to 1).", text_of(shown))
        self.assertIn("Moved down: gina (1 to 2), hank (1 to 2).", text_of(shown))
        # Season 2: frank leaves (after it), leo joins (for season 3).
        [leaving] = self.cmd("frank", "hy3 leave G#1 frank PW")
        self.assertIn("at the end of season 2", text_of(leaving))
        self.server.signup_and_confirm(address("leo"), "leo", PLAYERS["leo"][1])
        self.new_replies()
        [joined] = self.cmd("leo", "hy3 join G#1 leo PW")
        self.assertIn("from the next season, in its last division", text_of(joined))
        [shown] = self.cmd("bob", "hy3 league G#1")
        self.assertIn("Joined for the next season: leo.", text_of(shown))
        self.assertIn("Leaving after this season: frank.", text_of(shown))
        _, end = self.play_season(1, 2)
        self.assertEqual(self.league(1)["season"], 3)
        kate = self.season_mail(end, "kate", 2)
        self.assertEqual(self.table_order(kate), ["kate", "jack", "alice", "bob", "carol", "dave", "erin", "frank"])
        self.assertIn("You stay in division 1.", kate)
        self.assertIn("You leave the league", self.season_mail(end, "frank", 2))
        self.assertIn("You move down to division 2.", self.season_mail(end, "erin", 2))
        gina = self.season_mail(end, "gina", 2)
        self.assertEqual(self.table_order(gina), ["gina", "hank", "iris"])
        self.assertIn("You move up to division 1.", gina)
        [leo] = [m for m in end if m["To"] == address("leo")]
        self.assertEqual(leo["Subject"], "League G#1 club: season 3 begins")
        self.assertIn("you play in division 2", text_of(leo))
        self.assertEqual(self.divisions(1, 3), {1: ["kate", "jack", "alice", "bob", "carol", "dave", "gina", "hank"],
                                                2: ["erin", "iris", "leo"]})
        self.assertNotIn("frank", [m["userid"] for m in self.server.query(
            "SELECT u.userid FROM league_members m JOIN users u ON u.id = m.user_id WHERE m.league_id = 1")])
        [listing] = self.cmd("bob", "hy3 leagues")
        self.assertIn("G#1  club  divisions of 8, 11 players, season 3", text_of(listing))

    def test_a_crash_as_a_season_ends(self):
        self.new_league("alice", "-group=4 -up=1 -down=1")
        for userid in NAMES[:8]:
            self.cmd(userid, f"hy3 join G#1 {userid} PW")
        self.cmd("alice", "hy3 league start G#1 alice PW")
        self.assertEqual(self.divisions(1, 1), {1: NAMES[:4], 2: NAMES[4:8]})
        last, _ = self.play_season(1, 1, keep_last=True)
        raw = self.resign_raw(last)
        for point in ("after-command", "before-process-commit"):
            p = self.server.ingest(raw, env={"PBEM_TEST_CRASH_AT": point})
            self.assertEqual(p.returncode, 99, point)
            self.assertEqual(self.league(1)["season"], 1)
            self.assertEqual(self.season_games(1, 2), [])
        self.new_replies()
        self.ingest(raw)
        self.ingest(raw)  # a duplicate changes nothing
        self.assertEqual(self.league(1)["season"], 2)
        self.assertEqual(len(self.season_games(1, 2)), 12)
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM league_places WHERE season = 2")[0]["n"], 8)
        # alice beat bob, carol, dave; erin beat frank, gina, hank: dave and erin change places.
        self.assertEqual(self.divisions(1, 2), {1: ["alice", "bob", "carol", "erin"], 2: ["dave", "frank", "gina", "hank"]})
        over = [m for m in self.new_replies() if m["Subject"] == "League G#1 club: season 1 is over"]
        self.assertEqual(len(over), 8)

    def test_the_computer_in_a_league(self):
        self.new_league("alice")
        [refused] = self.cmd("bob", "hy3 join G#1 bot PW")
        self.assertIn("wrong password for alice", text_of(refused))
        [joined] = self.cmd("alice", "hy3 join G#1 bot PW")
        self.assertIn("bot joined", text_of(joined))
        for userid in ("alice", "bob", "carol"):
            self.cmd(userid, f"hy3 join G#1 {userid} PW")
        self.cmd("alice", "hy3 league start G#1 alice PW")
        games = self.season_games(1, 1)
        self.assertEqual(len(games), 6)
        self.assertEqual(len([g for g in games if "bot" in (g["first"], g["second"])]), 3)

    def test_a_loss_on_time_before_the_first_move_stands(self):
        """Joining a league was consent to its games: a player who never moves in one loses
        it on time, where a challenge would be aborted (spec "Nobody loses a game they never
        played" keeps the abort for games nobody agreed to in advance)."""
        self.new_league("alice", "-group=4 -days=1")
        for userid in NAMES[:4]:
            self.cmd(userid, f"hy3 join G#1 {userid} PW")
        self.cmd("alice", "hy3 league start G#1 alice PW")
        games = self.season_games(1, 1)
        self.assertEqual(len(games), 6)
        self.at(T0 + timedelta(days=1, hours=1))
        mails = self.tick_ok()
        ended = [m for m in mails if m["Subject"].startswith("HY 3 #")]
        self.assertTrue(ended)
        for mail in ended:
            self.assertNotIn("nobody loses a game they never played", text_of(mail))
        self.assertTrue(all("lost on time" in text_of(m) for m in ended if "did not move" in text_of(m)))
        for game in games:
            row = self.game(game["game"])
            self.assertEqual((row["status"], row["end_reason"]), ("finished", "time"), row)
        # Each counts in the table as a loss on time, and the season's last ends the season.
        self.assertEqual(self.server.query(
            "SELECT count(*) AS n FROM league_games WHERE season = 1 AND ended = 1 AND winner_id IS NOT NULL")[0]["n"], 6)
        self.assertEqual(self.league(1)["season"], 2)
        over = [m for m in mails if m["Subject"] == "League G#1 club: season 1 is over"]
        self.assertEqual(len(over), 4)
        self.assertTrue(all("on time)" in text_of(m) for m in over))

    def test_a_game_against_the_computer_over_its_cap_is_left_out(self):
        """bot.games_per_user (5): alice plays the computer five times when the season
        starts, so her league game against it is not made; the others are."""
        self.new_league("alice")
        self.cmd("alice", "hy3 join G#1 bot PW")
        for userid in ("alice", "bob", "carol"):
            self.cmd(userid, f"hy3 join G#1 {userid} PW")
        for _ in range(5):
            self.cmd("alice", "hy3 challenge alice bot -size=3")
        self.cmd("alice", "hy3 league start G#1 alice PW")
        pairs = [{g["first"], g["second"]} for g in self.season_games(1, 1)]
        self.assertEqual(len(pairs), 5)
        self.assertNotIn({"alice", "bot"}, pairs)
        self.assertIn({"bob", "bot"}, pairs)
        self.assertIn({"carol", "bot"}, pairs)
        self.assertEqual(self.server.query(
            "SELECT count(*) AS n FROM games g JOIN users b ON b.id IN (g.player0, g.player1) AND b.computer = 1 "
            "JOIN users a ON a.id IN (g.player0, g.player1) AND a.userid = 'alice' WHERE g.status = 'active'")[0]["n"], 5)

    def test_signoff_leaves_every_league(self):
        """signoff: out at once of a league not yet played in, after the season of one
        played in (as `leave`), so that no next season gives the account games to lose."""
        self.new_league("alice", "-group=4")
        for userid in NAMES[:4]:
            self.cmd(userid, f"hy3 join G#1 {userid} PW")
        self.cmd("alice", "hy3 league start G#1 alice PW")
        [second] = self.cmd("bob", "hy3 league new bob PW second -size=3")
        self.cmd("dave", "hy3 join G#2 dave PW")
        [signed_off] = self.cmd("dave", "signoff dave PW")
        self.assertIn("You left league(s) G#2 second.", text_of(signed_off))
        self.assertIn("You leave league(s) G#1 club (after season 1)", text_of(signed_off))
        members = self.server.query(
            "SELECT m.league_id, m.leaving FROM league_members m JOIN users u ON u.id = m.user_id WHERE u.userid = 'dave'")
        self.assertEqual([(m["league_id"], m["leaving"]) for m in members], [(1, 1)])
        self.play_season(1, 1)
        self.assertEqual(self.league(1)["status"], "waiting")  # three players are left
        self.assertNotIn("dave", [m["userid"] for m in self.server.query(
            "SELECT u.userid FROM league_members m JOIN users u ON u.id = m.user_id WHERE m.league_id = 1")])

    def test_refusals(self):
        [bad] = self.cmd("alice", "hy3 league new alice PW club -group=13")
        self.assertIn("-group needs a number from 4 to 12", text_of(bad))
        [bad] = self.cmd("alice", "hy3 league new alice PW club -group=6 -up=4")
        self.assertIn("-up needs a number from 1 to 3", text_of(bad))
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM leagues")[0]["n"], 0)
        self.new_league("alice")
        [bad] = self.cmd("bob", "hy3 join 1 bob PW")
        self.assertIn("there is no tournament T#1", text_of(bad))
        [bad] = self.cmd("bob", "hy3 league 1")
        self.assertIn("write it with its prefix, e.g. G#3", text_of(bad))
        for userid in ("alice", "bob", "carol"):
            self.cmd(userid, f"hy3 join G#1 {userid} PW")
        [bad] = self.cmd("alice", "hy3 league start G#1 alice PW")
        self.assertIn("has 3 players; a season needs at least 4", text_of(bad))
        [left] = self.cmd("carol", "hy3 leave G#1 carol PW")
        self.assertIn("before playing in it", text_of(left))
        [bad] = self.cmd("carol", "hy3 leave G#1 carol PW")
        self.assertIn("carol is not in league G#1", text_of(bad))


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0]] + sys.argv[2:])
