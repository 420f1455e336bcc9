"""Conditional moves (issue 28) by real mail: through `pbem ingest`, a whole forced line
answered ply by ply up to the answer that wins (ratings and the ending mail once), a
deviation deleting the tree, the line set by reply to a game address, a crash between the
opponent's ply and the answer (one transaction: neither or both), and under pbemd over
SMTP a `multiple` mail that moves against the computer and then answers every reply it
could make, so its move is answered at once."""
import re
import sys
import unittest

import test_daemon
from daemon_harness import wait_until
from pbem_harness import IngestCase, build_dir, make_mail, run_cli, text_of
from test_daemon import DaemonTestCase

build_dir(sys.argv)

PLAYERS = {"alice": ("alice@example.org", "Al1ce-pw"), "bob": ("bob@example.net", "B0b-pw-2")}
# A short HY 3 game alice (first) wins with its last ply, c5.
OPTIONS, PLIES, _ = test_daemon.HY3_GAME


class ConditionalByIngest(IngestCase):
    def setUp(self):
        super().setUp()
        for userid, (address, password) in PLAYERS.items():
            self.server.signup_and_confirm(address, userid, password)
        self.command("alice", f"hy3 challenge alice bob {OPTIONS}")
        self.number = self.server.query("SELECT max(id) AS id FROM games")[0]["id"]
        self.command("alice", f"hy3 move {self.number} alice PW {PLIES[0]}")

    def command(self, userid, text, env=None):
        raw = make_mail(PLAYERS[userid][0], text.replace("PW", PLAYERS[userid][1]))
        p = self.server.ingest(raw, env=env)
        self.log += p.stderr
        return p, self.new_replies()

    def to(self, mails, userid):
        return [m for m in mails if m["To"].addresses[0].addr_spec == PLAYERS[userid][0]]

    def plies(self):
        return [r["move"] for r in self.server.query("SELECT move FROM moves WHERE game_id = ? ORDER BY ply",
                                                      self.number)]

    def lines(self):
        return self.server.query("SELECT count(*) AS n FROM conditional_moves")[0]["n"]

    def test_a_forced_line_is_answered_ply_by_ply_up_to_the_win(self):
        # Alice answers each of bob's plies in advance: 4 pairs, the last one winning.
        _, [stored] = self.command("alice", f"hy3 conditional {self.number} alice PW " + " ".join(PLIES[1:]))
        self.assertIn("conditional moves stored", stored["Subject"])
        self.assertIn(f"if bob plays {PLIES[1]}, play {PLIES[2]}", text_of(stored))
        for n in range(1, len(PLIES) - 1, 2):
            _, mails = self.command("bob", f"hy3 move {self.number} bob PW {PLIES[n]}")
            self.assertEqual(self.plies(), PLIES[:n + 2])
            # One board mail each, telling both plies; alice's says it was her conditional move.
            [to_bob], [to_alice] = self.to(mails, "bob"), self.to(mails, "alice")
            for mail in (to_bob, to_alice):
                self.assertIn(f"alice answered with {PLIES[n + 1]} as move {n + 2}, a conditional move",
                              " ".join(text_of(mail).split()))
            self.assertIn(f"Your conditional move {PLIES[n + 1]} answered {PLIES[n]}", text_of(to_alice))
            self.assertNotIn("Your conditional move", text_of(to_bob))
        self.assertIn("alice wins", to_bob["Subject"])
        self.assertEqual(self.server.query("SELECT status FROM games WHERE id = ?", self.number),
                         [{"status": "finished"}])
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM rating_changes WHERE game_id = ?",
                                           self.number), [{"n": 2}])
        self.assertEqual(self.lines(), 0)
        # The line itself was never in the log or the inbox.
        for row in self.server.query("SELECT command, outcome FROM inbox"):
            self.assertNotIn(" ".join(PLIES[1:3]), f"{row['command']} {row['outcome']}")

    def test_a_deviation_deletes_the_tree(self):
        self.command("alice", f"hy3 conditional {self.number} alice PW {PLIES[1]} {PLIES[2]}")
        self.assertEqual(self.lines(), 1)
        other = next(p for p in run_cli("legal", "hy3", OPTIONS, "--", PLIES[0])[1].split() if p != PLIES[1])
        _, mails = self.command("bob", f"hy3 move {self.number} bob PW {other}")
        self.assertEqual(self.plies(), [PLIES[0], other])
        self.assertEqual(self.lines(), 0)
        self.assertNotIn("conditional", " ".join(text_of(m) for m in mails))

    def test_the_line_by_reply_to_the_game_address(self):
        _, mails = self.command("bob", f"hy3 show {self.number}")  # bob's own board mail ...
        _, mails = self.command("alice", f"hy3 show {self.number}")  # ... and alice's
        address = mails[0]["Reply-To"].addresses[0].addr_spec
        raw = make_mail(PLAYERS["alice"][0], "Re: " + mails[0]["Subject"],
                        f"conditional {PLIES[1]} {PLIES[2]}\n\n> the board\n")
        p = self.server.pbem("ingest", "--recipient", address, stdin=raw)
        self.assertEqual(p.returncode, 0, p.stderr.decode())
        [stored] = self.new_replies()
        self.assertIn("conditional moves stored", stored["Subject"])
        self.assertEqual(self.lines(), 1)
        self.command("bob", f"hy3 move {self.number} bob PW {PLIES[1]}")
        self.assertEqual(self.plies(), PLIES[:3])

    def test_a_crash_between_the_ply_and_its_answer_keeps_neither(self):
        self.command("alice", f"hy3 conditional {self.number} alice PW {PLIES[1]} {PLIES[2]}")
        # The same message each time, as an MTA delivers it again after a failure.
        raw = make_mail(PLAYERS["bob"][0], f"hy3 move {self.number} bob {PLAYERS['bob'][1]} {PLIES[1]}")
        for point in ("after-command", "before-process-commit"):
            with self.subTest(point=point):
                p = self.server.ingest(raw, env={"PBEM_TEST_CRASH_AT": point})
                self.assertEqual(p.returncode, 99)
                self.assertEqual(self.plies(), PLIES[:1])  # bob's ply is not stored without its answer
                self.assertEqual(self.lines(), 1)
        self.new_replies()
        p = self.server.ingest(raw)
        self.assertEqual(p.returncode, 0)
        self.assertEqual(self.plies(), PLIES[:3])  # both plies, once
        self.assertEqual(self.lines(), 0)
        self.assertEqual(len(self.to(self.new_replies(), "bob")), 1)


class ConditionalAgainstTheComputer(DaemonTestCase):
    extra_config = {"bot": {"playouts": 50}}

    def test_a_multiple_mail_moves_and_answers_every_reply_the_computer_could_make(self):
        alice, password = PLAYERS["alice"]
        self.send(alice, f"signup alice {password}")
        [welcome] = self.take(1)
        code = re.search(r"confirm alice ([a-z0-9]+)", text_of(welcome.message)).group(1)
        self.send(alice, f"confirm alice {code}")
        self.take(1)
        self.send(alice, "hy3 challenge bot alice -size=3")
        self.take(2)  # the new game, the computer's first move
        number = self.server.query("SELECT id FROM games")[0]["id"]
        first = self.server.query("SELECT move FROM moves WHERE game_id = ?", number)[0]["move"]
        mine = run_cli("legal", "hy3", "-size=3", "--", first)[1].split()[0]
        lines = [f"hy3 move {number} alice {password} {mine}"]
        for reply in run_cli("legal", "hy3", "-size=3", "--", first, mine)[1].split():
            answer = run_cli("legal", "hy3", "-size=3", "--", first, mine, reply)[1].split()[0]
            lines.append(f"hy3 conditional {number} alice {password} {reply} {answer}")
        self.assertLessEqual(len(lines), 20)
        self.send(alice, "multiple", "\n".join(lines) + "\n")
        query = "SELECT move FROM moves WHERE game_id = ? ORDER BY ply"
        wait_until(lambda: len(self.server.query(query, number)) >= 4, what="the computer's move and its answer")
        moves = [r["move"] for r in self.server.query(query, number)]
        # Alice's move, the computer's answer, and alice's conditional answer to it at once;
        # then the computer moves again.
        self.assertGreaterEqual(len(moves), 4, moves)
        self.assertEqual(moves[1], mine)
        self.assertEqual(self.server.query("SELECT user_id FROM moves WHERE game_id = ? AND ply = 4", number),
                         self.server.query("SELECT id AS user_id FROM users WHERE userid = 'alice'"))


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0]])
