"""Gates through `pbem replay` / `pbem legal` (docs/operating.md), run as a subprocess."""
import json
import random
import sys
import unittest

from pbem_harness import build_dir, json_lines, run_cli as run

build_dir(sys.argv)




class Replay(unittest.TestCase):
    def test_move_is_as_played_cells_after_inversion(self):
        # d next to a: the tie keeps the new tile's parity, so e5 turns into d.
        rc, out, err = run("replay", "gates", "-invert_min", "--json", "--", "A:E5", "d:e6")
        self.assertEqual(rc, 0, err)
        self.assertEqual(out.splitlines(), [
            '{"ply":1,"move":"a:e5","ok":true,"to_move":"dark","winner":null}',
            '{"ply":2,"move":"d:e6","ok":true,"to_move":"light","winner":null}',
            '{"final":true,"plies":2,"to_move":"light","winner":null,"cells":{"e5":"d","e6":"d"}}',
        ])

    def test_illegal_ply_stops_with_status_1(self):
        rc, out, _ = run("replay", "gates", "--json", "--", "c:d3", "c:f9", "a:e5")
        self.assertEqual(rc, 1)
        lines = json_lines(out)
        self.assertEqual(lines[1], {"ply": 2, "move": "c:f9", "ok": False,
                                    "error": "cell f9 does not exist on a size-5 Cross Gates board"})
        self.assertEqual(lines[2]["cells"], {"d3": "c"})

    def test_cross_order_mover_completing_both_losing_paths_loses(self):
        rc, out, _ = run("replay", "gates", "-cross", "-size=2", "--json", "--", "b:b2", "b:c2", "b:a1")
        self.assertEqual(rc, 0)
        self.assertEqual(json_lines(out)[-1]["winner"], "dark")

    def test_swap_then_dark_moves_again(self):
        rc, out, _ = run("replay", "gates", "--json", "--", "a:e5", "swap", "b:e4")
        self.assertEqual(rc, 0)
        self.assertEqual([l.get("to_move") for l in json_lines(out)], ["dark", "dark", "light", "light"])

    def test_board_fits_a_mail_and_marks_the_last_tile(self):
        rc, out, _ = run("replay", "gates", "--", "c:d3", "a:e5")
        self.assertEqual(rc, 0)
        for line in out.splitlines():
            self.assertLessEqual(len(line), 78)
            self.assertEqual(line, line.rstrip())
        self.assertIn("Light to move.", out)
        self.assertIn("Move 2: a:e5.", out)


class Legal(unittest.TestCase):
    def test_default_lists_a_b_c_on_every_empty_cell_and_swap(self):
        rc, out, _ = run("legal", "gates", "--", "c:d3")
        self.assertEqual(rc, 0)
        lines = out.splitlines()
        self.assertEqual(len(lines), 3 * 60 + 1)
        self.assertEqual(lines[-1], "swap")
        self.assertNotIn("d:e5", lines)
        self.assertNotIn("a:d3", lines)

    def test_random_games_replay_what_legal_lists(self):
        rng = random.Random(11)
        for options in (["-y", "-size=4", "-align"], ["-hex", "-size=3", "-invert_min"], ["-cross", "-size=3", "-phase"]):
            plies = []
            while True:
                rc, out, err = run("legal", "gates", *options, "--", *plies)
                self.assertEqual(rc, 0, err)
                legal = out.splitlines()
                if not legal:
                    break
                plies.append(rng.choice(legal))
            rc, out, err = run("replay", "gates", *options, "--json", "--", *plies)
            self.assertEqual(rc, 0, err)
            final = json_lines(out)[-1]
            self.assertIn(final["winner"], ("light", "dark"), options)
            self.assertIsNone(final["to_move"])


class CommandLineErrors(unittest.TestCase):
    def test_bad_options_are_status_2_with_the_range(self):
        for args, text in ((["-y", "-size=27"], "2-26"), (["-hex", "-size=14"], "2-13"),
                           (["-size=1"], "2-13"), (["-phase", "-invert"], "exclude each other"),
                           (["-square"], "unknown option")):
            rc, _, err = run("replay", "gates", *args, "--")
            self.assertEqual(rc, 2, args)
            self.assertIn(text, err, args)


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0]])
