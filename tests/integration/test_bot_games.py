"""The computer opponent by mail (issue 17): anyone may challenge `bot` in each game, with
either colour; it moves in the same `pbem ingest` run as the move before it, gets no mail
itself, and a whole game against it ends with exactly one winner."""
import json
import sys
import unittest

from pbem_harness import IngestCase, build_dir, run_cli, text_of

build_dir(sys.argv)

ALICE = ("alice@example.org", "alice", "secret1")
GAMES = [("hy3", "-size=3"), ("gates", "-cross -size=2"), ("gaia", "-size=2")]


class BotGames(IngestCase):
    extra_config = {"bot": {"playouts": 200}}

    def setUp(self):
        super().setUp()
        self.server.signup_and_confirm(ALICE[0], ALICE[1], ALICE[2])
        self.new_replies()

    def challenge(self, type_, first, second, options):
        self.send(ALICE[0], f"{type_} challenge {first} {second} {options}")
        return self.server.query("SELECT max(id) AS id FROM games")[0]["id"]

    def game(self, number):
        return self.server.query("SELECT * FROM games WHERE id = ?", number)[0]

    def moves(self, number):
        return self.server.query("SELECT m.ply, m.move, m.colour, u.userid FROM moves m JOIN users u "
                                 "ON u.id = m.user_id WHERE game_id = ? ORDER BY ply", number)

    def legal(self, number):
        record = self.game(number)
        rc, out, err = run_cli("legal", record["type"], *record["options"].split(), "--",
                               *[m["move"] for m in self.moves(number)])
        self.assertEqual(rc, 0, err)
        return out.split()

    def play_out(self, number):
        """Alice plays the first legal ply each turn until the game ends; the bot answers."""
        type_ = self.game(number)["type"]
        for _ in range(200):
            record = self.game(number)
            if record["status"] != "active":
                return record
            moves = self.moves(number)
            # After each of Alice's moves the bot has moved too, in the same ingest run.
            self.assertEqual(moves[-1]["userid"] if moves else "bot", "bot")
            ply = len(moves) + 1
            self.send(ALICE[0], f"{type_} move {number} alice {ALICE[2]} {self.legal(number)[0]}#{ply}")
        self.fail("the game did not end")

    def test_a_whole_game_against_the_bot_in_each_game_ends_with_one_winner(self):
        for type_, options in GAMES:
            with self.subTest(game=type_):
                number = self.challenge(type_, "alice", "bot", options)
                record = self.play_out(number)
                self.assertEqual(record["status"], "finished")
                self.assertIn(record["winner_colour"], (0, 1))
                moves = self.moves(number)
                # Strict alternation of the two users, each move replaying legally.
                self.assertEqual([m["userid"] for m in moves], (["alice", "bot"] * len(moves))[:len(moves)])
                record_options = record["options"].split()
                rc, _, err = run_cli("replay", type_, *record_options, "--json", "--", *[m["move"] for m in moves])
                self.assertEqual(rc, 0, err)
                mails = self.new_replies()
                self.assertTrue(mails)
                # The bot has no address: every board went to Alice.
                self.assertEqual({m["To"] for m in mails}, {ALICE[0]})
                self.assertIn("The game is over:", text_of(mails[-1]))
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM addresses a JOIN users u ON u.id = a.user_id "
                                           "WHERE u.userid = 'bot'")[0]["n"], 0)

    def test_the_bot_moves_first_at_once_when_challenged_as_the_first_player(self):
        number = self.challenge("hy3", "bot", "alice", "-size=3 -swap")
        moves = self.moves(number)
        self.assertEqual([(m["ply"], m["userid"], m["colour"]) for m in moves], [(1, "bot", 0)])
        mails = self.new_replies()
        self.assertEqual(len(mails), 2)  # the new game, then the bot's first move
        self.assertIn("bot (red) played", text_of(mails[-1]))
        self.assertIn("It is your move.", text_of(mails[-1]))
        self.assertIn("may send `swap`", text_of(mails[-1]))
        # Alice swaps: she now holds red and the bot's stone; the bot (blue) moves at once.
        self.send(ALICE[0], f"hy3 move {number} alice {ALICE[2]} swap#2")
        moves = self.moves(number)
        self.assertEqual([(m["move"], m["userid"]) for m in moves][1], ("swap", "alice"))
        self.assertEqual(len(moves), 3)
        self.assertEqual(moves[2]["userid"], "bot")

    def test_nobody_can_play_as_the_bot(self):
        number = self.challenge("hy3", "alice", "bot", "-size=3")
        self.send(ALICE[0], f"hy3 move {number} alice {ALICE[2]} c3#1")
        self.new_replies()
        for password in ("", "bot", "!"):
            self.send(ALICE[0], f"hy3 move {number} bot {password} a1#3".replace("  ", " "))
        self.assertEqual(len(self.moves(number)), 2)
        for mail in self.new_replies():
            self.assertTrue(mail["Subject"].startswith("Error:"), mail["Subject"])

    def test_a_challenge_still_needs_a_confirmed_address_of_the_human(self):
        self.send("mallory@example.com", "hy3 challenge alice bot")
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM games")[0]["n"], 0)
        reply = self.new_replies()[-1]
        self.assertIn("must come from a confirmed address of alice or bot", text_of(reply))


class BotUserid(IngestCase):
    def test_the_computer_takes_its_userid_and_never_a_players(self):
        # The userid is kept for the computer: a signup for it is refused...
        self.send("mallory@example.com", "signup bot secret9")
        self.assertEqual(self.server.query("SELECT * FROM users WHERE userid = 'bot'"), [])
        self.assertIn("is the computer opponent's", text_of(self.new_replies()[-1]))
        # ...and its account is made by the first challenge to it.
        self.server.signup_and_confirm(ALICE[0], ALICE[1], ALICE[2])
        self.server.signup_and_confirm("bob@example.net", "bob", "secret2")
        self.send(ALICE[0], "hy3 challenge alice bot -size=3")
        self.assertEqual(self.server.query("SELECT userid, computer FROM users WHERE computer = 1"),
                         [{"userid": "bot", "computer": 1}])
        # An operator who names a player's userid gets no computer opponent: bob stays a
        # player, his games wait for his moves.
        with open(self.server.config) as f:
            config = json.load(f)
        config["bot"] = {"userid": "bob"}
        with open(self.server.config, "w") as f:
            json.dump(config, f)
        self.send(ALICE[0], "hy3 challenge bob alice -size=3")
        self.assertIn(b"the userid 'bob' belongs to a player", self.log)
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM moves")[0]["n"], 0)
        self.assertEqual(self.server.query("SELECT computer FROM users WHERE userid = 'bob'")[0]["computer"], 0)


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0]])
