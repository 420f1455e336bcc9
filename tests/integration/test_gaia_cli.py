"""Gaia through `pbem replay` / `pbem legal` (docs/operating.md): mirrored edge pairs,
both labels of an empty pair listed, swap and -noswap, wins, and whole random games."""
import json
import random
import sys
import unittest

from pbem_harness import build_dir, json_lines, run_cli as run

build_dir(sys.argv)


def replay(options, plies):
    rc, out, err = run("replay", "gaia", *options, "--json", "--", *plies)
    return rc, json_lines(out), err


def legal(options, plies):
    rc, out, err = run("legal", "gaia", *options, "--", *plies)
    return rc, out.splitlines(), err


class Replay(unittest.TestCase):
    def test_edge_placement_fills_both_cells_and_keeps_the_move_as_entered(self):
        rc, lines, err = replay([], ["F10", "swap", "c4"])
        self.assertEqual(rc, 0, err)
        self.assertEqual(lines[0], {"ply": 1, "move": "f10", "ok": True, "to_move": "white", "winner": None})
        self.assertEqual(lines[1]["move"], "swap")
        self.assertEqual(lines[1]["to_move"], "white")
        self.assertEqual(lines[-1], {"final": True, "plies": 3, "to_move": "black", "winner": None,
                                     "cells": {"c4": "white", "f1": "black", "f10": "black"}})

    def test_partner_of_a_played_edge_cell_is_occupied(self):
        rc, lines, _ = replay(["-noswap"], ["f1", "f10"])
        self.assertEqual(rc, 1)
        self.assertEqual(lines[1], {"ply": 2, "move": "f10", "ok": False,
                                    "error": "f10 is occupied (black, paired with f1)"})
        self.assertEqual(lines[2]["cells"], {"f1": "black", "f10": "black"})

    def test_bad_cells_name_the_board(self):
        for ply, error in (("z9", "cell z9 does not exist on a size-3 Gaia board: rings run from a to f"),
                           ("a2", "cell a2 does not exist on a size-3 Gaia board: ring a has only a1")):
            rc, lines, _ = replay([], [ply])
            self.assertEqual(rc, 1)
            self.assertEqual(lines[0]["error"], error)
            self.assertEqual(lines[1]["plies"], 0)

    def test_a_chain_across_the_centre_wins(self):
        black = ["f1", "e1", "d1", "c1", "b1", "a1", "b4", "c7", "d10", "e10"]
        white = ["b2", "b3", "c2", "c3", "c4", "c5", "c6", "c8", "c9"]
        plies = [p for pair in zip(black, white + [None]) for p in pair if p]
        rc, lines, _ = replay(["-noswap"], plies)
        self.assertEqual(rc, 0)
        self.assertTrue(all(line["winner"] is None for line in lines[:-2]))
        self.assertEqual(lines[-2], {"ply": 19, "move": "e10", "ok": True, "to_move": None, "winner": "black"})
        self.assertEqual(lines[-1]["winner"], "black")
        rc, out, _ = legal(["-noswap"], plies)
        self.assertEqual((rc, out), (0, []))

    def test_board_text(self):
        rc, out, _ = run("replay", "gaia", "--", "f10")
        self.assertEqual(rc, 0)
        self.assertIn(" (X)", out)
        self.assertIn("A f1-f10", out)
        self.assertTrue(out.endswith("White to move (may swap).\n"))
        self.assertTrue(all(len(line) <= 78 and not line.endswith(" ") for line in out.splitlines()))


class Legal(unittest.TestCase):
    def test_both_labels_of_an_empty_pair_and_swap(self):
        rc, lines, _ = legal([], ["c4"])
        self.assertEqual(rc, 0)
        self.assertEqual(len(lines), 72 + 1)
        self.assertIn("f1", lines)
        self.assertIn("f10", lines)
        self.assertEqual(lines[-1], "swap")
        rc, lines, _ = legal(["-noswap"], ["f10"])
        self.assertEqual(len(lines), 71)
        self.assertNotIn("f1", lines)
        self.assertNotIn("swap", lines)

    def test_random_games_end_with_one_winner(self):
        rng = random.Random(5)
        for size in (2, 4):
            plies = []
            while True:
                rc, moves, err = legal([f"-size={size}"], plies)
                self.assertEqual(rc, 0, err)
                if not moves:
                    break
                plies.append(rng.choice(moves))
            rc, lines, err = replay([f"-size={size}"], plies)
            self.assertEqual(rc, 0, err)
            self.assertIn(lines[-1]["winner"], ("black", "white"))
            self.assertEqual(sum(line.get("winner") is not None for line in lines[:-1]), 1)
            cells = lines[-1]["cells"]
            n = size
            edge = chr(ord("a") + 2 * n - 1)
            for j in range(6 * n):
                here, there = f"{edge}{j + 1}", f"{edge}{(j + 3 * n) % (6 * n) + 1}"
                self.assertEqual(cells.get(here), cells.get(there), here)


class CommandLineErrors(unittest.TestCase):
    def test_bad_options_are_status_2_and_name_the_range(self):
        for args, words in ((["-size=9"], "2-8"), (["-size=1"], "2-8"), (["-swap"], "-noswap")):
            rc, _, err = run("replay", "gaia", *args, "--")
            self.assertEqual(rc, 2, args)
            self.assertIn(words, err)


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0]])
