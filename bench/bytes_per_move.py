#!/usr/bin/env python3
"""Bytes per stored move (issue 33 item 1): what the database keeps per move once the
retention windows have passed (python stdlib only; a benchmark, never a timed test).

HY 3 games are played through `pbem ingest` across simulated months under libfaketime,
one move a day in each game, as in real use: each game has one player with board pictures
on, who moves by replying to the game address of their board mail (no password), and one
with pictures off, who moves by the Subject command with a password. Every simulated day
the mail goes out to Postfix's smtp-sink (`pbem outbox send`) and `pbem tick` runs. Each
game's plies are a random order of the board's cells (seeded), cut where the game is won
(or at --max-plies). The play keeps every row (inbox.keep_days and outbox.keep_days at
3650), as the server did before retention: only the texts are emptied, after
outbox.keep_sent_days.

Then the database is measured three ways, as used bytes ((page_count - freelist_count) x
page_size: the pages in use, the file's size once the free ones are given back) and as
the file's size:
  on the last day       right after the last move, every row kept;
  texts only (before)   ticked 100 days on: the texts emptied, every row kept;
  retention (after)     a copy ticked 100 days on with the default windows (inbox.keep_days
                        30, outbox.keep_days 90): the backlog deleted in batches, the file
                        shrunk.
Per move, gross and net of an empty database's schema pages (a fresh `pbem init`), with the
largest tables and indexes (SQLite's dbstat) of the last two. Target: at most 1 KB per
stored move beyond the windows.

Usage: bench/bytes_per_move.py [--build build] [--games 20] [--size 7] [--max-plies 200]
                               [--seed 1] [--smoke] [--keep]
--smoke (CI): a few plies, then checks that the tick beyond the windows left no settled
outbox row and at most the newest inbox row; exit 1 otherwise.
"""
import argparse
import email
import email.policy
import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests", "integration"))
import pbem_harness  # noqa: E402
from clock_harness import frozen_clock_prefix, libfaketime, running_clock_prefix  # noqa: E402
from pbem_harness import free_port, make_mail  # noqa: E402

T0 = datetime(2027, 1, 4, 8, 0, 0)
SERVER = "pbem@test.example"
KEEP_ALL = {"inbox": {"keep_days": 3650}, "outbox": {"keep_days": 3650}}


class Bench:
    def __init__(self, args):
        self.args = args
        self.pbem = os.path.join(os.path.abspath(args.build), "server", "pbem")
        self.dir = tempfile.mkdtemp(prefix="pbem-bytes-")
        self.sink_port = free_port()
        self.sink = subprocess.Popen(["/usr/sbin/smtp-sink"] + (["-u", "nobody"] if os.geteuid() == 0 else []) +
                                     [f"127.0.0.1:{self.sink_port}", "100"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # The play keeps every row, as the server did before retention (only the texts are
        # emptied); the retention windows are applied to a copy at the end.
        self.config = self.write_config("pbem.json", "pbem.sqlite", KEEP_ALL)
        self.db_path = os.path.join(self.dir, "pbem.sqlite")
        self.now = T0
        self.addresses = {}  # (game, userid) -> the game address of that player's board mail

    def close(self):
        self.sink.terminate()
        self.sink.wait(timeout=10)
        if self.args.keep:
            print(f"kept {self.dir}", file=sys.stderr)
        else:
            shutil.rmtree(self.dir, ignore_errors=True)

    def write_config(self, name, database, extra):
        config = {"server": {"address": SERVER, "name": "Bench PBeM"}, "database": database,
                  "smarthost": {"host": "127.0.0.1", "port": self.sink_port},
                  "limits": {"replies_per_hour": 100000}}
        config.update(extra)
        path = os.path.join(self.dir, name)
        with open(path, "w") as f:
            json.dump(config, f)
        return path

    def run(self, *args, stdin=None, config=None, when=None, ok=(0,)):
        command = [self.pbem, "--config", config or self.config, *args]
        p = subprocess.run(frozen_clock_prefix(when or self.now) + command, input=stdin, capture_output=True,
                           timeout=120)
        if p.returncode not in ok:
            sys.exit(f"pbem {' '.join(args)}: exit {p.returncode}: {p.stderr.decode()[-2000:]}")
        return p

    def ingest(self, raw, recipient=None):
        self.run("ingest", *(["--recipient", recipient] if recipient else []), stdin=raw)

    def query(self, sql, *params, path=None):
        con = sqlite3.connect(path or self.db_path)
        try:
            return con.execute(sql, params).fetchall()
        finally:
            con.close()

    # --- the players and their games -------------------------------------------------

    def sign_up(self, users):
        for userid, (address, password, pictures) in users.items():
            self.ingest(make_mail(address, f"signup {userid} {password}"))
        # Each confirms with the code of the welcome mail, still queued.
        out = self.run("outbox").stdout.decode()
        import re
        for userid, (address, password, pictures) in users.items():
            code = re.findall(rf"confirm {userid} ([a-z0-9]+)", out)[-1]
            self.ingest(make_mail(address, f"confirm {userid} {code}"))
            # A challenge starts the game at once, as before invitations: this measures moves.
            self.ingest(make_mail(address, f"set {userid} {password} challenges auto"))
            if not pictures:
                self.ingest(make_mail(address, f"set {userid} {password} pictures off"))

    def plies(self, n):
        """A random order of the board's cells, cut where the game is won."""
        cells = self.run("legal", "hy3", f"-size={self.args.size}", "--").stdout.decode().split()
        random.Random(self.args.seed * 1000 + n).shuffle(cells)
        cells = cells[:self.args.max_plies]
        # Exit 1 at the first ply after the win, which is where the game ends.
        out = self.run("replay", "hy3", f"-size={self.args.size}", "--json", "--", *cells, ok=(0, 1)).stdout.decode()
        for line in out.splitlines():
            ply = json.loads(line)
            if ply.get("winner"):
                return cells[:ply["ply"]]
        return cells

    def game_address(self, game, userid, address):
        """The Reply-To of the newest board mail of `game` to `address` (its text is kept
        outbox.keep_sent_days, and the address stays the same)."""
        if (game, userid) not in self.addresses:
            [(data,)] = self.query("SELECT data FROM outbox JOIN outbox_texts ON outbox_id = outbox.id "
                                   "WHERE game_id = ? AND recipient = ? ORDER BY id DESC LIMIT 1", game, address)
            msg = email.message_from_bytes(bytes(data), policy=email.policy.default)
            self.addresses[(game, userid)] = msg["Reply-To"].addresses[0].addr_spec
        return self.addresses[(game, userid)]

    def move(self, game, userid, address, password, pictures, ply):
        if pictures:  # a phone: replies to the board mail
            to = self.game_address(game, userid, address)
            self.ingest(make_mail(address, f"Re: HY 3 #{game}", body=f"{ply}\n\n> the board\n",
                                  headers=None).replace(f"To: {SERVER}".encode(), f"To: {to}".encode()),
                        recipient=to)
        else:
            self.ingest(make_mail(address, f"hy3 move {game} {userid} {password} {ply}"))

    # --- measuring ---------------------------------------------------------------------

    def measure(self, path):
        page_size, pages, free = (self.query(f"PRAGMA {p}", path=path)[0][0]
                                  for p in ("page_size", "page_count", "freelist_count"))
        return {"used": (pages - free) * page_size, "file": os.path.getsize(path)}

    def breakdown(self, path, top=8):
        rows = self.query("SELECT name, SUM(pgsize) FROM dbstat GROUP BY name ORDER BY 2 DESC", path=path)
        return rows[:top]

    def play(self):
        args = self.args
        users = {}
        for i in range(2 * min(args.games, 5)):
            users[f"u{i}"] = (f"u{i}@example.org", f"secret{i}", i % 2 == 0)  # even: pictures on
        self.sign_up(users)
        ids = sorted(users)
        games = []
        for n in range(args.games):
            first, second = ids[(2 * n) % len(ids)], ids[(2 * n + 1) % len(ids)]
            self.ingest(make_mail(users[first][0], f"hy3 challenge {first} {second} -size={args.size}"))
            [(game,)] = self.query("SELECT max(id) FROM games")
            games.append((game, (first, second), self.plies(n)))
        days = max(len(p) for _, _, p in games)
        started = time.monotonic()
        for day in range(days):
            self.now = T0 + timedelta(days=day)
            for game, players, plies in games:
                if day < len(plies):
                    userid = players[day % 2]
                    address, password, pictures = users[userid]
                    self.move(game, userid, address, password, pictures, plies[day])
            send = subprocess.run(running_clock_prefix(self.now + timedelta(hours=1)) +
                                  [self.pbem, "--config", self.config, "outbox", "send"], capture_output=True,
                                  timeout=300)
            if send.returncode != 0:
                sys.exit(f"pbem outbox send: {send.stderr.decode()[-2000:]}")
            self.run("tick", when=self.now + timedelta(hours=2))
            if not args.smoke and day % 10 == 9:
                print(f"  day {day + 1}/{days}: {time.monotonic() - started:.0f} s", file=sys.stderr)
        [(moves,)] = self.query("SELECT count(*) FROM moves")
        [(finished,)] = self.query("SELECT count(*) FROM games WHERE status = 'finished'")
        return moves, finished, days

    def main(self):
        args = self.args
        # An empty database: the schema's own pages, subtracted for the net figures.
        empty_config = self.write_config("empty.json", "empty.sqlite", {})
        self.run("init", config=empty_config)
        empty = self.measure(os.path.join(self.dir, "empty.sqlite"))

        moves, finished, days = self.play()
        last = self.now
        all_kept = self.measure(self.db_path)
        beyond = last + timedelta(days=100)

        # The same history on the server with retention: a copy ticked past every window
        # (its backlog deleted in batches, the file shrunk).
        copy = os.path.join(self.dir, "retention.sqlite")
        shutil.copy(self.db_path, copy)
        retention_config = self.write_config("retention.json", "retention.sqlite", {})
        self.run("tick", config=retention_config, when=beyond)
        kept = self.measure(copy)
        [(inbox,)] = self.query("SELECT count(*) FROM inbox", path=copy)
        [(settled,)] = self.query("SELECT count(*) FROM outbox WHERE state <> 'queued'", path=copy)

        # Before retention: the texts emptied after outbox.keep_sent_days, every row kept.
        self.run("tick", when=beyond)
        texts_only = self.measure(self.db_path)

        print(f"{args.games} HY 3 games (size {args.size}), {finished} finished, {moves} moves over {days} "
              f"simulated days; an empty database uses {empty['used']} bytes")
        print(f"{'':22} {'used bytes':>12} {'file bytes':>12} {'bytes/move':>11} {'net/move':>9}")
        for name, m in (("on the last day", all_kept), ("texts only (before)", texts_only),
                        ("retention (after)", kept)):
            print(f"{name:22} {m['used']:>12} {m['file']:>12} {m['used'] / moves:>11.0f} "
                  f"{(m['used'] - empty['used']) / moves:>9.0f}")
        for name, path in (("texts only", self.db_path), ("retention", copy)):
            print(f"largest in '{name}': " +
                  ", ".join(f"{table} {size // 1024} KiB" for table, size in self.breakdown(path)))
        print(f"after retention: {inbox} inbox row(s), {settled} settled outbox row(s)")
        if args.smoke and (settled != 0 or inbox > 1):
            print("smoke: retention left rows past their windows", file=sys.stderr)
            return 1
        return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build", default="build")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--size", type=int, default=7)
    parser.add_argument("--max-plies", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--smoke", action="store_true")
    parser.add_argument("--keep", action="store_true", help="keep the scratch directory and its databases")
    args = parser.parse_args()
    if not libfaketime() or not os.path.exists("/usr/sbin/smtp-sink"):
        print("needs libfaketime and Postfix's smtp-sink (scripts/install-deps.sh installs both)", file=sys.stderr)
        return 77
    bench = Bench(args)
    try:
        return bench.main()
    finally:
        bench.close()


if __name__ == "__main__":
    sys.exit(main())
