"""`export userid password` (issue 57, server.md "Accounts you cannot lose, and can leave")
through the real `pbem ingest`: one reply with `<userid>-data.json` attached, which the JSON
Schema of docs/export.md accepts, each of whose game records the JSON Schema of
docs/records.md accepts and equals the record `<game> record board userid password`
attaches; the account's settings and addresses as the player set them; and a wrong
password mails nothing of it. (tests/server/account_export_test.cpp checks every key.)"""
import json
import os
import re
import sys
import unittest

import jsonschema

from pbem_harness import PlayersCase, build_dir, text_of
from test_records import attachments, documented_schema as record_schema

build_dir(sys.argv)

PLAYERS = {"alice": ("alice@example.org", "Al1ce-pw"), "bob": ("bob@example.net", "B0b-pw-2")}


def export_schema():
    """The JSON Schema of docs/export.md (its block under "## JSON Schema")."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "export.md")
    with open(path) as f:
        text = f.read()
    return json.loads(re.search(r"## JSON Schema\n\n.*?```json\n(.*?)\n```", text, re.S).group(1))


class Export(PlayersCase):
    players = PLAYERS

    def setUp(self):
        super().setUp()
        for userid, (address, password) in PLAYERS.items():
            self.server.signup_and_confirm(address, userid, password)
        self.command("alice", "set alice PW digest 7")
        self.command("alice", "hy3 challenge alice bob -size=3")
        self.command("alice", "hy3 move 1 alice PW c1")
        self.command("alice", "gaia subscribe alice PW all")
        self.new_replies()

    def test_the_file_matches_the_documented_schemas_and_the_records(self):
        [mail] = self.command("alice", "export alice PW")
        self.assertEqual(mail["To"].addresses[0].addr_spec, "alice@example.org")
        self.assertEqual(mail["Subject"], "Your data at Test PBeM: alice")
        self.assertIn("alice-data.json", " ".join(text_of(mail).split()))
        files = attachments(mail)
        self.assertEqual(list(files), ["alice-data.json"])
        content_type, text = files["alice-data.json"]
        self.assertEqual(content_type, "application/json")
        data = json.loads(text)
        jsonschema.validate(data, export_schema())
        self.assertEqual(data["format"], "pbem-export/1")
        self.assertEqual(data["account"]["userid"], "alice")
        self.assertEqual(data["account"]["settings"]["digest"], "7")
        self.assertEqual([a["address"] for a in data["account"]["addresses"]], ["alice@example.org"])
        self.assertEqual(data["subscriptions"]["all"][0]["game"], "gaia")
        [game] = data["games"]
        jsonschema.validate(game["record"], record_schema())
        [recorded] = self.command("alice", "hy3 record 1 alice PW")
        self.assertEqual(game["record"], json.loads(attachments(recorded)["hy3-1.json"][1]))
        self.assertNotIn("Al1ce-pw", text)
        self.assertNotIn("bob@example.net", text)

    def test_a_wrong_password_mails_nothing_of_it(self):
        self.send("mallory@evil.example", "export alice guessing")
        [refused] = self.new_replies()
        self.assertEqual(attachments(refused), {})
        self.assertIn("wrong password for alice", text_of(refused))


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0]])
