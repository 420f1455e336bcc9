"""The daily digest (issue 30, spec "Daily digest") through the real `pbem ingest` and
`pbem tick` under libfaketime: the digest at its hour, once a day, only with a game
waiting, listing exactly the games where it is the user's move; a reply to it with several
moves, one of them illegal, its quoted digest ignored; its address refused after a password
change; movemail off and what still arrives; two ticks at once send one digest (this file
runs on PostgreSQL too, postgres_digest)."""
import html
import re
import subprocess
import sys
import urllib.parse
import unittest
from datetime import timedelta
from email.message import EmailMessage
from email.utils import formatdate

from pbem_harness import build_dir, html_of, text_of

build_dir(sys.argv)

from clock_harness import PLAYERS, T0, ClockCase  # noqa: E402

PLAYERS.update({"carol": ("carol@example.com", "secret3")})

# T0 is 2027-03-01 12:00 UTC: a digest at 07:00 first comes on 2 March.
FIRST_DIGEST = T0 + timedelta(hours=19)


def reply_to_digest(digest, sender, lines):
    """A reply as a mail client writes it: the moves, then the digest quoted below."""
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = digest["Reply-To"].addresses[0].addr_spec
    msg["Subject"] = "Re: " + digest["Subject"]
    msg["Date"] = formatdate(localtime=False)
    msg["In-Reply-To"] = digest["Message-ID"]
    quoted = "\n".join("> " + line for line in text_of(digest).splitlines())
    msg.set_content("\n".join(lines) + "\n\nOn Tue, 2 Mar 2027, the server wrote:\n" + quoted + "\n")
    return msg.as_bytes()


class Digest(ClockCase):
    def cmd(self, userid, words):
        return self.command(userid, words.replace("PW", PLAYERS[userid][1]))

    def new_game(self, first, second, moves=()):
        self.cmd(first, f"hy3 challenge {first} {second} -size=4")
        number = self.server.query("SELECT max(id) AS id FROM games")[0]["id"]
        for n, ply in enumerate(moves):
            player = first if n % 2 == 0 else second
            self.cmd(player, f"hy3 move {number} {player} PW {ply}")
        return number

    def digests(self, mails):
        return [m for m in mails if m["Subject"].startswith("Your move in")]

    def test_the_digest_lists_the_games_waiting_once_a_day(self):
        [ok] = self.cmd("alice", "set alice PW digest 7")
        self.assertEqual(ok["Subject"], "Digest at 07:00 UTC")
        self.assertIn("the first on 2027-03-02 07:00 UTC", text_of(ok))
        mine = self.new_game("alice", "bob")                  # alice to move
        theirs = self.new_game("bob", "alice", ["c1"])        # alice to move
        waiting = self.new_game("alice", "carol", ["c1"])     # carol to move
        self.new_replies()
        self.at(FIRST_DIGEST - timedelta(seconds=1))
        self.assertEqual(self.tick_ok(), [])
        self.at(FIRST_DIGEST)
        [digest] = self.tick_ok()
        self.assertEqual((digest["To"], digest["Subject"]), ("alice@example.org", "Your move in 2 games"))
        self.assertRegex(digest["Reply-To"].addresses[0].addr_spec, r"^pbem\+d-[a-z2-7]{16}@test\.example$")
        text = text_of(digest)
        self.assertIn(f"#{mine}  HY 3 #{mine}", text)
        self.assertIn(f"#{theirs}  HY 3 #{theirs}", text)
        self.assertIn("bob played c1 as move 1.", text)
        self.assertIn("Deadline for alice to move", text)
        self.assertNotIn(f"HY 3 #{waiting}", text)
        self.assertEqual(text.count("R = red, B = blue"), 2)  # the boards
        # Each game's legal moves as links to alice's address of that game (issue 56): move 1
        # of `mine` on the 37 cells of a size-4 board, move 2 of `theirs` without c1.
        links = {}
        for href in re.findall(r'href="(mailto:[^"]*)"', html_of(digest)):
            address, _, query = html.unescape(href)[len("mailto:"):].partition("?")
            game = int(re.match(r"pbem\+(\d+)-", address).group(1))
            links.setdefault(game, []).append(dict(urllib.parse.parse_qsl(query))["body"])
        self.assertEqual(sorted(links), sorted([mine, theirs]))
        self.assertEqual(len(links[mine]), 37)
        self.assertTrue(all(body.endswith("#1") for body in links[mine]))
        self.assertEqual(len(links[theirs]), 36)
        self.assertNotIn("c1#2", links[theirs])
        # Once a day: again at the same moment, and later that day, nothing.
        self.assertEqual(self.tick_ok(), [])
        self.at(FIRST_DIGEST + timedelta(hours=5))
        self.assertEqual(self.tick_ok(), [])
        # A day with no game waiting sends nothing; the next waiting day does.
        self.cmd("alice", f"hy3 move {mine} alice PW c1")
        self.cmd("alice", f"hy3 move {theirs} alice PW a1")
        self.at(FIRST_DIGEST + timedelta(days=1))
        self.assertEqual(self.tick_ok(), [])
        self.cmd("carol", f"hy3 move {waiting} carol PW a1")
        self.at(FIRST_DIGEST + timedelta(days=2, minutes=3))
        [digest] = self.tick_ok()
        self.assertEqual(digest["Subject"], "Your move in 1 game")
        [off] = self.cmd("alice", "set alice PW digest off")
        self.assertEqual(off["Subject"], "Digest off")
        self.at(FIRST_DIGEST + timedelta(days=3))
        self.assertEqual(self.tick_ok(), [])

    def test_the_board_as_set_and_a_gates_game_linked_by_cell(self):
        """`board list`: each game of the digest as a list instead of the drawing (issue 56);
        a Gates game's links name its cells, once each."""
        self.cmd("alice", "set alice PW digest 7")
        self.cmd("alice", "set alice PW board list")
        hy3 = self.new_game("alice", "bob")
        self.cmd("alice", "gates challenge alice bob -cross -size=3")
        gates = self.server.query("SELECT max(id) AS id FROM games")[0]["id"]
        self.new_replies()
        self.at(FIRST_DIGEST)
        [digest] = self.tick_ok()
        text = text_of(digest)
        self.assertIn(f"HY 3 #{hy3} as a list, after 0 moves.", text)
        self.assertIn(f"Gates #{gates} as a list, after 0 moves.", text)
        self.assertNotIn("R = red, B = blue", text, "the list replaces the drawing")
        bodies = {}
        for href in re.findall(r'href="(mailto:[^"]*)"', html_of(digest)):
            address, _, query = html.unescape(href)[len("mailto:"):].partition("?")
            game = int(re.match(r"pbem\+(\d+)-", address).group(1))
            bodies.setdefault(game, []).append(dict(urllib.parse.parse_qsl(query))["body"])
        self.assertEqual(len(bodies[hy3]), 37)
        self.assertEqual(len(bodies[gates]), 19)  # the 19 cells of a size-3 Cross board
        self.assertTrue(all(re.fullmatch(r"[a-e][1-5]#1", body) for body in bodies[gates]), bodies[gates])

    def test_a_reply_plays_one_move_a_line_and_ignores_the_quoted_digest(self):
        self.cmd("alice", "set alice PW digest 7")
        first = self.new_game("alice", "bob")
        second = self.new_game("alice", "carol")
        self.at(FIRST_DIGEST)
        [digest] = self.tick_ok()
        self.ingest(reply_to_digest(digest, "alice@example.org", [f"#{first} c1", f"{second} zz99", "thanks!"]))
        mails = self.new_replies()
        plies = {g: [r["move"] for r in self.server.query("SELECT move FROM moves WHERE game_id = ?", g)]
                 for g in (first, second)}
        self.assertEqual(plies, {first: ["c1"], second: []})  # the quoted board's lines played nothing
        text = "\n".join(text_of(m) for m in mails if m["To"] == "alice@example.org")
        self.assertIn("alice (red) played c1 as move 1.", text)
        self.assertIn("illegal move 'zz99'", text)
        self.assertIn("line 3 is not a game's number and a move", text)
        # After a password change the address is refused, saying why; nothing is played.
        self.cmd("alice", "change password alice PW newsecret1")
        self.ingest(reply_to_digest(digest, "alice@example.org", [f"#{second} c1"]))
        [refused] = self.new_replies()
        self.assertIn("this digest's reply address has expired: the password was changed", text_of(refused))
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM moves WHERE game_id = ?", second), [{"n": 0}])

    def test_movemail_off_stops_only_the_reports_of_other_players_moves(self):
        [refused] = self.cmd("alice", "set alice PW movemail off")
        self.assertIn("only while a daily digest is on", text_of(refused))
        self.cmd("alice", "set alice PW digest 7")
        [ok] = self.cmd("alice", "set alice PW movemail off")
        self.assertEqual(ok["Subject"], "Movemail off")
        started = self.cmd("bob", "hy3 challenge bob alice -size=4")
        self.assertIn("alice@example.org", [m["To"] for m in started])  # a new game comes at once
        game = self.server.query("SELECT max(id) AS id FROM games")[0]["id"]
        mails = self.cmd("bob", f"hy3 move {game} bob PW c1")
        self.assertEqual([m["To"] for m in mails], ["bob@example.net"])  # alice's board mail is her digest's
        mails = self.cmd("alice", f"hy3 move {game} alice PW a1")
        self.assertIn("alice@example.org", [m["To"] for m in mails])  # her own move is confirmed
        mails = self.cmd("bob", f"hy3 resign {game} bob PW")
        self.assertIn("alice@example.org", [m["To"] for m in mails])  # the end comes at once
        [on] = self.cmd("alice", "set alice PW movemail on")
        self.assertEqual(on["Subject"], "Movemail on")

    def test_two_ticks_at_once_send_one_digest(self):
        self.cmd("alice", "set alice PW digest 7")
        self.new_game("alice", "bob")
        self.new_replies()
        self.at(FIRST_DIGEST)
        command = self.server.frozen_pbem_command("tick")
        ticks = [subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(2)]
        for tick in ticks:
            tick.communicate(timeout=120)
            self.assertEqual(tick.returncode, 0)
        self.assertEqual(len(self.digests(self.new_replies())), 1)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
