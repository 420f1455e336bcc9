#!/usr/bin/env python3
"""No folder of server/ but storage/ passes 4,000 lines of C++ (issue 53, "The map is true").

A folder is one job a newcomer reads in one sitting; one that grows past this has taken a
second job, which belongs in a folder of its own (as `addresses/` left `mailing/`). Storage
is the one exception: every table and statement, in two dialects, is one job. The count is
every line of the folder's .h and .cpp files, blank lines and comments included, as `wc -l`
counts them; READMEs do not count.
"""

import os
import sys
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SERVER = os.path.join(ROOT, "server")
MOST_LINES = 4000
EXEMPT = {"storage"}


def lines_of(folder):
    total = 0
    for name in os.listdir(folder):
        if name.endswith((".h", ".cpp")):
            with open(os.path.join(folder, name), encoding="utf-8") as source:
                total += sum(1 for _ in source)
    return total


class FolderSizes(unittest.TestCase):
    def test_no_folder_but_storage_passes_the_limit(self):
        too_big = {}
        for name in sorted(os.listdir(SERVER)):
            path = os.path.join(SERVER, name)
            if os.path.isdir(path) and name not in EXEMPT and lines_of(path) > MOST_LINES:
                too_big[name] = lines_of(path)
        self.assertEqual(too_big, {}, f"folders of server/ past {MOST_LINES} lines: split by job")

    def test_the_count_sees_the_folders(self):
        # A test that counted nothing would pass forever: storage/ is known to be large.
        self.assertGreater(lines_of(os.path.join(SERVER, "storage")), MOST_LINES)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
