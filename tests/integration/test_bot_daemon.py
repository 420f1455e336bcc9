"""The computer opponent under pbemd (issue 17): its own thread answers a challenge and
every move at once over real SMTP, and the game ends with exactly one winner."""
import sys
import unittest

from pbem_harness import build_dir, confirmation_codes, run_cli, text_of
from test_daemon import DaemonTestCase

build_dir(sys.argv)

ALICE = "alice@example.org"


class BotUnderPbemd(DaemonTestCase):
    extra_config = {"bot": {"playouts": 100}}

    def legal(self, number):
        moves = [r["move"] for r in self.server.query("SELECT move FROM moves WHERE game_id = ? ORDER BY ply", number)]
        rc, out, err = run_cli("legal", "hy3", "-size=3", "--", *moves)
        self.assertEqual(rc, 0, err)
        return out.split()

    def test_a_game_against_the_bot_over_smtp(self):
        self.send(ALICE, "signup alice secret1")
        [welcome] = self.take(1)
        [code] = confirmation_codes([welcome.message], "alice")
        self.send(ALICE, f"confirm alice {code}")
        self.take(1)
        # The bot moves first: the new game's board, then the board after its move.
        self.send(ALICE, "hy3 challenge bot alice -size=3")
        new_game, first_move = self.take(2)
        self.assertIn("New game", text_of(new_game.message))
        self.assertIn("bot (red) played", text_of(first_move.message))
        number = self.server.query("SELECT id FROM games")[0]["id"]
        for _ in range(40):
            ply = len(self.server.query("SELECT ply FROM moves WHERE game_id = ?", number)) + 1
            self.send(ALICE, f"hy3 move {number} alice secret1 {self.legal(number)[0]}#{ply}")
            # One board mail per move: alice's ply and the computer's answer together (spec
            # "The newcomer's path, third round"), or the end of the game.
            [reply] = self.take(1)
            if "The game is over" in text_of(reply.message) and "bot (red) played" not in text_of(reply.message):
                break
            self.assertIn(f"alice played", text_of(reply.message))
            self.assertIn("bot (red) played", text_of(reply.message))
            if "The game is over" in text_of(reply.message):
                break
        record = self.server.query("SELECT status, winner_colour FROM games")[0]
        self.assertEqual(record["status"], "finished")
        self.assertIn(record["winner_colour"], (0, 1))
        self.assertEqual({a.message["To"] for a in self.sink.wait_for_count(self.seen)}, {ALICE})


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0]])
