"""Ratings by mail (issue 12): games between three players played through `pbem ingest`,
the kept Glicko-2 ratings checked against an independent computation here, the end-of-game
mail, unrated games, a crash inside the ending transaction, and `pbem ratings --rebuild`."""
import math
import sys
import unittest

from pbem_harness import IngestCase, build_dir, make_mail, text_of

build_dir(sys.argv)

PLAYERS = {"alice": ("alice@example.org", "secret1"), "bob": ("bob@example.net", "secret2"),
           "carol": ("carol@example.com", "secret3")}
SCALE = 173.7178


def glicko2(player, opponent, score, tau=0.5):
    """One rating period with one game; the volatility found by bisection rather than the
    Illinois method the server uses, so the two computations share no code or method."""
    (r, rd, sigma), (r_j, rd_j, _) = player, opponent
    mu, phi = (r - 1500) / SCALE, rd / SCALE
    mu_j, phi_j = (r_j - 1500) / SCALE, rd_j / SCALE
    g = 1 / math.sqrt(1 + 3 * phi_j ** 2 / math.pi ** 2)
    expected = 1 / (1 + math.exp(-g * (mu - mu_j)))
    v = 1 / (g ** 2 * expected * (1 - expected))
    delta = v * g * (score - expected)
    a = math.log(sigma ** 2)

    def f(x):
        return math.exp(x) * (delta ** 2 - phi ** 2 - v - math.exp(x)) / (2 * (phi ** 2 + v + math.exp(x)) ** 2) \
            - (x - a) / tau ** 2
    low, high = a - 30, a + 30  # f falls from positive to negative across its one root
    for _ in range(200):
        middle = (low + high) / 2
        low, high = (middle, high) if f(middle) > 0 else (low, middle)
    sigma_new = math.exp(low / 2)
    phi_star = math.sqrt(phi ** 2 + sigma_new ** 2)
    phi_new = 1 / math.sqrt(1 / phi_star ** 2 + 1 / v)
    mu_new = mu + phi_new ** 2 * g * (score - expected)
    return (SCALE * mu_new + 1500, SCALE * phi_new, sigma_new)


class Ratings(IngestCase):
    def setUp(self):
        super().setUp()
        for userid, (address, password) in PLAYERS.items():
            self.server.signup_and_confirm(address, userid, password)
        self.new_replies()
        self.expected = {}  # userid -> (rating, deviation, volatility) in hy3
        self.record = {}    # userid -> [wins, losses]

    def command(self, userid, text):
        self.send(PLAYERS[userid][0], text)

    def challenge(self, first, second, options="-size=3"):
        self.command(first, f"hy3 challenge {first} {second} {options}")
        number = self.server.query("SELECT max(id) AS id FROM games")[0]["id"]
        self.new_replies()
        return number

    def move(self, number, userid, ply, env=None):
        raw = make_mail(PLAYERS[userid][0], f"hy3 move {number} {userid} {PLAYERS[userid][1]} {ply}")
        if env:
            return self.server.ingest(raw, env=env)
        return self.ingest(raw)

    def resign(self, number, userid):
        self.command(userid, f"hy3 resign {number} {userid} {PLAYERS[userid][1]}")

    def rated(self, winner, loser):
        """The independent bookkeeping: one period for each player, from the ratings before."""
        new = (1500.0, 350.0, 0.06)
        w, l = self.expected.get(winner, new), self.expected.get(loser, new)
        self.expected[winner], self.expected[loser] = glicko2(w, l, 1), glicko2(l, w, 0)
        self.record.setdefault(winner, [0, 0])[0] += 1
        self.record.setdefault(loser, [0, 0])[1] += 1

    def check_kept_ratings(self):
        rows = self.server.query("SELECT u.userid, r.game_type, r.rating, r.deviation, r.volatility, r.games, "
                                 "r.wins, r.losses FROM ratings r JOIN users u ON u.id = r.user_id")
        self.assertEqual(sorted(row["userid"] for row in rows), sorted(self.expected))
        for row in rows:
            with self.subTest(userid=row["userid"]):
                self.assertEqual(row["game_type"], "hy3")
                rating, deviation, volatility = self.expected[row["userid"]]
                self.assertAlmostEqual(row["rating"], rating, places=6)
                self.assertAlmostEqual(row["deviation"], deviation, places=6)
                self.assertAlmostEqual(row["volatility"], volatility, places=9)
                self.assertEqual([row["wins"], row["losses"]], self.record[row["userid"]])
                self.assertEqual(row["games"], sum(self.record[row["userid"]]))

    def win_along_row_c(self, number, red, blue, env_for_last=None):
        """red (first colour) fills row c of a size-3 HY 3 board while blue plays elsewhere."""
        for ply, (player, cell) in enumerate(zip([red, blue] * 4, "c1 a1 c2 a2 c3 a3 c4 b4".split())):
            self.move(number, player, f"{cell}#{ply + 1}")
        return self.move(number, red, "c5#9", env=env_for_last)

    def test_games_by_mail_move_ratings_as_glicko2_says_and_a_rebuild_agrees(self):
        # A winning move between two new players: 1500 -> 1662 and 1500 -> 1338.
        game = self.challenge("alice", "bob")
        self.win_along_row_c(game, "alice", "bob")
        self.rated("alice", "bob")
        finals = self.new_replies()[-2:]  # the mail of the winning move, to each player
        self.assertEqual(sorted(mail["To"] for mail in finals), ["alice@example.org", "bob@example.net"])
        for mail in finals:
            self.assertIn("HY 3 ratings:\n    alice 1500 -> 1662 (+162)\n    bob 1500 -> 1338 (-162)\n",
                          text_of(mail))
        # Resignations, by either player, with ratings that are no longer equal.
        game = self.challenge("bob", "carol")
        self.move(game, "bob", "c1")
        self.resign(game, "carol")
        self.rated("bob", "carol")
        game = self.challenge("carol", "alice")
        self.resign(game, "alice")
        self.rated("carol", "alice")
        game = self.challenge("alice", "carol")
        self.move(game, "alice", "c1")
        self.move(game, "carol", "a1")
        self.resign(game, "alice")
        self.rated("carol", "alice")
        self.check_kept_ratings()
        self.assertIn("carol", text_of(self.new_replies()[-1]).split("HY 3 ratings:")[1])

        # A game challenged -unrated leaves every rating alone, and says so in its heading.
        self.command("bob", "hy3 challenge bob alice -unrated -size=3")
        game = self.server.query("SELECT max(id) AS id FROM games")[0]["id"]
        self.assertEqual(self.server.query("SELECT rated, options FROM games WHERE id = ?", game),
                         [{"rated": 0, "options": "-size=3"}])
        self.assertIn(f"HY 3 #{game} (-size=3 -unrated)", text_of(self.new_replies()[-1]))
        self.resign(game, "alice")
        self.assertNotIn("ratings:", text_of(self.new_replies()[-1]))
        self.check_kept_ratings()

        # Recomputed from the stored games in the order they ended: the same values.
        p = self.server.pbem("ratings", "--rebuild")
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        self.assertEqual(p.stdout, b"4 rated games recomputed; the kept ratings agree exactly\n")

        # A kept value that is off is reported, and the exit status says so.
        with self.server.db() as con:
            con.execute("UPDATE ratings SET rating = rating + 0.001 WHERE user_id = "
                        "(SELECT id FROM users WHERE userid = 'bob')")
        p = self.server.pbem("ratings", "--rebuild")
        self.assertEqual(p.returncode, 1)
        self.assertIn(b"bob in hy3: kept ", p.stdout)
        self.assertIn(b"1 differences from the kept ratings", p.stdout)
        self.assertEqual(self.server.pbem("ratings", "--rebuild", "--write").returncode, 0)
        self.assertEqual(self.server.pbem("ratings", "--rebuild").returncode, 0)
        self.check_kept_ratings()
        self.assertEqual(self.server.pbem("ratings", "--rebild").returncode, 64)

    def test_the_ratings_command_answers_in_the_pinned_line_format(self):
        game = self.challenge("alice", "bob")
        self.win_along_row_c(game, "alice", "bob")
        self.new_replies()
        self.command("carol", "hy3 ratings")
        [reply] = self.new_replies()
        lines = [line.strip() for line in text_of(reply).splitlines() if line.startswith("  ")]
        # Best first; `?` while the deviation is over 110 (one game leaves it near 290).
        self.assertRegex(lines[0], r"^alice\s+1662\? ±\d+\s+1 game\s+1-0$")
        self.assertRegex(lines[1], r"^bob\s+1338\? ±\d+\s+1 game\s+0-1$")
        self.command("carol", "hy3 standings bob carol")
        text = text_of(self.new_replies()[0])
        self.assertRegex(text, r"\n  bob\s+1338\?")
        self.assertIn("carol  no rated hy3 game yet", text)
        self.assertNotIn("alice", text)
        self.command("carol", "hy3 ratings nosuchuser")
        self.assertIn("there is no user 'nosuchuser'", text_of(self.new_replies()[0]))
        self.command("carol", "all show alice")
        self.assertRegex(text_of(self.new_replies()[0]), r"Ratings:\n  hy3\s+1662\? ±\d+")

    def test_a_crash_inside_the_ending_transaction_keeps_result_and_ratings_together(self):
        for n, point in enumerate(("after-command", "before-process-commit")):
            with self.subTest(point=point):
                game = self.challenge("alice", "bob")
                crashed = self.win_along_row_c(game, "alice", "bob", env_for_last={"PBEM_TEST_CRASH_AT": point})
                self.assertEqual(crashed.returncode, 99)
                # Neither the result nor any rating of this game.
                self.assertEqual(self.server.query("SELECT status FROM games WHERE id = ?", game),
                                 [{"status": "active"}])
                self.assertEqual(self.server.query("SELECT count(*) AS c FROM rating_changes WHERE game_id = ?",
                                                   game), [{"c": 0}])
                self.assertEqual(len(self.server.query("SELECT * FROM ratings")), 2 if n else 0)
                # The MTA retries: both, once.
                self.assertEqual(self.move(game, "alice", "c5#9").returncode, 0)
                self.assertEqual(self.server.query("SELECT status FROM games WHERE id = ?", game),
                                 [{"status": "finished"}])
                self.rated("alice", "bob")
                self.check_kept_ratings()
                self.new_replies()
        self.assertEqual(self.server.pbem("ratings", "--rebuild").returncode, 0)


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0]])
