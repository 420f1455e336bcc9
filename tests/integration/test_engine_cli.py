"""The `pbem replay` / `pbem legal` contract (docs/operating.md), run as a subprocess."""
import json
import sys
import unittest

from pbem_harness import build_dir, json_lines, run_cli as run

build_dir(sys.argv)




class ReplayJson(unittest.TestCase):
    def test_accepted_plies_then_final_line(self):
        rc, out, err = run("replay", "hy3", "-size=4", "--json", "--", "d4", "A1")
        self.assertEqual(rc, 0, err)
        self.assertEqual(out.splitlines(), [
            '{"ply":1,"move":"d4","ok":true,"to_move":"blue","winner":null}',
            '{"ply":2,"move":"a1","ok":true,"to_move":"red","winner":null}',
            '{"final":true,"plies":2,"to_move":"red","winner":null,"cells":{"a1":"blue","d4":"red"}}',
        ])

    def test_stops_at_first_illegal_ply_with_status_1(self):
        rc, out, _ = run("replay", "hy3", "-size=4", "--json", "--", "d4", "d4", "a1")
        self.assertEqual(rc, 1)
        lines = json_lines(out)
        self.assertEqual(len(lines), 3)
        self.assertEqual(lines[1], {"ply": 2, "move": "d4", "ok": False, "error": "d4 is occupied (red)"})
        self.assertEqual(lines[2], {"final": True, "plies": 1, "to_move": "blue", "winner": None,
                                    "cells": {"d4": "red"}})

    def test_win_sets_winner_and_nulls_to_move(self):
        plies = "d1 a1 d2 a2 d3 a3 d4 a4 d5 b5 d6 c6 d7".split()
        rc, out, _ = run("replay", "hy3", "-size=4", "--json", "--", *plies)
        self.assertEqual(rc, 0)
        lines = json_lines(out)
        self.assertEqual(lines[-2]["winner"], "red")
        self.assertIsNone(lines[-2]["to_move"])
        self.assertEqual(lines[-1]["winner"], "red")
        self.assertIsNone(lines[-1]["to_move"])

    def test_resign_resigns_for_the_colour_to_move(self):
        rc, out, _ = run("replay", "hy3", "--json", "--", "d4", "resign")
        self.assertEqual(rc, 0)
        self.assertEqual(json_lines(out)[1], {"ply": 2, "move": "resign", "ok": True, "to_move": None,
                                              "winner": "red"})

    def test_swap_keeps_the_second_colour_to_move(self):
        rc, out, _ = run("replay", "hy3", "-swap", "--json", "--", "d4", "swap", "a1")
        self.assertEqual(rc, 0)
        self.assertEqual([l.get("to_move") for l in json_lines(out)], ["blue", "blue", "red", "red"])

    def test_no_plies(self):
        rc, out, _ = run("replay", "hy3", "--json", "--")
        self.assertEqual(rc, 0)
        self.assertEqual(json_lines(out), [{"final": True, "plies": 0, "to_move": "red", "winner": None,
                                            "cells": {}}])

    def test_without_json_prints_the_board(self):
        rc, out, _ = run("replay", "hy3", "-size=4", "--", "d4")
        self.assertEqual(rc, 0)
        self.assertIn("[R]", out)
        self.assertIn("Blue to move.", out)


class Legal(unittest.TestCase):
    def test_lists_empty_cells_and_swap(self):
        rc, out, _ = run("legal", "hy3", "-size=3", "-swap", "--", "c3")
        self.assertEqual(rc, 0)
        lines = out.splitlines()
        self.assertEqual(len(lines), 19)
        self.assertNotIn("c3", lines)
        self.assertEqual(lines[-1], "swap")
        self.assertNotIn("resign", lines)

    def test_nothing_once_over(self):
        rc, out, _ = run("legal", "hy3", "--", "d4", "resign")
        self.assertEqual((rc, out), (0, ""))

    def test_illegal_given_ply_is_status_1(self):
        rc, _, err = run("legal", "hy3", "--", "z9")
        self.assertEqual(rc, 1)
        self.assertIn("z9", err)


class CommandLineErrors(unittest.TestCase):
    def test_status_2_for_bad_command_lines(self):
        for args in (["replay", "chess", "--"], ["replay", "hy3", "-size=99", "--"],
                     ["replay", "hy3", "-bogus", "--"], ["legal", "hy3", "-size=2", "--"],
                     ["replay", "hy3", "d4"], ["replay"], ["frobnicate"]):
            rc, out, err = run(*args)
            self.assertEqual(rc, 2, args)
            self.assertTrue(err.strip(), args)


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0]])
