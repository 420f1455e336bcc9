"""`pbem backup FILE` and `pbem restore FILE` (issue 58) with the real pbemd: a backup taken
while pbemd stores a stream of SMTP mail holds every message acknowledged (250) before the
backup began, passes SQLite's integrity check and is mode 0600; `pbem restore` refuses
while pbemd serves the database, refuses a corrupt file and a SQLite file that is not
pbem's (changing nothing), and a restored database is served by pbemd again. Every `pbem`
command holds the database as pbemd does: `pbem ingest` started during a restore waits for
it, and restore refuses while a command has the file open. On PostgreSQL `pbem backup`
points to pg_dump and fails."""
import fcntl
import os
import smtplib
import subprocess
import sqlite3
import stat
import sys
import threading
import time
import unittest

from pbem_harness import Server, build_dir, make_mail
from daemon_harness import Daemon, DaemonServer, PythonSink, ShowsLogsOnFailure, wait_until

build_dir(sys.argv)


class MailStream(threading.Thread):
    """Sends `help` mails one after another over SMTP, noting when each got its 250."""

    def __init__(self, port):
        super().__init__(daemon=True)
        self.port = port
        self.acknowledged = []  # (monotonic time of the 250, Message-ID without brackets)
        self.stopping = threading.Event()
        self.error = None

    def run(self):
        try:
            n = 0
            with smtplib.SMTP("127.0.0.1", self.port, timeout=60) as client:
                while not self.stopping.is_set():
                    n += 1
                    message_id = f"stream-{n}@client.example"
                    client.sendmail("carol@example.org", ["pbem@test.example"],
                                    make_mail("carol@example.org", "help", message_id=f"<{message_id}>"))
                    self.acknowledged.append((time.monotonic(), message_id))
        except Exception as e:  # noqa: BLE001 - reported by the test
            self.error = e


class Backup(ShowsLogsOnFailure, unittest.TestCase):
    def setUp(self):
        self.sink = PythonSink().start()
        self.addCleanup(self.sink.stop)
        self.server = DaemonServer(self.sink.port)
        self.addCleanup(self.server.close)
        if self.server.postgres:
            return
        self.daemon = Daemon(self.server).start()
        self.addCleanup(self.daemon.close)
        self.backup = os.path.join(self.server.path, "backups", "pbem-1.sqlite")
        os.mkdir(os.path.dirname(self.backup))

    @property
    def logs(self):
        return self.daemon.all_logs() if hasattr(self, "daemon") else ""

    def pbem(self, *args):
        p = self.server.pbem(*args)
        return p.returncode, p.stdout.decode(), p.stderr.decode()

    def inbox_ids(self, path):
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as con:
            return {row[0] for row in con.execute("SELECT message_id FROM inbox")}

    def take_backup_under_load(self):
        stream = MailStream(self.daemon.port)
        stream.start()
        wait_until(lambda: len(stream.acknowledged) >= 20, what="20 messages acknowledged")
        began = time.monotonic()
        status, out, err = self.pbem("backup", self.backup)
        time.sleep(0.5)  # the stream goes on after the backup too
        stream.stopping.set()
        stream.join(timeout=60)
        self.assertIsNone(stream.error)
        self.assertEqual(status, 0, err)
        self.assertIn("integrity ok", out)
        before = {mid for when, mid in stream.acknowledged if when < began}
        return before, {mid for _, mid in stream.acknowledged}

    def test_a_backup_under_load_holds_every_message_acknowledged_before_it(self):
        if self.server.postgres:
            self.skipTest("SQLite's backup")
        before, _ = self.take_backup_under_load()
        self.assertGreaterEqual(len(before), 20)
        self.assertEqual(stat.S_IMODE(os.stat(self.backup).st_mode), 0o600)
        self.assertFalse(os.path.exists(self.backup + "-wal"), "a backup is one file")
        self.assertFalse(os.path.exists(self.backup + ".partial"))
        with sqlite3.connect(f"file:{self.backup}?mode=ro", uri=True) as con:
            self.assertEqual(con.execute("PRAGMA integrity_check").fetchone()[0], "ok")
        missing = before - self.inbox_ids(self.backup)
        self.assertEqual(missing, set(), "acknowledged before the backup began, missing from it")

    def test_restore_refuses_while_pbemd_serves_the_database(self):
        if self.server.postgres:
            self.skipTest("SQLite's restore")
        status, _, err = self.pbem("backup", self.backup)
        self.assertEqual(status, 0, err)
        inode = os.stat(self.server.db_path).st_ino
        status, _, err = self.pbem("restore", self.backup)
        self.assertEqual(status, 1)
        self.assertIn("pbemd is serving", err)
        self.assertIn("nothing was changed", err)
        self.assertEqual(os.stat(self.server.db_path).st_ino, inode)

    def test_restore_refuses_a_corrupt_or_foreign_file(self):
        if self.server.postgres:
            self.skipTest("SQLite's restore")
        status, _, err = self.pbem("backup", self.backup)
        self.assertEqual(status, 0, err)
        self.daemon.terminate()
        inode = os.stat(self.server.db_path).st_ino
        garbage = os.path.join(self.server.path, "garbage.sqlite")
        with open(garbage, "wb") as f:
            f.write(os.urandom(64 * 1024))
        damaged = os.path.join(self.server.path, "damaged.sqlite")
        with open(self.backup, "rb") as f:
            data = bytearray(f.read())
        page = 4096
        self.assertGreater(len(data), 8 * page)
        for offset in range(3 * page, len(data) - page, 5 * page):  # pages past the header's, overwritten
            data[offset + 100:offset + 400] = os.urandom(300)
        with open(damaged, "wb") as f:
            f.write(data)
        foreign = os.path.join(self.server.path, "foreign.sqlite")
        with sqlite3.connect(foreign) as con:
            con.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
            con.execute("INSERT INTO notes (text) VALUES ('not pbem')")
        cases = {garbage: "not a SQLite database", damaged: "", foreign: "not pbem's",
                 os.path.join(self.server.path, "absent.sqlite"): "is not a file"}
        for path, words in cases.items():
            status, _, err = self.pbem("restore", path)
            self.assertEqual(status, 1, (path, err))
            self.assertIn(words, err)
            self.assertIn("nothing was changed", err)
            self.assertEqual(os.stat(self.server.db_path).st_ino, inode, path)
        self.assertEqual([f for f in os.listdir(self.server.path) if f.endswith(".restoring")], [])

    def test_a_restored_database_is_served_by_pbemd(self):
        if self.server.postgres:
            self.skipTest("SQLite's restore")
        before, everything = self.take_backup_under_load()
        in_backup = self.inbox_ids(self.backup)
        after_backup = everything - in_backup
        self.daemon.terminate()
        status, out, err = self.pbem("restore", self.backup)
        self.assertEqual(status, 0, err)
        self.assertIn("is now the copy", out)
        self.assertEqual(stat.S_IMODE(os.stat(self.server.db_path).st_mode), 0o600)
        self.assertEqual(self.inbox_ids(self.server.db_path), in_backup)
        if after_backup:
            self.assertFalse(after_backup & self.inbox_ids(self.server.db_path))
        self.daemon.start()
        with smtplib.SMTP("127.0.0.1", self.daemon.port, timeout=60) as client:
            client.sendmail("dave@example.org", ["pbem@test.example"],
                            make_mail("dave@example.org", "help", message_id="<after-restore@client.example>"))
        wait_until(lambda: any(a.in_reply_to == "after-restore@client.example" for a in self.sink.received()),
                   what="the reply from the restored database")
        self.assertIn("after-restore@client.example", self.inbox_ids(self.server.db_path))
        self.assertTrue(before <= self.inbox_ids(self.server.db_path))

    def test_postgresql_points_to_pg_dump(self):
        if not self.server.postgres:
            self.skipTest("PostgreSQL's way")
        status, _, err = self.pbem("backup", os.path.join(self.server.path, "x.sqlite"))
        self.assertEqual(status, 1)
        self.assertIn("pg_dump", err)


class CommandsDuringRestore(unittest.TestCase):
    """The lock a restore and every pbem command take on the file (storage/database_hold.h),
    held here by the test as the other side would hold it."""

    def setUp(self):
        self.server = Server()
        self.addCleanup(self.server.close)
        if self.server.postgres:
            self.skipTest("SQLite's restore")
        self.assertEqual(self.server.pbem("init").returncode, 0)

    def inbox_rows(self):
        with sqlite3.connect(self.server.db_path) as con:
            return con.execute("SELECT count(*) FROM inbox").fetchone()[0]

    def test_an_ingest_started_during_a_restore_waits_for_it(self):
        with open(self.server.db_path, "rb") as held:
            fcntl.flock(held, fcntl.LOCK_EX)  # as `pbem restore` holds it while it swaps the file
            ingest = subprocess.Popen(self.server.pbem_command("ingest"), stdin=subprocess.PIPE,
                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            ingest.stdin.write(make_mail("alice@example.org", "help"))
            ingest.stdin.close()
            time.sleep(1.5)
            self.assertIsNone(ingest.poll(), "pbem ingest stored a message while a restore held the database")
            self.assertEqual(self.inbox_rows(), 0)
            fcntl.flock(held, fcntl.LOCK_UN)
        self.assertEqual(ingest.wait(timeout=60), 0, ingest.stderr.read().decode())
        self.assertEqual(self.inbox_rows(), 1)

    def test_restore_refuses_while_a_pbem_command_has_the_database_open(self):
        backup = os.path.join(self.server.path, "copy.sqlite")
        self.assertEqual(self.server.pbem("backup", backup).returncode, 0)
        inode = os.stat(self.server.db_path).st_ino
        with open(self.server.db_path, "rb") as held:
            fcntl.flock(held, fcntl.LOCK_SH)  # as `pbem ingest` holds it while it stores a mail
            p = self.server.pbem("restore", backup)
        self.assertEqual(p.returncode, 1)
        self.assertIn("another pbem command", p.stderr.decode())
        self.assertEqual(os.stat(self.server.db_path).st_ino, inode)
        self.assertEqual(self.server.pbem("restore", backup).returncode, 0)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
