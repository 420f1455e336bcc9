"""`pbem migrate-to URI` (issue 16): a SQLite installation with a finished game (rated:
ratings and rating changes), a running game, a watcher, a finished tournament, a ladder and queued mail is copied into an
empty PostgreSQL database; every row of every table arrives unchanged; the installation
then carries on from PostgreSQL (the running game takes its next move, a new game gets
the next number); a second migrate-to into the now full database is refused.

Needs PBEM_TEST_POSTGRES (scripts/with-postgres.sh; the ctest entry postgres_migrate_to);
skipped without it."""
import json
import re
import sys
import unittest

from pbem_harness import POSTGRES, IngestCase, Server, build_dir, make_mail, postgres_schema, text_of

build_dir(sys.argv)

ALICE = "Alice <alice@example.org>"
BOB = "bob@example.net"
TABLES = ["users", "addresses", "games", "moves", "inbox", "outbox", "outbox_texts", "password_failures",
          "address_confirmations", "ratings", "rating_changes", "server_secrets", "vacations", "proposals", "takebacks", "watchers",
          "kind_watchers", "conditional_moves", "tournaments", "tournament_entrants", "tournament_games",
          "tournament_byes", "digest_addresses", "ladders", "ladder_rungs", "ladder_games", "blocks",
          "game_events", "event_consumers", "suspensions", "operator_audit", "reports", "metric_counts", "leagues",
          "league_members", "league_places", "league_games", "notes", "account_codes", "erased_userids", "reviews"]


def comparable(row):
    """A row as sortable text; a number as a float, since JSON writes 350.0 as 350 (and a
    double compares equal only if it is bit for bit the same value)."""
    def value(v):
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            return repr(float(v))
        return v.hex() if isinstance(v, bytes) else v
    return json.dumps({k: value(v) for k, v in row.items()}, sort_keys=True)


@unittest.skipUnless(POSTGRES, "needs PBEM_TEST_POSTGRES (scripts/with-postgres.sh)")
class MigrateTo(IngestCase):
    extra_config = {"database": "pbem.sqlite"}  # the installation to copy stays on SQLite

    def sqlite_rows(self, table):
        return self.server.query(f"SELECT * FROM {table} ORDER BY rowid")

    def test_round_trip_with_finished_and_running_games(self):
        self.server.signup_and_confirm(ALICE, "alice", "secret1")
        self.server.signup_and_confirm(BOB, "bob", "secret2")
        self.send(ALICE, "hy3 challenge alice bob -size=3")  # game 1: played to the end
        for n, ply in enumerate("c1 a1 c2 a2 c3 a3 c4 b4 c5".split(), 1):
            sender, name, password = (ALICE, "alice", "secret1") if n % 2 else (BOB, "bob", "secret2")
            self.send(sender, f"hy3 move 1 {name} {password} {ply}#{n}")
        self.send(ALICE, "hy3 challenge alice bob -size=3")  # game 2: running
        self.send(ALICE, "hy3 move 2 alice secret1 c1#1")
        self.send(ALICE, "hy3 subscribe 1 alice secret1")
        self.send(ALICE, "hy3 move 1 alice wrong-password c1")  # a password failure row
        # Game 3: a knockout of two on a time bank, played to its end.
        self.send(ALICE, "hy3 tournament new alice secret1 cup -format=knockout -size=3 -clock=10+1")
        self.send(ALICE, "hy3 join 1 alice secret1")
        self.send(BOB, "hy3 join 1 bob secret2")
        self.send(ALICE, "hy3 tournament start 1 alice secret1")
        self.send(BOB, "hy3 resign 3 bob secret2")
        # Game 4: a ladder's climb, lost.
        self.send(ALICE, "hy3 ladder new alice secret1 club -size=3")
        self.send(ALICE, "hy3 join L#1 alice secret1")
        self.send(BOB, "hy3 join L#1 bob secret2")
        self.send(BOB, "hy3 climb L#1 bob secret2 alice")
        self.send(BOB, "hy3 move 4 bob secret2 c1")
        self.send(BOB, "hy3 resign 4 bob secret2")
        self.assertEqual(len(self.server.query("SELECT * FROM ladder_games WHERE winner_id IS NOT NULL")), 1)
        # Game 5: an invitation to carol, who answers challenges (schema 030), and a block.
        self.server.signup_and_confirm("carol@example.com", "carol", "secret3", challenges=None)
        self.send(ALICE, "hy3 challenge alice carol -size=3")
        self.send("carol@example.com", "block carol secret3 bob")
        # A note, a reset code, a league and an erased account (schemas 026, 035, 037, 038).
        self.send(ALICE, "hy3 note 2 alice secret1", "my plan on c\n")
        self.send(BOB, "forgot bob")
        self.send(ALICE, "hy3 league new alice secret1 spring -size=3")
        self.send(ALICE, "hy3 join G#1 alice secret1")
        self.server.signup_and_confirm("dave@example.com", "dave", "secret4")
        self.send("dave@example.com", "delete dave secret4")
        [code] = set(re.findall(r"delete dave <password> ([a-z0-9]+)",
                                " ".join(" ".join(text_of(m).split()) for m in self.server.outbox())))
        self.send("dave@example.com", f"delete dave secret4 {code}")
        self.assertEqual([g["status"] for g in self.server.query("SELECT status FROM games ORDER BY id")],
                         ["finished", "active", "finished", "finished", "invited"])
        self.assertEqual(self.server.query("SELECT status FROM tournaments"), [{"status": "finished"}])
        before = {table: self.sqlite_rows(table) for table in TABLES}
        for table in ("ratings", "rating_changes", "moves", "outbox", "notes", "account_codes", "erased_userids", "leagues",
                      "league_members", "metric_counts"):
            self.assertTrue(before[table], f"{table} has no row to copy")

        uri = postgres_schema(POSTGRES)
        p = self.server.pbem("migrate-to", uri)
        self.assertEqual(p.returncode, 0, p.stderr.decode())
        self.assertIn(b"every table's count verified", p.stdout)

        # Every row, column by column (text as text, numbers as numbers, bytes as bytes).
        target = Server({"database": uri})
        self.addCleanup(target.close)
        target.postgres = uri
        for table in TABLES:
            columns = list(before[table][0]) if before[table] else ["*"]
            after = target.query(f"SELECT {', '.join(columns)} FROM {table}"
                                 f"{' ORDER BY rowid' if table in ('takebacks', 'watchers', 'kind_watchers') else ''}")
            self.assertEqual(sorted(map(comparable, after)), sorted(map(comparable, before[table])), table)

        # Whose turn it is (schema 023) came along: bob's in the running game, nobody's in the
        # finished ones.
        self.assertEqual(target.query("SELECT to_move, swapped FROM games ORDER BY id"),
                         [{"to_move": None, "swapped": 0}, {"to_move": 2, "swapped": 0},
                          {"to_move": None, "swapped": 0}, {"to_move": None, "swapped": 0},
                          {"to_move": None, "swapped": 0}])

        # The installation carries on from PostgreSQL, its events numbered on after the copied ones.
        copied_events = max(e["id"] for e in before["game_events"])
        p = target.ingest(make_mail(BOB, "hy3 move 2 bob secret2 a1#2"))
        self.assertEqual(p.returncode, 0, p.stderr.decode())
        self.assertEqual(target.query("SELECT plies FROM games WHERE id = 2"), [{"plies": 2}])
        self.assertEqual(target.query(f"SELECT kind FROM game_events WHERE id > {copied_events}"),
                         [{"kind": "ply_stored"}])
        p = target.ingest(make_mail(ALICE, "hy3 challenge alice bob -size=3"))
        self.assertEqual(p.returncode, 0, p.stderr.decode())
        self.assertEqual([g["id"] for g in target.query("SELECT id FROM games ORDER BY id")], [1, 2, 3, 4, 5, 6])
        # The invitation came along: carol accepts it there.
        p = target.ingest(make_mail("carol@example.com", "hy3 accept 5 carol secret3"))
        self.assertEqual(p.returncode, 0, p.stderr.decode())
        self.assertEqual(target.query("SELECT status FROM games WHERE id = 5"), [{"status": "active"}])
        p = target.ingest(make_mail(ALICE, "hy3 tournament new alice secret1 next"))
        self.assertEqual(p.returncode, 0, p.stderr.decode())
        self.assertEqual([t["id"] for t in target.query("SELECT id FROM tournaments ORDER BY id")], [1, 2])
        p = target.ingest(make_mail(ALICE, "hy3 ladder new alice secret1 next"))
        self.assertEqual(p.returncode, 0, p.stderr.decode())
        self.assertEqual([l["id"] for l in target.query("SELECT id FROM ladders ORDER BY id")], [1, 2])

        # A second copy into the now full database is refused and changes nothing.
        p = self.server.pbem("migrate-to", uri)
        self.assertEqual(p.returncode, 70)
        self.assertIn(b"already holds rows", p.stderr)
        self.assertEqual(len(target.query("SELECT id FROM games")), 6)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
