"""The documentation a clone ships with: no link may point outside the repository (the
spec folder `../shared` is not part of a clone), every relative link in README.md, docs/
and the folder READMEs the top-level README hands its topics to names a file that exists,
and README.md stays a map (issue 41 item 6): short, linking every page it handed a topic to."""
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


# The folder READMEs that took over a section of the top-level README (issue 41 item 6).
MOVED_TO_FOLDERS = ["bench/README.md", "fuzz/README.md", "tests/README.md"]


class Docs(unittest.TestCase):
    def test_no_reference_to_the_spec_folder_outside_the_repository(self):
        for path in tracked_files():
            if path == "tests/integration/test_docs.py" or not os.path.isfile(os.path.join(ROOT, path)):
                continue
            with open(os.path.join(ROOT, path), "rb") as f:
                self.assertNotIn(b"../shared", f.read(), path)

    def test_player_and_operator_docs_exist_and_links_resolve(self):
        for name in ("rules.md", "commands.md", "operating.md", "security.md", "decisions.md"):
            self.assertTrue(os.path.isfile(os.path.join(ROOT, "docs", name)), name)
        pages = ["README.md"] + MOVED_TO_FOLDERS
        for folder in ("docs", "config"):  # their pages; docs/pictures/ holds what they show
            pages += [os.path.join(folder, n) for n in sorted(os.listdir(os.path.join(ROOT, folder))) if n.endswith(".md")]
        for page in pages:
            with open(os.path.join(ROOT, page)) as f:
                text = f.read()
            for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text):
                if re.match(r"[a-z]+:", target):
                    continue
                resolved = os.path.normpath(os.path.join(ROOT, os.path.dirname(page), target))
                self.assertTrue(os.path.exists(resolved), f"{page}: link to {target}")

    def test_the_readme_is_a_map(self):
        """A newcomer reads README.md whole, so it stays within 250 lines and hands every
        longer topic to a page of its own, which it links."""
        with open(os.path.join(ROOT, "README.md")) as f:
            text = f.read()
        self.assertLessEqual(len(text.splitlines()), 250)
        links = set(re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text))
        for page in ["docs/commands.md", "docs/operating.md", "docs/security.md", "docs/decisions.md",
                     "bench/README.md", "fuzz/README.md"]:
            self.assertIn(page, links)

    def test_every_game_and_option_is_documented_for_players(self):
        with open(os.path.join(ROOT, "docs", "rules.md")) as f:
            rules = f.read()
        for word in ("`gates`", "`hy3`", "`gaia`", "`-cross`", "`-y`", "`-hex`", "`-phase`",
                     "`-invert_min`", "`-align`", "`-swap`", "`-noswap`", "`-size=n`"):
            self.assertIn(word, rules)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=1)
