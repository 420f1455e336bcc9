"""The documentation a clone ships with: no link may point outside the repository (the
spec folder `../shared` is not part of a clone), and every relative link in README.md
and docs/ names a file that exists."""
import os
import re
import subprocess
import sys
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def tracked_files():
    out = subprocess.run(["git", "-C", ROOT, "ls-files"], capture_output=True, text=True)
    if out.returncode != 0:  # not a git checkout (e.g. a source tarball): walk instead
        return [os.path.relpath(os.path.join(d, f), ROOT) for d, _, fs in os.walk(ROOT)
                if "/build" not in d and "/.git" not in d for f in fs]
    return out.stdout.split()


class Docs(unittest.TestCase):
    def test_no_reference_to_the_spec_folder_outside_the_repository(self):
        for path in tracked_files():
            if path == "tests/integration/test_docs.py" or not os.path.isfile(os.path.join(ROOT, path)):
                continue
            with open(os.path.join(ROOT, path), "rb") as f:
                self.assertNotIn(b"../shared", f.read(), path)

    def test_player_and_operator_docs_exist_and_links_resolve(self):
        for name in ("rules.md", "commands.md", "operating.md"):
            self.assertTrue(os.path.isfile(os.path.join(ROOT, "docs", name)), name)
        pages = ["README.md"] + [os.path.join("docs", n) for n in os.listdir(os.path.join(ROOT, "docs"))]
        for page in pages:
            with open(os.path.join(ROOT, page)) as f:
                text = f.read()
            for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text):
                if re.match(r"[a-z]+:", target):
                    continue
                resolved = os.path.normpath(os.path.join(ROOT, os.path.dirname(page), target))
                self.assertTrue(os.path.exists(resolved), f"{page}: link to {target}")

    def test_every_game_and_option_is_documented_for_players(self):
        with open(os.path.join(ROOT, "docs", "rules.md")) as f:
            rules = f.read()
        for word in ("`gates`", "`hy3`", "`gaia`", "`-cross`", "`-y`", "`-hex`", "`-phase`",
                     "`-invert_min`", "`-align`", "`-swap`", "`-noswap`", "`-size=n`"):
            self.assertIn(word, rules)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=1)
