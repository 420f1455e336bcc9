"""A database the running user cannot write (issue 32 item 3): `pbem init` run as root makes
a database the pipe's user cannot write, and `pbem ingest` then exits 75 for days. It must
say so on stderr in one line naming the file and the user, and `pbem init --check` must
tell an operator beforehand. As root the other user is `nobody` (setpriv); otherwise the
directory and file are made read-only for the test's own user."""
import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import unittest

from pbem_harness import build_dir, make_mail, pbem_binary

build_dir(sys.argv)

ROOT = os.geteuid() == 0


class DatabaseAccess(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="pbem-access-")
        self.addCleanup(self.cleanup)
        os.chmod(self.dir, 0o755)  # the other user reaches the binary and the configuration
        self.binary = os.path.join(self.dir, "pbem")
        shutil.copy(pbem_binary(), self.binary)
        self.data = os.path.join(self.dir, "data")
        os.mkdir(self.data)
        self.database = os.path.join(self.data, "pbem.sqlite")
        self.config = os.path.join(self.dir, "pbem.json")
        with open(self.config, "w") as f:
            json.dump({"server": {"address": "pbem@test.example"}, "database": self.database}, f)
        os.chmod(self.config, 0o644)

    def cleanup(self):
        os.chmod(self.data, 0o755)
        shutil.rmtree(self.dir, True)

    def pbem(self, *args, other_user=False, stdin=b""):
        command = [self.binary, "--config", self.config, *args]
        if other_user and ROOT:
            command = ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", *command]
        return subprocess.run(command, input=stdin, capture_output=True, timeout=60)

    def make_unwritable(self):
        """The database as `pbem init` run by another user leaves it for this one."""
        self.assertEqual(self.pbem("init").returncode, 0)
        if not ROOT:
            os.chmod(self.database, stat.S_IRUSR)
            os.chmod(self.data, stat.S_IRUSR | stat.S_IXUSR)

    def test_init_check_says_who_cannot_write_what(self):
        self.assertEqual(self.pbem("init").returncode, 0)
        ok = self.pbem("init", "--check")
        self.assertEqual(ok.returncode, 0, ok.stdout)
        self.assertIn(b"can write it and its directory", ok.stdout)
        self.make_unwritable()
        refused = self.pbem("init", "--check", other_user=True)
        self.assertEqual(refused.returncode, 73)
        text = refused.stdout.decode()
        self.assertIn(f"the directory {self.data} (owned by ", text)
        self.assertIn(f"the database {self.database} (owned by ", text)
        self.assertIn("is not writable by " + ("nobody (uid 65534)" if ROOT else ""), text)

    def test_ingest_names_the_file_and_the_user_in_one_line(self):
        self.make_unwritable()
        p = self.pbem("ingest", other_user=True, stdin=make_mail("alice@example.org", "help"))
        self.assertEqual(p.returncode, 75)
        lines = [line for line in p.stderr.decode().splitlines() if "could not store" in line]
        self.assertEqual(len(lines), 1, p.stderr)
        self.assertIn(self.database, lines[0])
        self.assertIn("not writable by", lines[0])
        self.assertIn("pbem init`) or give it to them", lines[0])


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
