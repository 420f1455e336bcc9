"""run.sh installs only what the server needs (issue 52, spec "The newcomer's path, third
round"): scripts/install-deps.sh's `run` list names no test tool, run.sh asks for that list
and configures a build that needs neither Catch2 nor Python, and every service a test tool
brings is disabled by the `test` install. Checked against the script itself, Debian's
package index and a real CMake configure."""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SCRIPT = os.path.join(ROOT, "scripts", "install-deps.sh")

# What only the tests, benchmarks and fuzzing call; none of it may be installed to run.
TEST_TOOLS = {"catch2", "python3", "postfix", "chromium", "prometheus", "dovecot-imapd", "dovecot-submissiond",
              "opendkim", "opendkim-tools", "python3-dkim", "pgbouncer", "tidy", "getmail6", "libfaketime",
              "clang", "libclang-rt-14-dev", "postgresql"}
# The services those packages start on Debian; the tests run private instances instead.
TEST_SERVICES = {"postfix", "dovecot", "prometheus", "pgbouncer", "opendkim", "postgresql"}


def read(path):
    with open(path) as f:
        return f.read()


def bash_array(name):
    text = read(SCRIPT)
    found = re.search(rf"^{name}=\(([^\n]*)\)$", text, re.M) or re.search(rf"^{name}=\((.*?)^\)", text, re.S | re.M)
    assert found, f"{name} is not in {SCRIPT}"
    words = []
    for line in found.group(1).splitlines():
        words += line.split("#", 1)[0].split()
    return words


class InstallDeps(unittest.TestCase):
    def test_the_run_list_names_no_test_tool(self):
        run = set(bash_array("run_packages"))
        self.assertTrue(run)
        self.assertEqual(run & TEST_TOOLS, set())
        self.assertTrue(TEST_TOOLS <= set(bash_array("test_packages")) | {"python3-dkim"})

    def test_run_sh_installs_the_run_list_and_builds_without_the_tests(self):
        run_sh = read(os.path.join(ROOT, "run.sh"))
        self.assertIn("scripts/install-deps.sh run\n", run_sh)
        self.assertIn("-DPBEM_TESTS=OFF", run_sh)
        self.assertIn("scripts/install-deps.sh test", read(os.path.join(ROOT, "test.sh")))

    def test_every_test_service_is_disabled(self):
        self.assertEqual(set(bash_array("test_services")), TEST_SERVICES)
        self.assertIn("systemctl disable --now", read(SCRIPT))

    def test_every_package_named_exists_in_debian(self):
        if not shutil.which("apt-cache"):
            self.skipTest("no apt-cache")
        packages = bash_array("run_packages") + bash_array("test_packages")
        p = subprocess.run(["apt-cache", "show", "--no-all-versions", *packages], capture_output=True, text=True)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual({m.group(1) for m in re.finditer(r"^Package: (\S+)$", p.stdout, re.M)}, set(packages))

    def test_the_run_build_configures_without_catch2_or_python(self):
        with tempfile.TemporaryDirectory() as build:
            p = subprocess.run(["cmake", "-S", ROOT, "-B", build, "-DPBEM_TESTS=OFF",
                                "-DCMAKE_DISABLE_FIND_PACKAGE_Catch2=TRUE", "-DCMAKE_DISABLE_FIND_PACKAGE_Python3=TRUE"],
                               capture_output=True, text=True)
            self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
            targets = subprocess.run(["cmake", "--build", build, "--target", "help"], capture_output=True, text=True)
            self.assertIn("pbemd", targets.stdout)
            self.assertNotIn("server_tests", targets.stdout)

    def test_usage_errors(self):
        p = subprocess.run(["bash", SCRIPT, "everything"], capture_output=True, text=True)
        self.assertEqual(p.returncode, 2)
        self.assertIn("usage:", p.stderr)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
