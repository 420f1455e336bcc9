"""`pbem bot`: the computer opponent's move on the command line (docs/operating.md)."""
import sys
import unittest

from pbem_harness import build_dir, run_cli as run

build_dir(sys.argv)

# HY 3, 4 per side: red's row d1..d6 wins with d7 or e6 (a span over 9 of 18).
HY3_WIN = "d1 a1 d2 a2 d3 a3 d4 a4 d5 b5 d6 c6".split()


def legal(*args):
    rc, out, err = run("legal", *args)
    assert rc == 0, err
    return out.split()


class BotCli(unittest.TestCase):
    def test_prints_one_legal_ply_for_every_game(self):
        for game in (["gates"], ["gates", "-hex", "-size=4", "-align"], ["hy3", "-size=5"], ["gaia", "-size=2"]):
            with self.subTest(game=game):
                rc, out, err = run("bot", *game, "--playouts", "200", "--")
                self.assertEqual(rc, 0, err)
                self.assertIn(out.strip(), legal(*game, "--"))
                self.assertEqual(out.count("\n"), 1)

    def test_takes_a_one_move_win(self):
        rc, out, err = run("bot", "hy3", "-size=4", "--playouts", "100", "--", *HY3_WIN)
        self.assertEqual(rc, 0, err)
        rc, replay, _ = run("replay", "hy3", "-size=4", "--json", "--", *HY3_WIN, out.strip())
        self.assertEqual(rc, 0)
        self.assertIn('"winner":"red"', replay.splitlines()[-1])

    def test_same_seed_same_move(self):
        args = ["bot", "gates", "-y", "-size=6", "--playouts", "300", "--seed", "9", "--", "a:c3"]
        first = run(*args)
        self.assertEqual(first[0], 0, first[2])
        self.assertEqual(run(*args), first)

    def test_may_answer_with_swap(self):
        # Ply 1 in the very centre is strong, so "swap" is among the moves the bot weighs;
        # whichever it picks must be legal at ply 2.
        rc, out, err = run("bot", "hy3", "-size=4", "-swap", "--playouts", "300", "--", "d4")
        self.assertEqual(rc, 0, err)
        self.assertIn(out.strip(), legal("hy3", "-size=4", "-swap", "--", "d4"))
        self.assertIn("swap", legal("hy3", "-size=4", "-swap", "--", "d4"))

    def test_errors(self):
        cases = [
            (["bot", "hy3", "--playouts", "0", "--"], 2, "--playouts must be a whole number from 1 to"),
            (["bot", "hy3", "--playouts", "many", "--"], 2, "--playouts must be a whole number"),
            (["bot", "hy3", "--seed", "--"], 2, "--seed needs a number"),
            (["bot", "hy3"], 2, "missing '--'"),
            (["bot", "chess", "--"], 2, "unknown game"),
            (["bot", "hy3", "-size=4", "--", "d4", "d4"], 1, "ply 2 (d4): d4 is occupied"),
            (["bot", "hy3", "-size=4", "--", *HY3_WIN, "d7"], 1, "the game is over: red has won"),
        ]
        for args, status, message in cases:
            with self.subTest(args=args):
                rc, out, err = run(*args)
                self.assertEqual(rc, status)
                self.assertEqual(out, "")
                self.assertIn(message, err)


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0]])
