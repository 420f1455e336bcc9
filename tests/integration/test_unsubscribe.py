"""List-Unsubscribe (issue 45 item 3; RFC 2369) through the real `pbem ingest` and `pbem
tick` under libfaketime: the digest and a watcher's copies of game mail carry a mailto: to
the user's own unsubscribe address, and the board mails of players carry none; a mail to it,
from any sender and with any Subject, turns that setting off without a password, says so
once to the user's confirmed addresses (never to the sender), and a second mail to it sends
nothing; an altered or borrowed token is refused and changes nothing; a password change
leaves the address working."""
import re
import sys
import unittest
from datetime import timedelta

from pbem_harness import build_dir, make_mail, text_of

build_dir(sys.argv)

from clock_harness import PLAYERS, T0, ClockCase  # noqa: E402

PLAYERS.update({"carol": ("carol@example.com", "secret3")})

# T0 is 2027-03-01 12:00 UTC: a digest at 07:00 first comes on 2 March.
FIRST_DIGEST = T0 + timedelta(hours=19)
HEADER = re.compile(r"^<mailto:(pbem\+u-([a-z0-9]+)-([a-z0-9_-]+)-[a-z2-7]{16}@test\.example)>$")


def unsubscribe_address(mail):
    """The address in the mail's List-Unsubscribe (which must be a single mailto:)."""
    found = HEADER.match(str(mail["List-Unsubscribe"]))
    if not found:
        raise AssertionError(f"List-Unsubscribe is {mail['List-Unsubscribe']!r}")
    return found.group(1)


def to_address(sender, address, subject="unsubscribe", headers=None):
    """A mail as a mail client's unsubscribe button writes it: to the address, any Subject."""
    raw = make_mail(sender, subject, "This message was sent to unsubscribe.", headers=headers)
    return raw.replace(b"To: pbem@test.example", b"To: " + address.encode(), 1)


class Unsubscribe(ClockCase):
    def cmd(self, userid, words):
        return self.command(userid, words.replace("PW", PLAYERS[userid][1]))

    def new_game(self, first, second):
        mails = self.cmd(first, f"hy3 challenge {first} {second} -size=4")
        return self.server.query("SELECT max(id) AS id FROM games")[0]["id"], mails

    def digest_hour(self, userid):
        return self.server.query("SELECT digest_hour FROM users WHERE userid = ?", userid)[0]["digest_hour"]

    def first_digest(self):
        self.cmd("alice", "set alice PW digest 7")
        self.new_game("alice", "bob")  # alice to move
        self.new_replies()
        self.at(FIRST_DIGEST)
        [digest] = self.tick_ok()
        return digest

    def test_the_digest_carries_it_and_a_mail_to_it_turns_the_digest_off_once(self):
        digest = self.first_digest()
        address = unsubscribe_address(digest)
        self.assertTrue(address.startswith("pbem+u-digest-alice-"), address)
        self.assertIsNone(digest["List-Unsubscribe-Post"])  # no HTTPS one-click (RFC 8058) is served
        # From anyone, with any Subject: the confirmation goes to alice's address only.
        self.ingest(to_address("someone@elsewhere.example", address, "Unsubscribe me"))
        [said] = self.new_replies()
        self.assertEqual((said["To"], said["Subject"]), ("alice@example.org", "Digest off"))
        self.assertIn("Your daily digest is off", text_of(said))
        self.assertIn("set alice <password> digest HH", text_of(said))
        self.assertIn("someone@elsewhere.example, which is not one of your addresses", text_of(said))
        self.assertIsNone(said["List-Unsubscribe"])  # a one-off notice, no subscription's
        self.assertIsNone(self.digest_hour("alice"))
        # Once: a second mail finds it off and mails nobody; the log says so.
        self.ingest(to_address("alice@example.org", address))
        self.assertEqual(self.new_replies(), [])
        self.assertIn(b"digest already off for alice (List-Unsubscribe): nothing sent", self.log)
        # No digest the next day.
        self.at(FIRST_DIGEST + timedelta(days=1))
        self.assertEqual(self.tick_ok(), [])

    def test_a_provider_button_that_marks_its_mail_automatic_still_unsubscribes(self):
        address = unsubscribe_address(self.first_digest())
        self.ingest(to_address("alice@example.org", address, headers={"Auto-Submitted": "auto-generated"}))
        [said] = self.new_replies()
        self.assertEqual((said["To"], said["Subject"]), ("alice@example.org", "Digest off"))
        self.assertNotIn("not one of your addresses", text_of(said))
        self.assertIsNone(self.digest_hour("alice"))

    def test_the_address_outlives_a_password_change(self):
        address = unsubscribe_address(self.first_digest())
        self.cmd("alice", "change password alice PW newsecret1")
        self.ingest(to_address("alice@example.org", address))
        [said] = self.new_replies()
        self.assertEqual(said["Subject"], "Digest off")
        self.assertIsNone(self.digest_hour("alice"))

    def test_an_altered_or_borrowed_address_is_refused_and_changes_nothing(self):
        address = unsubscribe_address(self.first_digest())
        local, domain = address.split("@")
        token = local.rsplit("-", 1)[1]
        altered = local[:-1] + ("a" if local[-1] != "a" else "b") + "@" + domain
        borrowed = f"pbem+u-digest-bob-{token}@{domain}"   # alice's token, bob's name
        other_setting = f"pbem+u-hy3-alice-{token}@{domain}"  # the digest's token, another setting
        unknown = f"pbem+u-nosuch-alice-{token}@{domain}"
        self.cmd("bob", "set bob PW digest 7")
        for forged in (altered, borrowed, other_setting, unknown):
            self.ingest(to_address("mallory@elsewhere.example", forged))
            [refused] = self.new_replies()
            self.assertEqual(refused["To"], "mallory@elsewhere.example")
            self.assertIn(f"the address {forged} is not a valid unsubscribe address here", text_of(refused))
            self.assertIn("Nothing was changed.", text_of(refused))
        self.assertEqual((self.digest_hour("alice"), self.digest_hour("bob")), (7, 7))
        # A forged one that looks automatic is not answered at all.
        self.ingest(to_address("mallory@elsewhere.example", altered, headers={"Auto-Submitted": "auto-generated"}))
        self.assertEqual(self.new_replies(), [])
        self.assertEqual(self.digest_hour("alice"), 7)

    def test_a_watcher_of_every_game_of_a_kind_unsubscribes_from_a_game_mail(self):
        self.cmd("carol", "hy3 subscribe carol PW all")
        number, mails = self.new_game("alice", "bob")
        [watched] = [m for m in mails if m["To"] == "carol@example.com"]
        address = unsubscribe_address(watched)
        self.assertTrue(address.startswith("pbem+u-hy3-carol-"), address)
        # The players' board mails come of playing, not of a setting: no header.
        for played in (m for m in mails if m["To"] != "carol@example.com"):
            self.assertIsNone(played["List-Unsubscribe"], played["To"])
        mails = self.cmd("alice", f"hy3 move {number} alice PW c1")
        [watched] = [m for m in mails if m["To"] == "carol@example.com"]
        self.assertEqual(unsubscribe_address(watched), address)
        self.assertEqual({m["List-Unsubscribe"] for m in mails if m["To"] != "carol@example.com"}, {None})
        self.ingest(to_address("carol@example.com", address))
        [said] = self.new_replies()
        self.assertEqual((said["To"], said["Subject"]), ("carol@example.com", "HY 3 games: no longer watching"))
        self.assertIn(f"turned off watching every new HY 3 game, and watching #{number}", text_of(said))
        self.assertIn("hy3 subscribe carol <password> all", text_of(said))
        self.assertEqual(self.server.query("SELECT * FROM kind_watchers"), [])
        self.assertEqual(self.server.query("SELECT * FROM watchers"), [])
        # Neither the game it came from nor a new game mails carol any more.
        mails = self.cmd("bob", f"hy3 move {number} bob PW a1")
        self.assertNotIn("carol@example.com", [m["To"] for m in mails])
        _, mails = self.new_game("bob", "alice")
        self.assertNotIn("carol@example.com", [m["To"] for m in mails])
        # Once.
        self.ingest(to_address("carol@example.com", address))
        self.assertEqual(self.new_replies(), [])

    def test_a_watcher_of_one_game_unsubscribes_from_that_game(self):
        number, _ = self.new_game("alice", "bob")
        other, _ = self.new_game("bob", "alice")
        self.cmd("carol", f"hy3 subscribe {number} carol PW")
        self.cmd("carol", f"hy3 subscribe {other} carol PW")
        mails = self.cmd("alice", f"hy3 move {number} alice PW c1")
        [watched] = [m for m in mails if m["To"] == "carol@example.com"]
        address = unsubscribe_address(watched)
        self.assertTrue(address.startswith(f"pbem+u-{number}-carol-"), address)
        self.ingest(to_address("carol@example.com", address))
        [said] = self.new_replies()
        self.assertEqual(said["Subject"], f"HY 3 #{number}: no longer watching")
        self.assertIn(f"hy3 subscribe {number} carol <password>", text_of(said))
        self.assertEqual(self.server.query("SELECT game_id FROM watchers"), [{"game_id": other}])
        mails = self.cmd("bob", f"hy3 move {number} bob PW a1")
        self.assertNotIn("carol@example.com", [m["To"] for m in mails])


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
