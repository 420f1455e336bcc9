"""The computer's review of a finished game (issue 55; server.md "The computer's review of
a finished game"), through the real `pbem ingest` and `pbem tick`, and under pbemd killed
in the middle of a review. A finished HY 3, Gaia and Gates game each reviewed by mail (the
chart in the HTML part, the table in the text part, the two attachments read back); the
missed wins checked against the rules through `pbem legal` and `pbem replay`, in a game
built to hold one and in one without; the refusals; `reviews auto` for a result on the
board, by resignation and on time but not for an abort; the same review twice; a crash
before the review's commit, and a kill -9 of pbemd: one review mail each."""
import json
import re
import subprocess
import sys
import time
import unittest
from datetime import timedelta

import pbem_harness
import test_daemon
from pbem_harness import PlayersCase, build_dir, html_of, text_of
from sgf_reader import main_line, sgf_trees
from test_daemon import DaemonTestCase

build_dir(sys.argv)

from clock_harness import T0, ClockCase  # noqa: E402
from daemon_harness import wait_until  # noqa: E402

PLAYERS = {"alice": ("alice@example.org", "Al1ce-pw"), "bob": ("bob@example.net", "B0b-pw-2"),
           "carol": ("carol@example.com", "C4rol-pw"), "dave": ("dave@example.com", "D4ve-pw9")}
GAMES = {"hy3": test_daemon.HY3_GAME, "gates": test_daemon.GATES_GAME, "gaia": test_daemon.GAIA_GAME}
TITLES = {"hy3": "HY 3", "gates": "Gates", "gaia": "Gaia"}
# Small budgets keep the suite fast; the review's shape does not depend on them.
CONFIG = {"review": {"playouts": 200, "per_user_per_day": 2, "queue": 3}}


def review_files(mail):
    return {part.get_filename(): part.get_payload(decode=True).decode("utf-8") for part in mail.iter_attachments()}


def winners_at_once(kind, options, plies):
    """Every legal ply after `plies` that wins at once, by the rules (`pbem legal` and
    `pbem replay`), one spelling each for a Gaia edge pair."""
    binary = pbem_harness.pbem_binary()
    legal = subprocess.run([binary, "legal", kind, *options.split(), "--", *plies], capture_output=True, text=True,
                           timeout=60, check=True).stdout.split()
    mover = None
    winning, cells_seen = [], []
    for ply in legal:
        out = subprocess.run([binary, "replay", kind, *options.split(), "--json", "--", *plies, ply],
                             capture_output=True, text=True, timeout=60, check=True).stdout.splitlines()
        final = json.loads(out[-1])
        if final["winner"] is not None and final["cells"] not in cells_seen:
            winning.append(ply)
            cells_seen.append(final["cells"])
    return winning


class Reviews(PlayersCase):
    players = PLAYERS
    state_tables = ["games", "moves", "reviews"]
    extra_config = CONFIG

    def setUp(self):
        super().setUp()
        for userid, (address, password) in PLAYERS.items():
            # dave answers challenges himself: one to him is an invitation.
            self.server.signup_and_confirm(address, userid, password, challenges=None if userid == "dave" else "auto")
        self.new_replies()

    def game(self, kind, plies, options=None):
        """A game of `kind`, alice first against bob, with `plies` played."""
        self.command("alice", f"{kind} challenge alice bob {GAMES[kind][0] if options is None else options}")
        number = self.server.query("SELECT max(id) AS id FROM games")[0]["id"]
        for n, ply in enumerate(plies):
            userid = "alice" if n % 2 == 0 else "bob"
            self.command(userid, f"{kind} move {number} {userid} PW {ply}")
        return number

    def tick(self, env=None):
        p = self.server.pbem("tick", env=env)
        self.log += p.stderr
        return p

    def reviews_by_tick(self):
        p = self.tick()
        self.assertEqual(p.returncode, 0, p.stderr.decode())
        return [m for m in self.new_replies() if m["Subject"].endswith(": review")]

    def ask(self, kind, number, userid):
        [answer] = self.command(userid, f"{kind} review {number} {userid} PW")
        self.assertEqual(answer["Subject"], f"{TITLES[kind]} #{number}: review queued")
        return answer

    def check_review(self, mail, kind, number, plies, userid):
        self.assertEqual(mail["Subject"], f"{TITLES[kind]} #{number}: review")
        self.assertEqual(mail["To"].addresses[0].addr_spec, PLAYERS[userid][0])
        files = review_files(mail)
        self.assertEqual(sorted(files), [f"{kind}-{number}-review.json", f"{kind}-{number}-review.sgf"])
        review = json.loads(files[f"{kind}-{number}-review.json"])
        self.assertEqual((review["format"], review["game"], review["number"], review["playouts"]),
                         ("pbem-review/1", kind, number, 200))
        self.assertEqual([p["move"] for p in review["plies"]], plies)
        self.assertEqual([p["ply"] for p in review["plies"]], list(range(1, len(plies) + 1)))
        for ply in review["plies"]:
            self.assertTrue(0 <= ply["first_player_win"] <= 1 and 0 <= ply["best_win"] <= 1, ply)
            self.assertEqual(set(ply), {"ply", "move", "first_player_win", "best", "best_win"})
        self.assertLessEqual(len(review["turning_points"]), 3)
        drops = [p["drop"] for p in review["turning_points"]]
        self.assertEqual(drops, sorted(drops, reverse=True))
        for point in review["turning_points"]:
            self.assertGreaterEqual(point["drop"], 0.15)
            self.assertNotEqual(point["best"], point["played"])
        # The text part: the table of chances, a line a ply; the HTML part: the chart, drawn.
        text = text_of(mail)
        for ply in review["plies"]:
            line = re.search(rf"\n +{ply['ply']}  {re.escape(ply['move'])} +(\d+)%", text)
            self.assertTrue(line, ply)
            # (The JSON's chance is rounded to three places, the table's to whole points.)
            self.assertLessEqual(abs(int(line.group(1)) - ply["first_player_win"] * 100), 0.51)
        self.assertIn("<img", html_of(mail))
        pictures = [part for part in mail.walk() if part.get_content_type() == "image/png"]
        self.assertGreaterEqual(len(pictures), 1 + len(review["turning_points"]))
        # The SGF: the plies played as its main line, each with its chance; a turning point's
        # preferred ply a variation beside the ply played.
        [tree] = sgf_trees(files[f"{kind}-{number}-review.sgf"])
        line = main_line(tree)[1:]
        board_plies = [p for p in plies if p != "resign"]
        self.assertEqual([(node.get("B") or node.get("W"))[0] for node in line], board_plies)
        for node in line:
            self.assertRegex(node["C"][0], r"^The first player's chance: \d+%\.$")
        for point in review["turning_points"]:
            self.assertIn(point["best"], files[f"{kind}-{number}-review.sgf"])
        for password in (p for _, p in PLAYERS.values()):
            self.assertNotIn(password, mail.as_string())
        return review

    def test_a_finished_game_of_each_kind_is_reviewed_by_mail(self):
        asked = {"hy3": "carol", "gaia": "alice", "gates": "bob"}  # anyone confirmed, player or not
        for kind, userid in asked.items():
            plies = GAMES[kind][1]
            number = self.game(kind, plies)
            answer = self.ask(kind, number, userid)
            self.assertIn("number 1 in the queue", " ".join(text_of(answer).split()))
            p = self.tick()
            self.assertIn(b"tick: 1 review(s) mailed", p.stdout)
            mails = [m for m in self.new_replies() if m["Subject"].endswith(": review")]
            self.assertEqual(len(mails), 1, [m["Subject"] for m in mails])
            self.check_review(mails[0], kind, number, plies, userid)
            self.assertEqual(self.reviews_by_tick(), [])  # done: nothing the second time
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM reviews WHERE done_at IS NULL")[0]["n"], 0)

    def test_missed_wins_are_those_of_the_rules(self):
        # HY 3: alice could win at ply 9 (c5, as the stored game shows) and plays elsewhere;
        # bob does not block, and she wins at ply 11.
        start = "c1 a1 c2 a2 c3 a3 c4 b4".split()
        aside = [ply for ply in ("b1", "b2", "b3", "d1", "d2", "e1") if ply not in winners_at_once("hy3", "-size=3", start)]
        second = [ply for ply in aside[1:] if ply not in winners_at_once("hy3", "-size=3", start + [aside[0]])]
        plies = start + [aside[0], second[0], "c5"]
        with_miss = self.game("hy3", plies, "-size=3")
        without = self.game("hy3", GAMES["hy3"][1])
        self.assertEqual(self.server.query("SELECT status FROM games WHERE id = ?", with_miss)[0]["status"], "finished")
        for number, played in ((with_miss, plies), (without, GAMES["hy3"][1])):
            self.ask("hy3", number, "carol")
            [mail] = self.reviews_by_tick()
            review = self.check_review(mail, "hy3", number, played, "carol")
            expected = []
            for k, move in enumerate(played):
                winning = winners_at_once("hy3", "-size=3", played[:k])
                if winning and move not in winning:
                    expected.append({"ply": k + 1, "played": move, "winning": winning})
            self.assertEqual(review["missed_wins"], expected)
            if number == with_miss:
                self.assertEqual([m["ply"] for m in expected], [9])
                self.assertIn("c5", expected[0]["winning"])
                self.assertIn(f"Move 9: alice played {aside[0]}; ", " ".join(text_of(mail).split()))
            else:
                self.assertEqual(expected, [])
                self.assertIn("No missed win", text_of(mail))

    def test_refusals_change_nothing(self):
        running = self.game("hy3", ["c1"])
        self.refused("carol", f"hy3 review {running} carol PW", f"game {running} is not finished")
        self.command("alice", "hy3 challenge alice dave -size=3")
        invitation = self.server.query("SELECT max(id) AS id FROM games")[0]["id"]
        self.refused("carol", f"hy3 review {invitation} carol PW", "")
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM reviews")[0]["n"], 0)
        finished = [self.game("hy3", GAMES["hy3"][1]) for _ in range(3)]
        self.refused("carol", f"hy3 review {finished[0]} carol wrong-pw", "password")
        self.ask("hy3", finished[0], "carol")
        self.refused("carol", f"hy3 review {finished[0]} carol PW", "waiting already, number 1 in the queue")
        self.ask("hy3", finished[1], "carol")
        # review.per_user_per_day is 2 here.
        self.refused("carol", f"hy3 review {finished[2]} carol PW", "carol has asked for 2 reviews in the last 24 hours")
        self.ask("hy3", finished[2], "alice")
        # review.queue is 3 here, and 3 wait.
        self.refused("bob", f"hy3 review {finished[2]} bob PW", "3 reviews are waiting already")
        self.assertEqual(len(self.reviews_by_tick()), 3)
        # Done reviews still count for the day.
        self.refused("carol", f"hy3 review {finished[2]} carol PW", "carol has asked for 2 reviews")

    def test_the_same_game_gets_the_same_review(self):
        number = self.game("gaia", GAMES["gaia"][1])
        self.ask("gaia", number, "carol")
        self.ask("gaia", number, "dave")
        first, second = self.reviews_by_tick()
        self.assertEqual(review_files(first), review_files(second))
        self.assertEqual(text_of(first), text_of(second))

    def test_reviews_auto_for_the_board_and_resignation_not_for_an_abort(self):
        [answer] = self.command("alice", "set alice PW reviews auto")
        self.assertIn("reviewed by the computer", text_of(answer))
        on_board = self.game("hy3", GAMES["hy3"][1])
        resigned = self.game("hy3", ["c1", "a1"])
        self.command("bob", f"hy3 resign {resigned} bob PW")
        aborted = self.game("hy3", ["c1"])
        self.command("bob", f"hy3 abort {aborted} bob PW")
        self.assertIsNotNone(self.server.query("SELECT aborted_by FROM games WHERE id = ?", aborted)[0]["aborted_by"])
        mails = self.reviews_by_tick()
        self.assertEqual(sorted((m["Subject"], m["To"].addresses[0].addr_spec) for m in mails),
                         [(f"HY 3 #{on_board}: review", "alice@example.org"),
                          (f"HY 3 #{resigned}: review", "alice@example.org")])
        review = self.check_review(next(m for m in mails if f"#{resigned}:" in m["Subject"]), "hy3", resigned,
                                   ["c1", "a1", "resign"], "alice")
        self.assertEqual(review["plies"][-1]["move"], "resign")
        # Off again: the next game's end queues nothing.
        self.command("alice", "set alice PW reviews off")
        self.game("hy3", GAMES["hy3"][1])
        self.assertEqual(self.reviews_by_tick(), [])

    def test_a_crash_before_the_commit_loses_and_doubles_nothing(self):
        number = self.game("hy3", GAMES["hy3"][1])
        self.ask("hy3", number, "carol")
        for point in ("review-before-mail", "review-before-commit"):
            p = self.tick(env={"PBEM_TEST_CRASH_AT": point})
            self.assertEqual(p.returncode, 99, p.stderr.decode())
            self.assertEqual([m for m in self.new_replies() if m["Subject"].endswith(": review")], [])
            self.assertEqual(self.server.query("SELECT count(*) AS n FROM reviews WHERE done_at IS NULL")[0]["n"], 1)
        [mail] = self.reviews_by_tick()
        self.check_review(mail, "hy3", number, GAMES["hy3"][1], "carol")
        self.assertEqual(self.reviews_by_tick(), [])


class ReviewOnTime(ClockCase):
    """`reviews auto` for a loss on time (pbem tick under libfaketime)."""
    extra_config = CONFIG

    def test_a_loss_on_time_is_reviewed(self):
        self.command("alice", "set alice secret1 reviews auto")
        game = self.challenge("-days=3")
        for userid, ply in (("alice", "c1"), ("bob", "a1"), ("alice", "c2")):
            self.move(game, userid, ply)
        self.at(T0 + timedelta(days=3, seconds=1))
        mails = self.tick_ok()
        self.assertEqual(self.game(game)["status"], "finished")
        # The game's end is one tick, its review (from the event queue) the same or the next.
        mails += self.tick_ok()
        reviews = [m for m in mails if m["Subject"] == f"HY 3 #{game}: review"]
        self.assertEqual([m["To"] for m in reviews], ["alice@example.org"])


ALICE, BOB = "alice@example.org", "bob@example.net"


class ReviewUnderPbemd(DaemonTestCase):
    """A kill -9 of pbemd in the middle of a review, then a restart: one review mail."""
    extra_config = {"review": {"playouts": 20000}}

    def test_a_kill_during_a_review_then_restart_mails_it_once(self):
        self.signup_both()
        self.send(ALICE, "hy3 challenge alice bob")
        self.take(2)
        passwords = {ALICE: test_daemon.PLAYERS["alice"][1], BOB: test_daemon.PLAYERS["bob"][1]}
        # Twenty plies on the default board, then a resignation: a review of some seconds.
        plies = []
        for n in range(20):
            legal = subprocess.run([pbem_harness.pbem_binary(), "legal", "hy3", "--", *plies], capture_output=True,
                                   text=True, timeout=60, check=True).stdout.split()
            plies.append(legal[(7 * n + 3) % len(legal)])
            sender, userid = (ALICE, "alice") if n % 2 == 0 else (BOB, "bob")
            self.send(sender, f"hy3 move 1 {userid} {passwords[sender]} {plies[-1]}")
            self.take(2)
        self.send(BOB, f"hy3 resign 1 bob {passwords[BOB]}")
        self.take(2)
        self.send(ALICE, f"hy3 review 1 alice {passwords[ALICE]}")
        [queued] = self.take(1)
        self.assertEqual(queued.message["Subject"], "HY 3 #1: review queued")
        time.sleep(1.0)  # the reviewer thread has begun (it wakes at once, or within 5 s)
        self.daemon.kill()
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM reviews WHERE done_at IS NULL")[0]["n"], 1,
                         "the review ended before the kill: give it more playouts")
        self.daemon.start()
        [review] = self.take(1)
        self.assertEqual(review.message["Subject"], "HY 3 #1: review")
        wait_until(lambda: self.server.idle(), what="idle")
        time.sleep(1.0)
        self.assertEqual(len(self.sink.received()), self.seen)
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM reviews WHERE done_at IS NULL")[0]["n"], 0)


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0]] + sys.argv[2:])
