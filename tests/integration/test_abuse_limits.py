"""Issue 26 through `pbem ingest`, each message as the attacker sent it: what one small mail
may make the server queue (bytes, number of mails, recipients' mailboxes), what an error
repeats, and the caps on games. server.md, "Limits that keep the server from being used
against others"."""
import sys
import unittest

from pbem_harness import IngestCase, build_dir, make_mail, text_of

build_dir(sys.argv)

ATTACKER = "mallory@evil.example"
VICTIM = "victim@x.example"
BUDGET = 256 * 1024


class AbuseCase(IngestCase):
    def queued_for(self, inbox_id):
        return self.server.query("SELECT recipient, mailbox, kind, length(data) AS size FROM outbox "
                                 "JOIN outbox_texts ON outbox_id = outbox.id WHERE inbox_id = ?",
                                 inbox_id)

    def last_inbox(self):
        return self.server.query("SELECT id, command, outcome FROM inbox ORDER BY id DESC LIMIT 1")[0]

    def signup(self, sender, userid, password):
        self.server.signup_and_confirm(sender, userid, password)
        self.new_replies()


class UnboundedReplies(AbuseCase):
    def test_help_with_thousands_of_words_queues_one_small_reply(self):
        words = " ".join(["hy3"] * 7900)
        self.send(ATTACKER, "help " + words, headers={"Reply-To": VICTIM})
        rows = self.queued_for(self.last_inbox()["id"])
        self.assertEqual(len(rows), 1)
        self.assertLessEqual(rows[0]["size"], 64 * 1024)
        [reply] = self.new_replies()
        self.assertEqual(reply["To"], VICTIM)  # answered where the mail asked, but once, and small
        self.assertEqual(text_of(reply).count("Challenge options:"), 1)  # hy3's help, once

    def test_help_with_thousands_of_distinct_unknown_words_lists_a_hundred(self):
        self.send(ATTACKER, "help " + " ".join(f"w{n}" for n in range(5000)), headers={"Reply-To": VICTIM})
        rows = self.queued_for(self.last_inbox()["id"])
        self.assertEqual(len(rows), 1)
        self.assertLessEqual(rows[0]["size"], BUDGET)
        text = text_of(self.new_replies()[0])
        self.assertIn("... and 4900 more", text)
        self.assertEqual(text.count("This is a play-by-email game server"), 1)

    def test_show_takes_at_most_ten_boards_and_each_once(self):
        self.signup("alice@example.org", "alice", "pw-alice")
        self.signup("bob@example.org", "bob", "pw-bob")
        self.send("alice@example.org", "hy3 challenge alice bob")
        self.new_replies()
        self.send(ATTACKER, "hy3 show " + " ".join(["1"] * 3000), headers={"Reply-To": VICTIM})
        [reply] = self.new_replies()
        self.assertEqual(text_of(reply).count("HY 3 #1"), 1)
        self.send(ATTACKER, "hy3 show " + " ".join(str(n) for n in range(1, 12)))
        [reply] = self.new_replies()
        self.assertIn("show takes at most 10 boards", reply["Subject"])

    def test_a_listing_stops_at_a_hundred_lines(self):
        self.send(ATTACKER, "list " + " ".join(f"game{n}" for n in range(250)))
        text = text_of(self.new_replies()[0])
        self.assertIn("... and 150 more", text)
        self.assertIn("'game99'", text)
        self.assertNotIn("'game100'", text)


class SignupBombs(AbuseCase):
    def bomb_line(self):
        spellings = ["VICTIM@x.example", "victiM@x.example"] + [f"victim+{n}@x.example" for n in range(1, 2401)]
        return "signup spam01 pass1234 " + " ".join(spellings)

    def test_thousands_of_spellings_of_one_mailbox_are_refused_whole(self):
        self.send(ATTACKER, "Hello", body=self.bomb_line() + "\n")
        [reply] = self.new_replies()
        self.assertEqual(reply["To"], ATTACKER)
        self.assertIn("at most 3 addresses", text_of(reply))
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM users")[0]["n"], 0)
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM outbox WHERE kind = 'confirmation'")[0]["n"], 0)

    def test_one_mailbox_gets_three_requests_a_day_however_spelled(self):
        for n in range(6):  # from six senders: one sender makes at most 3 accounts a day (test_trust_limits)
            self.send(f"mallory{n}@evil.example", f"signup spam{n:02} pass1234 Victim+{n}@X.example victim+{n}@x.example")
        rows = self.server.query("SELECT recipient, mailbox FROM outbox WHERE kind = 'confirmation'")
        self.assertEqual(len(rows), 3)
        self.assertEqual({r["mailbox"] for r in rows}, {"victim@x.example"})
        # Each signup kept its mailbox once, in the first spelling given.
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM addresses")[0]["n"], 6)

    def test_a_gmail_mailbox_is_one_however_dotted_or_named(self):
        # Gmail delivers v.ictim@, victim@googlemail.com and VICTIM+x@ to one inbox. Each
        # signup from its own sender, so only the per-mailbox limit is in play.
        spellings = ["v.ictim@gmail.com", "victim@googlemail.com", "VICTIM+x@gmail.com", "vic.tim@GoogleMail.com",
                     "victim@gmail.com"]
        for n, address in enumerate(spellings):
            self.send(f"sender{n}@evil{n}.example", f"signup spam{n:02} pass1234 {address}")
        rows = self.server.query("SELECT recipient, mailbox FROM outbox WHERE kind = 'confirmation'")
        self.assertEqual([r["recipient"] for r in rows], ["v.ictim@gmail.com", "victim@googlemail.com",
                                                          "VICTIM+x@gmail.com"])
        self.assertEqual({r["mailbox"] for r in rows}, {"victim@gmail.com"})
        [*_, reply] = self.new_replies()
        self.assertIn("No confirmation request was mailed to victim@gmail.com: it has had 3", text_of(reply))

    def test_a_server_wide_hourly_cap_on_confirmation_requests(self):
        self.server.close()
        from pbem_harness import Server
        self.server = Server({"limits": {"confirmations_per_hour": 4, "replies_per_hour": 1000}})
        for n in range(3):
            self.send(f"mallory{n}@evil.example", f"signup user{n} pass1234 target{n}@x.example")
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM outbox WHERE kind = 'confirmation'")[0]["n"], 3)
        self.send("mallory3@evil.example", "signup user3 pass1234 target3@x.example other3@y.example")  # needs 2: over 4
        [*_, reply] = self.new_replies()
        self.assertIn("most confirmation requests for this hour", text_of(reply))
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM users WHERE userid = 'user3'")[0]["n"], 0)
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM outbox WHERE kind = 'confirmation'")[0]["n"], 3)


class ReflectedSpam(AbuseCase):
    def test_an_unknown_first_word_comes_back_short_and_ascii(self):
        spam = "\u2002".join(["WIN", "a", "free", "iPhone", "at", "http://spam.example/x"])
        # To a Reply-To elsewhere the error says only that the command was refused (issue
        # 51); to the From itself it repeats at most 32 characters, printable ASCII only.
        self.send(ATTACKER, spam, headers={"Reply-To": VICTIM})
        [to_victim] = self.new_replies()
        self.assertEqual(to_victim["Subject"], "Error: your command was refused")
        self.send(ATTACKER, spam)
        [reply] = self.new_replies()
        self.assertEqual(reply["Subject"], "Error: unknown command 'WIN?a?free?iPhone?at?http://spam...'")
        for where in (reply["Subject"], text_of(reply), to_victim["Subject"], text_of(to_victim),
                      self.last_inbox()["command"], self.last_inbox()["outcome"]):
            self.assertNotIn("spam.example/x", where)
            self.assertNotIn("\u2002", where)

    def test_a_password_where_the_board_belongs_is_never_repeated(self):
        self.send(ATTACKER, "hy3 resign Sekr3t-xy")
        [reply] = self.new_replies()
        row = self.last_inbox()
        for where in (reply["Subject"], text_of(reply), row["command"], row["outcome"], self.log.decode()):
            self.assertNotIn("ekr3t", where.lower())


class GameCaps(AbuseCase):
    extra_config = {"limits": {"active_games_per_user": 3, "replies_per_hour": 1000}, "bot": {"games_per_user": 2}}

    def setUp(self):
        super().setUp()
        self.signup("alice@example.org", "alice", "pw-alice")
        self.signup("bob@example.org", "bob", "pw-bob")

    def test_active_games_per_user(self):
        for _ in range(3):
            self.send("alice@example.org", "hy3 challenge alice bob")
        self.new_replies()
        self.send("bob@example.org", "gaia challenge bob alice")
        [reply] = self.new_replies()  # to the sender only: nothing to alice
        self.assertEqual(reply["To"], "bob@example.org")
        self.assertIn("already plays 3 games", text_of(reply))
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM games")[0]["n"], 3)

    def test_games_against_the_computer(self):
        for _ in range(2):
            self.send("alice@example.org", "hy3 challenge alice bot -days=0")
        self.new_replies()
        self.send("alice@example.org", "hy3 challenge alice bot -days=0")
        [reply] = self.new_replies()
        self.assertIn("games against the computer", text_of(reply))
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM games")[0]["n"], 2)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
