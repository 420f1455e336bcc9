"""`multiple` (issue 28 item 1): the Subject `multiple`, one command on each line of the
body above its quoted part and signature, at most 20, carried out in order, each as if it
had come alone; one mail to the sender lists every line's result and names the lines that
failed. Through `pbem ingest` (as mail clients write such a mail) and through pbemd."""
import re
import sys
import unittest

import test_daemon
from pbem_harness import IngestCase, build_dir, text_of
from reply_clients import gmail_html, mutt, thunderbird_flowed

build_dir(sys.argv)

ALICE, BOB = "Alice <alice@example.org>", "bob@example.net"
PASSWORD = {"alice": "Al1ce-Pw-7q", "bob": "B0b-Pw-3z"}
QUOTED = "HY 3 #1: alice to move\n\nhy3 resign 1 alice " + PASSWORD["alice"]  # quoted: never a command


def lines_of(*lines):
    return "\n".join(lines)


class MultipleByIngest(IngestCase):
    def setUp(self):
        super().setUp()
        self.server.signup_and_confirm(ALICE, "alice", PASSWORD["alice"])
        self.server.signup_and_confirm(BOB, "bob", PASSWORD["bob"])
        for _ in range(2):
            self.send(ALICE, "hy3 challenge alice bob -size=4")
        self.new_replies()

    def plies(self, game):
        return [r["move"] for r in self.server.query("SELECT move FROM moves WHERE game_id = ? ORDER BY ply", game)]

    def gathered(self, mails):
        [mail] = [m for m in mails if m["To"].addresses[0].addr_spec == "alice@example.org" and "#" not in m["Subject"]]
        return mail

    def test_a_multiple_from_mail_clients_ignores_quote_and_signature(self):
        pw = PASSWORD["alice"]
        body = lines_of(f"hy3 move 1 alice {pw} b2", f"hy3 move 2 alice {pw} z9", "", "hy3 show 1")
        for number, client in enumerate((mutt, thunderbird_flowed, gmail_html)):
            with self.subTest(client=client.__name__):
                if number > 0:  # a fresh pair of games for each client
                    for _ in range(2):
                        self.send(ALICE, "hy3 challenge alice bob -size=4")
                    self.new_replies()
                first, second = 2 * number + 1, 2 * number + 2
                text = body.replace("move 1 ", f"move {first} ").replace("move 2 ", f"move {second} ")
                text = text.replace("show 1", f"show {first}")
                self.ingest(client(ALICE, "pbem@test.example", "multiple", text, QUOTED, "x@client.example"))
                mails = self.new_replies()
                self.assertEqual(self.plies(first), ["b2"])
                self.assertEqual(self.plies(second), [])
                self.assertEqual(self.server.query("SELECT status FROM games WHERE id = ?", first),
                                 [{"status": "active"}])  # the quoted resign was not carried out
                gathered = self.gathered(mails)
                self.assertEqual(gathered["Subject"], "Error: multiple: line 2 of 3 not carried out")
                reply = text_of(gathered)
                self.assertIn(f"Line 1: hy3 move {first} alice ***** b2", reply)
                self.assertIn("Line 2: Error: ", reply)
                self.assertIn("illegal move", reply)
                self.assertIn(f"Line 3: hy3 show {first}", reply)
                # Board mails for the move, the shown board: each as if it had come alone.
                self.assertEqual(len(mails), 1 + 2 + 1, [m["Subject"] for m in mails])
        # No password in any reply, the inbox or the log.
        rows = self.server.query("SELECT command, outcome FROM inbox WHERE command LIKE 'multiple%'")
        self.assertEqual(len(rows), 3)
        self.assertTrue(rows[0]["command"].startswith("multiple (3 lines: hy3 move 1 alice ***** b2; "), rows[0])
        for where in [r["command"] + r["outcome"] for r in rows] + [self.log.decode()]:
            self.assertNotIn(PASSWORD["alice"], where)
        for row in self.server.query("SELECT data FROM outbox_texts"):
            self.assertNotIn(PASSWORD["alice"].encode(), bytes(row["data"]))

    def test_a_line_works_on_what_the_line_before_it_did(self):
        pw = PASSWORD["alice"]
        self.send(ALICE, "multiple", body=lines_of("hy3 challenge alice bob -size=4", f"hy3 move 3 alice {pw} c3",
                                                   "hy3 history 3"))
        mails = self.new_replies()
        self.assertEqual(self.plies(3), ["c3"])
        [history] = [m for m in mails if "history" in m["Subject"]]
        self.assertIn("c3", text_of(history))
        self.assertEqual(self.gathered(mails)["Subject"], "Multiple: 3 lines carried out")

    def test_more_than_twenty_lines(self):
        self.send(ALICE, "multiple", body=lines_of(*["hy3 games alice"] * 23))
        [reply] = self.new_replies()
        self.assertEqual(reply["Subject"], "Error: multiple: lines 21-23 of 23 not carried out")
        text = text_of(reply)
        self.assertEqual(len(re.findall(r"^Line \d+: ", text, re.M)), 20)
        self.assertEqual(text.count("Lines 21-23: Error"), 1)


class MultipleByDaemon(test_daemon.DaemonTestCase):
    """A multiple sent over SMTP to pbemd: its lines carried out, one gathered reply."""

    def test_a_multiple_over_smtp(self):
        self.signup_both()
        pw = test_daemon.PLAYERS["alice"][1]
        self.send(test_daemon.ALICE, "hy3 challenge alice bob -size=3")
        self.take(2)
        body = lines_of(f"hy3 move 1 alice {pw} c1", f"hy3 move 1 alice {pw} c2", "hy3 games alice",
                        "", "-- ", "Alice")
        self.send(test_daemon.ALICE, "multiple", body=body)
        arrivals = self.take(3)  # the gathered reply and the board mail to each player
        [gathered] = [a.message for a in arrivals if "#" not in a.message["Subject"]]
        self.assertEqual(gathered["Subject"], "Error: multiple: line 2 of 3 not carried out")
        text = text_of(gathered)
        self.assertIn("Line 1: hy3 move 1 alice ***** c1", text)
        self.assertIn("Line 2: Error: it is not your turn", text)
        self.assertIn("Line 3: HY 3 games", text)
        self.assertEqual([r["move"] for r in self.server.query("SELECT move FROM moves")], ["c1"])
        self.wait_idle()
        self.assert_each_reply_once()


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0]])
