"""Issue 45 item 4 through `pbem ingest` (server.md, "The operator's mailbox, deliverability
and monitoring"): with `mail.authserv_id` set, a command whose only authority is the From
address is refused when the mail's Authentication-Results field by that authserv-id says
dmarc=fail; with dmarc=pass, a field by another authserv-id, or the key unset, it is carried
out, and so is a command with a valid password whatever the field says. In a `multiple`
each line is judged alone, wherever it stands."""
import sys
import unittest

from pbem_harness import IngestCase, build_dir, make_mail, text_of

build_dir(sys.argv)

AUTHSERV_ID = "mx.test.example"
ALICE, BOB = "alice@example.org", "bob@example.org"
REFUSED = "Error: your mail failed the DMARC check of the server's mail system"


def checked(verdicts, sender, subject, body=""):
    """A mail as it leaves the receiving MTA: its Authentication-Results fields on top, as
    (authserv-id, dmarc result) pairs, in OpenDMARC's words."""
    fields = b"".join(f"Authentication-Results: {by};\n\tdmarc={result} (p=reject dis=none) "
                      f"header.from=example.org\n".encode() for by, result in verdicts)
    return fields + make_mail(sender, subject, body)


class DmarcCase(IngestCase):
    extra_config = {"mail": {"authserv_id": AUTHSERV_ID}}

    def setUp(self):
        super().setUp()
        self.server.signup_and_confirm(ALICE, "alice", "pw-alice")
        self.server.signup_and_confirm(BOB, "bob", "pw-bob")
        self.new_replies()

    def games(self):
        return len(self.server.query("SELECT id FROM games"))

    def challenge(self, *verdicts):
        self.ingest(checked(verdicts, ALICE, "hy3 challenge alice bob -size=3"))
        return [m["Subject"] for m in self.new_replies()]


class FromOnlyCommands(DmarcCase):
    def test_a_challenge_that_fails_dmarc_is_refused(self):
        [subject] = self.challenge((AUTHSERV_ID, "fail"))
        self.assertTrue(subject.startswith(REFUSED), subject)
        self.assertEqual(self.games(), 0)
        self.assertIn("error: your mail failed the DMARC check", self.log.decode())

    def test_a_challenge_that_passes_dmarc_is_carried_out(self):
        subjects = self.challenge((AUTHSERV_ID, "pass"))
        self.assertEqual(self.games(), 1)
        self.assertEqual(subjects, ["HY 3 #1: alice to move"] * 2)

    def test_a_field_by_another_authserv_id_is_ignored(self):
        # The sender can write any field; only the operator's mail system's counts.
        self.challenge(("mx.google.com", "fail"))
        self.assertEqual(self.games(), 1)

    def test_a_forged_pass_does_not_outweigh_the_mail_systems_fail(self):
        [subject] = self.challenge((AUTHSERV_ID, "fail"), (AUTHSERV_ID, "pass"))
        self.assertTrue(subject.startswith(REFUSED), subject)
        self.assertEqual(self.games(), 0)

    def test_the_authserv_id_compares_without_regard_to_case(self):
        [subject] = self.challenge(("MX.Test.Example", "FAIL"))
        self.assertTrue(subject.startswith(REFUSED), subject)

    def test_a_signup_that_fails_dmarc_makes_no_account_and_mails_no_code(self):
        self.ingest(checked([(AUTHSERV_ID, "fail")], "carol@example.org", "signup carol pw-carol"))
        [reply] = self.new_replies()
        self.assertEqual(reply["To"], "carol@example.org")
        self.assertTrue(reply["Subject"].startswith(REFUSED), reply["Subject"])
        self.assertNotIn("confirm carol", text_of(reply))
        self.assertEqual(self.server.query("SELECT userid FROM users WHERE userid = 'carol'"), [])


class CommandsWithAPassword(DmarcCase):
    def test_a_move_with_its_password_is_carried_out_whatever_dmarc_says(self):
        self.challenge()
        self.ingest(checked([(AUTHSERV_ID, "fail")], ALICE, "hy3 move 1 alice pw-alice c1"))
        subjects = [m["Subject"] for m in self.new_replies()]
        self.assertEqual(len(subjects), 2, subjects)
        self.assertFalse(any(s.startswith("Error") for s in subjects), subjects)
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM moves")[0]["n"], 1)

    def test_each_line_of_a_multiple_is_judged_alone_wherever_it_stands(self):
        self.challenge()
        lines = ["hy3 challenge alice bob -size=3", "hy3 move 1 alice pw-alice c1", "help",
                 "hy3 move 1 bob pw-bob a1", "hy3 challenge bob alice -size=3"]
        self.ingest(checked([(AUTHSERV_ID, "fail")], ALICE, "multiple", "\n".join(lines)))
        self.assertEqual(self.games(), 1)
        self.assertEqual(self.server.query("SELECT count(*) AS n FROM moves")[0]["n"], 2)
        [answer] = [m for m in self.new_replies() if "multiple" in m["Subject"]]
        self.assertEqual(answer["Subject"], "Error: multiple: lines 1, 3, 5 of 5 not carried out")
        text = text_of(answer)
        for number in (1, 3, 5):
            self.assertRegex(text, rf"\nLine {number}: Error: your mail failed the DMARC check")
        for number in (2, 4):
            self.assertRegex(text, rf"\nLine {number}: hy3 move .*\n-+\nCarried out")


class KeyUnset(IngestCase):
    def test_without_mail_authserv_id_no_field_is_read(self):
        self.server.signup_and_confirm(ALICE, "alice", "pw-alice")
        self.server.signup_and_confirm(BOB, "bob", "pw-bob")
        self.ingest(checked([(AUTHSERV_ID, "fail")], ALICE, "hy3 challenge alice bob -size=3"))
        self.assertEqual(len(self.server.query("SELECT id FROM games")), 1)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
