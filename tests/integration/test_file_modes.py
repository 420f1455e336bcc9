"""Files pbem and pbemd create are private (issue 26; spec "Limits that keep the server
from being used against others"): the database holds the game-address key, password
hashes, addresses and confirmation codes, so it, its -wal and -shm, and anything else the
programs write are mode 0600 (a directory 0700) whatever the umask they were started
with; Debian's usual umask is 022. A database an older pbem left readable by others is
tightened when it is next opened, and that is logged."""
import os
import stat
import subprocess
import sys
import unittest

from daemon_harness import Daemon, DaemonServer, PythonSink, wait_until
from pbem_harness import POSTGRES, Server, build_dir, make_mail, pbem_binary

build_dir(sys.argv)

UMASK_022 = ["sh", "-c", 'umask 022 && exec "$@"', "umask-022"]


def mode(path):
    return stat.S_IMODE(os.lstat(path).st_mode)


@unittest.skipIf(POSTGRES, "the files are the SQLite database's")
class FileModes(unittest.TestCase):
    def setUp(self):
        self.server = Server()
        self.addCleanup(self.server.close)
        # What the test itself put there (the configuration, a daemon's log): not pbem's.
        self.ours = {"pbem.json"}

    def pbem(self, *args, stdin=None, env=None):
        """`pbem` started under umask 022, as from a login shell or cron on Debian."""
        full_env = dict(os.environ)
        full_env.update(env or {})
        return subprocess.run(UMASK_022 + [pbem_binary(), "--config", self.server.config, *args],
                              input=stdin, capture_output=True, env=full_env, timeout=120)

    def created(self):
        """{name: mode} of everything pbem created in the server's directory (and below)."""
        found = {}
        for top, directories, files in os.walk(self.server.path):
            for name in directories + files:
                path = os.path.join(top, name)
                relative = os.path.relpath(path, self.server.path)
                if relative not in self.ours:
                    found[relative] = mode(path)
        return found

    def assert_private(self, expected_names):
        found = self.created()
        self.assertLessEqual(set(expected_names), set(found), found)
        for name, bits in found.items():
            wanted = 0o700 if os.path.isdir(os.path.join(self.server.path, name)) else 0o600
            self.assertEqual(oct(bits), oct(wanted), f"{name} is {oct(bits)}")

    def test_init_and_ingest_under_umask_022_create_only_private_files(self):
        p = self.pbem("init")
        self.assertEqual(p.returncode, 0, p.stderr.decode())
        self.assert_private(["pbem.sqlite"])
        # A crash just after the inbox commit leaves the -wal and -shm behind, as a kill -9 would.
        p = self.pbem("ingest", stdin=make_mail("alice@example.org", "signup alice secret1"),
                      env={"PBEM_TEST_CRASH_AT": "after-inbox-commit"})
        self.assertEqual(p.returncode, 99, p.stderr.decode())
        self.assert_private(["pbem.sqlite", "pbem.sqlite-wal", "pbem.sqlite-shm"])
        p = self.pbem("ingest", stdin=make_mail("bob@example.net", "signup bob secret2"))
        self.assertEqual(p.returncode, 0, p.stderr.decode())
        self.assert_private(["pbem.sqlite"])
        self.assertEqual(len(self.server.query("SELECT id FROM users")), 2)
        for command in (["tick"], ["outbox"], ["outbox", "list"], ["ratings", "--rebuild"]):
            p = self.pbem(*command)
            self.assertEqual(p.returncode, 0, (command, p.stderr.decode()))
            self.assert_private(["pbem.sqlite"])

    def test_a_picture_written_by_render_is_private(self):
        out = os.path.join(self.server.path, "board.png")
        p = self.pbem("render", "hy3", "-size=3", "--png", out, "--", "c1")
        self.assertEqual(p.returncode, 0, p.stderr.decode())
        self.assertEqual(oct(mode(out)), oct(0o600))

    def test_a_database_readable_by_others_is_tightened_and_the_operator_told(self):
        self.assertEqual(self.pbem("init").returncode, 0)
        db = self.server.db_path
        os.chmod(db, 0o644)
        # What a crash of an older pbem left beside it, as readable.
        for suffix, bits in (("-wal", 0o644), ("-shm", 0o664), ("-journal", 0o644)):
            with open(db + suffix, "wb"):
                pass
            os.chmod(db + suffix, bits)
        p = self.pbem("init")
        self.assertEqual(p.returncode, 0, p.stderr.decode())
        log = p.stderr.decode()
        self.assertIn(f"{db} was readable by others (mode 0644); now 0600", log)
        self.assertIn(f"{db}-shm was readable by others (mode 0664); now 0600", log)
        self.assert_private(["pbem.sqlite"])
        # Once tightened, nothing more is said.
        p = self.pbem("init")
        self.assertNotIn("readable by others", p.stderr.decode())

    def test_pbemd_under_umask_022_keeps_its_database_files_private(self):
        sink = PythonSink().start()
        self.addCleanup(sink.stop)
        self.server.close()
        self.server = DaemonServer(sink.port)
        self.addCleanup(self.server.close)
        daemon = Daemon(self.server, prefix=UMASK_022)
        self.addCleanup(daemon.close)
        daemon.start()
        self.ours.add("pbemd-1.log")
        import smtplib
        with smtplib.SMTP("127.0.0.1", self.server.port, timeout=30) as client:
            client.sendmail("alice@example.org", ["pbem@test.example"], make_mail("alice@example.org", "help"))
        wait_until(lambda: sink.received(), what="the reply at the sink")
        # While pbemd runs, its -wal and -shm are there beside the database.
        self.assert_private(["pbem.sqlite", "pbem.sqlite-wal", "pbem.sqlite-shm"])
        self.assertEqual(daemon.terminate(), 0)
        self.assert_private(["pbem.sqlite"])


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0]])
