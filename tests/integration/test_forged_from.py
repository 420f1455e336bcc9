"""No game on a From header (issue 51; spec "Limits, third round: no game on a From
header"), through the real `pbem ingest` and `pbem tick` (under libfaketime for the clock):
each finding of the review as the attacker sent it, and what now stops it. A From header
proves nothing, so one forged mail starts no game the victim cannot end alone, spends none
of their vacation days, reaches no mailbox more than three times and tells nobody whose
address it is."""
import re
import sys
import unittest
from datetime import timedelta

from pbem_harness import IngestCase, PlayersCase, build_dir, make_mail, text_of

build_dir(sys.argv)

from clock_harness import PLAYERS as CLOCK_PLAYERS, T0, ClockCase  # noqa: E402

PLAYERS = {"alice": ("alice@example.org", "Al1ce-pw"), "mallory": ("mallory@evil.example", "M4llory-pw"),
           "carol": ("carol@example.com", "C4rol-pw")}
AUTHSERV_ID = "mx.test.example"


def count(server, sql, *params):
    return server.query("SELECT count(*) AS n FROM " + sql, *params)[0]["n"]


def recipients(mails):
    return [m["To"].addresses[0].addr_spec.lower() for m in mails]


class ForgedCase(PlayersCase):
    players = PLAYERS
    state_tables = ["games", "moves", "blocks", "ratings", "vacations"]
    challenges = {"alice": None, "mallory": "auto", "carol": None}

    def setUp(self):
        super().setUp()
        for userid, (address, password) in PLAYERS.items():
            self.server.signup_and_confirm(address, userid, password, challenges=self.challenges[userid])
        self.new_replies()

    def forged(self, subject, body="", **kw):
        """A mail with alice's From that she never wrote."""
        self.send(PLAYERS["alice"][0], subject, body, **kw)
        return self.new_replies()

    def last_game(self):
        return self.server.query("SELECT max(id) AS id FROM games")[0]["id"]

    def game(self, number):
        return self.server.query("SELECT * FROM games WHERE id = ?", number)[0]


class AbortAlone(ForgedCase):
    def test_the_forged_multiple_of_open_invitations_and_accepts(self):
        # The review's mail: alice's From, ten open invitations in her name (the taker moves
        # first), ten acceptances with mallory's own password.
        numbers = range(1, 11)
        body = "\n".join(["hy3 challenge any alice -size=3"] * 10 +
                         [f"hy3 accept {n} mallory {PLAYERS['mallory'][1]}" for n in numbers])
        mails = self.forged("multiple", body)
        posted = count(self.server, "games WHERE invited_by IS NOT NULL")
        self.assertLessEqual(posted, 3)
        self.assertGreater(posted, 0)
        # Alice hears of each at her confirmed address, with how to withdraw it, and no
        # mailbox gets more than three mails.
        acks = [m for m in mails if m["Subject"].endswith("open invitation posted")]
        self.assertEqual(len(acks), posted)
        for ack in acks:
            self.assertEqual(recipients([ack]), [PLAYERS["alice"][0]])
            self.assertIn("decline", text_of(ack))
            self.assertIn("without a password", text_of(ack))
        # Only mallory's accepts (with his password) mail alice beyond the three a mail
        # without a password may cause her: the board mails of the games they start.
        started = count(self.server, "games WHERE status = 'active'")
        self.assertLessEqual(recipients(mails).count(PLAYERS["alice"][0]), 3 + started)
        # Every game mallory started, alice ends alone: she never moved in it, mallory did.
        started = [r["id"] for r in self.server.query("SELECT id FROM games WHERE status = 'active'")]
        self.assertTrue(started)
        for number in started:
            self.command("mallory", f"hy3 move {number} mallory PW c1")
            mails = self.command("alice", f"hy3 abort {number} alice PW")
            row = self.game(number)
            self.assertEqual((row["status"], row["winner_colour"]), ("finished", None))
            self.assertEqual(sorted(recipients(mails)), sorted([PLAYERS["alice"][0], PLAYERS["mallory"][0]]))
            self.assertIn("before their own first move", " ".join(text_of(mails[0]).split()))
        self.assertEqual(count(self.server, "rating_changes"), 0)

    def test_the_forged_challenge_to_an_auto_account_with_its_first_move(self):
        body = f"hy3 challenge mallory alice -size=3\nhy3 move 1 mallory {PLAYERS['mallory'][1]} c1"
        self.forged("multiple", body)
        self.assertEqual(self.game(1)["status"], "active")
        self.assertEqual(self.game(1)["plies"], 1)
        mails = self.command("alice", "hy3 abort 1 alice PW")
        self.assertEqual(self.game(1)["status"], "finished")
        self.assertIsNone(self.game(1)["winner_colour"])
        self.assertIn("HY 3 #1: aborted by alice", [m["Subject"] for m in mails])
        # The one who moved still needs the other's agreement: a proposal, not an end.
        self.command("mallory", "hy3 challenge mallory carol -size=3")
        self.command("carol", "hy3 accept 2 carol PW")
        self.command("mallory", "hy3 move 2 mallory PW c1")
        self.command("mallory", "hy3 abort 2 mallory PW")
        self.assertEqual(self.game(2)["status"], "active")
        # Carol, who has not moved, ends it alone.
        self.command("carol", "hy3 abort 2 carol PW")
        self.assertEqual(self.game(2)["status"], "finished")


class NoVacationDayUnmoved(ClockCase):
    autovacation = "on"

    def test_33_ticks_of_a_never_moved_game_spend_no_vacation_day(self):
        bob, alice = CLOCK_PLAYERS["bob"], CLOCK_PLAYERS["alice"]
        # Started on the From alone (bob takes challenges auto), bob's first move in it.
        self.command("alice", "hy3 challenge bob alice -size=3 -days=1")
        number = self.server.query("SELECT max(id) AS id FROM games")[0]["id"]
        self.command("bob", f"hy3 move {number} bob {bob[1]} c1")
        self.new_replies()
        for day in range(1, 34):
            self.at(T0 + timedelta(days=day, hours=1))
            self.tick_ok()
        self.assertEqual(count(self.server, "vacations"), 0)
        row = self.game(number)
        alice_id = self.server.query("SELECT id FROM users WHERE userid = 'alice'")[0]["id"]
        self.assertEqual((row["status"], row["aborted_by"], row["end_reason"]), ("finished", alice_id, "time"))
        del alice


class OneNoticeMailPerTick(ClockCase):
    def test_ten_forged_open_invitations_lapse_in_one_mail(self):
        alice = CLOCK_PLAYERS["alice"][0]
        self.send(alice, "multiple", "\n".join(["hy3 challenge alice any -size=3"] * 10))
        self.command("alice", "hy3 challenge alice any -size=4")
        posted = count(self.server, "games WHERE status = 'open'")
        self.assertGreaterEqual(posted, 2)
        self.assertLessEqual(posted, 4)
        self.new_replies()
        self.at(T0 + timedelta(days=7, minutes=1))
        p = self.tick()
        self.assertIn(f"{posted} invitation(s) lapsed", p.stdout.decode())
        mails = self.new_replies()
        self.assertEqual(recipients(mails), [alice])
        self.assertEqual(mails[0]["Subject"], f"{posted} notices from the clock")
        for number in range(1, posted + 1):
            self.assertIn(f"HY 3 #{number}: invitation lapsed", text_of(mails[0]))
        # Its Reply-To is alice's digest address, where `#N move` lines play.
        self.assertIn("+d-", mails[0]["Reply-To"])
        # Done once: the next tick sends nothing.
        self.tick_ok()
        self.assertEqual(self.new_replies(), [])


class ThreeMailsPerMailbox(ForgedCase):
    def test_twenty_passwordless_lines_to_a_reply_to(self):
        self.command("mallory", "hy3 challenge mallory carol -size=3")
        self.command("carol", "hy3 accept 1 carol PW")
        body = "\n".join(["hy3 show 1", "hy3 history 1"] * 10)
        self.send("anyone@stranger.example", "multiple", body, headers={"Reply-To": "victim@target.example"})
        mails = self.new_replies()
        self.assertLessEqual(len(mails), 3, [m["Subject"] for m in mails])
        self.assertEqual(set(recipients(mails)), {"victim@target.example"})
        # The lines past the third mail are answered inside the one gathered mail.
        [gathered] = [m for m in mails if "Multiple" in m["Subject"] or "multiple" in m["Subject"]]
        self.assertIn("Line 20", text_of(gathered))

    def test_ten_forged_open_invitations_post_three_at_most(self):
        self.forged("multiple", "\n".join(["hy3 challenge alice any -size=3"] * 10))
        self.assertLessEqual(count(self.server, "games WHERE status = 'open'"), 3)
        # Her own invitations of real mails are still hers to make.
        self.assertLess(count(self.server, "games WHERE status = 'open'"), 10)


class AcknowledgedToConfirmed(ForgedCase):
    def test_a_forged_challenge_is_acknowledged_to_the_challenger_not_the_reply_to(self):
        # A Reply-To of the same mailbox (another spelling): the acknowledgement goes to the
        # confirmed address itself, with how to withdraw the invitation.
        mails = self.forged("hy3 challenge alice carol -size=3", headers={"Reply-To": "Alice+inbox@example.org"})
        [ack] = [m for m in mails if "invitation sent to carol" in m["Subject"]]
        self.assertEqual(recipients([ack]), [PLAYERS["alice"][0]])
        self.assertIn("hy3 decline 1 alice <password>", text_of(ack))
        self.assertNotIn("alice+inbox@example.org", recipients(mails))
        # A Reply-To elsewhere: refused, in words that say nothing more; no invitation.
        mails = self.forged("hy3 challenge alice mallory -size=3 -unrated", headers={"Reply-To": "x@evil.example"})
        self.assertEqual(recipients(mails), ["x@evil.example"])
        self.assertEqual(mails[0]["Subject"], "Error: your command was refused")
        self.assertEqual(count(self.server, "games"), 1)

    def test_the_invitation_number_survives_a_spent_budget(self):
        # Help lines fill the 256 KiB budget of a mail without a password; the invitation
        # after them still tells its challenger its number (owed mail, issue 51 item 13).
        help_lines = ["help tutorial hy3 gates gaia commands clock tournaments"] * 5
        mails = self.forged("multiple", "\n".join(help_lines + ["hy3 challenge alice carol -size=3"]))
        number = self.last_game()
        self.assertEqual(self.game(number)["status"], "invited")
        self.assertTrue([m for m in mails if m["Subject"] == f"HY 3 #{number}: invitation sent to carol"],
                        [m["Subject"] for m in mails])


class OneMailboxTwoAccounts(ForgedCase):
    def setUp(self):
        super().setUp()
        self.server.signup_and_confirm("Alice+2@example.org", "alice2", "Al1ce2-pw", challenges="auto")
        self.new_replies()

    def test_a_second_account_of_one_mailbox_cannot_take_an_open_invitation(self):
        self.command("alice", "hy3 challenge alice any -size=3")
        self.send("Alice+2@example.org", "hy3 accept 1 alice2 Al1ce2-pw")
        [refusal] = self.new_replies()
        self.assertIn("share a mailbox", " ".join(text_of(refusal).split()))
        self.assertEqual(self.game(1)["status"], "open")

    def test_a_rated_challenge_between_them_is_refused_an_unrated_one_plays(self):
        [refusal] = self.command("alice", "hy3 challenge alice alice2 -size=3")
        self.assertIn("cannot be rated", " ".join(text_of(refusal).split()))
        self.assertEqual(count(self.server, "games"), 0)
        self.command("alice", "hy3 challenge alice alice2 -size=3 -unrated")
        self.assertEqual(self.game(1)["status"], "active")
        self.assertEqual(self.game(1)["rated"], 0)


class SignoffEndsInvitations(ForgedCase):
    def test_signoff_withdraws_sent_received_and_open_invitations(self):
        self.command("mallory", "set mallory PW challenges ask")
        self.command("alice", "hy3 challenge alice any -size=3")       # 1: open
        self.command("alice", "hy3 challenge alice carol -size=3")     # 2: sent
        self.command("mallory", "hy3 challenge mallory alice -size=3")  # 3: received
        mails = self.command("alice", "signoff alice PW")
        self.assertEqual([self.game(n)["status"] for n in (1, 2, 3)], ["withdrawn", "withdrawn", "declined"])
        for userid in ("carol", "mallory"):
            [notice] = self.to(mails, userid)
            self.assertIn("alice signed off", text_of(notice))
        self.assertIn("3 invitation(s)", text_of([m for m in mails if m["Subject"] == "Signed off"][0]))
        self.refused("carol", "hy3 accept 2 carol PW", "was withdrawn")
        self.refused("carol", "hy3 challenge carol alice -size=3", "alice has signed off")


class BlocksEveryStart(PlayersCase):
    players = {"alice": ("alice@example.org", "Al1ce-pw"), "bob": ("bob@example.net", "B0b-pw-2"),
               "carol": ("carol@example.com", "C4rol-pw")}
    state_tables = ["games", "moves", "blocks"]

    def setUp(self):
        super().setUp()
        for userid, (address, password) in self.players.items():
            self.server.signup_and_confirm(address, userid, password, challenges=None)
        self.new_replies()

    def test_the_block_wordings_and_a_climb(self):
        self.command("carol", "set carol PW challenges none")
        none_error = text_of(self.command("bob", "hy3 challenge bob carol -size=3")[0])
        self.command("bob", "hy3 challenge bob alice -size=3")  # an invitation waiting
        self.command("alice", "block alice PW bob")
        self.assertEqual(self.server.query("SELECT status FROM games WHERE id = 1")[0]["status"], "declined")
        blocked_error = text_of(self.command("bob", "hy3 challenge bob alice -size=3")[0])
        self.assertEqual(blocked_error.replace("alice", "carol"), none_error)
        message = text_of(self.refused("bob", "message bob PW alice", "alice takes no messages"))
        self.assertNotIn("block", message)
        self.assertNotIn("from you", message)
        # The same words as to a user who takes no messages at all.
        self.command("carol", "set carol PW messages off")
        taken_none = text_of(self.refused("bob", "message bob PW carol", "carol takes no messages"))
        self.assertEqual(message.replace("alice", "carol"), taken_none)
        self.command("carol", "set carol PW messages on")
        self.assertEqual(self.command("bob", "message bob PW carol")[0]["Subject"], "Message from bob")
        # A ladder: bob may not climb alice, in the same words.
        self.command("alice", "hy3 ladder new alice PW club -size=3")
        for userid in ("alice", "bob"):
            self.command(userid, f"hy3 join L#1 {userid} PW")
        climb = text_of(self.refused("bob", "hy3 climb L#1 bob PW alice", "alice does not take challenges"))
        self.assertNotIn("block", climb)


class OneMailboxFrom(ForgedCase):
    extra_config = {"mail": {"authserv_id": AUTHSERV_ID}}

    def passing(self, from_header, subject):
        raw = make_mail(PLAYERS["alice"][0], subject)
        raw = raw.replace(f"From: {PLAYERS['alice'][0]}".encode(), f"From: {from_header}".encode(), 1)
        return f"Authentication-Results: {AUTHSERV_ID};\n\tdmarc=pass header.from=example.org\n".encode() + raw

    def test_a_from_of_two_mailboxes_is_refused_under_an_authserv_id(self):
        self.ingest(self.passing("alice@example.org, mallory@evil.example", "hy3 challenge alice carol -size=3"))
        mails = self.new_replies()
        self.assertEqual(count(self.server, "games"), 0)
        self.assertTrue(any("more than one address" in " ".join(text_of(m).split()) for m in mails))
        self.ingest(self.passing("alice@example.org", "hy3 challenge alice carol -size=3"))
        self.assertEqual(count(self.server, "games"), 1)


class NoOracle(ForgedCase):
    def test_an_option_error_reads_the_same_whoever_sent_it(self):
        own = text_of(self.forged("hy3 challenge alice any -bogus")[0])
        self.send("stranger@nowhere.example", "hy3 challenge alice any -bogus")
        stranger = text_of(self.new_replies()[0])
        self.assertEqual(own, stranger)
        own = text_of(self.forged("hy3 challenge alice carol -bogus")[0])
        self.send("stranger@nowhere.example", "hy3 challenge alice carol -bogus")
        self.assertEqual(own, text_of(self.new_replies()[0]))

    def test_an_answer_to_a_reply_to_elsewhere_says_only_refused(self):
        self.send("alice@example.org", "hy3 challenge alice nobody -size=3", headers={"Reply-To": "x@elsewhere.example"})
        [answer] = self.new_replies()
        self.assertEqual(answer["Subject"], "Error: your command was refused")
        self.assertNotIn("alice", text_of(answer))
        self.assertNotIn("nobody", text_of(answer))


class NamesAndLongAddresses(ForgedCase):
    def test_an_encoded_word_in_a_name_is_refused(self):
        # In a body line, where no decoder turns the encoded word into its Unicode first.
        self.send(PLAYERS["alice"][0], "multiple",
                  ("hy3 ladder new alice PW =?utf-8?q?=E2=80=AEclub?= -size=3\n"
                   "hy3 league new alice PW =?x?= -size=3\n"
                   "hy3 tournament new alice PW a=?b -size=3").replace("PW", PLAYERS["alice"][1]))
        [answer] = self.new_replies()
        self.assertEqual(text_of(answer).count("Error: a ladder's name may not hold \"=?\""), 1, text_of(answer))
        self.assertIn("Error: a league's name may not hold", text_of(answer))
        self.assertIn("Error: a tournament's name may not hold", text_of(answer))
        for table in ("ladders", "leagues", "tournaments"):
            self.assertEqual(count(self.server, table), 0)

    def test_a_long_from_is_not_repeated(self):
        local = "a" * 60
        sender = f"{local}@{'b' * 60}.{'c' * 60}.example"
        self.send(sender, "hy3 challenge alice carol -size=3")
        [answer] = self.new_replies()
        for text in (answer["Subject"], text_of(answer)):
            self.assertNotIn("a" * 33, text)
            self.assertNotIn("b" * 10, text)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
