"""Two pbemd on one PostgreSQL database (issue 16), as two hosts behind two MX records.
Clients spread a stream of moves over both daemons (each message of a game to the other
daemon than the one before), one daemon is killed with kill -9 mid-stream and stays down,
and its clients carry on with the other one (as an MTA tries the next MX). Then: every
message that got 250 is in the inbox once and processed once, every game holds exactly
its scripted moves, and every reply reached the sink once; the only allowed second copy
is a reply the killed daemon handed to the sink but had not yet marked sent (delivery is
at-least-once), which the other daemon sends when the dead one's claim runs out.

Also (issue 58): replies a killed daemon had claimed (in flight to a smarthost that never
answers) wait for no lease: with outbox.claim_seconds at its production 300 s, the other
daemon, or the killed one restarted, sends them within seconds, because a claim records
its sender's session lock and a free lock is a dead claimer.

Also: several processes starting at once on a new database migrate it once, and the
clock's duties run exactly once however many processes tick at the same moment
(several `pbem tick` at once, as each host's pbemd or cron would).

Needs PBEM_TEST_POSTGRES (scripts/with-postgres.sh; the ctest entry postgres_two_daemons);
skipped without it."""
import collections
import re
import smtplib
import subprocess
import sys
import threading
import time
import unittest
import uuid

from pbem_harness import POSTGRES, Server, build_dir, make_mail, pbem_binary

build_dir(sys.argv)

import test_clock as tc  # noqa: E402 - a Server whose pbem runs at a frozen moment
import test_daemon as td  # noqa: E402 - the scripted HY 3 game, the players, Traffic
from daemon_harness import (WAIT_TIMEOUT, Daemon, DaemonServer, PythonSink, ShowsLogsOnFailure,  # noqa: E402
                            assert_never_marked_sent, free_port, replies_sent_twice, send_smtplib, wait_until)

CLAIM_SECONDS = 3  # outbox.claim_seconds: how soon the survivor sends what the dead one claimed


class TwoMxTraffic(td.Traffic):
    """Traffic whose clients have two daemons: a message goes to the one asked for, and
    when that one does not take it, to the other."""

    def __init__(self, ports):
        super().__init__(ports[0])
        self.ports = ports
        self.taken_by = collections.Counter()  # daemon index -> messages it answered 250

    def send_to(self, message_id, raw, mail_from, daemon):
        while True:
            with self.cv:
                self.attempts[message_id] += 1
                if self.attempts[message_id] > self.max_attempts:
                    raise AssertionError(f"{message_id}: no 250 after {self.max_attempts} attempts")
            try:
                send_smtplib(self.ports[daemon], raw, mail_from)
            except (OSError, smtplib.SMTPException) as error:
                with self.cv:
                    self.failures.append((message_id, repr(error)))
                daemon = 1 - daemon  # the other MX
                time.sleep(0.05)
                continue
            with self.cv:
                self.acked.append(message_id)
                self.taken_by[daemon] += 1
                self.cv.notify_all()
            return

    def client(self, messages, first_daemon=0):
        try:
            for n, (message_id, raw, mail_from) in enumerate(messages):
                self.send_to(message_id, raw, mail_from, (first_daemon + n) % 2)
        except BaseException as error:  # noqa: B902 - reported by the main thread
            with self.cv:
                self.errors.append(error)


@unittest.skipUnless(POSTGRES, "needs PBEM_TEST_POSTGRES (scripts/with-postgres.sh)")
class TwoDaemons(ShowsLogsOnFailure, unittest.TestCase):
    clients = 4
    kill_point = 0.4

    def setUp(self):
        sink_port = free_port()
        outbox = {"outbox": {"claim_seconds": CLAIM_SECONDS}}
        self.server = DaemonServer(sink_port, outbox)
        # The second host: its own configuration and port, the same database.
        self.other = DaemonServer(sink_port, {**outbox, "database": self.server.postgres})
        self.sink = PythonSink(sink_port)
        self.daemons = [Daemon(self.server), Daemon(self.other)]

    def tearDown(self):
        for daemon in self.daemons:
            daemon.close()
        self.sink.stop()
        self.logs = "\n".join(f"===== pbemd {n} =====\n{d.all_logs()}" for n, d in enumerate(self.daemons)
                              if d.log_paths)  # before the directories go, for run()
        self.other.close()
        self.server.close()

    def test_kill_9_of_one_of_two_daemons_while_clients_send(self):
        games = self.clients
        self.server.signup_and_confirm(td.ALICE, "alice", "secret1")
        self.server.signup_and_confirm(td.BOB, "bob", "secret2")
        for _ in range(games):
            p = self.server.ingest(make_mail(td.ALICE, "hy3 challenge alice bob -size=3"))
            self.assertEqual(p.returncode, 0, p.stderr)
        # The setup's mail was queued by `pbem ingest`; the daemons send it like the rest.
        setup_rows = len(self.server.query("SELECT id FROM inbox"))
        scripts = [td.Durability.script(td.Durability, c + 1) for c in range(self.clients)]
        everything = [m for script in scripts for m in script]

        self.sink.start()
        for daemon in self.daemons:
            daemon.start()
        traffic = TwoMxTraffic([self.server.port, self.other.port])
        threads = [threading.Thread(target=traffic.client, args=(script, c % 2), daemon=True)
                   for c, script in enumerate(scripts)]
        for thread in threads:
            thread.start()
        traffic.wait_acked(int(len(everything) * self.kill_point))
        self.daemons[0].kill()
        killed_at = time.time()  # reaped (kill() waits): the killed daemon can do nothing after this
        for thread in threads:
            thread.join(timeout=WAIT_TIMEOUT)
            self.assertFalse(thread.is_alive(), "a client is stuck")
        self.assertEqual(traffic.errors, [])

        def settled():
            if not self.server.idle():
                return False
            return len(self.sink.received()) >= self.server.counts("outbox").get("sent", 0)
        wait_until(settled, what="the surviving daemon to process and deliver everything")

        # Every message got its 250 (from one daemon or the other), was carried out once, and
        # the games are exactly as scripted.
        ids = [m[0] for m in everything]
        self.assertEqual(set(traffic.taken_by), {0, 1}, "both daemons took messages")
        td.assert_stream_carried_out_once(self, self.server, self.sink, traffic, everything, setup_rows)
        # No message carried out by both daemons (each logs a line per message it carries out).
        logged = [re.findall(r"^\S+ inbox (\d+) from ", d.all_logs(), re.MULTILINE) for d in self.daemons]
        processed = [len(ids_logged) for ids_logged in logged]
        self.assertEqual(set(logged[0]) & set(logged[1]), set())
        self.assertEqual(len(logged[1]), len(set(logged[1])))

        # Every reply reached the sink once; a second copy only of what the killed daemon
        # had handed over without marking it sent: at most one group (OutboxSender::
        # kParallelDeliveries, 8 mails handed over at once and marked together). A first
        # copy is timed by the sink's answer to its DATA, which the sender waited for
        # before it sent the message: the sink may read the last bytes of a killed daemon
        # after it is dead (under load, milliseconds after), never a DATA it had not sent.
        duplicated = replies_sent_twice(self, self.server, self.sink, moment=lambda arrival: arrival.began)
        self.assertLessEqual(len(duplicated), td.PARALLEL_DELIVERIES, duplicated)
        for mid, times in duplicated.items():
            self.assertLess(times[0], killed_at, f"{mid} was delivered twice, not across the kill")
            assert_never_marked_sent(self, mid, self.daemons[0].log())
        print(f"\n{len(ids)} messages from {self.clients} clients over two daemons "
              f"({dict(traffic.taken_by)} taken by each), kill -9 of one: {len(traffic.failures)} failed sends, "
              f"{len(traffic.resent())} resent; commands processed per daemon {processed}; "
              f"{len(duplicated)} reply delivered twice across the kill", file=sys.stderr)


@unittest.skipUnless(POSTGRES, "needs PBEM_TEST_POSTGRES (scripts/with-postgres.sh)")
@tc.needs_libfaketime
class ClockDutiesOnce(unittest.TestCase):
    games = 4
    tickers = 4

    def setUp(self):
        self.server = tc.ClockServer()
        self.server.autovacation = "off"  # each deadline ends its game, not a vacation day instead
        self.addCleanup(self.server.close)

    def test_several_ticks_at_once_end_each_game_once(self):
        for userid, (address, password) in tc.PLAYERS.items():
            self.server.signup_and_confirm(address, userid, password)
        for game in range(1, self.games + 1):
            for subject in ("hy3 challenge alice bob -size=3 -days=3", f"hy3 move {game} alice secret1 c1"):
                p = self.server.ingest(make_mail(tc.PLAYERS["alice"][0], subject))
                self.assertEqual(p.returncode, 0, p.stderr)
        self.server.now = tc.T0 + tc.timedelta(days=3)  # every deadline has come
        ticks = [subprocess.Popen(self.server.frozen_pbem_command("tick"), stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE)
                 for _ in range(self.tickers)]
        outputs = [tick.communicate(timeout=120) for tick in ticks]
        self.assertEqual([tick.returncode for tick in ticks], [0] * self.tickers, outputs)
        ended = re.findall(rb"clock: game (\d+): ", b"".join(err for _, err in outputs))
        self.assertEqual(sorted(ended), sorted(str(g).encode() for g in range(1, self.games + 1)))
        self.assertEqual(self.server.query("SELECT DISTINCT status, end_reason FROM games"),
                         [{"status": "finished", "end_reason": "time"}])
        mails = self.server.query("SELECT game_id, count(*) AS n FROM outbox WHERE message_id LIKE 'pbem-clock-%' "
                                  "GROUP BY game_id ORDER BY game_id")
        self.assertEqual(mails, [{"game_id": g, "n": 2} for g in range(1, self.games + 1)])


@unittest.skipUnless(POSTGRES, "needs PBEM_TEST_POSTGRES (scripts/with-postgres.sh)")
class MigrationsOnce(unittest.TestCase):
    def test_several_processes_migrate_a_new_database_at_once(self):
        server = Server()
        self.addCleanup(server.close)
        inits = [subprocess.Popen([pbem_binary(), "--config", server.config, "init"], stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE) for _ in range(4)]
        outputs = [init.communicate(timeout=120) for init in inits]
        self.assertEqual([init.returncode for init in inits], [0] * 4, outputs)
        applied = sorted(int(re.search(rb"\((\d+) migrations applied now\)", out).group(1)) for out, _ in outputs)
        versions = server.query("SELECT version FROM schema_migrations ORDER BY version")
        self.assertEqual(sum(applied), len(versions))  # each migration applied by one of them
        self.assertEqual(server.query("SELECT count(*) AS n FROM users"), [{"n": 0}])


class StallingSmarthost:
    """A smarthost that takes connections and never says a word: a delivery to it stays in
    flight, its outbox row claimed, until the sender is killed."""

    def __init__(self, port):
        import socket
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", port))
        self.listener.listen(16)
        self.accepted = []
        self.thread = threading.Thread(target=self._accept, daemon=True)
        self.thread.start()

    def _accept(self):
        try:
            while True:
                self.accepted.append(self.listener.accept()[0])
        except OSError:
            return

    def close(self):
        import socket
        try:
            self.listener.shutdown(socket.SHUT_RDWR)  # wakes the accept() (Linux), which a close alone does not
        except OSError:
            pass
        self.listener.close()
        self.thread.join(timeout=10)
        for conn in self.accepted:
            conn.close()


@unittest.skipUnless(POSTGRES, "needs PBEM_TEST_POSTGRES (scripts/with-postgres.sh)")
class DeadClaims(ShowsLogsOnFailure, unittest.TestCase):
    SOON = 15  # seconds: far under the lease of 300, generous for a loaded machine

    def setUp(self):
        self.sink_port = free_port()
        lease = {"outbox": {"claim_seconds": 300}}
        self.server = DaemonServer(self.sink_port, lease)
        self.other = DaemonServer(self.sink_port, {**lease, "database": self.server.postgres})
        self.daemons = [Daemon(self.server), Daemon(self.other)]
        self.stalling = StallingSmarthost(self.sink_port)
        self.sink = None

    def tearDown(self):
        for daemon in self.daemons:
            daemon.close()
        self.stalling.close()
        if self.sink:
            self.sink.stop()
        self.logs = "\n".join(f"===== pbemd {n} =====\n{d.all_logs()}" for n, d in enumerate(self.daemons)
                              if d.log_paths)
        self.other.close()
        self.server.close()

    def claimed_replies(self):
        """Sends three help mails to daemon 0 and waits until all three replies are queued and
        at least one is claimed and in flight to the silent smarthost (how many the first
        round claims depends on how fast the mails are read: the first reply may wake the
        sender before the others are queued); kills daemon 0 and puts a real sink where the
        silent one was; returns the ids the replies answer."""
        daemon = self.daemons[0].start()
        ids = [f"dead-claim-{n}-{uuid.uuid4().hex[:8]}@client.example" for n in range(3)]
        for message_id in ids:
            send_smtplib(daemon.port, make_mail("carol@example.org", "help", message_id=f"<{message_id}>"),
                         "carol@example.org")
        wait_until(lambda: len(self.server.query(
            "SELECT id FROM outbox WHERE state = 'queued' AND attempts = 0")) >= 3 and len(self.server.query(
            "SELECT id FROM outbox WHERE state = 'queued' AND attempts = 0 AND claimed_by IS NOT NULL")) >= 1,
            timeout=60, what="three replies queued, one at least claimed and stuck")
        daemon.kill()
        self.stalling.close()
        self.sink = PythonSink(self.sink_port).start()
        return ids

    def assert_sent_soon(self, ids, since):
        wait_until(lambda: {a.in_reply_to for a in self.sink.received()} >= set(ids), timeout=self.SOON,
                   what="the dead daemon's claimed replies")
        self.assertLess(time.monotonic() - since, self.SOON)

    def test_the_other_daemon_sends_a_dead_daemons_claims_at_once(self):
        ids = self.claimed_replies()
        started = time.monotonic()
        self.daemons[1].start()
        self.assert_sent_soon(ids, started)

    def test_the_restarted_daemon_sends_its_own_dead_claims_at_once(self):
        ids = self.claimed_replies()
        started = time.monotonic()
        self.daemons[0].start()
        self.assert_sent_soon(ids, started)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1] + sys.argv[2:])
