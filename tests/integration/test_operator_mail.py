"""A player's `report` and the operator's `pbem announce` (issue 58). Reports through `pbem
ingest`: the body goes to server.operator as one mail naming both players and the game,
the reported player is never told, one a reporter and reported player a day, refused
without server.operator, with an empty or too long body. Announcements through the real
pbemd and a sink: one mail per confirmed account with `announcements on`, each with a
List-Unsubscribe that turns the setting off, at most limits.announcements_per_minute sent
a minute while game mail queued after them goes first."""
import re
import sys
import time
import unittest

from pbem_harness import IngestCase, build_dir, make_mail, text_of
from daemon_harness import Daemon, DaemonServer, PythonSink, ShowsLogsOnFailure, send_smtplib, wait_until

build_dir(sys.argv)

PLAYERS = {"alice": ("alice@example.org", "secret1"), "bob": ("bob@example.net", "secret2"),
           "carol": ("carol@example.com", "secret3"), "dave": ("dave@example.com", "secret4"),
           "erin": ("erin@example.com", "secret5")}
OPERATOR = "ops@example.org"
UNSUBSCRIBE = re.compile(r"^<mailto:(pbem\+u-announcements-([a-z0-9_-]+)-[a-z2-7]{16}@test\.example)>$")


class Reports(IngestCase):
    extra_config = {"server": {"operator": OPERATOR}}

    def setUp(self):
        super().setUp()
        for userid in ("alice", "bob", "carol"):
            self.server.signup_and_confirm(PLAYERS[userid][0], userid, PLAYERS[userid][1])
        self.send(PLAYERS["alice"][0], "hy3 challenge alice bob -size=3")
        self.game = self.server.query("SELECT max(id) AS id FROM games")[0]["id"]
        self.new_replies()

    def report(self, who, other, body, board=None):
        self.send(PLAYERS[who][0], f"report {who} {PLAYERS[who][1]} {other}" + (f" {board}" if board else ""), body)
        return self.new_replies()

    def test_a_report_reaches_the_operator_once_a_day_and_never_the_reported(self):
        mails = self.report("alice", "bob", "bob insults me in chat every move.", self.game)
        to_operator = [m for m in mails if OPERATOR in str(m["To"])]
        self.assertEqual(len(to_operator), 1)
        text = text_of(to_operator[0])
        self.assertIn("alice reports bob", text)
        self.assertIn(f"#{self.game}", text)
        self.assertIn("bob insults me in chat every move.", text)
        self.assertNotIn("secret1", text)
        self.assertEqual([m for m in mails if PLAYERS["bob"][0] in str(m["To"])], [])
        ack = [m for m in mails if PLAYERS["alice"][0] in str(m["To"])]
        self.assertEqual(len(ack), 1)
        self.assertIn("is not told", text_of(ack[0]))
        again = self.report("alice", "bob", "and again")
        self.assertEqual([m for m in again if OPERATOR in str(m["To"])], [])
        self.assertIn("within the last 24 hours", text_of(again[0]))
        other = self.report("alice", "carol", "carol too")
        self.assertEqual(len([m for m in other if OPERATOR in str(m["To"])]), 1)
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM reports")[0]["n"], 2)

    def test_an_empty_or_long_report_is_refused(self):
        for body, words in (("", "needs its text"), ("x" * 2001, "at most 2000 characters")):
            mails = self.report("alice", "bob", body)
            self.assertEqual(len(mails), 1)
            self.assertIn(words, text_of(mails[0]))
        self.assertEqual(len([m for m in self.report("alice", "bob", "é" * 2000) if OPERATOR in str(m["To"])]), 1)
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM reports")[0]["n"], 1)


class ReportsWithoutOperator(IngestCase):
    def test_refused_with_a_clear_error(self):
        self.server.signup_and_confirm(PLAYERS["alice"][0], "alice", PLAYERS["alice"][1])
        self.server.signup_and_confirm(PLAYERS["bob"][0], "bob", PLAYERS["bob"][1])
        self.new_replies()
        self.send(PLAYERS["alice"][0], "report alice secret1 bob", "spam")
        mails = self.new_replies()
        self.assertEqual(len(mails), 1)
        self.assertIn("server.operator is not set", text_of(mails[0]))


class Announcements(ShowsLogsOnFailure, unittest.TestCase):
    PER_MINUTE = 2

    def setUp(self):
        self.sink = PythonSink().start()
        self.addCleanup(self.sink.stop)
        self.server = DaemonServer(self.sink.port, {"limits": {"announcements_per_minute": self.PER_MINUTE}})
        self.addCleanup(self.server.close)
        for userid, (address, password) in PLAYERS.items():
            self.server.signup_and_confirm(address, userid, password)
        self.server.ingest(make_mail(PLAYERS["erin"][0], "set erin secret5 announcements off"))
        self.daemon = Daemon(self.server).start()
        self.addCleanup(self.daemon.close)
        wait_until(lambda: self.server.idle(), what="the signups' mail sent")

    @property
    def logs(self):
        return self.daemon.all_logs()

    def announcements(self):
        return [a for a in self.sink.received() if a.message["Subject"] == "The server moves"]

    def test_paced_after_game_mail_and_unsubscribed_by_its_header(self):
        p = self.server.pbem("announce", "--subject", "The server moves", stdin=b"On 1 May we move to pbem.example.\n")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("4 mail(s) queued", p.stdout.decode())
        started = time.monotonic()
        send_smtplib(self.daemon.port, make_mail(PLAYERS["alice"][0], "hy3 challenge alice bob -size=3",
                                                 message_id="<game-after@client.example>"), PLAYERS["alice"][0])
        wait_until(lambda: [a for a in self.sink.received() if a.in_reply_to == "game-after@client.example"],
                   what="the challenge's answer")
        time.sleep(max(0.0, 8 - (time.monotonic() - started)))
        first = self.announcements()
        self.assertEqual(len(first), self.PER_MINUTE, "at most limits.announcements_per_minute in the first minute")
        wait_until(lambda: len(self.announcements()) == 4, timeout=150, what="the other announcements, a minute on")
        got = self.announcements()
        self.assertNotIn(PLAYERS["erin"][0], [a.recipients[0] for a in got])
        self.assertGreaterEqual(got[2].when - got[0].when, 55)
        mail = got[0].message
        self.assertIn("On 1 May we move", text_of(mail))
        found = UNSUBSCRIBE.match(str(mail["List-Unsubscribe"]))
        self.assertTrue(found, mail["List-Unsubscribe"])
        address, userid = found.group(1), found.group(2)
        raw = make_mail("someone@elsewhere.example", "unsubscribe").replace(b"To: pbem@test.example",
                                                                           b"To: " + address.encode(), 1)
        send_smtplib(self.daemon.port, raw, "someone@elsewhere.example", recipients=(address,))
        wait_until(lambda: self.server.query("SELECT announcements FROM users WHERE userid = ?", userid)[0]
                   ["announcements"] == 0, what="announcements off by the List-Unsubscribe")
        p = self.server.pbem("announce", "--subject", "Again", stdin=b"x\n")
        self.assertIn("3 mail(s) queued", p.stdout.decode())
        audit = self.server.pbem("audit").stdout.decode().splitlines()
        self.assertEqual([line.split("  ")[2] for line in audit], ["announce", "announce"])


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
