"""pbemd end to end: real SMTP clients (smtplib, swaks, a raw socket) talk to a real
daemon whose smarthost is a real SMTP sink, and the replies that reach the sink are
checked, as are the database's inbox and outbox. Set PBEM_SOAK=1 for a longer run of the
crash test with more clients and messages."""
import collections
import hashlib
import html
import os
import re
import smtplib
import sqlite3
import subprocess
import sys
import threading
import time
import unittest
import uuid

import pbem_harness
from pbem_harness import POSTGRES, build_dir, confirmation_codes, html_of, make_mail, text_of
from daemon_harness import (WAIT_TIMEOUT, Daemon, DaemonServer, PostfixSink, PythonSink, RawSmtp,
                            ShowsLogsOnFailure, assert_never_marked_sent, bare_id, crlf, free_port,
                            message_id_of, parse, replies_sent_twice, send_smtplib, send_swaks, wait_until)

build_dir(sys.argv)
FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures")
SOAK = os.environ.get("PBEM_SOAK") == "1"

ALICE = "Alice <alice@example.org>"
BOB = "bob@example.net"
PLAYERS = {"alice": ("alice@example.org", "secret1"), "bob": ("bob@example.net", "secret2")}
TITLES = {"hy3": "HY 3", "gates": "Gates", "gaia": "Gaia"}
# Machine mail among the fixtures: never answered.
MACHINE_FIXTURES = {"auto_reply.eml", "bounce.eml", "mailing_list.eml"}

# Short decisive games, found with `pbem legal` / `pbem replay --json` random playouts.
HY3_GAME = ("-size=3", "c1 a1 c2 a2 c3 a3 c4 b4 c5".split(), "alice")
# Bob swaps at ply 2 and so plays light, which wins at ply 5 (alice's tile completes it).
GATES_GAME = ("-cross -size=2", "a:c2 swap b:a1 a:b2 b:b3".split(), "bob")
GAIA_GAME = ("-size=2", "d6 d10 b3 a1 c4 b1 d3 b4 c6 b2 d8 c7 d1".split(), "alice")


def address_of(sender):
    return re.search(r"[^<\s]+@[^>\s]+", sender).group(0)


def replay_board(game, options, plies):
    p = subprocess.run([pbem_harness.pbem_binary(), "replay", game, *options.split(), "--", *plies],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    return p.stdout.strip()


def without_user_names(text):
    """A reply's board text as `pbem replay` prints it: replay knows colours, not users."""
    return re.sub(r" \((alice|bob)\)", "", text)


# OutboxSender::kParallelDeliveries: mails handed to the smarthost at once, marked sent in one
# transaction; a kill -9 before that commit sends them again (at-least-once delivery).
PARALLEL_DELIVERIES = 8


def assert_stream_carried_out_once(test, server, sink, traffic, everything, setup_rows):
    """After a stream of the scripted games' commands (`everything`: (Message-ID, raw, ...))
    met kills and resends: every message got its 250 in the end and is in the inbox once,
    processed; every game is exactly as scripted (no move lost, none applied twice); every
    command queued its replies once (two per move, one per show); no resend was answered."""
    ids = [m[0] for m in everything]
    test.assertEqual(sorted(set(traffic.acked)), sorted(ids))
    rows = server.query("SELECT id, message_id, state FROM inbox")
    test.assertEqual(len(rows), setup_rows + len(ids))
    test.assertEqual({r["state"] for r in rows}, {"processed"})
    inbox_id = {r["message_id"]: r["id"] for r in rows}
    for game in server.query("SELECT id, status, plies FROM games"):
        moves = [r["move"] for r in server.query("SELECT move FROM moves WHERE game_id = ? ORDER BY ply", game["id"])]
        test.assertEqual((game["status"], moves), ("finished", HY3_GAME[1]), game)
    for message_id, raw, _ in everything:
        expected = 1 if b"hy3 show" in raw else 2
        queued = server.query("SELECT count(*) AS n FROM outbox WHERE inbox_id = ?", inbox_id[message_id])
        test.assertEqual(queued[0]["n"], expected, message_id)
    notices = [a for a in sink.received() if a.message["Subject"].startswith("Already done: ")]
    test.assertEqual(notices, [])


class DaemonTestCase(ShowsLogsOnFailure, unittest.TestCase):
    """A fresh server directory, a sink and a running pbemd for every test."""
    sink_kind = "python"
    extra_config = {}
    autostart = True

    def setUp(self):
        sink_port = free_port()
        self.server = DaemonServer(sink_port, self.extra_config)
        self.sink = PythonSink(sink_port) if self.sink_kind == "python" else PostfixSink(sink_port)
        self.daemon = Daemon(self.server)
        self.seen = 0
        if self.autostart:
            self.sink.start()
            self.daemon.start()

    def tearDown(self):
        try:
            status = self.daemon.close()
            if status is not None:
                self.assertEqual(status, 0, "pbemd must exit 0 on SIGTERM")
        finally:
            self.sink.stop()
            self.logs = self.daemon.all_logs()  # before the directory goes, for run()
            self.server.close()

    # ---- sending ----

    def send(self, sender, subject, body="", headers=None, message_id=None):
        """Sends a plain message with smtplib; returns its Message-ID (without brackets)."""
        message_id = message_id or f"{uuid.uuid4()}@client.example"
        raw = make_mail(sender, subject, body, message_id=f"<{message_id}>", headers=headers)
        send_smtplib(self.daemon.port, raw, address_of(sender))
        return message_id

    def signup_both(self):
        """Signs alice and bob up and confirms their addresses with the codes mailed back,
        and sets them to take challenges at once (`challenges auto`, so a challenge starts
        its game as these tests expect): six messages at the sink (welcome with code,
        confirmation reply, the setting's reply, each)."""
        for sender, userid in ((ALICE, "alice"), (BOB, "bob")):
            self.send(sender, f"signup {userid} {PLAYERS[userid][1]}")
            [welcome] = self.take(1)
            [code] = confirmation_codes([welcome.message], userid)
            self.send(sender, f"confirm {userid} {code}")
            self.take(1)
            self.send(sender, f"set {userid} {PLAYERS[userid][1]} challenges auto")
            self.take(1)

    # ---- the sink ----

    def take(self, count):
        """Waits for exactly `count` new messages at the sink and returns them."""
        arrivals = self.sink.wait_for_count(self.seen + count)
        fresh = arrivals[self.seen:]
        self.seen = len(arrivals)
        self.assertEqual(len(fresh), count, [a.message["Subject"] for a in fresh])
        return fresh

    def wait_idle(self):
        """Waits until every inbox row is processed and every reply has reached the sink."""
        def settled():
            if not self.server.idle():
                return False
            sent = self.server.counts("outbox").get("sent", 0)
            return len(self.sink.received()) >= sent
        wait_until(settled, what="the daemon to process and deliver everything")

    def assert_each_reply_once(self):
        """Every sent outbox row reached the sink exactly once, and nothing else did."""
        sent = sorted(r["message_id"] for r in self.server.query("SELECT message_id FROM outbox WHERE state='sent'"))
        self.assertEqual(sorted(a.message_id for a in self.sink.received()), sent)
        self.assertEqual(self.server.counts("outbox"), {"sent": len(sent)} if sent else {})


class Fixtures(DaemonTestCase):
    """Every fixture, as a real client sends it: 250, machine mail skipped, others answered."""
    sink_kind = "postfix"

    def fixture_paths(self):
        names = sorted(n for n in os.listdir(FIXTURES) if n.endswith(".eml"))
        self.assertTrue(names)
        return [(n, os.path.join(FIXTURES, n)) for n in names]

    @staticmethod
    def envelope_sender(raw):
        """The reverse path a real MTA would give: Return-Path if present, else From."""
        msg = parse(raw)
        if msg["Return-Path"] is not None:
            return bare_id(str(msg["Return-Path"]))
        return msg["From"].addresses[0].addr_spec

    def check_answers(self, fixtures):
        self.wait_idle()
        replies = self.sink.received()
        for name, path in fixtures:
            with self.subTest(fixture=name):
                with open(path, "rb") as f:
                    mid = message_id_of(f.read())
                answers = [r for r in replies if r.in_reply_to == mid]
                rows = self.server.query("SELECT state FROM inbox WHERE message_id = ?", mid)
                self.assertEqual(len(rows), 1)
                if name in MACHINE_FIXTURES:
                    self.assertEqual(answers, [])
                    self.assertEqual(rows[0]["state"], "skipped")
                else:
                    self.assertEqual(len(answers), 1)
                    self.assertEqual(rows[0]["state"], "processed")
                    reply = answers[0].message
                    self.assertEqual(reply["Auto-Submitted"], "auto-replied")
                    self.assertEqual(answers[0].recipients, [reply["To"].addresses[0].addr_spec])
        self.assertEqual(len(replies), len(fixtures) - len(MACHINE_FIXTURES))
        self.assert_each_reply_once()

    def test_fixtures_sent_with_swaks(self):
        fixtures = self.fixture_paths()
        for name, path in fixtures:
            with self.subTest(fixture=name):
                with open(path, "rb") as f:
                    sender = self.envelope_sender(f.read())
                status, transcript = send_swaks(self.daemon.port, path, sender)
                self.assertEqual(status, 0, transcript)
                self.assertIn("<-  250 2.0.0 OK: message accepted", transcript)
        self.check_answers(fixtures)

    def test_fixtures_sent_with_smtplib_then_again_with_swaks(self):
        fixtures = self.fixture_paths()
        for name, path in fixtures:
            with self.subTest(fixture=name):
                with open(path, "rb") as f:
                    raw = f.read()
                send_smtplib(self.daemon.port, raw, self.envelope_sender(raw))  # raises unless 250
        self.check_answers(fixtures)
        # The same messages again, now with swaks (an MTA redelivering): 250, nothing is
        # processed again, and nobody is answered (a redelivery is a retry, not a request).
        before = {a.message_id for a in self.sink.received()}
        for name, path in fixtures:
            with open(path, "rb") as f:
                sender = self.envelope_sender(f.read())
            status, transcript = send_swaks(self.daemon.port, path, sender)
            self.assertEqual(status, 0, transcript)
        self.wait_idle()
        notices = [a for a in self.sink.received() if a.message_id not in before]
        self.assertEqual(notices, [])
        self.assertEqual(len(self.server.query("SELECT id FROM inbox")), len(fixtures))
        self.assert_each_reply_once()


class WholeGames(DaemonTestCase):
    """Two players play a complete game of each type by mail, from signup to a win."""

    def check_reply_pair(self, replies, game, options, plies, command_id, sender_address, thread):
        title = TITLES[game]
        by_address = {r.message["To"].addresses[0].addr_spec: r for r in replies}
        self.assertEqual(sorted(by_address), ["alice@example.org", "bob@example.net"])
        subjects = {r.message["Subject"] for r in replies}
        self.assertEqual(len(subjects), 1, subjects)
        match = re.fullmatch(rf"{re.escape(title)} #(\d+): (\w+) (to move|wins)", subjects.pop())
        self.assertTrue(match, replies[0].message["Subject"])
        board = replay_board(game, options, plies)
        for address, arrival in by_address.items():
            reply = arrival.message
            self.assertEqual(arrival.recipients, [address])
            self.assertEqual(reply["Auto-Submitted"], "auto-replied")
            if match.group(3) == "wins":
                # The mail that ends the game carries its SGF record (server.md "Game
                # records"): the text and HTML inside multipart/mixed, then the file.
                self.assertEqual(reply.get_content_type(), "multipart/mixed")
                self.assertEqual([part.get_filename() for part in reply.iter_attachments()],
                                 [f"{game}-{match.group(1)}.sgf"])
            else:
                self.assertEqual(reply.get_content_type(), "multipart/alternative")
            self.assertIn(f"<{thread}>", reply["References"].split())
            if address == sender_address:
                self.assertEqual(bare_id(reply["In-Reply-To"]), command_id)
                self.assertIn(f"<{command_id}>", reply["References"].split())
            else:
                self.assertEqual(bare_id(reply["In-Reply-To"]), thread)
            self.assertIn(board, without_user_names(text_of(reply)))
            # The HTML part: the diagram in the first <pre>, as the text draws it, and the
            # lines after it (key, status) in the paragraphs.
            page = html_of(reply)
            pre = re.search(r"<pre[^>]*>\n(.*?)</pre>", page, re.DOTALL)
            self.assertTrue(pre, page)
            drawn = html.unescape(pre.group(1)).strip()
            self.assertGreater(drawn.count("\n"), 3, page)
            self.assertTrue(board.startswith(drawn), page)
            words = without_user_names(html.unescape(re.sub(r"<[^>]*>", "", page)))
            for line in board[len(drawn):].splitlines():
                self.assertIn(line.strip(), words)
        return int(match.group(1)), match.group(2), match.group(3)

    def play(self, game, options, plies, winner):
        self.signup_both()
        challenge_id = self.send(ALICE, f"{game} challenge alice bob {options}")
        challenge = self.take(2)
        thread = self.thread_of(challenge)
        number, mover, state = self.check_reply_pair(challenge, game, options, [], challenge_id,
                                                      "alice@example.org", thread)
        self.assertEqual((mover, state), ("alice", "to move"))
        for n, ply in enumerate(plies, start=1):
            address, password = PLAYERS[mover]
            sender = ALICE if mover == "alice" else BOB
            # Half the moves as a reply to the board mail: the command in the body.
            if n % 2:
                command_id = self.send(sender, f"{game} move {number} {mover} {password} {ply}#{n}")
            else:
                command_id = self.send(sender, f"Re: {TITLES[game]} #{number}: {mover} to move",
                                       body=f"{game} move {number} {mover} {password} {ply}#{n}\n\n> old board\n",
                                       headers={"In-Reply-To": f"<{thread}>", "References": f"<{thread}>"})
            replies = self.take(2)
            for reply in replies:
                self.assertNotIn(password, reply.data.decode(errors="replace"), "passwords are never echoed")
            got_number, mover, state = self.check_reply_pair(replies, game, options, plies[:n], command_id,
                                                             address, thread)
            self.assertEqual(got_number, number)
            self.assertEqual(state, "wins" if n == len(plies) else "to move", f"ply {n} {ply}")
        self.assertEqual(mover, winner)
        for reply in replies:
            self.assertIn("The game is over", text_of(reply.message))
        self.assertEqual(self.server.query("SELECT type, status, plies FROM games"),
                         [{"type": game, "status": "finished", "plies": len(plies)}])
        self.assertEqual([r["move"] for r in self.server.query("SELECT move FROM moves ORDER BY ply")], plies)
        self.wait_idle()
        self.assert_each_reply_once()

    @staticmethod
    def thread_of(challenge):
        """The game's thread id: the References entry every reply about the game carries."""
        refs = [set(bare_id(x) for x in r.message["References"].split()) for r in challenge]
        common = set.intersection(*refs)
        assert len(common) == 1, refs
        return common.pop()

    def test_hy3(self):
        self.play("hy3", *HY3_GAME)

    def test_gates_with_swap(self):
        self.play("gates", *GATES_GAME)

    def test_gaia(self):
        self.play("gaia", *GAIA_GAME)


def dot_stuff(message):
    """The DATA section for CRLF message bytes: leading dots doubled, "." line appended."""
    lines = message.split(b"\r\n")
    if lines[-1] == b"":
        lines.pop()
    return b"".join((b"." + line if line.startswith(b".") else line) + b"\r\n" for line in lines) + b".\r\n"


class Protocol(DaemonTestCase):
    """SMTP edge cases against the daemon; a small size limit for the over-size case."""
    extra_config = {"smtp": {"max_message_bytes": 4096}}

    def session(self):
        client = RawSmtp(self.daemon.port)
        self.addCleanup(client.close)
        self.assertEqual(client.reply()[0], 220)
        self.assertEqual(client.command("EHLO client.example")[0], 250)
        return client

    def mail(self, sender, subject, body="", message_id=None):
        message_id = message_id or f"{uuid.uuid4()}@client.example"
        return message_id, crlf(make_mail(sender, subject, body, message_id=f"<{message_id}>"))

    def replies_to(self, message_id):
        return [a for a in self.sink.received() if a.in_reply_to == message_id]

    def inbox_ids(self):
        return [r["message_id"] for r in self.server.query("SELECT message_id FROM inbox ORDER BY id")]

    def test_pipelined_transactions(self):
        first_id, first = self.mail(ALICE, "help")
        second_id, second = self.mail(BOB, "list")
        client = self.session()
        # RFC 2920: MAIL, RCPT and DATA in one write; the message text, its end and the
        # next transaction's MAIL, RCPT and DATA in the next; then the last text and QUIT.
        client.send(b"MAIL FROM:<alice@example.org>\r\nRCPT TO:<pbem@test.example>\r\nDATA\r\n")
        self.assertEqual([client.reply()[0] for _ in range(3)], [250, 250, 354])
        client.send(dot_stuff(first) + b"MAIL FROM:<bob@example.net>\r\nRCPT TO:<pbem@test.example>\r\nDATA\r\n")
        self.assertEqual([client.reply()[0] for _ in range(4)], [250, 250, 250, 354])
        client.send(dot_stuff(second) + b"QUIT\r\n")
        self.assertEqual([client.reply()[0] for _ in range(2)], [250, 221])
        self.assertTrue(client.closed_by_server())
        self.wait_idle()
        self.assertEqual(self.inbox_ids(), [first_id, second_id])
        self.assertEqual(len(self.replies_to(first_id)), 1)
        self.assertEqual(len(self.replies_to(second_id)), 1)
        self.assertIn("help tutorial", text_of(self.replies_to(first_id)[0].message))
        self.assertIn("gaia", text_of(self.replies_to(second_id)[0].message))

    def test_dot_stuffed_body_arrives_intact_both_ways(self):
        self.signup_both()
        body = ".leading dot\n..two dots\n.\nafter a lone dot\n...\nend\n"
        message_id, raw = self.mail(ALICE, "message alice secret1 bob", body)
        wire = dot_stuff(raw)
        self.assertIn(b"\r\n..leading dot\r\n...two dots\r\n..\r\n", wire)
        client = self.session()
        self.assertEqual(client.command("MAIL FROM:<alice@example.org>")[0], 250)
        self.assertEqual(client.command("RCPT TO:<pbem@test.example>")[0], 250)
        self.assertEqual(client.command("DATA")[0], 354)
        client.send(wire)
        self.assertEqual(client.reply()[0], 250)
        self.wait_idle()
        # The server stored exactly the un-stuffed bytes (the digest is of the raw message).
        [row] = self.server.query("SELECT digest, state FROM inbox WHERE message_id = ?", message_id)
        self.assertEqual(row, {"digest": hashlib.sha256(raw).hexdigest(), "state": "processed"})
        # The forwarded text went out through the daemon's SMTP client (stuffed again) and
        # through the sink (un-stuffed): the dots survive both trips.
        to_bob = [a for a in self.sink.received()[self.seen:] if a.recipients == [BOB]]
        self.assertEqual(len(to_bob), 1)
        self.assertIn(body, text_of(to_bob[0].message).replace("\r\n", "\n"))

    def test_bare_lf_line_ends_are_normalised_and_never_end_the_data(self):
        message_id, raw = self.mail(ALICE, "help")
        lf = raw.replace(b"\r\n", b"\n")
        # A "." line after a bare LF is text (no SMTP smuggling): the next "MAIL FROM" is
        # message text too, not a second transaction.
        smuggled = b"\n.\nMAIL FROM:<forged@evil.example>\n"
        client = self.session()
        self.assertEqual(client.command("MAIL FROM:<alice@example.org>")[0], 250)
        self.assertEqual(client.command("RCPT TO:<pbem@test.example>")[0], 250)
        self.assertEqual(client.command("DATA")[0], 354)
        client.send(lf + b"see you" + smuggled + b"bye\r\n.\r\n")
        self.assertEqual(client.reply()[0], 250)
        self.assertEqual(client.command("QUIT")[0], 221)
        self.assertTrue(client.closed_by_server())
        self.wait_idle()
        stored = (lf + b"see you" + smuggled + b"bye\n").replace(b"\n", b"\r\n")
        [row] = self.server.query("SELECT digest, state FROM inbox")
        self.assertEqual(row, {"digest": hashlib.sha256(stored).hexdigest(), "state": "processed"})
        self.assertEqual(len(self.replies_to(message_id)), 1)

    def test_over_size_message_gets_552_and_nothing_is_stored(self):
        big_id, big = self.mail(ALICE, "help", "x" * 70 + "\n" * 100 + ("y" * 76 + "\n") * 80)
        self.assertGreater(len(big), 4096)
        client = self.session()
        # Declared too big: refused at MAIL.
        self.assertEqual(client.command(f"MAIL FROM:<alice@example.org> SIZE={len(big)}")[0], 552)
        # Not declared: read to the end, then refused; the session goes on.
        self.assertEqual(client.command("MAIL FROM:<alice@example.org>")[0], 250)
        self.assertEqual(client.command("RCPT TO:<pbem@test.example>")[0], 250)
        self.assertEqual(client.command("DATA")[0], 354)
        client.send(dot_stuff(big))
        code, text = client.reply()
        self.assertEqual((code, text[0][:5]), (552, "5.3.4"))
        small_id, small = self.mail(ALICE, "help")
        self.assertEqual(client.command("MAIL FROM:<alice@example.org>")[0], 250)
        self.assertEqual(client.command("RCPT TO:<pbem@test.example>")[0], 250)
        self.assertEqual(client.command("DATA")[0], 354)
        client.send(dot_stuff(small))
        self.assertEqual(client.reply()[0], 250)
        self.wait_idle()
        self.assertEqual(self.inbox_ids(), [small_id])
        self.assertEqual(self.replies_to(big_id), [])
        self.assertEqual(len(self.replies_to(small_id)), 1)

    def test_non_local_recipient_gets_550(self):
        client = self.session()
        self.assertEqual(client.command("MAIL FROM:<alice@example.org>")[0], 250)
        code, text = client.command("RCPT TO:<victim@elsewhere.example>")
        self.assertEqual((code, text[0][:5]), (550, "5.1.1"))
        self.assertEqual(client.command("DATA")[0], 503)  # no accepted recipient: no message
        self.assertEqual(client.command("RSET")[0], 250)
        # Local addresses are case-insensitive; a relay attempt alongside is still refused.
        message_id, raw = self.mail(ALICE, "help")
        self.assertEqual(client.command("MAIL FROM:<alice@example.org>")[0], 250)
        self.assertEqual(client.command("RCPT TO:<PBEM@Test.Example>")[0], 250)
        self.assertEqual(client.command("RCPT TO:<pbem@test.example.evil.example>")[0], 550)
        self.assertEqual(client.command("DATA")[0], 354)
        client.send(dot_stuff(raw))
        self.assertEqual(client.reply()[0], 250)
        with self.assertRaises(smtplib.SMTPRecipientsRefused):
            send_smtplib(self.daemon.port, make_mail(ALICE, "help"), "alice@example.org", ["postmaster@example.org"])
        self.wait_idle()
        self.assertEqual(self.inbox_ids(), [message_id])
        self.assertEqual(len(self.replies_to(message_id)), 1)

    def test_client_that_disconnects_mid_data_leaves_nothing_and_the_daemon_serves_on(self):
        lost_id, lost = self.mail(ALICE, "help")
        client = self.session()
        self.assertEqual(client.command("MAIL FROM:<alice@example.org>")[0], 250)
        self.assertEqual(client.command("RCPT TO:<pbem@test.example>")[0], 250)
        self.assertEqual(client.command("DATA")[0], 354)
        client.send(lost[: len(lost) // 2])
        client.close()
        wait_until(lambda: "client disconnected during DATA" in self.daemon.log(), what="the daemon to see it")
        message_id = self.send(ALICE, "help")
        self.wait_idle()
        self.assertEqual(self.inbox_ids(), [message_id])
        self.assertEqual(self.replies_to(lost_id), [])
        self.assertEqual(len(self.replies_to(message_id)), 1)

    def test_encoded_word_and_raw_utf8_subjects(self):
        # A signup whose Subject is an RFC 2047 encoded-word (non-ASCII password).
        signup_id = "utf8-signup@client.example"
        raw = (b"From: =?UTF-8?Q?Zo=C3=AB?= Martin <zoe@example.fr>\r\n"
               b"To: pbem@test.example\r\n"
               b"Subject: =?UTF-8?Q?signup_zoe_p=C3=A4sswort?=\r\n"
               b"Message-ID: <" + signup_id.encode() + b">\r\n"
               b"Date: Fri, 15 Mar 2024 13:00:00 +0100\r\n"
               b"MIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\n"
               b"Content-Transfer-Encoding: 8bit\r\n\r\nBonjour, \xc3\xa0 bient\xc3\xb4t.\r\n")
        send_smtplib(self.daemon.port, raw, "zoe@example.fr")
        [welcome] = self.take(1)
        self.assertEqual(welcome.in_reply_to, signup_id)
        self.assertIn("Welcome", welcome.message["Subject"])
        self.assertNotIn("p\u00e4sswort", text_of(welcome.message))
        # The same password in a raw 8-bit UTF-8 Subject (no encoding, as some clients send
        # with 8BITMIME): it must verify against the hash made from the encoded-word.
        change_id = "utf8-change@client.example"
        raw = (b"From: Zoe Martin <zoe@example.fr>\r\nTo: pbem@test.example\r\n"
               b"Subject: change password zoe p\xc3\xa4sswort n\xc3\xa9w-secret\r\n"
               b"Message-ID: <" + change_id.encode() + b">\r\n"
               b"Date: Fri, 15 Mar 2024 13:05:00 +0100\r\n"
               b"MIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\nMerci\r\n")
        client = self.session()
        self.assertEqual(client.command("MAIL FROM:<zoe@example.fr> BODY=8BITMIME")[0], 250)
        self.assertEqual(client.command("RCPT TO:<pbem@test.example>")[0], 250)
        self.assertEqual(client.command("DATA")[0], 354)
        client.send(dot_stuff(raw))
        self.assertEqual(client.reply()[0], 250)
        [changed] = self.take(1)
        self.assertEqual(changed.in_reply_to, change_id)
        text = text_of(changed.message)
        self.assertNotIn("wrong password", text)
        self.assertNotIn("n\u00e9w-secret", text)
        self.assertIn("password of zoe has been changed", text)
        self.assertEqual(self.server.query("SELECT state, outcome FROM inbox ORDER BY id"),
                         [{"state": "processed", "outcome": "signed up zoe"},
                          {"state": "processed", "outcome": "changed password of zoe"}])


class SessionLimit(DaemonTestCase):
    """smtp.max_session_seconds (issue 26): however busy a client keeps its session (a NOOP
    every 200 ms here, far within the command timeout), it ends with 421 at the limit."""
    extra_config = {"smtp": {"max_session_seconds": 2}}

    def test_a_busy_session_gets_421_at_the_limit_and_the_daemon_serves_on(self):
        client = RawSmtp(self.daemon.port, timeout=30)
        self.addCleanup(client.close)
        started = time.monotonic()
        self.assertEqual(client.reply()[0], 220)
        self.assertEqual(client.command("EHLO client.example")[0], 250)
        noops = 0
        while True:
            try:
                client.send("NOOP\r\n")
            except OSError:
                pass  # hung up already; the 421 is still there to read
            code, text = client.reply()
            if code != 250:
                break
            noops += 1
            self.assertLess(time.monotonic() - started, 20, "the session outlived its 2 s limit")
            time.sleep(0.2)
        self.assertEqual(code, 421)
        self.assertTrue(text[0].startswith("4.4.2 test.example "), text)
        self.assertIn("session time limit", text[0])
        self.assertGreater(noops, 3)  # the session was busy, not idle
        self.assertTrue(client.closed_by_server())
        wait_until(lambda: "session time limit reached" in self.daemon.log(), what="the daemon's log line")
        # The slot is free again and the daemon answers the next client.
        other = RawSmtp(self.daemon.port)
        self.addCleanup(other.close)
        self.assertEqual(other.reply()[0], 220)
        self.assertEqual(other.command("QUIT")[0], 221)


class Traffic:
    """Client threads sending scripted messages, one SMTP connection per message. A send
    that fails (no 250) is sent again with the same bytes once the daemon is back, as an
    MTA retries; a resend of something already processed is logged and not answered."""
    max_attempts = 50

    def __init__(self, port):
        self.port = port
        self.cv = threading.Condition()
        self.acked = []  # Message-IDs, in the order their 250 came
        self.attempts = collections.Counter()
        self.failures = []  # (Message-ID, what went wrong)
        self.errors = []  # exceptions that ended a client thread
        self.down = False

    def send(self, message_id, raw, mail_from):
        while True:
            with self.cv:
                self.attempts[message_id] += 1
                if self.attempts[message_id] > self.max_attempts:
                    raise AssertionError(f"{message_id}: no 250 after {self.max_attempts} attempts")
            try:
                send_smtplib(self.port, raw, mail_from)
            except (OSError, smtplib.SMTPException) as error:
                with self.cv:
                    self.failures.append((message_id, repr(error)))
                    self.cv.wait_for(lambda: not self.down, timeout=WAIT_TIMEOUT)
                time.sleep(0.05)
                continue
            with self.cv:
                self.acked.append(message_id)
                self.cv.notify_all()
            return

    def client(self, messages):
        try:
            for message_id, raw, mail_from in messages:
                self.send(message_id, raw, mail_from)
        except BaseException as error:  # noqa: B902 - reported by the main thread
            with self.cv:
                self.errors.append(error)

    def set_down(self, down):
        with self.cv:
            self.down = down
            self.cv.notify_all()

    def wait_acked(self, count):
        with self.cv:
            if not self.cv.wait_for(lambda: len(self.acked) >= count or self.errors, timeout=WAIT_TIMEOUT):
                raise AssertionError(f"only {len(self.acked)} of {count} messages got 250")

    def resent(self):
        return {message_id for message_id, n in self.attempts.items() if n > 1}


class Durability(DaemonTestCase):
    """kill -9 while clients send moves and commands: every message that got 250 is
    processed exactly once after the restart, and every reply reaches the sink once."""
    autostart = False
    clients = 16 if SOAK else 4
    games_per_client = 3 if SOAK else 1
    kill_points = (0.25, 0.5, 0.75) if SOAK else (0.4,)

    def script(self, game_number):
        """One HY 3 game's moves, plus a `show` in the middle, as (id, raw, sender)."""
        messages = []
        plies = HY3_GAME[1]
        for n, ply in enumerate(plies, start=1):
            user = "alice" if n % 2 else "bob"
            address, password = PLAYERS[user]
            subject = f"hy3 move {game_number} {user} {password} {ply}#{n}"
            messages.append(self.message(address, subject))
            if n == len(plies) // 2:
                messages.append(self.message(BOB, f"hy3 show {game_number}"))
        return messages

    @staticmethod
    def message(address, subject):
        message_id = f"{uuid.uuid4()}@client.example"
        return message_id, make_mail(address, subject, message_id=f"<{message_id}>"), address

    def test_kill_9_while_clients_send(self):
        games = self.clients * self.games_per_client
        # Accounts and games are made with `pbem ingest` before the daemon starts.
        self.server.signup_and_confirm(ALICE, "alice", "secret1")
        self.server.signup_and_confirm(BOB, "bob", "secret2")
        for sender, subject in [(ALICE, "hy3 challenge alice bob -size=3")] * games:
            p = self.server.ingest(make_mail(sender, subject))
            self.assertEqual(p.returncode, 0, p.stderr)
        setup_rows = len(self.server.query("SELECT id FROM inbox"))
        scripts = [sum((self.script(c * self.games_per_client + g + 1) for g in range(self.games_per_client)), [])
                   for c in range(self.clients)]
        everything = [m for script in scripts for m in script]

        self.sink.start()
        runs_began = time.time()
        self.daemon.start()
        traffic = Traffic(self.daemon.port)
        threads = [threading.Thread(target=traffic.client, args=(script,), daemon=True) for script in scripts]
        for thread in threads:
            thread.start()
        runs = []  # (started, killed, restarted) wall-clock times of each daemon run that was killed
        left = []  # (inbox rows pending, replies queued) at each kill
        started = time.time()
        for point in self.kill_points:
            traffic.wait_acked(int(len(everything) * point))
            traffic.set_down(True)
            self.daemon.kill()
            killed = time.time()
            left.append((self.server.counts("inbox").get("received", 0), self.server.counts("outbox").get("queued", 0)))
            started = time.time()
            runs.append((runs[-1][2] if runs else runs_began, killed, started))
            self.daemon.start()
            traffic.set_down(False)
        for thread in threads:
            thread.join(timeout=WAIT_TIMEOUT)
            self.assertFalse(thread.is_alive(), "a client is stuck")
        self.assertEqual(traffic.errors, [])
        self.wait_idle()

        ids = [m[0] for m in everything]
        assert_stream_carried_out_once(self, self.server, self.sink, traffic, everything, setup_rows)
        self.assert_delivered_once_but_for_crashes(runs)
        print(f"\n{len(ids)} messages from {self.clients} clients, {len(runs)} kill(s): "
              f"{len(traffic.failures)} failed sends, {len(traffic.resent())} resent, "
              f"no 'Already done' notices; (pending commands, queued replies) at each kill: {left}",
              file=sys.stderr)

    def assert_delivered_once_but_for_crashes(self, runs):
        """Each sent outbox row reached the sink exactly once, except (spec: delivery is
        at-least-once) a message the sink accepted just before a kill -9 whose outbox row
        was not yet marked sent: at most one group of deliveries per kill (the sender hands
        PARALLEL_DELIVERIES mails over at once and marks them together), first copy before
        that kill (the sink may read the last bytes a killed run wrote a moment after the kill:
        before the restart, then), and that run's log never said it was delivered."""
        duplicated = replies_sent_twice(self, self.server, self.sink)
        explained = collections.Counter()
        for mid, times in duplicated.items():
            run = next((n for n, (start, killed, restarted) in enumerate(runs)
                        if start <= times[0] <= restarted <= times[1]), None)
            self.assertIsNotNone(run, f"{mid} was delivered twice, not across a kill")
            assert_never_marked_sent(self, mid, self.daemon.log(run))
            explained[run] += 1
        self.assertTrue(all(n <= PARALLEL_DELIVERIES for n in explained.values()), duplicated)


class SmarthostDown(DaemonTestCase):
    """Replies queue while no smarthost listens, then all arrive once it is up."""
    sink_kind = "postfix"
    autostart = False

    def test_replies_wait_for_the_smarthost_and_arrive_once(self):
        self.daemon.start()  # the sink's port has no listener yet
        commands = [(ALICE, "help"), (BOB, "list"), (ALICE, "help commands"), (BOB, "signup bob secret2")]
        ids = [self.send(sender, subject) for sender, subject in commands]
        wait_until(lambda: [r["attempts"] >= 2 for r in self.server.query("SELECT attempts FROM outbox")] == [True] * 4,
                   what="every reply to have failed twice")
        queued = self.server.outbox()
        self.assertEqual(sorted(bare_id(m["In-Reply-To"]) for m in queued), sorted(ids))
        self.assertIn("temporary failure, retry in 1s", self.daemon.log())
        self.sink.start()
        self.wait_idle()
        self.assert_each_reply_once()
        self.assertEqual(sorted(a.in_reply_to for a in self.sink.received()), sorted(ids))
        self.assertEqual(sorted(a.message_id for a in self.sink.received()), sorted(bare_id(m["Message-ID"]) for m in queued))
        self.assertEqual(self.server.outbox(), [])


class KeptConnections(DaemonTestCase):
    """The sender keeps its connections to the smarthost open while mail is due, so a
    backlog goes out over a few connections, not one a mail; idle, it closes them."""
    autostart = False
    extra_config = {"limits": {"replies_per_hour": 1000}}

    def test_a_backlog_shares_connections_and_none_stays_open(self):
        self.daemon.start()  # no smarthost yet: the replies pile up in the outbox
        ids = [self.send(ALICE if n % 2 else BOB, "help") for n in range(40)]
        wait_until(lambda: len(self.server.query("SELECT id FROM outbox WHERE attempts >= 1")) == len(ids),
                   what="every reply to have failed once")
        self.sink.start()
        self.wait_idle()
        self.assert_each_reply_once()
        arrivals = self.sink.received()
        self.assertEqual(sorted(a.in_reply_to for a in arrivals), sorted(ids))
        connections = {a.peer for a in arrivals}
        # Eight lanes; a second sending round may open them again, never one a mail.
        self.assertLessEqual(len(connections), len(ids) // 2, connections)
        wait_until(lambda: self.sink.open_connections() == 0, what="the sender to close its idle connections")


class BusyDatabase(DaemonTestCase):
    """A delivery the sender cannot record at once (the database is locked for longer than
    its busy timeout, as under heavy load: the processor holds the write lock while it
    verifies passwords) must still not be sent twice: the spec allows a second copy only
    after a crash."""
    sink_kind = "postfix"
    autostart = False

    @unittest.skipIf(POSTGRES, "holds SQLite's write lock from outside")
    def test_a_delivery_recorded_late_is_not_sent_again(self):
        self.daemon.start()  # no smarthost yet: the reply waits in the outbox
        message_id = self.send(ALICE, "help")
        wait_until(lambda: self.server.query("SELECT attempts FROM outbox WHERE attempts >= 1"),
                   what="a failed delivery attempt")
        lock = sqlite3.connect(self.server.db_path, isolation_level=None, timeout=30)
        self.addCleanup(lock.close)
        lock.execute("BEGIN IMMEDIATE")  # hold the write lock, as a long transaction would
        try:
            self.sink.start()
            [reply] = self.sink.wait_for_count(1)
            self.assertEqual(reply.in_reply_to, message_id)
            wait_until(lambda: "database is locked" in self.daemon.log(),
                       what="the sender to fail to record the delivery")
        finally:
            lock.execute("ROLLBACK")
        self.wait_idle()
        time.sleep(1.5)  # the sender polls every second: room for a second copy to show up
        self.assertEqual([a.message_id for a in self.sink.received()], [reply.message_id])
        self.assert_each_reply_once()


class Shutdown(DaemonTestCase):
    """SIGTERM: exit status 0 at once, and nothing that got 250 is lost."""

    def test_sigterm_exits_0_and_loses_nothing_accepted(self):
        self.signup_both()
        self.send(ALICE, "hy3 challenge alice bob -size=3")
        self.take(2)
        idle = RawSmtp(self.daemon.port)
        self.addCleanup(idle.close)
        self.assertEqual(idle.reply()[0], 220)
        self.assertEqual(idle.command("EHLO idle.example")[0], 250)
        in_data = RawSmtp(self.daemon.port)
        self.addCleanup(in_data.close)
        self.assertEqual(in_data.reply()[0], 220)
        for line, code in (("EHLO busy.example", 250), ("MAIL FROM:<bob@example.net>", 250),
                           ("RCPT TO:<pbem@test.example>", 250), ("DATA", 354)):
            self.assertEqual(in_data.command(line)[0], code)
        unfinished = make_mail(BOB, "help", message_id="<unfinished@client.example>")
        in_data.send(crlf(unfinished)[:100])
        # A burst of moves, each acknowledged with 250, then SIGTERM at once.
        ids = []
        for n, ply in enumerate(HY3_GAME[1], start=1):
            user = "alice" if n % 2 else "bob"
            ids.append(self.send(ALICE if user == "alice" else BOB, f"hy3 move 1 {user} {PLAYERS[user][1]} {ply}#{n}"))
        self.assertEqual(self.daemon.terminate(), 0)
        self.assertEqual(idle.reply()[0], 421)
        self.assertTrue(idle.closed_by_server())
        self.assertTrue(in_data.closed_by_server())
        log = self.daemon.log()
        self.assertIn("shutting down", log)
        self.assertIn("pbemd: stopped", log)
        stored = {r["message_id"] for r in self.server.query("SELECT message_id FROM inbox")}
        self.assertTrue(set(ids) <= stored)
        self.assertNotIn("unfinished@client.example", stored)
        # Whatever was left (processing or sending) is finished after a restart, once.
        self.daemon.start()
        self.wait_idle()
        self.assertEqual([r["move"] for r in self.server.query("SELECT move FROM moves ORDER BY ply")], HY3_GAME[1])
        self.assertEqual(self.server.query("SELECT status FROM games"), [{"status": "finished"}])
        self.assertEqual({r["state"] for r in self.server.query("SELECT state FROM inbox")}, {"processed"})
        # signup_both's 6, the challenge's 2, two a move.
        self.assertEqual(len(self.sink.received()), 6 + 2 + 2 * len(ids))
        self.assert_each_reply_once()


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0], *sys.argv[2:]])
