"""Issue 40 items 1, 3, 5 and 7 through `pbem ingest`, each message as the attacker sent it
(server.md, "Limits, second round"): the mail the server owes players is never dropped by
the budget of a mail without a password (a command whose mail would not fit is refused
whole); a command whose only authority is the From address mails any one mailbox but the
sender's at most 3 times per inbound mail; one account per inbound mail and 3 a day per
sending mailbox; every mail a command relays to another player counts against the relay
limits, inside one `multiple` or digest reply too, and the game-address notice goes once."""
import subprocess
import sys
import unittest
from datetime import timedelta

from pbem_harness import IngestCase, build_dir, make_mail, text_of

build_dir(sys.argv)

from clock_harness import PLAYERS, T0, ClockCase, stamp  # noqa: E402
from test_digest import FIRST_DIGEST, reply_to_digest  # noqa: E402

BUDGET = 256 * 1024
HELP_LINES = ["help tutorial hy3 gates gaia commands clock tournaments"] * 5


class TrustCase(IngestCase):
    def signup(self, sender, userid, password):
        self.server.signup_and_confirm(sender, userid, password)
        self.new_replies()

    def last_inbox_id(self):
        return self.server.query("SELECT max(id) AS id FROM inbox")[0]["id"]

    def queued_for(self, inbox_id):
        return self.server.query("SELECT recipient, kind, length(data) AS size, game_id FROM outbox "
                                 "JOIN outbox_texts ON outbox_id = outbox.id WHERE inbox_id = ?", inbox_id)

    def games(self):
        return [r["id"] for r in self.server.query("SELECT id FROM games ORDER BY id")]

    def board_mails_by_game(self, rows, recipient):
        return sorted(r["game_id"] for r in rows if r["recipient"] == recipient and r["kind"] == "game")


class OwedMail(TrustCase):
    def setUp(self):
        super().setUp()
        self.signup("alice@example.org", "alice", "pw-alice")
        self.signup("bob@example.org", "bob", "pw-bob")

    def test_the_board_mails_of_challenges_are_never_dropped_for_the_help_before_them(self):
        # The message: five help lines fill the budget, then challenges. Bob's own
        # mailbox gets the answer and a board mail of each game: two games, not three, since
        # issue 51 (at most three mails to any mailbox, the sender's own too).
        self.send("bob@example.org", "multiple",
                  "\n".join(HELP_LINES + ["hy3 challenge alice bob -size=3 -days=1"] * 3))
        rows = self.queued_for(self.last_inbox_id())
        games = self.games()
        self.assertEqual(len(games), 2)
        # Both players hear of every game that was stored.
        self.assertEqual(self.board_mails_by_game(rows, "alice@example.org"), games)
        self.assertEqual(self.board_mails_by_game(rows, "bob@example.org"), games)
        self.assertLessEqual(sum(r["size"] for r in rows), BUDGET)
        # The answers to the help lines are what gave way: the answer comes in short.
        [answer] = [m for m in self.new_replies() if m["Subject"] == "Error: multiple: line 8 of 8 not carried out"]
        self.assertIn("each line's result in short", text_of(answer))
        self.assertIn("Line 6: hy3 challenge alice bob -size=3 -days=1: Carried out; its mail comes separately.",
                      text_of(answer))

    def test_a_command_whose_mail_does_not_fit_is_refused_whole(self):
        # Twenty players, each challenged by bob in one mail on a large board with a picture.
        # Since issue 51 bob's own mailbox (the answer and a board mail of each game) stops it
        # at two games, before the budget: the refused lines store nothing all the same, and
        # every stored game is mailed to both players. (The budget itself: abuse_limits_test.)
        others = [f"p{n:02d}" for n in range(20)]
        for userid in others:
            self.signup(f"{userid}@example.org", userid, "pw-" + userid)
        self.send("bob@example.org", "multiple",
                  "\n".join(f"gaia challenge bob {userid}" for userid in others))
        rows = self.queued_for(self.last_inbox_id())
        self.assertLessEqual(sum(r["size"] for r in rows), BUDGET)
        games = self.games()
        self.assertGreater(len(games), 0)
        self.assertEqual(len(games), 2)
        for game in games:  # every stored game was mailed to both of its players
            players = self.server.query("SELECT u0.userid AS first, u1.userid AS second FROM games "
                                        "JOIN users u0 ON u0.id = player0 JOIN users u1 ON u1.id = player1 "
                                        "WHERE games.id = ?", game)[0]
            for userid in (players["first"], players["second"]):
                self.assertIn(game, self.board_mails_by_game(rows, f"{userid}@example.org"))
        [answer] = [m for m in self.new_replies() if m["Subject"].startswith("Error: multiple")]
        refused = text_of(answer).count("Error: a mail without a password may cause at most 3 mails")
        self.assertEqual(refused, len(others) - len(games))
        # A refused line stored nothing: the challenged players of those lines have no game.
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM games")[0]["n"], len(games))


class FromOnlyMail(TrustCase):
    def setUp(self):
        super().setUp()
        self.signup("alice@a.test", "alice", "pw-alice")
        self.signup("bob@b.test", "bob", "pw-bob")

    def test_a_forged_multiple_of_twenty_challenges_starts_no_game_for_a_reply_to(self):
        # Issue 51: a challenge whose answer goes to a Reply-To elsewhere is refused, and
        # each refusal there says no more than that (no oracle, no game on a From header).
        self.send("alice@a.test", "multiple", "\n".join(["hy3 challenge alice bob -size=3"] * 20),
                  headers={"Reply-To": "mallory@m.test"})
        self.assertEqual(len(self.games()), 0)
        mails = self.new_replies()
        self.assertEqual([m["To"] for m in mails], ["mallory@m.test"])
        text = text_of(mails[0])
        self.assertEqual(text.count("Error: your command was refused"), 20)
        self.assertNotIn("bob", text)  # whose address it is stays unsaid

    def test_a_forged_multiple_of_twenty_challenges_starts_two_games(self):
        self.send("alice@a.test", "multiple", "\n".join(["hy3 challenge alice bob -size=3"] * 20))
        self.assertEqual(len(self.games()), 2)
        to = [m["To"] for m in self.new_replies()]
        self.assertEqual(to.count("bob@b.test"), 2)
        self.assertEqual(to.count("alice@a.test"), 3)  # two board mails and the answer

    def test_the_senders_own_mailbox_is_held_to_three_too(self):
        carol = [f"c{n}" for n in range(5)]
        for userid in carol:
            self.signup(f"{userid}@c.test", userid, "pw-" + userid)
        self.send("alice@a.test", "multiple", "\n".join(f"hy3 challenge alice {u} -size=3" for u in carol))
        self.assertEqual(len(self.games()), 2)
        to = [m["To"] for m in self.new_replies()]
        self.assertEqual(to.count("alice@a.test"), 2 + 1)  # the board mails and the answer
        for userid in carol[:2]:
            self.assertEqual(to.count(f"{userid}@c.test"), 1)

    def test_mail_with_the_password_is_not_held_to_three(self):
        self.send("alice@a.test", "hy3 challenge alice bob -size=3")
        self.send("alice@a.test", "hy3 move 1 alice pw-alice c1")
        self.new_replies()
        self.send("alice@a.test", "multiple",
                  "\n".join(["hy3 undo 1 alice pw-alice", "hy3 decline 1 alice pw-alice"] * 2))
        to = [m["To"] for m in self.new_replies()]
        self.assertEqual(to.count("bob@b.test"), 4)  # two proposals, two withdrawals


class Accounts(TrustCase):
    def test_one_mail_creates_one_account(self):
        lines = [f"signup u{n:02d} secret{n:02d} a{n}@x.test b{n}@y.test c{n}@z.test" for n in range(20)]
        self.send("anon@anon.test", "multiple", "\n".join(lines))
        self.assertEqual([r["userid"] for r in self.server.query("SELECT userid FROM users")], ["u00"])
        mails = self.new_replies()
        self.assertEqual(sorted(m["To"] for m in mails if m["Subject"].startswith("Confirm your address")),
                         ["a0@x.test", "b0@y.test", "c0@z.test"])
        [answer] = [m for m in mails if m["To"] == "anon@anon.test"]
        self.assertEqual(text_of(answer).count("was not carried out: one mail creates at most one account"), 19)
        # The server-wide hourly cap is not spent: a real newcomer still gets a code.
        self.send("newcomer@example.org", "signup newcomer secret99")
        self.assertIn("confirm newcomer", text_of(self.new_replies()[0]))

    def test_three_accounts_a_day_per_sending_mailbox(self):
        for n, spelling in enumerate(["Anon@anon.test", "anon+1@anon.test", "ANON+two@ANON.test", "anon@anon.test"]):
            self.send(spelling, f"signup u{n} secret{n:02d}")
        self.assertEqual(len(self.server.query("SELECT id FROM users")), 3)
        last = self.new_replies()[-1]
        self.assertIn("this address has made 3 accounts in the last 24 hours", text_of(last))


class AccountsNextDay(ClockCase):
    def test_the_fourth_account_a_day_later(self):
        for n in range(3):
            self.send("anon@anon.test", f"signup u{n} secret{n:02d}")
        self.at(T0 + timedelta(hours=23, minutes=59))
        self.send("anon@anon.test", "signup u3 secret03")
        self.assertEqual(len(self.server.query("SELECT id FROM users WHERE userid LIKE 'u%'")), 3)
        self.at(T0 + timedelta(hours=24, minutes=1))
        self.send("anon@anon.test", "signup u3 secret03")
        self.assertEqual(len(self.server.query("SELECT id FROM users WHERE userid LIKE 'u%'")), 4)


class Relays(TrustCase):
    extra_config = {"limits": {"relayed_per_user_per_hour": 6, "relayed_per_recipient_per_hour": 20,
                               "replies_per_hour": 1000}}

    def setUp(self):
        super().setUp()
        self.signup("alice@a.test", "alice", "pw-alice")
        self.signup("bob@b.test", "bob", "pw-bob")
        self.send("alice@a.test", "hy3 challenge alice bob -size=3")
        self.send("alice@a.test", "hy3 move 1 alice pw-alice c1")
        self.new_replies()

    def test_undo_and_decline_pairs_in_one_multiple_count_against_the_relay_limit(self):
        self.send("alice@a.test", "multiple",
                  "\n".join(["hy3 undo 1 alice pw-alice", "hy3 decline 1 alice pw-alice"] * 10))
        mails = self.new_replies()
        self.assertEqual(sum(1 for m in mails if m["To"] == "bob@b.test"), 6)
        [answer] = [m for m in mails if m["To"] == "alice@a.test" and m["Subject"].startswith("Error: multiple")]
        self.assertIn("at most 6 an hour are relayed", text_of(answer))
        relayed = self.server.query("SELECT count(*) AS n FROM outbox WHERE relayed_by IS NOT NULL")[0]["n"]
        self.assertEqual(relayed, 6)
        # The limit holds for the next mail of the hour too.
        self.send("alice@a.test", "hy3 undo 1 alice pw-alice")
        self.assertNotIn("bob@b.test", [m["To"] for m in self.new_replies()])


class DigestRelays(ClockCase):
    def test_the_game_address_notice_goes_once_per_mail(self):
        self.command("alice", f"set alice {PLAYERS['alice'][1]} digest 7")
        self.command("alice", "hy3 challenge alice bob -size=3")
        self.at(FIRST_DIGEST)
        [digest] = [m for m in self.tick_ok() if m["Subject"].startswith("Your move in")]
        lines = ["#1 c1"] + ["#1 undo", "#1 decline"] * 9 + ["#1 undo"]
        self.ingest(reply_to_digest(digest, "mallory@m.test", lines))
        mails = self.new_replies()
        notices = [m for m in mails if m["Subject"].startswith("A command through your game address")]
        self.assertEqual([m["To"] for m in notices], ["alice@example.org"])
        # The proposals to bob count against alice's relay limit (30 an hour by default) and
        # bob's (20): at most 20 of them reach him, whatever one mail holds.
        self.assertLessEqual(sum(1 for m in mails if m["To"] == PLAYERS["bob"][0]), 21)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
