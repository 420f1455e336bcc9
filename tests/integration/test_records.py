"""Game records (server.md "Game records") by mail through `pbem ingest`: `<game> record`
of finished and running games of all three games answers with the move record as text and
two attachments, `<game>-<N>.sgf` and `<game>-<N>.json`; the SGF is read back by a small
SGF reader here and checked against the JSON record field by field, and the JSON record's
`options` and `plies` replayed through `pbem replay` give the stored game: its board, its
winner. An invitation has no record; a password that is not a player's is refused."""
import json
import os
import re
import sys
import unittest

import jsonschema

import test_daemon
from sgf_reader import sgf_trees
from pbem_harness import PlayersCase, build_dir, make_mail, run_cli, text_of
from test_daemon import replay_board, without_user_names

build_dir(sys.argv)

PLAYERS = {"alice": ("alice@example.org", "Al1ce-pw"), "bob": ("bob@example.net", "B0b-pw-2"),
           "carol": ("carol@example.com", "C4rol-pw")}
GAMES = {"hy3": test_daemon.HY3_GAME, "gates": test_daemon.GATES_GAME, "gaia": test_daemon.GAIA_GAME}
TITLES = {"hy3": "HY 3", "gates": "Gates", "gaia": "Gaia"}
STATE_TABLES = ["games", "moves"]


def documented_schema():
    """The JSON Schema of docs/records.md (its block under "### JSON Schema")."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "records.md")
    with open(path) as f:
        text = f.read()
    return json.loads(re.search(r"### JSON Schema\n\n```json\n(.*?)\n```", text, re.S).group(1))


def read_sgf(text):
    """[(root properties, [node properties, ...])] for each game tree of a record: one line,
    no variation."""
    trees = []
    for nodes, variations in sgf_trees(text):
        assert not variations, f"a variation in a record: {variations[:1]}"
        trees.append((nodes[0], nodes[1:]))
    return trees


def attachments(mail):
    """{file name: (content type with its charset, text)} of a mail's attachments."""
    files = {}
    for part in mail.iter_attachments():
        charset = part.get_param("charset")
        content_type = part.get_content_type() + (f"; charset={charset}" if charset else "")
        files[part.get_filename()] = (content_type, part.get_payload(decode=True).decode("utf-8"))
    return files


class RecordCase(PlayersCase):
    players = PLAYERS
    state_tables = STATE_TABLES

    def setUp(self):
        super().setUp()
        for userid, (address, password) in PLAYERS.items():
            # carol answers challenges herself: one to her is an invitation.
            self.server.signup_and_confirm(address, userid, password, challenges=None if userid == "carol" else "auto")
        self.new_replies()

    def game(self, kind, plies):
        """A game of `kind` (alice first, against bob) with its first `plies` plies played."""
        options = GAMES[kind][0]
        self.command("alice", f"{kind} challenge alice bob {options}")
        number = self.server.query("SELECT max(id) AS id FROM games")[0]["id"]
        for n, ply in enumerate(plies):
            userid = "alice" if n % 2 == 0 else "bob"
            self.command(userid, f"{kind} move {number} {userid} PW {ply}")
        return number

    def record(self, kind, number, userid="carol", text=None):
        """The one reply to `<kind> record <number>`, sent by `userid`, and its files."""
        mails = self.command(userid, text or f"{kind} record {number}")
        self.assertEqual(len(mails), 1, [m["Subject"] for m in mails])
        return mails[0], attachments(mails[0])

    def check_record(self, kind, number, plies, winner):
        mail, files = self.record(kind, number)
        self.assertEqual(mail["Subject"], f"{TITLES[kind]} #{number}: record")
        # The text part is the move record `history` answers with.
        history = self.command("carol", f"{kind} history {number}")[0]
        self.assertEqual(text_of(mail), text_of(history))
        self.assertEqual(sorted(files), [f"{kind}-{number}.json", f"{kind}-{number}.sgf"])
        sgf_type, sgf = files[f"{kind}-{number}.sgf"]
        json_type, json_text = files[f"{kind}-{number}.json"]
        self.assertEqual(sgf_type, "application/x-go-sgf; charset=UTF-8")
        self.assertEqual(json_type, "application/json")
        # As pinned on the wire, unquoted (Python's parser would show it quoted).
        raw = self.server.query("SELECT t.data FROM outbox o JOIN outbox_texts t ON t.outbox_id = o.id WHERE o.message_id = ?", mail["Message-ID"].strip("<>"))[0]["data"]
        self.assertIn(b"\r\nContent-Type: application/x-go-sgf; charset=UTF-8\r\n", bytes(raw))
        record = json.loads(json_text)
        jsonschema.validate(record, documented_schema())
        self.assertEqual(record["format"], "pbem-record/1")
        self.assertEqual((record["game"], record["options"], record["number"]), (kind, GAMES[kind][0], number))
        self.assertEqual([p["userid"] for p in record["players"]], ["alice", "bob"])
        self.assertEqual([p["move"] for p in record["plies"]], plies)
        self.assertEqual([p["ply"] for p in record["plies"]], list(range(1, len(plies) + 1)))
        self.assertEqual([p["player"] for p in record["plies"]], [["alice", "bob"][n % 2] for n in range(len(plies))])
        for field in ("started", *(p["at"] for p in record["plies"])):
            self.assertRegex(record.get(field, field), r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")
        self.assertEqual(record["notes"], [])
        self.assertIsNone(record["fork_of"])
        self.assertIsNone(record["competition"])
        self.assertIn("@", record["server"])
        self.assertEqual(record["clock"], "-days=14")  # the default clock
        if winner:
            self.assertEqual(record["result"], {"winner": winner, "reason": "connection"})
            self.assertRegex(record["ended"], r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")
        else:
            self.assertIsNone(record["result"])
            self.assertIsNone(record["ended"])

        # The SGF, read back: one tree, the root as pinned, one node per ply, B first.
        trees = read_sgf(sgf)
        self.assertEqual(len(trees), 1)
        root, nodes = trees[0]
        self.assertTrue(sgf.startswith("(;FF[4]CA[UTF-8]AP[pbem]EV["), sgf[:60])
        self.assertNotIn("GM", root)
        self.assertEqual(root["EV"], [f"{kind} {record['options']}"])
        self.assertEqual(root["GN"], [f"{TITLES[kind]} #{number}"])
        self.assertEqual((root["PB"], root["PW"]), (["alice"], ["bob"]))
        self.assertEqual(root["DT"], [record["started"][:10]])
        if winner:
            self.assertEqual(root["RE"], ["B+" if winner == "alice" else "W+"])
        else:
            self.assertNotIn("RE", root)
        self.assertEqual(nodes, [{"BW"[n % 2]: [p]} for n, p in enumerate(plies)])

        # Replayed through `pbem replay`, the JSON record is the stored game.
        status, out, err = run_cli("replay", kind, *record["options"].split(), "--json", "--",
                                   *(p["move"] for p in record["plies"]))
        self.assertEqual(status, 0, err)
        final = json.loads(out.splitlines()[-1])
        self.assertEqual(final["plies"], len(plies))
        colour_of = {p["colour"]: p["userid"] for p in record["players"]}
        self.assertEqual(colour_of.get(final["winner"]), winner)
        board = replay_board(kind, record["options"], [p["move"] for p in record["plies"]])
        shown = text_of(self.command("carol", f"{kind} show {number}")[0])
        self.assertIn(board.split("\n\n")[0], without_user_names(shown))

    def test_finished_and_running_games_of_every_game(self):
        for kind, (_, plies, winner) in GAMES.items():
            with self.subTest(kind=kind, finished=True):
                self.check_record(kind, self.game(kind, plies), plies, winner)
            with self.subTest(kind=kind, finished=False):
                running = plies[:3]
                self.check_record(kind, self.game(kind, running), running, None)

    def test_a_resignation_is_the_result_not_a_ply(self):
        number = self.game("hy3", ["c1", "a1"])
        self.command("bob", f"hy3 resign {number} bob PW")
        _, files = self.record("hy3", number)
        record = json.loads(files[f"hy3-{number}.json"][1])
        jsonschema.validate(record, documented_schema())
        self.assertEqual([p["move"] for p in record["plies"]], ["c1", "a1"])
        self.assertEqual(record["result"], {"winner": "alice", "reason": "resign"})
        root, nodes = read_sgf(files[f"hy3-{number}.sgf"][1])[0]
        self.assertEqual(root["RE"], ["B+R"])
        self.assertEqual(len(nodes), 2)

    def test_a_player_asks_with_their_password(self):
        number = self.game("hy3", ["c1"])
        mail, files = self.record("hy3", number, "bob", f"hy3 record {number} bob PW")
        self.assertEqual(len(files), 2)
        self.assertNotIn(PLAYERS["bob"][1], mail.as_string())

    def test_refusals(self):
        self.command("alice", "hy3 challenge alice carol -size=3")  # carol has not accepted it
        invitation = self.server.query("SELECT max(id) AS id FROM games")[0]["id"]
        self.refused("bob", f"hy3 record {invitation}", "has not started")
        number = self.game("hy3", ["c1"])
        self.refused("carol", f"hy3 record {number} carol PW", "carol does not play in game")
        self.refused("bob", f"hy3 record {number} bob wrong-Pw1", "password")
        self.refused("bob", "hy3 record 99", "99")


class NoteCase(RecordCase):
    """Notes (server.md "Notes") by Subject and by reply to a game address, in the records
    and on the game-over mails, each reader seeing only what is theirs to see."""

    def reply_to_game(self, userid, mail, body):
        address, _ = PLAYERS[userid]
        self.ingest(make_mail(address, "Re: " + mail["Subject"], body,
                              headers={"In-Reply-To": mail["Message-ID"]}, to=mail["Reply-To"].addresses[0].addr_spec))
        return self.new_replies()

    def notes_in(self, userid, number, text=None):
        _, files = self.record("hy3", number, userid, text or f"hy3 record {number} {userid} PW")
        return json.loads(files[f"hy3-{number}.json"][1])["notes"]

    def test_private_and_sealed_notes_by_subject_and_by_reply(self):
        number = self.game("hy3", ["c1"])
        self.command("carol", f"hy3 subscribe {number} carol PW")  # a watcher learns of no note
        mails = self.command("alice", f"hy3 note {number} alice PW")  # the body is empty: refused
        self.assertIn("a note needs its text", text_of(mails[0]))
        self.send(PLAYERS["alice"][0], f"hy3 note {number} alice {PLAYERS['alice'][1]}", "Aim for the c-file [c3] \\ d4.\n")
        [kept] = self.new_replies()
        self.assertEqual(kept["Subject"], f"HY 3 #{number}: note kept")
        self.assertNotIn(PLAYERS["alice"][1], kept.as_string())
        # bob's board mail after alice's move: a reply whose first line is `note -sealed`.
        [board] = [m for m in self.server.outbox() if m["To"].addresses[0].addr_spec == PLAYERS["bob"][0]
                   and m["Reply-To"] and m["Subject"].startswith(f"HY 3 #{number}")][-1:]
        [answer] = self.reply_to_game("bob", board, "note -sealed\nShe will take the c-file.\n\n> the board\n")
        self.assertEqual(answer["Subject"], f"HY 3 #{number}: note kept")
        self.assertIn("sealed note", text_of(answer))
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM moves WHERE game_id = ?", number)[0]["n"], 1)
        # While it runs: each sees their own alone, the public nothing.
        self.assertEqual(self.notes_in("alice", number),
                         [{"ply": 1, "player": "alice", "sealed": False, "text": "Aim for the c-file [c3] \\ d4."}])
        self.assertEqual(self.notes_in("bob", number),
                         [{"ply": 1, "player": "bob", "sealed": True, "text": "She will take the c-file."}])
        _, files = self.record("hy3", number)
        self.assertEqual(json.loads(files[f"hy3-{number}.json"][1])["notes"], [])
        self.assertNotIn("C[", files[f"hy3-{number}.sgf"][1])
        for mail in self.server.outbox():
            if mail["To"].addresses[0].addr_spec in (PLAYERS["carol"][0], PLAYERS["alice"][0]):
                self.assertNotIn("She will", mail.as_string())
            if mail["To"].addresses[0].addr_spec in (PLAYERS["carol"][0], PLAYERS["bob"][0]):
                self.assertNotIn("c-file [c3]", mail.as_string())
        [listed] = self.command("alice", f"hy3 notes {number} alice PW")
        self.assertIn("Aim for the c-file [c3] \\ d4.", text_of(listed))
        self.assertNotIn("She will", text_of(listed))

        # The end: each game-over mail carries its player's SGF; bob's sealed note is in both.
        mails = self.command("alice", f"hy3 resign {number} alice PW")
        for userid in ("alice", "bob"):
            [over] = self.to(mails, userid)
            sgf = attachments(over)[f"hy3-{number}.sgf"]
            self.assertEqual(sgf[0], "application/x-go-sgf; charset=UTF-8")
            root, nodes = read_sgf(sgf[1])[0]
            self.assertEqual(root["RE"], ["W+R"])
            comments = nodes[0].get("C", [""])[0]
            self.assertIn("She will take the c-file.", comments)
            # `]` and `\` escaped in the file, read back as written.
            self.assertEqual("alice: Aim for the c-file [c3] \\ d4." in comments, userid == "alice", comments)
        _, files = self.record("hy3", number)
        public = json.loads(files[f"hy3-{number}.json"][1])
        jsonschema.validate(public, documented_schema())
        self.assertEqual([n["player"] for n in public["notes"]], ["bob"])

    def test_records_off_leaves_the_game_over_mail_without_its_record(self):
        mails = self.command("bob", "set bob PW records off")
        self.assertEqual(mails[0]["Subject"], "Records off")
        number = self.game("hy3", ["c1"])
        mails = self.command("bob", f"hy3 resign {number} bob PW")
        self.assertEqual(list(attachments(self.to(mails, "bob")[0])), [])
        self.assertEqual(list(attachments(self.to(mails, "alice")[0])), [f"hy3-{number}.sgf"])


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
