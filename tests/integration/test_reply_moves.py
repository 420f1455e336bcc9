"""Moving by replying (issue 11): every game mail to a player carries a per-player game
address in its Reply-To; a reply to it plays the move typed as its first line (or its
Subject) with no password, from any common mail client. Through `pbem ingest` and pbemd."""
import re
import sys
import unittest

import test_daemon
from pbem_harness import IngestCase, build_dir, make_mail, text_of
from daemon_harness import send_smtplib
from reply_clients import CLIENTS, mutt

build_dir(sys.argv)

ALICE, BOB = "Alice <alice@example.org>", "bob@example.net"
ADDRESS = {"alice": "alice@example.org", "bob": "bob@example.net"}
SENDER = {"alice": ALICE, "bob": BOB}
PASSWORD = {"alice": "Al1ce-Pw-7q", "bob": "B0b-Pw-3z"}
# A short decisive HY 3 game (alice wins with the last ply), from test_daemon.
OPTIONS, PLIES, WINNER = test_daemon.HY3_GAME
GAME_ADDRESS = re.compile(r"^pbem\+(\d+)-([a-z2-7]{16})@test\.example$")


def board_of(mail):
    """The quoted part of a reply: the board mail's text."""
    return text_of(mail)


class ReplyCase(IngestCase):
    """Alice and bob in a new HY 3 game, alice to move; replies as mail clients write them."""
    def setUp(self):
        super().setUp()
        for userid in ("alice", "bob"):
            self.server.signup_and_confirm(SENDER[userid], userid, PASSWORD[userid])
        self.new_replies()
        self.send(ALICE, f"hy3 challenge alice bob {OPTIONS}")
        self.mails = self.new_replies()
        self.number = int(re.search(r"#(\d+)", self.mails[0]["Subject"]).group(1))

    def mail_to(self, userid, mails=None):
        [mail] = [m for m in (mails or self.mails) if m["To"].addresses[0].addr_spec == ADDRESS[userid]]
        return mail

    def reply(self, userid, move, client=mutt, mail=None, subject=None, to=None):
        """Replies to `userid`'s latest game mail as `client` does, the move on the first line."""
        mail = mail or self.mail_to(userid)
        to = to or mail["Reply-To"].addresses[0].addr_spec
        raw = client(SENDER[userid], to, subject or "Re: " + mail["Subject"], move, board_of(mail),
                     mail["Message-ID"].strip("<>"))
        self.ingest(raw)
        self.mails = self.new_replies()
        return self.mails

    def plies(self):
        return [r["move"] for r in self.server.query("SELECT move FROM moves WHERE game_id = ? ORDER BY ply",
                                                      self.number)]


class ReplyMoves(ReplyCase):
    def test_every_game_mail_has_the_players_own_game_address(self):
        addresses = {}
        for userid in ("alice", "bob"):
            mail = self.mail_to(userid)
            found = GAME_ADDRESS.match(mail["Reply-To"].addresses[0].addr_spec)
            self.assertTrue(found, mail["Reply-To"])
            self.assertEqual(int(found.group(1)), self.number)
            addresses[userid] = found.group(2)
        self.assertNotEqual(addresses["alice"], addresses["bob"])
        self.assertIn("just reply to this mail with your move", text_of(self.mail_to("alice")))

    def test_a_whole_game_by_replies_from_every_client(self):
        mover = "alice"
        for n, ply in enumerate(PLIES):
            client = CLIENTS[n % len(CLIENTS)]
            with self.subTest(ply=n + 1, client=client.__name__):
                mails = self.reply(mover, ply, client)
                self.assertEqual(self.plies(), PLIES[:n + 1], [text_of(m)[:300] for m in mails])
                self.assertEqual(len(mails), 2)
                mover = "bob" if mover == "alice" else "alice"
        self.assertEqual(self.server.query("SELECT status FROM games"), [{"status": "finished"}])
        self.assertIn(f"alice wins", self.mails[0]["Subject"])
        # No password was in any mail, so none can be in any reply.
        for row in self.server.query("SELECT data FROM outbox_texts"):
            for password in PASSWORD.values():
                self.assertNotIn(password.encode(), bytes(row["data"]))

    def test_the_subject_may_carry_the_move(self):
        self.reply("alice", "thanks, see below", subject="Re: c1#1")
        self.assertEqual(self.plies(), ["c1"])

    def test_swap_and_move_numbers_work_by_reply(self):
        self.send(ALICE, "hy3 challenge alice bob -size=3 -swap")
        mails = self.new_replies()
        number = int(re.search(r"#(\d+)", mails[0]["Subject"]).group(1))
        self.reply("alice", "c1#1", mail=self.mail_to("alice", mails))
        self.reply("bob", "swap")
        moves = [r["move"] for r in self.server.query("SELECT move FROM moves WHERE game_id = ? ORDER BY ply", number)]
        self.assertEqual(moves, ["c1", "swap"])

    def test_a_first_line_that_is_no_move_is_answered_and_changes_nothing(self):
        [answer] = self.reply("alice", "I will think about it")
        self.assertIn("is not a move", text_of(answer))
        self.assertEqual(self.plies(), [])

    def test_an_illegal_move_by_reply_gets_the_engines_reason(self):
        [answer] = self.reply("alice", "z9")
        self.assertIn("illegal move", text_of(answer))
        self.assertEqual(self.plies(), [])

    def test_a_tampered_token_is_refused(self):
        to = self.mail_to("alice")["Reply-To"].addresses[0].addr_spec
        local, domain = to.split("@")
        tampered = local[:-1] + ("a" if local[-1] != "a" else "b") + "@" + domain
        [answer] = self.reply("alice", "c1", to=tampered)
        self.assertIn("is not a valid address of game", text_of(answer))
        self.assertEqual(self.plies(), [])

    def test_a_token_moved_to_another_game_is_refused(self):
        to = self.mail_to("alice")["Reply-To"].addresses[0].addr_spec
        self.send(ALICE, f"hy3 challenge alice bob {OPTIONS}")
        self.new_replies()
        other = to.replace(f"+{self.number}-", f"+{self.number + 1}-")
        [answer] = self.reply("alice", "c1", to=other)
        self.assertIn(f"is not a valid address of game {self.number + 1}", text_of(answer))
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM moves"), [{"n": 0}])

    def test_a_reply_to_the_opponents_address_plays_only_for_the_opponent(self):
        # bob's address is bob's credential: alice cannot use it to move for herself.
        bob_mail = self.mail_to("bob")
        [answer] = self.reply("alice", "c1", mail=bob_mail)
        self.assertIn("it is not your turn", text_of(answer))
        # It says whose address it was, and why the move was read as theirs.
        self.assertIn("this mail went to bob's game address from alice@example.org, which is not bob's address",
                      text_of(answer))
        self.assertEqual(self.plies(), [])

    def test_a_move_through_a_players_address_from_another_address_tells_the_player(self):
        # alice forwards her board mail to carol, who replies with a move: it is alice's move,
        # played, and alice hears from which address it came.
        alice_mail = self.mail_to("alice")
        mails = self.reply("alice", PLIES[0], mail=alice_mail, client=lambda sender, *rest: mutt(
            "carol@example.com", *rest))
        self.assertEqual(self.plies(), [PLIES[0]])
        [notice] = [m for m in mails if m["Subject"].startswith("A command through your game address")]
        self.assertEqual(notice["To"], "alice@example.org")
        self.assertIn("A mail from carol@example.com, which is not one of your addresses", text_of(notice))
        # From her own address there is no notice.
        mails = self.reply("bob", PLIES[1])
        self.assertFalse([m for m in mails if m["Subject"].startswith("A command through")])

    def test_a_challenge_from_an_unconfirmed_address_says_what_to_do(self):
        self.send(ALICE, "change address alice " + PASSWORD["alice"] + " alice@example.org other@example.org")
        self.new_replies()
        raw = make_mail("other@example.org", "hy3 challenge alice bob")
        self.ingest(raw)
        [answer] = self.new_replies()
        self.assertIn("this mail came from other@example.org, which is alice's address but not confirmed yet: "
                      "send `confirm alice <code>`", text_of(answer))

    def test_a_forged_reply_to_learns_nothing_of_whose_address_it_is(self):
        # From and Reply-To are anyone's to write: only the address itself may learn that it
        # is alice's. Mallory's answer is the one for an address nobody has.
        self.send(ALICE, "change address alice " + PASSWORD["alice"] + " alice@example.org other@example.org")
        self.new_replies()
        answers = {}
        for address in ("other@example.org", "stray@example.org"):  # the same length
            self.ingest(make_mail(address, "hy3 challenge alice bob", headers={"Reply-To": "mallory@evil.example"}))
            [answer] = self.new_replies()
            self.assertEqual(answer["To"], "mallory@evil.example")
            answers[address] = (answer["Subject"].replace(address, "X"), text_of(answer).replace(address, "X"))
        self.assertEqual(answers["other@example.org"], answers["stray@example.org"])
        self.assertNotIn("alice's address", answers["other@example.org"][1])
        self.assertNotIn("confirm alice", answers["other@example.org"][1])
        # To the address itself (however the Reply-To spells its mailbox) the newcomer's help.
        self.ingest(make_mail("other@example.org", "hy3 challenge alice bob",
                              headers={"Reply-To": "Other+games@example.org"}))
        [answer] = self.new_replies()
        self.assertIn("which is alice's address but not confirmed yet", text_of(answer))

    def test_a_password_change_retires_the_old_address_and_show_mails_a_fresh_one(self):
        old = self.mail_to("alice")
        self.send(ALICE, f"change password alice {PASSWORD['alice']} N3w-Secret-9")
        self.new_replies()
        [answer] = self.reply("alice", "c1", mail=old)
        self.assertIn("has expired", text_of(answer))
        self.assertIn(f"hy3 show {self.number}", text_of(answer))
        self.assertEqual(self.plies(), [])
        self.send(ALICE, f"hy3 show {self.number}")
        [show] = self.new_replies()
        fresh = show["Reply-To"].addresses[0].addr_spec
        self.assertNotEqual(fresh, old["Reply-To"].addresses[0].addr_spec)
        self.reply("alice", "c1", mail=show)
        self.assertEqual(self.plies(), ["c1"])

    def test_the_envelope_recipient_names_the_game_address_for_ingest(self):
        # Headers that show only the server's plain address (a Bcc, or an MTA rewrite):
        # the address the MTA delivered to, passed as --recipient, is what counts.
        mail = self.mail_to("alice")
        raw = mutt(ALICE, "pbem@test.example", "Re: x", "c1", board_of(mail), mail["Message-ID"].strip("<>"))
        p = self.server.pbem("ingest", "--recipient", mail["Reply-To"].addresses[0].addr_spec, stdin=raw)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(self.plies(), ["c1"])

    def test_show_to_someone_else_carries_no_game_address(self):
        self.send("carol@example.com", f"hy3 show {self.number}")
        [show] = self.new_replies()
        self.assertIsNone(show["Reply-To"])

    def test_the_same_reply_delivered_twice_is_played_once(self):
        mail = self.mail_to("alice")
        raw = mutt(ALICE, mail["Reply-To"].addresses[0].addr_spec, "Re: x", "c1", board_of(mail),
                   mail["Message-ID"].strip("<>"))
        self.ingest(raw)
        self.ingest(raw)
        self.assertEqual(self.plies(), ["c1"])
        self.assertEqual(len(self.new_replies()), 2)


class ReplyMovesByDaemon(test_daemon.DaemonTestCase):
    """pbemd accepts mail for a game address (RCPT <pbem+N-token@...>) and plays it."""

    def test_a_reply_over_smtp_plays_the_move(self):
        self.signup_both()
        self.send(test_daemon.ALICE, "hy3 challenge alice bob -size=3")
        challenge = self.take(2)
        [to_alice] = [a for a in challenge if a.recipients == ["alice@example.org"]]
        game_address = to_alice.message["Reply-To"].addresses[0].addr_spec
        raw = CLIENTS[3](test_daemon.ALICE, game_address, "Re: " + to_alice.message["Subject"], "c1",
                         text_of(to_alice.message), to_alice.message_id)
        send_smtplib(self.daemon.port, raw, "alice@example.org", recipients=[game_address])
        replies = self.take(2)
        self.assertIn("played c1 as move 1", text_of(replies[0].message))
        self.assertEqual([r["move"] for r in self.server.query("SELECT move FROM moves")], ["c1"])


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0]])
