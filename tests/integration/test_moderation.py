"""The operator's acts on accounts and games (issue 58; docs/operating.md "Moderation"),
through the real `pbem`: a suspended player's commands are refused with the reason and
the end date while help still works, and unsuspend lets them play again; `pbem void` of a
finished rated game takes its result away and leaves the ratings exactly as `pbem ratings
--rebuild` computes them; `pbem adjudicate` ends a running game as a rated win; both
players are mailed; every act is in `pbem audit` with the operator's login name; bad
arguments change nothing."""
import getpass
import os
import pwd
import sys
import unittest

from pbem_harness import IngestCase, build_dir, text_of

build_dir(sys.argv)

PLAYERS = {"alice": ("alice@example.org", "secret1"), "bob": ("bob@example.net", "secret2"),
           "carol": ("carol@example.com", "secret3")}
WIN = ["c1", "a1", "c2", "a2", "c3", "a3", "c4", "b4", "c5"]  # the first player wins along row c


def login_names():
    names = {pwd.getpwuid(os.geteuid()).pw_name}
    try:
        names.add(os.getlogin())
    except OSError:
        pass
    names.add(getpass.getuser())
    return names


class Moderation(IngestCase):
    def setUp(self):
        super().setUp()
        for userid, (address, password) in PLAYERS.items():
            self.server.signup_and_confirm(address, userid, password)
        self.new_replies()

    def command(self, userid, text):
        self.send(PLAYERS[userid][0], text)

    def challenge(self, first, second):
        self.command(first, f"hy3 challenge {first} {second} -size=3")
        return self.server.query("SELECT max(id) AS id FROM games")[0]["id"]

    def play(self, number, first, second, plies):
        for n, ply in enumerate(plies):
            who = first if n % 2 == 0 else second
            self.command(who, f"hy3 move {number} {who} {PLAYERS[who][1]} {ply}")

    def pbem(self, *args):
        p = self.server.pbem(*args)
        return p.returncode, p.stdout.decode(), p.stderr.decode()

    def rebuild_agrees(self):
        status, out, err = self.pbem("ratings", "--rebuild")
        self.assertEqual(status, 0, out + err)
        self.assertIn("agree exactly", out)

    def ratings(self):
        return {r["userid"]: (r["rating"], r["deviation"], r["games"]) for r in self.server.query(
            "SELECT u.userid, r.rating, r.deviation, r.games FROM ratings r JOIN users u ON u.id = r.user_id")}

    def mails_to(self, address, replies):
        return [m for m in replies if m["To"] and address in m["To"]]

    def test_a_suspended_player_is_refused_but_for_help_and_plays_again_when_lifted(self):
        game = self.challenge("alice", "bob")
        self.new_replies()
        status, out, err = self.pbem("suspend", "bob", "--reason", "abusive chat", "--days", "3")
        self.assertEqual(status, 0, err)
        notice = self.mails_to(PLAYERS["bob"][0], self.new_replies())
        self.assertEqual(len(notice), 1)
        self.assertIn("abusive chat", text_of(notice[0]))
        self.command("alice", f"hy3 move {game} alice secret1 c1")
        self.new_replies()
        self.command("bob", f"hy3 move {game} bob secret2 a1")
        refusal = self.mails_to(PLAYERS["bob"][0], self.new_replies())
        self.assertEqual(len(refusal), 1)
        text = text_of(refusal[0])
        self.assertIn("suspended", text)
        self.assertIn("abusive chat", text)
        self.assertRegex(text, r"until \d{4}-\d\d-\d\d \d\d:\d\d UTC")
        self.assertNotIn("secret2", text)
        self.assertEqual(self.server.query("SELECT plies FROM games WHERE id = ?", game)[0]["plies"], 1)
        self.command("bob", "help")
        self.assertEqual(len(self.mails_to(PLAYERS["bob"][0], self.new_replies())), 1)
        self.command("bob", "set bob secret2 pictures off")
        self.assertIn("suspended", text_of(self.mails_to(PLAYERS["bob"][0], self.new_replies())[0]))
        # The clock runs as usual: the game keeps its deadline.
        self.assertIsNotNone(self.server.query("SELECT deadline_at FROM games WHERE id = ?", game)[0]["deadline_at"])
        status, _, err = self.pbem("unsuspend", "bob")
        self.assertEqual(status, 0, err)
        self.new_replies()
        self.command("bob", f"hy3 move {game} bob secret2 a1")
        self.assertEqual(self.server.query("SELECT plies FROM games WHERE id = ?", game)[0]["plies"], 2)
        status, _, err = self.pbem("unsuspend", "bob")
        self.assertEqual(status, 1)
        self.assertIn("not suspended", err)

    def test_bad_arguments_change_nothing(self):
        for args, words in ((["suspend", "nobody", "--reason", "x"], "no user nobody"),
                            (["suspend", "bob", "--reason", "x", "--days", "0"], "not a number of days"),
                            (["suspend", "bob"], "usage"),
                            (["suspend", "bob", "--reason", ""], "reason is empty"),
                            (["void", "99", "--reason", "x"], "there is no game 99"),
                            (["void", "x1", "--reason", "x"], "usage"),
                            (["adjudicate", "1", "--reason", "x"], "usage")):
            status, _, err = self.pbem(*args)
            self.assertNotEqual(status, 0, args)
            self.assertIn(words, err, args)
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM suspensions")[0]["n"], 0)
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM operator_audit")[0]["n"], 0)
        status, out, _ = self.pbem("audit")
        self.assertEqual((status, out), (0, ""))

    def test_void_and_adjudicate_rate_as_a_rebuild_does_and_are_audited(self):
        first = self.challenge("alice", "bob")
        self.play(first, "alice", "bob", WIN)           # alice beats bob
        second = self.challenge("bob", "carol")
        self.play(second, "bob", "carol", WIN)          # bob beats carol
        third = self.challenge("carol", "alice")
        self.play(third, "carol", "alice", WIN[:2])     # running
        self.new_replies()
        before = self.ratings()
        self.assertEqual(before["bob"][2], 2)

        status, out, err = self.pbem("void", str(first), "--reason", "alice used an engine")
        self.assertEqual(status, 0, err)
        self.assertIn("ratings recomputed", out)
        game = self.server.query("SELECT status, winner_colour, rated, verdict FROM games WHERE id = ?", first)[0]
        self.assertEqual((game["status"], game["winner_colour"], game["rated"], game["verdict"]),
                         ("finished", None, 0, "void"))
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM rating_changes WHERE game_id = ?", first)[0]["n"], 0)
        self.rebuild_agrees()
        after = self.ratings()
        self.assertNotIn("alice", after)                # her only rated game is gone
        self.assertEqual(after["bob"][2], 1)
        self.assertNotEqual(after["bob"], before["bob"])  # game 2 rated again from bob's fresh rating
        mails = self.new_replies()
        for userid in ("alice", "bob"):
            mine = self.mails_to(PLAYERS[userid][0], mails)
            self.assertEqual(len(mine), 1, userid)
            self.assertIn(": void", mine[0]["Subject"])
            self.assertIn("alice used an engine", text_of(mine[0]))
        status, _, err = self.pbem("void", str(first), "--reason", "again")
        self.assertEqual(status, 1)
        self.assertIn("void already", err)

        status, _, err = self.pbem("adjudicate", str(second), "carol", "--reason", "x")
        self.assertEqual(status, 1)
        self.assertIn("is over", err)
        status, _, err = self.pbem("adjudicate", str(third), "bob", "--reason", "x")
        self.assertEqual(status, 1)
        self.assertIn("does not play", err)
        status, out, err = self.pbem("adjudicate", str(third), "alice", "--reason", "carol stopped moving")
        self.assertEqual(status, 0, err)
        game = self.server.query("SELECT status, verdict, deadline_at FROM games WHERE id = ?", third)[0]
        self.assertEqual((game["status"], game["verdict"], game["deadline_at"]), ("finished", "adjudicated", None))
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM rating_changes WHERE game_id = ?", third)[0]["n"], 2)
        self.rebuild_agrees()
        self.assertEqual(self.ratings()["alice"][2], 1)
        mails = self.new_replies()
        for userid in ("alice", "carol"):
            mine = self.mails_to(PLAYERS[userid][0], mails)
            self.assertEqual(len(mine), 1, userid)
            self.assertIn("alice wins by the operator's decision", mine[0]["Subject"])
            self.assertIn("carol stopped moving", text_of(mine[0]))
        show = self.server.query("SELECT kind, data FROM game_events WHERE game_id = ? ORDER BY id", third)
        self.assertIn("game_ended", [e["kind"] for e in show])
        self.assertIn('"adjudicated"', [e["data"] for e in show if e["kind"] == "game_ended"][0])
        self.assertIn("ratings_changed", [e["kind"] for e in show])

        status, out, _ = self.pbem("audit")
        self.assertEqual(status, 0)
        lines = out.splitlines()
        self.assertEqual(len(lines), 2, out)
        self.assertIn(f"void game {first}  alice used an engine", lines[0])
        self.assertIn(f"adjudicate alice game {third}  carol stopped moving", lines[1])
        for line in lines:
            self.assertRegex(line, r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ  ")
            self.assertIn(line.split("  ")[1], login_names())


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
