"""The README's helper commands (issue 32 item 4), run as written: `mail`, `mails`, `code`
and `addr` are taken from README.md itself, with only the paths, ports and the domain
replaced by this test's, and run in bash against a real pbemd: once with Postfix's
smtp-sink catching the replies (the README's own way to see them), once with nothing
listening, so the replies stay in the outbox. Either way `code alice` finds alice's
confirmation and `addr` her game address."""
import os
import re
import subprocess
import sys
import unittest

from daemon_harness import Daemon, DaemonServer, wait_until
from pbem_harness import PostfixSink, build_dir, free_port, pbem_binary

build_dir(sys.argv)

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
HELPERS = ("mail()", "mails()", "code()", "addr()")


def readme_helpers():
    with open(os.path.join(ROOT, "README.md")) as f:
        lines = [line.strip() for line in f if line.strip().startswith(HELPERS)]
    assert [line.split("(")[0] for line in lines] == [h[:-2] for h in HELPERS], lines
    return lines


class ReadmeHelpers(unittest.TestCase):
    def run_helpers(self, server, sink_dir, script):
        helpers = "\n".join(readme_helpers())
        for old, new in (("build/server/pbem", pbem_binary()), ("config/pbem.json", server.config),
                         ("127.0.0.1:2525", f"127.0.0.1:{server.port}"), ("/tmp/pbem-mail", sink_dir),
                         ("@localhost", "@test.example")):
            helpers = helpers.replace(old, new)
        p = subprocess.run(["bash", "-c", helpers + "\n" + script], capture_output=True, text=True, timeout=120)
        self.assertEqual(p.returncode, 0, p.stderr)
        return p.stdout.strip()

    def play(self, server, sink_dir, settled):
        """Signs alice and bob up, confirms them by `code`, and finds a game address by `addr`."""
        self.run_helpers(server, sink_dir, 'mail alice@example.org "signup alice secret1"\n'
                                           'mail bob@example.org "signup bob secret2"')
        wait_until(settled, timeout=30)
        code = self.run_helpers(server, sink_dir, "code alice")
        self.assertRegex(code, r"^confirm alice [a-z0-9]+$")
        self.run_helpers(server, sink_dir, f'mail alice@example.org "{code}"\nmail bob@example.org "$(code bob)"')
        self.run_helpers(server, sink_dir, 'mail alice@example.org "hy3 challenge alice bob -size=3"')
        wait_until(lambda: server.query("SELECT count(*) AS n FROM games")[0]["n"] == 1 and settled(), timeout=30)
        # The quick start's accept line: the invitation becomes game #1, with board mails.
        self.run_helpers(server, sink_dir, 'mail bob@example.org "hy3 accept 1 bob secret2"')
        wait_until(lambda: server.query("SELECT status FROM games WHERE id = 1")[0]["status"] == "active"
                   and settled(), timeout=30)
        self.assertRegex(self.run_helpers(server, sink_dir, "addr alice@example.org 1"),
                         r"^pbem\+1-[a-z2-7]{16}@test\.example$")

    def test_with_the_sink_catching_the_replies(self):
        sink = PostfixSink()
        self.addCleanup(sink.close)
        server = DaemonServer(sink.port)
        self.addCleanup(server.close)
        daemon = Daemon(server).start()
        self.addCleanup(daemon.terminate)
        self.play(server, sink.dir, server.idle)
        self.assertEqual(server.counts("outbox").get("queued", 0), 0)  # all of it went to the sink

    def test_with_the_replies_still_queued(self):
        server = DaemonServer(free_port())  # nothing listens there: every reply stays queued
        self.addCleanup(server.close)
        daemon = Daemon(server).start()
        self.addCleanup(daemon.terminate)
        empty = os.path.join(server.path, "no-sink")
        self.play(server, empty,
                  lambda: server.counts("inbox").get("received", 0) == 0 and server.counts("outbox").get("queued", 0) > 0)


def readme_blocks(start, end):
    """The indented code blocks of README.md between the lines that begin with `start` and
    `end`, each as the bash it is (the README's four blanks taken off)."""
    with open(os.path.join(ROOT, "README.md")) as f:
        text = f.read()
    section = text[text.index(start):text.index(end)]
    blocks, current = [], []
    for line in section.splitlines():
        if line.startswith("    "):
            current.append(line[4:])
        elif current and line.strip():
            blocks.append("\n".join(current))
            current = []
    if current:
        blocks.append("\n".join(current))
    return blocks


class ReadmeGame(unittest.TestCase):
    """The README's terminal game and then its reply game, each block pasted whole into one
    bash as a newcomer would (issue 52 point 3), against a real pbemd whose replies stay in
    the outbox: every helper waits for the mail it reads, and game numbers are read."""

    def test_the_terminal_game_and_the_reply_game_pasted_whole(self):
        server = DaemonServer(free_port())
        self.addCleanup(server.close)
        daemon = Daemon(server).start()
        self.addCleanup(daemon.terminate)
        [terminal] = readme_blocks("### Play a whole game from a terminal", "**Seeing the replies locally.**")
        [replies] = readme_blocks("**Or just reply.**", "`code`, `addr` and `newest` wait")
        script = terminal + "\n" + replies
        for old, new in (("build/server/pbem", pbem_binary()), ("config/pbem.json", server.config),
                         ("127.0.0.1:2525", f"127.0.0.1:{server.port}"),
                         ("/tmp/pbem-mail", os.path.join(server.path, "no-sink")), ("@localhost", "@test.example")):
            script = script.replace(old, new)
        p = subprocess.run(["bash", "-c", "set -e\n" + script], capture_output=True, text=True, timeout=400)
        self.assertEqual(p.returncode, 0, p.stderr)
        wait_until(lambda: len(server.query("SELECT id FROM games WHERE status = 'finished'")) == 2, timeout=60)
        games = server.query("SELECT id, winner_colour FROM games ORDER BY id")
        self.assertEqual([(g["id"], g["winner_colour"]) for g in games], [(1, 0), (2, 0)])
        moves = [m["move"] for m in server.query("SELECT move FROM moves WHERE game_id = 2 ORDER BY ply")]
        self.assertEqual(moves, "c1 a1 c2 a2 c3 a3 c4 b4 c5".split())


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
