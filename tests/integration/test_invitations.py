"""Every game by consent (issue 42; spec "Consent: a challenge is an invitation" and "Open
invitations: finding an opponent"), through the real `pbem ingest`, `pbem tick` (under
libfaketime for the lapse) and pbemd: a challenge makes
game #N invited and starts nothing (no clock, in no list, no cap) until the invitee accepts,
by command or by replying `accept` to the invitation; declined by command or reply,
withdrawn by the challenger, lapsed by the tick exactly once; `challenges auto` and `none`;
a block that refuses challenges, chat and message with the words of `none`; a forged
challenge that starts nothing; a rematch that is an invitation; and the limits. Open
invitations: posted, listed, taken by command and by a digest reply's `#N accept`, refused
outside the rating range or to a blocked player, and two takers racing (two `pbem ingest`
at once) giving one game and one clear refusal."""
import re
import subprocess
import sys
import unittest
from datetime import timedelta

import test_daemon
from daemon_harness import send_smtplib
from pbem_harness import PlayersCase, build_dir, confirmation_codes, make_mail, text_of
from reply_clients import mutt

build_dir(sys.argv)

from clock_harness import PLAYERS as CLOCK_PLAYERS, T0, ClockCase  # noqa: E402
from test_digest import reply_to_digest  # noqa: E402

PLAYERS = {"alice": ("alice@example.org", "Al1ce-pw"), "bob": ("bob@example.net", "B0b-pw-2"),
           "carol": ("carol@example.com", "C4rol-pw")}
GAME_ADDRESS = re.compile(r"^pbem\+(\d+)-([a-z2-7]{16})@test\.example$")
# The tables a refusal must leave as they were.
STATE_TABLES = ["games", "moves", "blocks", "ratings"]


class InvitationCase(PlayersCase):
    players = PLAYERS
    state_tables = STATE_TABLES

    def setUp(self):
        super().setUp()
        for userid, (address, password) in PLAYERS.items():
            self.server.signup_and_confirm(address, userid, password, challenges=None)  # the default: ask
        self.new_replies()

    def game(self, number):
        return self.server.query("SELECT * FROM games WHERE id = ?", number)[0]

    def invite(self, challenger="alice", invitee="bob", options="-size=3"):
        """`challenger` challenges `invitee`; returns #N, the invitation and the acknowledgement."""
        mails = self.command(challenger, f"hy3 challenge {challenger} {invitee} {options}")
        number = self.server.query("SELECT max(id) AS id FROM games")[0]["id"]
        [invitation] = self.to(mails, invitee)
        [ack] = self.to(mails, challenger)
        self.assertEqual(len(mails), 2, [m["Subject"] for m in mails])
        return number, invitation, ack

    def reply(self, userid, mail, first_line):
        """Replies to `mail` (to its Reply-To) as mutt does, `first_line` first."""
        raw = mutt(PLAYERS[userid][0], mail["Reply-To"].addresses[0].addr_spec, "Re: " + mail["Subject"],
                   first_line, text_of(mail), mail["Message-ID"].strip("<>"))
        self.ingest(raw)
        return self.new_replies()

    def assert_not_started(self, number, status="invited"):
        row = self.game(number)
        self.assertEqual(row["status"], status)
        self.assertIsNone(row["deadline_at"])
        self.assertIsNone(row["to_move"])
        # In no list of games: `games`, `all show` (whose own section lists open invitations).
        for listing in (self.command("carol", "hy3 games"), self.command("carol", "hy3 games alice all"),
                        self.command("carol", "all show alice")):
            self.assertNotIn(f"#{number}", text_of(listing[0]).split("\nOpen invitations:\n")[0])

    def assert_started(self, number, mails):
        row = self.game(number)
        self.assertEqual(row["status"], "active")
        self.assertIsNotNone(row["deadline_at"])
        for userid in ("alice", "bob"):
            [board] = self.to(mails, userid)
            self.assertIn(f"New game: HY 3 #{number}", " ".join(text_of(board).split()))
        self.assertIn(f"#{number}", text_of(self.command("carol", "hy3 games")[0]))


class Invitations(InvitationCase):
    def test_an_invitation_starts_nothing_until_accepted_by_command(self):
        number, invitation, ack = self.invite()
        self.assertEqual(invitation["Subject"], f"HY 3 #{number}: invitation from alice")
        found = GAME_ADDRESS.match(invitation["Reply-To"].addresses[0].addr_spec)
        self.assertTrue(found and int(found.group(1)) == number, invitation["Reply-To"])
        text = " ".join(text_of(invitation).split())
        for words in ("alice invites you", "-size=3", "First move: alice", "Clock: 14 days per move",
                      "Rated: yes", "Lapses:", f"hy3 accept {number} bob <password>",
                      f"hy3 decline {number} bob <password>"):
            self.assertIn(words, text)
        self.assertIn(f"#{number}", ack["Subject"])
        self.assertIn("invitation sent to bob", ack["Subject"])
        self.assert_not_started(number)
        # Nothing to play yet, by either.
        self.refused("alice", f"hy3 move {number} alice PW a1", "has not started")
        self.refused("alice", f"hy3 accept {number} alice PW", "only bob can accept it")
        self.refused("carol", f"hy3 accept {number} carol PW", "carol does not play in game")
        mails = self.command("bob", f"hy3 accept {number} bob PW")
        self.assert_started(number, mails)
        self.refused("bob", f"hy3 accept {number} bob PW", "no pending proposal")

    def test_accepted_by_replying_accept_to_the_invitation(self):
        number, invitation, _ = self.invite()
        mails = self.reply("bob", invitation, "accept")
        self.assert_started(number, mails)

    def test_declined_by_reply_and_by_command_never_listed_never_rated(self):
        number, invitation, _ = self.invite()
        mails = self.reply("bob", invitation, "decline")
        self.assertEqual(self.game(number)["status"], "declined")
        for userid in ("alice", "bob"):
            [notice] = self.to(mails, userid)
            self.assertEqual(notice["Subject"], f"HY 3 #{number}: invitation declined")
        self.assert_not_started(number, "declined")
        self.refused("bob", f"hy3 accept {number} bob PW", "the invitation was declined")
        second, _, _ = self.invite()
        self.command("bob", f"hy3 reject {second} bob PW")
        self.assertEqual(self.game(second)["status"], "declined")
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM ratings")[0]["n"], 0)

    def test_withdrawn_by_the_challengers_decline(self):
        number, _, _ = self.invite()
        mails = self.command("alice", f"hy3 decline {number} alice PW")
        self.assertEqual(self.game(number)["status"], "withdrawn")
        for userid in ("alice", "bob"):
            [notice] = self.to(mails, userid)
            self.assertIn("alice withdrew the invitation", text_of(notice))
        self.refused("bob", f"hy3 accept {number} bob PW", "the invitation was withdrawn")

    def test_a_forged_challenge_starts_nothing_until_the_invitee_acts(self):
        # Anyone can write alice's address in a From header: carol is only invited.
        number, invitation, _ = self.invite("alice", "carol")
        self.assert_not_started(number)
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM games WHERE status = 'active'")[0]["n"], 0)
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM moves")[0]["n"], 0)
        self.assertNotIn("to move", invitation["Subject"])

    def test_auto_starts_at_once_and_none_refuses(self):
        self.command("bob", "set bob PW challenges auto")
        mails = self.command("alice", "hy3 challenge alice bob -size=3")
        number = self.server.query("SELECT max(id) AS id FROM games")[0]["id"]
        self.assert_started(number, mails)
        self.command("carol", "set carol PW challenges none")
        self.refused("alice", "hy3 challenge alice carol -size=3", "carol does not take challenges")
        self.command("carol", "set carol PW challenges ask")
        self.invite("alice", "carol")

    def test_the_computer_accepts_at_once(self):
        mails = self.command("alice", "hy3 challenge alice bot -size=3")
        number = self.server.query("SELECT max(id) AS id FROM games")[0]["id"]
        self.assertEqual(self.game(number)["status"], "active")
        self.assertIn(f"New game: HY 3 #{number}", " ".join(text_of(self.to(mails, "alice")[0]).split()))

    def test_a_block_refuses_with_the_words_of_none(self):
        self.command("carol", "set carol PW challenges none")
        none_error = text_of(self.command("alice", "hy3 challenge alice carol -size=3")[0])
        mails = self.command("bob", "block bob PW alice")
        self.assertIn("alice is now blocked", text_of(mails[0]))
        self.assertEqual(len(mails), 1)  # alice is not told
        blocked_error = text_of(self.command("alice", "hy3 challenge alice bob -size=3")[0])
        self.assertIn("bob does not take challenges", blocked_error)
        self.assertEqual(blocked_error.replace("bob", "carol"), none_error)
        self.assertNotIn("block", blocked_error)
        # Her messages do not reach him either, without a word of the block.
        refusal = text_of(self.refused("alice", "message alice PW bob", "bob takes no messages"))
        self.assertNotIn("block", refusal)
        self.assertEqual(text_of(self.command("bob", "block bob PW")[0]).split("\n")[1].strip(), "alice")
        self.command("bob", "unblock bob PW alice")
        self.invite("alice", "bob")

    def test_a_block_refuses_chat_in_a_game_already_played(self):
        number, _, _ = self.invite()
        self.command("bob", f"hy3 accept {number} bob PW")
        self.command("bob", "block bob PW alice")
        refusal = text_of(self.refused("alice", f"hy3 chat {number} alice PW", "bob takes no messages"))
        self.assertNotIn("block", refusal)
        # The blocker may still talk to them.
        self.assertEqual(len(self.command("bob", f"hy3 chat {number} bob PW")), 2)

    def test_a_rematch_is_an_invitation(self):
        number, _, _ = self.invite()
        self.command("bob", f"hy3 accept {number} bob PW")
        self.command("alice", f"hy3 resign {number} alice PW")
        mails = self.command("alice", f"hy3 rematch {number} alice PW")
        rematch = self.server.query("SELECT max(id) AS id FROM games")[0]["id"]
        self.assertEqual(self.game(rematch)["status"], "invited")
        [invitation] = self.to(mails, "bob")
        self.assertEqual(invitation["Subject"], f"HY 3 #{rematch}: invitation from alice")
        self.refused("bob", f"hy3 rematch {number} bob PW",
                     f"already has its rematch: game {rematch} (an invitation waiting for an answer)")
        mails = self.reply("bob", invitation, "accept")
        self.assertEqual(self.game(rematch)["status"], "active")
        self.assertEqual(self.game(rematch)["player0"], self.game(number)["player1"])

    def test_weekends_off_is_a_term_of_the_invitation_and_of_its_game(self):
        number, invitation, _ = self.invite(options="-size=3 -days=3 -weekends=off")
        self.assertIn("Clock: 3 days per move, weekends off, from the moment it is accepted",
                      " ".join(text_of(invitation).split()))
        self.assertEqual(self.game(number)["weekends_off"], 1)
        self.command("bob", f"hy3 accept {number} bob PW")
        self.assertEqual((self.game(number)["status"], self.game(number)["weekends_off"]), ("active", 1))
        self.command("alice", f"hy3 resign {number} alice PW")
        self.command("alice", f"hy3 rematch {number} alice PW")
        rematch = self.server.query("SELECT max(id) AS id FROM games")[0]["id"]
        self.assertEqual((self.game(rematch)["status"], self.game(rematch)["weekends_off"]), ("invited", 1))
        self.command("carol", "hy3 challenge carol any -size=3 -weekends=off")
        posted = self.server.query("SELECT max(id) AS id FROM games")[0]["id"]
        self.assertEqual((self.game(posted)["status"], self.game(posted)["weekends_off"]), ("open", 1))
        listing = " ".join(text_of(self.command("bob", "hy3 invitations")[0]).split())
        self.assertIn(f"#{posted} carol (1500) -size=3, 14 days per move, weekends off, lapses", listing)

    def test_competition_games_start_at_once_whatever_the_challenges_setting(self):
        # Joining a tournament, a ladder or a league was consent: their games are never
        # invitations, though every player here answers challenges (ask, the default).
        self.command("alice", "hy3 tournament new alice PW cup -format=knockout -size=3")
        for userid in ("alice", "bob"):
            self.command(userid, f"hy3 join 1 {userid} PW")
        self.command("alice", "hy3 tournament start 1 alice PW")
        self.command("alice", "hy3 ladder new alice PW club -size=3")
        for userid in ("alice", "bob"):
            self.command(userid, f"hy3 join L#1 {userid} PW")
        self.command("bob", "hy3 climb L#1 bob PW alice")
        self.server.signup_and_confirm("dave@example.org", "dave", "D4ve-pw-1", challenges=None)
        self.command("alice", "hy3 league new alice PW club -size=3")
        for userid in ("alice", "bob", "carol"):
            self.command(userid, f"hy3 join G#1 {userid} PW")
        self.send("dave@example.org", "hy3 join G#1 dave D4ve-pw-1")
        self.command("alice", "hy3 league start G#1 alice PW")
        self.assertTrue(self.server.query("SELECT * FROM tournament_games"))
        self.assertTrue(self.server.query("SELECT * FROM ladder_games"))
        self.assertTrue(self.server.query("SELECT * FROM league_games"))
        for row in self.server.query("SELECT id, status, invited_by, deadline_at FROM games"):
            self.assertEqual((row["status"], row["invited_by"]), ("active", None), row)
            self.assertIsNotNone(row["deadline_at"], row)

    def test_one_pending_invitation_per_pair(self):
        self.invite("alice", "bob")
        self.refused("alice", "hy3 challenge alice bob -size=3", "already waits for an answer")
        self.refused("bob", "hy3 challenge bob alice -size=3", "already waits for an answer")


class PendingLimit(InvitationCase):
    extra_config = {"limits": {"pending_invitations": 1}}

    def test_at_most_pending_invitations_per_user(self):
        number, _, _ = self.invite("alice", "bob")
        self.refused("alice", "hy3 challenge alice carol -size=3", "already has 1 invitations waiting")
        self.command("alice", f"hy3 decline {number} alice PW")
        self.invite("alice", "carol")


class MailboxLimit(InvitationCase):
    # Four confirmations to one mailbox in a day (the default allows 3).
    extra_config = {"limits": {"confirmations_per_address_per_day": 10}}

    def test_one_mail_invites_at_most_three_players_of_one_mailbox(self):
        # Four players whose mail goes to one mailbox (box+N@ is box@): a forged mail from
        # alice's address cannot bury it in more than three invitations.
        for n in range(1, 5):
            sender = f"box+{n}@example.org" if n < 4 else "other@example.org"
            self.server.signup_and_confirm(sender, f"d{n}", "D-pw-1234", addresses=(f"box+{n}@example.org",),
                                           challenges=None)
        self.new_replies()
        body = "\n".join(f"hy3 challenge alice d{n} -size=3" for n in range(1, 5))
        self.send(PLAYERS["alice"][0], "multiple", body)
        mails = self.new_replies()
        [answer] = [m for m in self.to(mails, "alice") if m["Subject"].startswith("Error: multiple")]
        # Alice's own mailbox gets the answer and an acknowledgement of each invitation: the
        # third invitation would be her fourth mail (issue 51: the sender's mailbox counts).
        self.assertEqual(answer["Subject"], "Error: multiple: lines 3, 4 of 4 not carried out")
        text = " ".join(text_of(answer).split())
        self.assertIn("a mail without a password may cause at most 3 mails", text)
        self.assertEqual(sorted(m["To"].addresses[0].addr_spec for m in mails if "invitation from" in m["Subject"]),
                         [f"box+{n}@example.org" for n in range(1, 3)])
        self.assertEqual(len(self.to(mails, "alice")), 3)
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM games WHERE status = 'invited'")[0]["n"], 2)


class OpenInvitations(InvitationCase):
    def post(self, words="-size=3"):
        mails = self.command("alice", f"hy3 challenge alice any {words}")
        number = self.server.query("SELECT max(id) AS id FROM games")[0]["id"]
        self.assertEqual([m["Subject"] for m in mails], [f"HY 3 #{number}: open invitation posted"])
        self.assertEqual(self.game(number)["status"], "open")
        return number

    def test_all_show_lists_ones_own_open_invitation(self):
        number = self.post("-size=3")
        text = text_of(self.command("bob", "all show alice")[0])
        self.assertIn(f"Open invitations:\n  hy3 #{number}  open invitation (-size=3), 14 days per move, lapses ", text)
        self.assertNotIn("Open invitations", text_of(self.command("bob", "all show alice next")[0]))

    def test_posted_listed_and_taken_by_command(self):
        number = self.post("-size=3 -rating=1400-1600")
        listing = " ".join(text_of(self.command("carol", "hy3 invitations")[0]).split())
        self.assertIn(f"#{number} alice (1500) -size=3, 14 days per move, for ratings 1400-1600", listing)
        self.assert_not_started(number, "open")
        self.refused("alice", f"hy3 accept {number} alice PW", "your own open invitation")
        mails = self.command("bob", f"hy3 accept {number} bob PW")
        row = self.game(number)
        self.assertEqual(row["status"], "active")
        self.assertEqual((row["player0"], row["player1"]),
                         tuple(self.server.query("SELECT id FROM users WHERE userid = ?", u)[0]["id"]
                               for u in ("alice", "bob")))
        self.assertIn("bob took alice's open invitation", " ".join(text_of(self.to(mails, "alice")[0]).split()))
        self.assertNotIn(f"#{number}", text_of(self.command("carol", "hy3 invitations")[0]))
        self.refused("carol", f"hy3 accept {number} carol PW", "bob took it first")

    def test_any_first_lets_the_taker_move_first_and_any_is_no_userid(self):
        mails = self.command("alice", "hy3 challenge any alice -size=3")
        number = self.server.query("SELECT max(id) AS id FROM games")[0]["id"]
        self.assertIn("First move: the taker", " ".join(text_of(mails[0]).split()))
        self.command("bob", f"hy3 accept {number} bob PW")
        row = self.game(number)
        bob = self.server.query("SELECT id FROM users WHERE userid = 'bob'")[0]["id"]
        self.assertEqual((row["player0"], row["to_move"]), (bob, bob))
        self.send("any@example.org", "signup any Any-pw-12")
        [reply] = self.new_replies()
        self.assertIn("the userid 'any' stands for anyone", text_of(reply))

    def test_outside_the_rating_range_or_blocked_is_refused(self):
        number = self.post("-size=3 -rating=1600-1800")
        self.refused("carol", f"hy3 accept {number} carol PW",
                     f"game {number} is open to players rated 1600 to 1800 in HY 3, and carol's rating is 1500")
        self.command("alice", "set alice PW challenges none")  # the words of none ...
        none_error = text_of(self.command("carol", "hy3 challenge carol alice -size=3")[0])
        self.command("alice", "block alice PW bob")
        second = self.post("-size=3")
        blocked = text_of(self.refused("bob", f"hy3 accept {second} bob PW", "alice does not take challenges"))
        self.assertEqual(blocked.split("Error: ")[-1].split("\n")[0], none_error.split("Error: ")[-1].split("\n")[0])
        self.assertNotIn("block", blocked)

    def test_withdrawn_by_the_challenger(self):
        number = self.post()
        self.command("alice", f"hy3 decline {number} alice PW")
        self.assertEqual(self.game(number)["status"], "withdrawn")
        self.refused("bob", f"hy3 accept {number} bob PW", "the invitation was withdrawn")

    def test_two_takers_at_once_make_one_game_and_one_clear_refusal(self):
        number = self.post()
        raws = [make_mail(PLAYERS[u][0], f"hy3 accept {number} {u} {PLAYERS[u][1]}") for u in ("bob", "carol")]
        runs = [subprocess.Popen(self.server.pbem_command("ingest"), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE) for _ in raws]
        for run, raw in zip(runs, raws):
            run.stdin.write(raw)
            run.stdin.close()
        for run in runs:
            self.assertEqual(run.wait(timeout=120), 0, run.stderr.read().decode())
            run.stdout.close()
            run.stderr.close()
        row = self.game(number)
        self.assertEqual(row["status"], "active")
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM games")[0]["n"], 1)
        taker = self.server.query("SELECT userid FROM users WHERE id = ?", row["player1"])[0]["userid"]
        loser = "carol" if taker == "bob" else "bob"
        [refusal] = self.to(self.new_replies(), loser)
        self.assertIn(f"{taker} took it first", " ".join(text_of(refusal).split()))


class Lapse(ClockCase):
    def test_the_tick_lapses_an_invitation_exactly_once(self):
        alice = CLOCK_PLAYERS["alice"][0]
        self.command("bob", f"set bob {CLOCK_PLAYERS['bob'][1]} challenges ask")
        self.command("alice", "hy3 challenge alice bob -size=3")
        number = self.server.query("SELECT max(id) AS id FROM games")[0]["id"]
        self.assertEqual(self.game(number)["status"], "invited")
        self.at(T0 + timedelta(days=7) - timedelta(minutes=1))
        p = self.tick()
        self.assertIn("0 invitation(s) lapsed", p.stdout.decode())
        self.new_replies()
        self.at(T0 + timedelta(days=7, minutes=1))
        p = self.tick()
        self.assertIn("1 invitation(s) lapsed", p.stdout.decode())
        mails = self.new_replies()
        self.assertEqual([m["To"].addresses[0].addr_spec for m in mails], [alice])
        self.assertEqual(mails[0]["Subject"], f"HY 3 #{number}: invitation lapsed")
        self.assertEqual(self.game(number)["status"], "lapsed")
        p = self.tick()
        self.assertIn("0 invitation(s) lapsed", p.stdout.decode())
        self.assertEqual(self.new_replies(), [])


class ThroughPbemd(test_daemon.DaemonTestCase):
    """An invitation through the real daemon: pbemd mails it with the invitee's game
    address, and the invitee's reply `accept` to it starts the game."""

    def test_an_invitation_accepted_by_a_reply_through_pbemd(self):
        alice, bob = test_daemon.ALICE, test_daemon.BOB
        for sender, userid in ((alice, "alice"), (bob, "bob")):
            self.send(sender, f"signup {userid} {test_daemon.PLAYERS[userid][1]}")
            [welcome] = self.take(1)
            [code] = confirmation_codes([welcome.message], userid)
            self.send(sender, f"confirm {userid} {code}")
            self.take(1)
        self.send(alice, "hy3 challenge alice bob -size=3")
        mails = {arrival.message["Subject"]: arrival.message for arrival in self.take(2)}
        invitation = mails["HY 3 #1: invitation from alice"]
        self.assertIn("HY 3 #1: invitation sent to bob", mails)
        self.assertEqual(self.server.query("SELECT status FROM games"), [{"status": "invited"}])
        to = invitation["Reply-To"].addresses[0].addr_spec
        raw = mutt(bob, to, "Re: " + invitation["Subject"], "accept", text_of(invitation),
                   invitation["Message-ID"].strip("<>"))
        send_smtplib(self.daemon.port, raw, "bob@example.net", recipients=(to,))
        boards = self.take(2)
        self.assertEqual(sorted(b.message["To"].addresses[0].addr_spec for b in boards),
                         ["alice@example.org", "bob@example.net"])
        for board in boards:
            self.assertIn("bob accepted alice's invitation. New game: HY 3 #1", " ".join(text_of(board.message).split()))
        self.assertEqual(self.server.query("SELECT status FROM games"), [{"status": "active"}])


class OpenInvitationByDigest(ClockCase):
    def test_taken_by_a_digest_reply_line(self):
        password = {u: p for u, (_, p) in CLOCK_PLAYERS.items()}
        # bob has a game where it is his move, so his digest comes at 13:00 (T0 is 12:00).
        self.command("alice", "hy3 challenge bob alice -size=3")
        self.command("bob", f"set bob {password['bob']} digest 13")
        self.command("alice", "hy3 challenge alice any -size=4")
        number = self.server.query("SELECT max(id) AS id FROM games")[0]["id"]
        self.new_replies()
        self.at(T0 + timedelta(hours=1))
        [digest] = self.tick_ok()
        text = " ".join(text_of(digest).split())
        self.assertIn(f"Open invitations you can take (reply with '#N accept' to take one): HY 3 #{number} alice",
                      text)
        self.ingest(reply_to_digest(digest, CLOCK_PLAYERS["bob"][0], [f"#{number} accept"]))
        self.assertEqual(self.game(number)["status"], "active")
        mails = self.new_replies()
        self.assertIn("bob took alice's open invitation", " ".join(text_of(mails[0]).split()))


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
