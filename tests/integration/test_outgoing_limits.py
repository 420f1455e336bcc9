"""Outgoing mail is no spam relay (issue 9 item 4) and replies are never silently dropped
(issue 19 items 3, 4): address confirmation, recipient caps, relay rate limits, the reply
limit counting only replies, and game mail to every confirmed address. Through `pbem ingest`."""
import sys
import unittest

from pbem_harness import IngestCase, Server, build_dir, confirmation_codes, make_mail, text_of

build_dir(sys.argv)

ALICE = "alice@example.org"
BOB = "bob@example.net"
VICTIM = "victim@outside.example"


class OutgoingCase(IngestCase):
    def new_mail(self):
        return self.new_replies()

    def to(self, address):
        return [m for m in self.server.outbox() if m["To"] == address]

    def kinds(self, address):
        return [r["kind"] for r in self.server.query("SELECT kind FROM outbox WHERE recipient = ? ORDER BY id", address)]

    def players(self, challenges="auto"):
        self.server.signup_and_confirm(ALICE, "alice", "secret1", challenges=challenges)
        self.server.signup_and_confirm(BOB, "bob", "secret2", challenges=challenges)
        self.new_mail()


class SpamRelay(OutgoingCase):
    def test_150_copies_to_an_outside_address_become_none(self):
        self.players()
        # The attacker registers an outside address (never confirmed) and names it 150 times.
        self.send(ALICE, f"signup victim secret9 {VICTIM}")
        self.send(ALICE, "message alice secret1 " + " ".join(["victim"] * 150), body="Buy now!")
        self.assertEqual(self.kinds(VICTIM), ["confirmation"])
        [request] = self.to(VICTIM)
        self.assertIn("If this was not you, ignore this mail", text_of(request))
        self.assertNotIn("Buy now", text_of(request))
        [receipt] = [m for m in self.new_mail() if m["Subject"] == "Message sent"]
        self.assertIn("Not sent to victim: no confirmed address yet", text_of(receipt))

    def test_a_repeated_recipient_gets_one_copy(self):
        self.players()
        self.send(ALICE, "message alice secret1 " + " ".join(["bob"] * 150), body="Hello")
        self.assertEqual(self.kinds(BOB).count("relay"), 1)

    def test_more_distinct_recipients_than_the_cap_are_refused(self):
        self.players()
        for n in range(10):
            self.send(f"u{n}@example.com", f"signup user{n} secret{n}x")
        names = " ".join(f"user{n}" for n in range(10)) + " bob"
        self.new_mail()
        self.send(ALICE, f"message alice secret1 {names}", body="Hello")
        [reply] = self.new_mail()
        self.assertIn("at most 10 userids, not 11", text_of(reply))
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM outbox WHERE kind = 'relay'"), [{"n": 0}])


class Confirmation(OutgoingCase):
    def test_signup_for_another_address_mails_it_the_code_and_stores_only_a_hash(self):
        self.send(ALICE, f"signup carol secret3 {VICTIM}")
        by_address = {m["To"]: m for m in self.new_mail()}
        welcome, request = by_address[ALICE], by_address[VICTIM]
        self.assertEqual(welcome["To"], ALICE)
        self.assertEqual(confirmation_codes([welcome], "carol"), [])
        self.assertIn("A confirmation request was mailed to " + VICTIM, text_of(welcome))
        self.assertEqual(request["To"], VICTIM)
        [code] = confirmation_codes([request], "carol")
        rows = self.server.query("SELECT address, code_hash FROM address_confirmations")
        self.assertEqual(len(rows), 1)
        self.assertNotIn(code, rows[0]["code_hash"])
        self.assertEqual(self.server.query("SELECT confirmed_at FROM addresses"), [{"confirmed_at": None}])
        # Wrong code: a clear error, nothing changes. Right code (from any address): confirmed, once.
        self.send("someone@else.example", "confirm carol abcdefghjk")
        [error] = self.new_mail()
        self.assertIn("that code does not confirm any address of carol", text_of(error))
        self.send("someone@else.example", f"confirm carol {code.upper()}")
        [ok] = self.new_mail()
        self.assertIn(f"{VICTIM} is confirmed for carol", text_of(ok))
        self.assertNotEqual(self.server.query("SELECT confirmed_at FROM addresses")[0]["confirmed_at"], None)
        self.send("someone@else.example", f"confirm carol {code}")
        self.assertIn("does not confirm", text_of(self.new_mail()[0]))
        # A refused code quotes nothing from the userid on (its words may be out of order).
        self.assertEqual(self.server.query("SELECT command FROM inbox WHERE command LIKE 'confirm%' ORDER BY id"),
                         [{"command": "confirm ..."}, {"command": "confirm carol *****"}, {"command": "confirm ..."}])

    def test_at_most_three_requests_per_address_per_day(self):
        self.server.signup_and_confirm(ALICE, "alice", "secret1")
        for _ in range(4):
            self.send(ALICE, f"change address alice secret1 {ALICE} {VICTIM}")
        self.assertEqual(self.kinds(VICTIM), ["confirmation"] * 3)
        self.assertIn("No confirmation request was mailed to " + VICTIM, text_of(self.server.outbox()[-1]))

    def test_signups_from_a_forged_sender_get_codes_three_times_then_count_as_replies(self):
        for n in range(4):
            self.send(VICTIM, f"signup forged{n} secret9")
        self.assertEqual(self.kinds(VICTIM), ["confirmation"] * 3 + ["reply"])
        self.assertEqual(confirmation_codes(self.to(VICTIM)[3:], "forged3"), [])

    def test_an_unconfirmed_player_gets_no_game_mail_and_cannot_be_challenged(self):
        self.server.signup_and_confirm(ALICE, "alice", "secret1")
        self.send(BOB, "signup bob secret2")
        self.new_mail()
        self.send(ALICE, "hy3 challenge alice bob")
        [error] = self.new_mail()
        self.assertIn("bob has no confirmed address yet", text_of(error))
        self.send(BOB, "hy3 challenge bob alice")
        self.assertIn("must come from a confirmed address", text_of(self.new_mail()[0]))
        self.assertEqual(self.server.query("SELECT * FROM games"), [])
        self.send(ALICE, "message alice secret1 bob", body="hi")
        # Only the confirmation request and the answers to bob's own commands reached bob.
        self.assertEqual(self.kinds(BOB), ["confirmation", "reply"])

    def test_existing_addresses_stay_confirmed_when_addresses_change(self):
        self.server.signup_and_confirm(ALICE, "alice", "secret1")
        self.new_mail()
        self.send(ALICE, f"change address alice secret1 {ALICE} {VICTIM}")
        self.assertEqual(sorted(m["To"] for m in self.new_mail()), [ALICE, VICTIM])
        confirmed = self.server.query("SELECT address FROM addresses WHERE confirmed_at IS NOT NULL")
        self.assertEqual(confirmed, [{"address": ALICE}])


class RelayLimits(OutgoingCase):
    extra_config = {"limits": {"relayed_per_user_per_hour": 3, "relayed_per_recipient_per_hour": 4}}

    def test_per_user_limit(self):
        self.players()
        for n in range(3):
            self.send(ALICE, "message alice secret1 bob", body=f"note {n}")
        self.new_mail()
        self.send(ALICE, "message alice secret1 bob", body="one too many")
        [error] = self.new_mail()
        self.assertEqual(error["To"], ALICE)
        self.assertIn("at most 3 an hour are relayed", text_of(error))
        self.assertEqual(self.kinds(BOB).count("relay"), 3)

    def test_per_recipient_limit(self):
        self.players()
        self.server.signup_and_confirm("carol@example.com", "carol", "secret3")
        self.send(ALICE, "message alice secret1 bob", body="1")
        self.send(ALICE, "message alice secret1 bob", body="2")
        self.send("carol@example.com", "message carol secret3 bob", body="3")
        self.send("carol@example.com", "message carol secret3 bob", body="4")
        self.new_mail()
        self.send("carol@example.com", "message carol secret3 bob", body="5")
        [error] = self.new_mail()
        self.assertIn("a recipient has had 4 relayed messages", text_of(error))
        self.assertEqual(self.kinds(BOB).count("relay"), 4)


class ReplyLimit(OutgoingCase):
    extra_config = {"limits": {"replies_per_hour": 3}}

    def test_game_mail_does_not_count_and_one_notice_is_sent(self):
        # 2 replies each: welcome+code (a confirmation) and the confirm reply; challenges stay
        # `ask` (a `set` would be a reply too), so bob accepts the invitation.
        self.players(challenges=None)
        self.send(ALICE, "hy3 challenge alice bob -size=3")
        self.send(BOB, "hy3 accept 1 bob secret2")
        for n, (user, sender, pw, cell) in enumerate([("alice", ALICE, "secret1", "c1"), ("bob", BOB, "secret2", "a1"),
                                                      ("alice", ALICE, "secret1", "c2"), ("bob", BOB, "secret2", "a2")]):
            self.send(sender, f"hy3 move 1 {user} {pw} {cell}")
        self.assertEqual(self.kinds(BOB).count("game"), 6)  # the invitation, the first board, 4 moves
        # Board mail did not use up bob's replies: show and an illegal move are answered.
        self.new_mail()
        self.send(BOB, "hy3 show 1")
        self.send(BOB, "hy3 move 1 alice secret1 z9")
        answered = self.new_mail()
        self.assertEqual([m["To"] for m in answered], [BOB, BOB])
        self.assertIn("illegal move 'z9'", text_of(answered[1]))
        # Bob's confirm reply, the show and the error used the 3 replies up: one notice, then silence.
        self.send(BOB, "frobnicate")
        self.send(BOB, "frobnicate")
        self.send(BOB, "frobnicate")
        fresh = self.new_mail()
        self.assertEqual([m["Subject"] for m in fresh], ["Further replies this hour are not answered"])
        self.assertIn("further ones\nthis hour are not answered", text_of(fresh[0]))
        self.assertEqual(self.kinds(BOB).count("notice"), 1)


class EveryAddress(OutgoingCase):
    def test_both_confirmed_addresses_get_game_mail(self):
        work = "alice.work@example.org"
        self.server.signup_and_confirm(ALICE, "alice", "secret1", addresses=(ALICE, work))
        self.server.signup_and_confirm(BOB, "bob", "secret2")
        self.new_mail()
        self.send(BOB, "hy3 challenge bob alice")
        recipients = sorted(m["To"] for m in self.new_mail())
        self.assertEqual(recipients, sorted([ALICE, work, BOB]))


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0]])
