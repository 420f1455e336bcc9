#!/usr/bin/env python3
"""Flat in size (issue 33 item 2): the server's everyday operations on a database of
1,000 moves and on one of 1,000,000, in the same run (python stdlib only; not run by
CTest but for the short smoke run in bench/CMakeLists.txt).

Each database is made by build/bench/scale_build through the storage layer (users with
a password and a confirmed address, finished games of HY 3, Gates and Gaia played with
random legal plies and rated as the server rates them, running games with live clocks,
running games against the computer where the human is to move). The two databases of a
comparison hold the same present: the same --users, --running games with clocks and
--bot-games against the computer; what differs is the past, --small-moves (1,000) or
--moves (1,000,000) stored plies, as on a server that has run for years. (Only so many
plies fit in 1,000: the small database's running games have none yet, the large one's
about 10 each.)

Timed, each --repeat times (a different game or user each time where the operation
writes), alternating small and large, the median reported:
- a move through `pbem ingest` (a new process: open, store, process, reply; its first
  password check is one Argon2id, the same in both);
- a move that ends a game: `resign` through `pbem ingest` (the end is stamped, the game
  rated);
- a move over SMTP: a real `pbemd` per database, its smarthost Postfix's smtp-sink dumping
  to a directory; from the client's connect to the reply's file appearing;
- `games` (one user's, and everyone's: the first 100 lines), `all show`, `ratings` (two
  named players, and everyone's), `history`, each as a mail through `pbem ingest`;
- `pbem tick` with the running clocks (none due: the hot path is finding what is due);
- the computer's round: a move in a game against the computer through `pbem ingest`,
  after which the computer scans its running games and answers (bot.playouts 100, so
  that the search does not hide the storage);
- `pbem ratings --rebuild` and `pbem migrate-to` (SQLite -> PostgreSQL, only with
  --postgres) at three sizes, reported per move (linear: about constant).

Also timed: the computer's round on a database with the small one's present but 10 games
against the computer (--few-bot-games) against the small one's 1,000 (issue 46: the same
cost), and, with --postgres, the everyday `pbem ingest` operations on the large SQLite and
the large PostgreSQL database alternately (the same content: scale_build with the same
seed and sizes; issue 46's target: PostgreSQL within 1.5x of SQLite), PostgreSQL both
directly and through a private PgBouncer (session pooling), which gives each new process a
warm backend instead of starting one.

--postgres runs everything on PostgreSQL too, in a throwaway cluster
(scripts/with-postgres.sh: fsync off, Unix socket); --pg-moves sets its large size
(default --moves); --no-pg-backend uses it only as migrate-to's target, --no-sqlite
measures PostgreSQL alone. Without --postgres only SQLite is measured (and migrate-to not).

Usage: bench/scale.py [--build build-rel] [--moves 1000000] [--postgres] [--repeat 5]
Exit status: 0 when every step ran (targets missed or not), 1 on a failure, 77 when a
tool is missing (smtp-sink; PostgreSQL and PgBouncer with --postgres).
"""
import argparse
import json
import os
import platform
import shutil
import smtplib
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import uuid
from email.utils import formatdate

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "integration"))
from daemon_harness import free_port, wait_for_smtp  # noqa: E402  (the tests' own helpers)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SMTP_SINK = "/usr/sbin/smtp-sink"
PGBOUNCER = "/usr/sbin/pgbouncer"
SERVER = "pbem@test.example"
TARGET = 1.25
ACROSS_TARGET = 1.5  # PostgreSQL against SQLite, the same operation on the same content
MEAN_FINISHED_PLIES = 23  # plies per finished game (scale_build resigns at its share)
RUNNING_PLIES = 10  # mean plies of a running game, the same in every database of a run


def log(*args):
    print(*args, file=sys.stderr, flush=True)


def mail(sender, subject, message_id=None):
    message_id = message_id or f"{uuid.uuid4()}@bench.example"
    raw = (f"From: {sender}\r\nTo: {SERVER}\r\nSubject: {subject}\r\nDate: {formatdate()}\r\n"
           f"Message-ID: <{message_id}>\r\n\r\nSent by bench/scale.py\r\n")
    return raw.encode(), message_id


def stop_process(proc, timeout=60):
    proc.terminate()
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=timeout)


def machine():
    model = "unknown CPU"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} cores, {platform.system()} {platform.release()}"


def fmt_ms(seconds):
    if seconds is None:
        return "-"
    ms = seconds * 1000
    return f"{ms:.0f} ms" if ms >= 100 else f"{ms:.1f} ms" if ms >= 10 else f"{ms:.2f} ms"


def fmt_count(n):
    return f"{n / 1e6:g}M" if n >= 1e6 else f"{n / 1e3:g}k" if n >= 1e3 else str(n)


class Postgres:
    """Fresh schemas in the cluster scripts/with-postgres.sh started (PBEM_TEST_POSTGRES)."""

    def __init__(self, base):
        self.base = base
        self.made = 0

    def schema(self):
        self.made += 1
        name = f"scale{os.getpid()}_{self.made}"
        self.psql(self.base, f"CREATE SCHEMA {name}")
        return self.base + ("&" if "?" in self.base else "?") + "options=-csearch_path%3D" + name, name

    def psql(self, uri, sql):
        p = subprocess.run(["psql", "-X", "-q", "-t", "-A", "-v", "ON_ERROR_STOP=1", uri, "-c", sql],
                           capture_output=True, text=True, timeout=600)
        if p.returncode != 0:
            raise RuntimeError(f"psql: {p.stderr.strip()}")
        return p.stdout.strip()

    def size(self, schema):
        return int(self.psql(self.base, "SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) FROM pg_class c "
                                        f"JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = '{schema}' "
                                        "AND c.relkind IN ('r', 'm')"))


class Db:
    """One scratch server: its configuration, database and manifest."""

    def __init__(self, bench, label, history, users, running, bot_games, backend):
        self.bench = bench
        self.label = label
        self.history = history
        self.backend = backend
        self.dir = os.path.join(bench.work, f"{backend}-{label}")
        os.makedirs(self.dir)
        self.schema = None
        if backend == "postgresql":
            self.database, self.schema = bench.pg.schema()
        else:
            self.database = os.path.join(self.dir, "pbem.sqlite")
        self.config = self.write_config("pbem.json", {})
        finished = max(1, round(history / MEAN_FINISHED_PLIES))
        self.counts = dict(users=users, finished=finished, running=running, bot_games=bot_games)
        manifest = os.path.join(self.dir, "manifest.json")
        started = time.perf_counter()
        subprocess.run([bench.binary("bench", "scale_build"), "--config", self.config, "--users", str(users),
                        "--finished", str(finished), "--running", str(running), "--bot-games", str(bot_games),
                        "--history-moves", str(history), "--running-plies", str(RUNNING_PLIES), "--seed", "33",
                        "--probes", str(max(12, 10 * bench.args.repeat)), "--manifest", manifest], check=True)
        self.build_seconds = time.perf_counter() - started
        with open(manifest) as f:
            self.manifest = json.load(f)
        self.stored_moves = self.manifest["moves_stored"]
        self.probe_next = {"moves": 0, "bot_moves": 0}

    def write_config(self, name, extra):
        config = {"server": {"address": SERVER, "name": "Scale bench"}, "database": self.database,
                  "limits": {"replies_per_hour": 1000000},
                  "bot": {"playouts": 100}}
        for key, value in extra.items():
            config.setdefault(key, {}).update(value)
        path = os.path.join(self.dir, name)
        with open(path, "w") as f:
            json.dump(config, f)
        return path

    def size_bytes(self):
        if self.backend == "postgresql":
            return self.bench.pg.size(self.schema)
        return sum(os.path.getsize(self.database + s) for s in ("", "-wal") if os.path.exists(self.database + s))

    def probe(self, kind):
        """The next running game (not used before) with a legal ply for the player to move."""
        probes = self.manifest[kind]
        i = self.probe_next[kind]
        if i >= len(probes):
            raise RuntimeError(f"{self.label}: out of {kind} probes ({len(probes)})")
        self.probe_next[kind] = i + 1
        return probes[i]

    def pbem(self, *args, stdin=None, check=True):
        started = time.perf_counter()
        p = subprocess.run([self.bench.binary("server", "pbem"), "--config", self.config, *args], input=stdin,
                           capture_output=True, timeout=3600)
        elapsed = time.perf_counter() - started
        if check and p.returncode != 0:
            raise RuntimeError(f"pbem {' '.join(args)} on {self.label}: exit {p.returncode}: "
                               f"{p.stderr.decode(errors='replace')[-2000:]}")
        return elapsed, p

    def ingest(self, sender, subject, expect=None):
        raw, _ = mail(sender, subject)
        elapsed, p = self.pbem("ingest", stdin=raw)
        log_text = p.stderr.decode(errors="replace")
        if expect and expect not in log_text:
            raise RuntimeError(f"{self.label}: {subject!r} did not log {expect!r}: {log_text[-1500:]}")
        return elapsed


class Through:
    """A database reached through another configuration (the same rows, the same probes)."""

    pbem = Db.pbem
    ingest = Db.ingest

    def __init__(self, db, config):
        self.db, self.config = db, config
        self.bench, self.manifest, self.label = db.bench, db.manifest, db.label + " (through PgBouncer)"

    def probe(self, kind):
        return self.db.probe(kind)


class Bouncer:
    """PgBouncer (session pooling) in front of the throwaway cluster, for one database's
    schema: a role of its own whose search_path is that schema (PgBouncer 1.18 does not
    pass on libpq's `options`), and a configuration of that database through it."""

    def __init__(self, bench, db):
        self.dir = os.path.join(bench.work, "pgbouncer")
        os.makedirs(self.dir)
        os.chmod(self.dir, 0o777)  # PgBouncer refuses root: under root it runs as nobody
        role = f"scale_{db.schema}"
        bench.pg.psql(bench.pg.base, f"CREATE ROLE {role} LOGIN SUPERUSER")
        bench.pg.psql(bench.pg.base, f"ALTER ROLE {role} SET search_path = {db.schema}")
        cluster = urllib.parse.parse_qs(urllib.parse.urlparse(bench.pg.base).query)["host"][0]
        self.port = free_port()
        ini = os.path.join(self.dir, "pgbouncer.ini")
        with open(ini, "w") as f:
            f.write(f"[databases]\nscale = host={cluster} dbname=postgres user={role}\n\n"
                    f"[pgbouncer]\nlisten_addr =\nunix_socket_dir = {self.dir}\nlisten_port = {self.port}\n"
                    "auth_type = any\npool_mode = session\nmax_client_conn = 200\ndefault_pool_size = 4\n"
                    f"logfile = {self.dir}/pgbouncer.log\n")
        os.chmod(ini, 0o644)
        as_nobody = ["runuser", "-u", "nobody", "--"] if os.geteuid() == 0 else []
        self.proc = subprocess.Popen(as_nobody + [PGBOUNCER, ini], stdin=subprocess.DEVNULL,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        socket_file = os.path.join(self.dir, f".s.PGSQL.{self.port}")
        deadline = time.monotonic() + 30
        while not os.path.exists(socket_file):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"PgBouncer did not start (see {self.dir}/pgbouncer.log)")
            time.sleep(0.05)
        uri = f"postgresql:///scale?host={self.dir}&port={self.port}&user={role}"
        self.config = os.path.join(db.dir, "pbem-pgbouncer.json")
        with open(db.config) as f:
            config = json.load(f)
        config["database"] = uri
        with open(self.config, "w") as f:
            json.dump(config, f)

    def stop(self):
        stop_process(self.proc)


class Daemon:
    """pbemd on a database, its smarthost an smtp-sink dumping to a directory."""

    def __init__(self, db):
        self.db = db
        self.dump = os.path.join(db.dir, "sink")
        os.makedirs(self.dump)
        os.chmod(self.dump, 0o777)
        self.sink_port = free_port()
        args = [SMTP_SINK] + (["-u", "nobody"] if os.geteuid() == 0 else [])
        self.sink = subprocess.Popen(args + ["-d", os.path.join(self.dump, "%M."), f"127.0.0.1:{self.sink_port}",
                                             "64"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        wait_for_smtp(self.sink_port, timeout=600, alive=lambda: self.sink.poll() is None)
        self.port = free_port()
        config = db.write_config("pbemd.json", {"smtp": {"listen": f"127.0.0.1:{self.port}"},
                                                "smarthost": {"host": "127.0.0.1", "port": self.sink_port}})
        self.log = open(os.path.join(db.dir, "pbemd.log"), "wb")
        started = time.perf_counter()
        self.proc = subprocess.Popen([db.bench.binary("server", "pbemd"), "--config", config],
                                     stdin=subprocess.DEVNULL, stdout=self.log, stderr=subprocess.STDOUT)
        wait_for_smtp(self.port, timeout=600, alive=lambda: self.proc.poll() is None)
        self.start_seconds = time.perf_counter() - started
        self.seen = set()

    def new_files(self):
        names = set(os.listdir(self.dump)) - self.seen
        return names

    def move(self, probe):
        subject = (f"{probe['type']} move {probe['game']} {probe['userid']} {self.db.manifest['password']} "
                   f"{probe['ply']}#{probe['ply_no']}")
        raw, message_id = mail(probe["address"], subject)
        needle = f"<{message_id}>".encode()
        self.seen |= self.new_files()
        started = time.perf_counter()
        with smtplib.SMTP("127.0.0.1", self.port, timeout=120) as client:
            client.sendmail(probe["address"], [SERVER], raw)
        deadline = started + 120
        while time.perf_counter() < deadline:
            for name in self.new_files():
                path = os.path.join(self.dump, name)
                try:
                    with open(path, "rb") as f:
                        data = f.read()
                except OSError:
                    continue
                if needle in data:
                    elapsed = time.perf_counter() - started
                    self.seen.add(name)
                    return elapsed
                if b"\n\n" in data or b"\r\n\r\n" in data:  # its headers are complete: another mail
                    self.seen.add(name)
            time.sleep(0.002)
        raise RuntimeError(f"{self.db.label}: no reply to {subject!r} within 120 s (see {self.log.name})")

    def stop(self):
        for proc in (self.proc, self.sink):
            stop_process(proc)
        self.log.close()


class Bench:
    def __init__(self, args):
        self.args = args
        self.build = os.path.abspath(args.build)
        self.work = args.keep or tempfile.mkdtemp(prefix="pbem-scale-")
        os.makedirs(self.work, exist_ok=True)
        os.chmod(self.work, 0o755)  # smtp-sink, run as nobody under root, writes below it
        base = os.environ.get("PBEM_TEST_POSTGRES", "")
        self.pg = Postgres(base) if base else None
        self.results = []  # printed at the end
        self.large_of = {}  # backend -> its large database, for the comparison across backends

    def binary(self, *parts):
        return os.path.join(self.build, *parts)

    def timed(self, small, large, name, run):
        """run(db) -> seconds, repeated alternately on both; medians."""
        return (name, *self.timed_all([small, large], name, run))

    def timed_all(self, dbs, name, run):
        """run(db) -> seconds, repeated on each database in turn, the order rotating; medians."""
        times = [[] for _ in dbs]
        for i in range(self.args.repeat):
            order = list(range(len(dbs)))
            order = order[i % len(order):] + order[:i % len(order)] if i % 2 == 0 else order[::-1]
            for side in order:
                times[side].append(run(dbs[side]))
        medians = [statistics.median(t) for t in times]
        log(f"  {name}: {' / '.join(fmt_ms(m) for m in medians)}")
        return medians

    def operations(self):
        """The timed operations, each run(db) -> seconds: name -> run."""
        def user_with_games(db, i):
            probe = db.manifest["moves"][-1 - (i % max(1, len(db.manifest["moves"]) // 2))]
            return probe["userid"], probe["address"]

        def rated(db, i):
            names = db.manifest["rated"]["hy3"]
            return names[(2 * i) % len(names)], names[(2 * i + 1) % len(names)]

        counter = {"n": 0}

        def nth():
            counter["n"] += 1
            return counter["n"]

        def move(db):
            p = db.probe("moves")
            return db.ingest(p["address"], f"{p['type']} move {p['game']} {p['userid']} {db.manifest['password']} "
                                           f"{p['ply']}#{p['ply_no']}", expect=f"move {p['ply_no']}")

        def resign(db):
            p = db.probe("moves")
            return db.ingest(p["address"], f"{p['type']} resign {p['game']} {p['userid']} {db.manifest['password']}",
                             expect="resigned")

        def bot_move(db):
            p = db.probe("bot_moves")
            return db.ingest(p["address"], f"{p['type']} move {p['game']} {p['userid']} {db.manifest['password']} "
                                           f"{p['ply']}#{p['ply_no']}", expect="bot: ")

        def games_user(db):
            userid, address = user_with_games(db, nth())
            return db.ingest(address, f"hy3 games {userid}", expect="games")

        def games_all(db):
            userid, address = user_with_games(db, nth())
            return db.ingest(address, "hy3 games", expect="games")

        def all_show(db):
            userid, address = user_with_games(db, nth())
            return db.ingest(address, f"all show {userid}", expect="show")

        def ratings_named(db):
            a, b = rated(db, nth())
            return db.ingest(f"{a}@players.example", f"hy3 ratings {a} {b}", expect="ratings")

        def ratings_all(db):
            a, _ = rated(db, nth())
            return db.ingest(f"{a}@players.example", "hy3 ratings", expect="ratings")

        def history(db):
            games = db.manifest["history"]
            g = games[nth() % len(games)]
            return db.ingest(f"{db.manifest['rated']['hy3'][0]}@players.example", f"{g['type']} history {g['game']}",
                             expect="history")

        def floor(db):
            userid, address = user_with_games(db, nth())
            return db.ingest(address, "list", expect="list")

        def tick(db):
            return db.pbem("tick")[0]

        return dict(floor=("`list` through `pbem ingest` (reads no game: the floor)", floor),
                    move=("a move through `pbem ingest`", move),
                    resign=("a move that ends a game (`resign` through `pbem ingest`)", resign),
                    games_user=("`hy3 games userid`", games_user),
                    games_all=("`hy3 games` (everyone's, first 100 lines)", games_all),
                    all_show=("`all show userid`", all_show),
                    ratings_named=("`hy3 ratings userid userid`", ratings_named),
                    ratings_all=("`hy3 ratings` (everyone, first 100 lines)", ratings_all),
                    history=("`history`", history),
                    tick=("`pbem tick`", tick),
                    bot_move=("the computer's round: a move in a game against it by `pbem ingest`, and its answer",
                              bot_move))

    def flat(self, backend, small, large):
        rows = []
        ops = self.operations()
        for key in ("floor", "move", "resign", "games_user", "games_all", "all_show", "ratings_named",
                    "ratings_all", "history"):
            rows.append(self.timed(small, large, *ops[key]))
        running = fmt_count(small.counts['running'] + small.counts['bot_games'])
        rows.append(self.timed(small, large, f"`pbem tick`, {running} running clocks", ops["tick"][1]))
        rows.append(self.timed(small, large,
                               f"the computer's round ({fmt_count(small.counts['bot_games'])} games against it): "
                               "a move in one by `pbem ingest`, and its answer", ops["bot_move"][1]))
        # Over SMTP: one pbemd per database, both running, moves alternated.
        daemons = {}
        try:
            for db in (small, large):
                daemons[db.label] = Daemon(db)
                log(f"  pbemd on {db.label} answered SMTP after {daemons[db.label].start_seconds:.1f} s")
            # One move each first, not measured: the daemons' first round of duties is done.
            for db in (small, large):
                daemons[db.label].move(db.probe("moves"))
            rows.insert(1, self.timed(small, large, "a move over SMTP (`pbemd`, reply at smtp-sink)",
                                      lambda db: daemons[db.label].move(db.probe("moves"))))
        finally:
            for d in daemons.values():
                d.stop()
        self.results.append((backend, small, large, rows))

    def linear(self, backend, dbs):
        rows = []
        for db in dbs:
            reps = 3 if db.stored_moves <= 200000 else 1
            times = [db.pbem("ratings", "--rebuild")[0] for _ in range(min(reps, self.args.repeat))]
            rows.append(("`pbem ratings --rebuild`", db, statistics.median(times)))
            log(f"  ratings --rebuild on {db.label}: {fmt_ms(rows[-1][2])}")
        if backend == "sqlite" and self.pg:
            for db in dbs:
                reps = 3 if db.stored_moves <= 200000 else 1
                times = []
                for _ in range(min(reps, self.args.repeat)):
                    target, schema = self.pg.schema()
                    times.append(db.pbem("migrate-to", target)[0])
                    self.pg.psql(self.pg.base, f"DROP SCHEMA {schema} CASCADE")
                rows.append(("`pbem migrate-to` (SQLite -> PostgreSQL)", db, statistics.median(times)))
                log(f"  migrate-to from {db.label}: {fmt_ms(rows[-1][2])}")
        return rows

    def backend(self, backend, large_moves):
        a = self.args
        present = RUNNING_PLIES * (a.running + a.bot_games)
        sizes = [("small", a.small_moves), ("middle", max(2 * a.small_moves, (large_moves - present) // 10)),
                 ("large", max(4 * a.small_moves, large_moves - present))]
        log(f"{backend}: the same present in each ({a.users} users, {a.running} running clocks, {a.bot_games} "
            f"games against the computer, about {present} plies in them) and a past of "
            f"{', '.join(str(h) for _, h in sizes)} moves")
        small, middle, large = (Db(self, label, history, a.users, a.running, a.bot_games, backend)
                                for label, history in sizes)
        # The small database's present with few games against the computer: its round must
        # cost the same with 10 of them as with 1,000 (issue 46).
        few = Db(self, "few-computer", a.small_moves, a.users, a.running, a.few_bot_games, backend)
        self.large_of[backend] = large
        if backend == "postgresql":
            # As a database that has run a while: autovacuum would otherwise be busy with the
            # freshly loaded tables (on the same two cores) while the large one is timed.
            self.pg.psql(self.pg.base, "VACUUM ANALYZE")
        for db in (small, middle, large):
            log(f"  {db.label}: {db.stored_moves} moves, {db.counts}, built in {db.build_seconds:.1f} s, "
                f"{db.size_bytes() / 1e6:.1f} MB")
        linear = self.linear(backend, [small, middle, large])
        self.flat(backend, small, large)
        computer = self.timed(few, small, f"the computer's round: {a.few_bot_games} of its games against "
                              f"{small.counts['bot_games']}", self.operations()["bot_move"][1])
        self.results[-1] += (linear, [small, middle, large], computer)

    def across(self):
        """The same operations on the large SQLite and PostgreSQL databases (the same
        content: scale_build with the same seed and sizes), alternately (issue 46: a
        `pbem ingest` on PostgreSQL within 1.5x of the same on SQLite)."""
        sqlite, postgresql = self.large_of["sqlite"], self.large_of["postgresql"]
        if sqlite.history != postgresql.history:
            log("  (not compared across backends: --pg-moves differs from --moves)")
            return
        log("both backends, the large databases (SQLite / PostgreSQL / through PgBouncer):")
        bouncer = Bouncer(self, postgresql)
        try:
            pooled = Through(postgresql, bouncer.config)
            ops = self.operations()
            for _ in range(2):  # not timed: the pool's backend has read the catalogue once
                ops["floor"][1](pooled)
            rows = [(ops[key][0], *self.timed_all([sqlite, postgresql, pooled], ops[key][0], ops[key][1]))
                    for key in ("floor", "move", "resign", "games_user", "all_show", "history", "bot_move")]
        finally:
            bouncer.stop()
        out = [f"SQLite against PostgreSQL, the same database ({fmt_count(sqlite.stored_moves)} moves), "
               f"in turn, median of {self.args.repeat}. Each `pbem ingest` is a new process: connected "
               "directly it starts a PostgreSQL backend of its own, through PgBouncer (session pooling) "
               "it takes a warm one; the target is for the latter, docs/operating.md's advice when "
               "every mail is a `pbem ingest`:", "",
               "| operation | SQLite | PostgreSQL, direct | ratio | through PgBouncer | difference | ratio | target | |",
               "|---|---|---|---|---|---|---|---|---|"]
        for name, a, direct, b in rows:
            ratio = b / a if a else float("inf")
            out.append(f"| {name} | {fmt_ms(a)} | {fmt_ms(direct)} | {direct / a if a else float('inf'):.2f} | "
                       f"{fmt_ms(b)} | {fmt_ms(b - a)} | {ratio:.2f} | {ACROSS_TARGET}x | "
                       f"{'met' if ratio <= ACROSS_TARGET else 'not met'} |")
        print("\n".join(out + [""]), flush=True)

    def report(self):
        """The tables of the backend measured last (printed as soon as it is done)."""
        out = [f"Machine: {machine()}", ""]
        for backend, small, large, rows, linear, dbs, computer in self.results[-1:]:
            out.append(f"{backend}: a past of {fmt_count(small.history)} moves ({small.counts['finished']} finished "
                       f"games; {fmt_count(small.stored_moves)} moves in all) against {fmt_count(large.history)} "
                       f"({large.counts['finished']}; {fmt_count(large.stored_moves)} in all); the same present in "
                       f"both: {small.counts['users']} users, {small.counts['running']} running games with clocks, "
                       f"{small.counts['bot_games']} against the computer; median of {self.args.repeat}")
            out.append("")
            out.append(f"| operation | past {fmt_count(small.history)} moves | past {fmt_count(large.history)} moves "
                       f"| ratio | target | |")
            out.append("|---|---|---|---|---|---|")
            for name, a, b in rows:
                ratio = b / a if a else float("inf")
                out.append(f"| {name} | {fmt_ms(a)} | {fmt_ms(b)} | {ratio:.2f} | {TARGET}x | "
                           f"{'met' if ratio <= TARGET else 'not met'} |")
            out.append("")
            name, a, b = computer
            out.append(f"{name} (a past of {fmt_count(small.history)} moves): {fmt_ms(a)} against {fmt_ms(b)}, "
                       f"ratio {b / a if a else float('inf'):.2f}, target {TARGET}x")
            out.append("")
            out.append("| linear | moves in all | past moves | finished games | time | per move in all "
                       "| per past move |")
            out.append("|---|---|---|---|---|---|---|")
            for name, db, t in linear:
                out.append(f"| {name} | {fmt_count(db.stored_moves)} | {fmt_count(db.history)} | "
                           f"{db.counts['finished']} | {fmt_ms(t)} | {t / db.stored_moves * 1e6:.2f} µs | "
                           f"{t / db.history * 1e6:.2f} µs |")
            out.append("")
            out.append("| database | moves | games | size | bytes per move | built in |")
            out.append("|---|---|---|---|---|---|")
            for db in dbs:
                size = db.size_bytes()
                games = db.counts["finished"] + db.counts["running"] + db.counts["bot_games"]
                out.append(f"| {db.label} | {db.stored_moves} | {games} | {size / 1e6:.1f} MB | "
                           f"{size / db.stored_moves:.0f} | {db.build_seconds:.1f} s |")
            out.append("")
        print("\n".join(out), flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--moves", type=int, default=1000000, help="the large database's moves")
    parser.add_argument("--small-moves", type=int, default=1000)
    parser.add_argument("--users", type=int, default=10000)
    parser.add_argument("--running", type=int, default=10000, help="running games with clocks, human against human")
    parser.add_argument("--bot-games", type=int, default=1000, help="running games against the computer")
    parser.add_argument("--few-bot-games", type=int, default=10,
                        help="games against the computer in the database its round is compared on")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--postgres", action="store_true", help="PostgreSQL too, in a throwaway cluster")
    parser.add_argument("--pg-moves", type=int, default=None, help="PostgreSQL's large size (default --moves)")
    parser.add_argument("--no-sqlite", action="store_true", help="PostgreSQL only (with --postgres)")
    parser.add_argument("--no-pg-backend", action="store_true",
                        help="with --postgres: PostgreSQL only as migrate-to's target")
    parser.add_argument("--keep", default=None, help="keep the databases in this directory")
    parser.add_argument("--smoke", action="store_true", help="tiny sizes, one repeat (CTest)")
    args = parser.parse_args()
    if args.smoke:
        args.moves, args.small_moves, args.users, args.running, args.bot_games = 3000, 300, 40, 20, 6
        args.few_bot_games = 2
        args.repeat = 1
    if not os.access(SMTP_SINK, os.X_OK):
        print(f"scale.py: {SMTP_SINK} not found (Postfix), skipped", file=sys.stderr)
        return 77
    if args.postgres and not args.no_sqlite and not os.access(PGBOUNCER, os.X_OK):
        print(f"scale.py: {PGBOUNCER} not found (apt-get install pgbouncer), skipped", file=sys.stderr)
        return 77
    if args.postgres and not os.environ.get("PBEM_TEST_POSTGRES"):
        # Again under a throwaway cluster (exit 77 there when PostgreSQL is not installed).
        os.execv(os.path.join(ROOT, "scripts", "with-postgres.sh"),
                 [os.path.join(ROOT, "scripts", "with-postgres.sh"), sys.executable, *sys.argv])
    bench = Bench(args)
    try:
        if not args.no_sqlite:
            bench.backend("sqlite", args.moves)
            bench.report()
        if args.postgres and not args.no_pg_backend:
            bench.backend("postgresql", args.pg_moves or args.moves)
            bench.report()
            if not args.no_sqlite:
                bench.across()
    finally:
        if not args.keep:
            shutil.rmtree(bench.work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
