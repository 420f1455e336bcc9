"""The include graph of server/ (issue 41; server/README.md, "Which folder may include which").

A unit is a header and its source file (`play/end_of_ply.h` with `play/end_of_ply.cpp`),
or either alone. The test reads every `#include "server/..."` line and fails when

  - a folder includes a folder that is not below it in FOLDER_RANKS (the documented order
    language < play < mailing < competition < context < handlers, with storage and the utilities
    under them and the programs over them), or
  - the units include each other in a cycle (within a folder too),

naming each offending include or cycle. Run: python3 tests/structure/include_graph.py
[build dir, ignored].
"""
import os
import re
import sys
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SERVER = os.path.join(ROOT, "server")

# Lower numbers are lower: a folder may include its own files and any folder of a lower
# rank, never one of its own rank or higher. Folders of one rank know nothing of each other.
FOLDER_RANKS = {
    "support": 0,
    "ratings": 0,
    "tournament": 0,  # the tournaments' rules: pure functions
    "catalogue": 0,  # the texts a player reads, keyed by message id
    "storage": 1,
    "language": 1,  # the command language knows no storage
    "play": 2,
    "addresses": 2,  # the server's own mail addresses and their tokens, made with its key
    "mailing": 3,
    "replies": 4,  # the answers to commands, worded: each family's refusals and replies
    "competition": 4,
    "records": 4,  # a game's SGF and JSON records, from storage; mailing gives the competition's number
    "context": 5,  # a command's request, its unit of work and shared checks, the ply reactions
    "handlers": 6,
    "web": 7,
    "pipeline": 8,
    "cli": 9,
}

# The wording layer (issue 53): only these folders use the catalogue of texts. Every other
# folder (an act, a competition's rules, a table, a handler, the pipeline) asks them for its
# words, so what a player reads is said in one place and a language is one more table.
WORDING = ("mailing", "replies")

INCLUDE = re.compile(r'^\s*#\s*include\s+"server/([a-z_]+)/([A-Za-z0-9_]+)\.(?:h|cpp)"', re.M)


def units():
    """{(folder, stem): [paths]} for every .h and .cpp under server/."""
    found = {}
    for folder in sorted(os.listdir(SERVER)):
        path = os.path.join(SERVER, folder)
        if not os.path.isdir(path):
            continue
        for name in sorted(os.listdir(path)):
            stem, ext = os.path.splitext(name)
            if ext in (".h", ".cpp"):
                found.setdefault((folder, stem), []).append(os.path.join(path, name))
    return found


def edges(found):
    """{unit: {included unit: the first include line's file}}"""
    graph = {unit: {} for unit in found}
    for unit, paths in found.items():
        for path in paths:
            with open(path) as f:
                for folder, stem in INCLUDE.findall(f.read()):
                    target = (folder, stem)
                    if target != unit:
                        graph[unit].setdefault(target, os.path.relpath(path, ROOT))
    return graph


def cycles(graph):
    """Every strongly connected component of more than one unit (Tarjan's algorithm)."""
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    counter = [0]

    def visit(unit):
        index[unit] = low[unit] = counter[0]
        counter[0] += 1
        stack.append(unit)
        on_stack.add(unit)
        for target in graph.get(unit, {}):
            if target not in graph:
                continue
            if target not in index:
                visit(target)
                low[unit] = min(low[unit], low[target])
            elif target in on_stack:
                low[unit] = min(low[unit], index[target])
        if low[unit] == index[unit]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == unit:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(10000)
    for unit in sorted(graph):
        if unit not in index:
            visit(unit)
    return found


def name(unit):
    return unit[0] + "/" + unit[1]


class IncludeGraph(unittest.TestCase):
    maxDiff = None

    def setUp(self):
        self.found = units()
        self.graph = edges(self.found)

    def test_every_folder_has_a_rank(self):
        folders = {folder for folder, _ in self.found}
        self.assertEqual(sorted(folders - set(FOLDER_RANKS)), [],
                         "a new folder under server/ needs its place in FOLDER_RANKS and server/README.md")

    def test_includes_point_down_the_folder_order(self):
        wrong = []
        for unit, targets in self.graph.items():
            for target, where in targets.items():
                if target[0] == unit[0]:
                    continue
                if FOLDER_RANKS.get(target[0], 99) >= FOLDER_RANKS.get(unit[0], -1):
                    wrong.append(f"{where} includes {name(target)}.h")
        self.assertEqual(sorted(wrong), [])

    def test_only_the_wording_layer_uses_the_catalogue(self):
        wording = []
        for unit, targets in self.graph.items():
            for target, where in targets.items():
                if target[0] == "catalogue" and unit[0] not in WORDING + ("catalogue",):
                    wording.append(f"{where} includes {name(target)}.h")
        self.assertEqual(sorted(wording), [], "words belong in " + " and ".join(f"{w}/" for w in WORDING))

    def test_no_two_units_include_each_other(self):
        self.assertEqual([" <-> ".join(name(u) for u in c) for c in cycles(self.graph)], [])

    def test_the_checker_sees_a_cycle_and_an_upward_include(self):
        graph = {("play", "a"): {("play", "b"): "x"}, ("play", "b"): {("play", "a"): "y"}}
        self.assertEqual(cycles(graph), [[("play", "a"), ("play", "b")]])
        self.assertGreaterEqual(FOLDER_RANKS["handlers"], FOLDER_RANKS["play"])


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
