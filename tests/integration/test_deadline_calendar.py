"""`set userid password calendar on` (issue 56), through pbem under libfaketime: each board
mail to the player to move in a game with a clock carries deadline.ics (RFC 5545), one
event per game and player whose UID stays and whose SEQUENCE rises, DTSTART the deadline in
UTC with the vacation and the weekend off already counted, an alarm 24 hours before."""
import sys
import unittest
from datetime import timedelta

from pbem_harness import build_dir, text_of

build_dir(sys.argv)

from clock_harness import T0, ClockCase  # noqa: E402


def unfolded(ics):
    """The content lines of an iCalendar text, folded lines joined (RFC 5545 3.1)."""
    lines = []
    for line in ics.split("\r\n"):
        if line.startswith(" ") and lines:
            lines[-1] += line[1:]
        elif line:
            lines.append(line)
    return lines


def fields(ics):
    """Each property's values, in order: {"UID": ["..."], "BEGIN": ["VCALENDAR", ...]}."""
    found = {}
    for line in unfolded(ics):
        name, _, value = line.partition(":")
        found.setdefault(name.split(";")[0], []).append(value)
    return found


def calendar_of(message):
    """The fields of the mail's deadline.ics, or None when it has none."""
    for part in message.iter_attachments():
        if part.get_filename() == "deadline.ics":
            assert part.get_content_type() == "text/calendar", part.get_content_type()
            return fields(part.get_payload(decode=True).decode("utf-8"))
    return None


class DeadlineCalendar(ClockCase):
    def to(self, replies, address):
        [mail] = [m for m in replies if m["To"].addresses[0].addr_spec == address]
        return mail

    def test_the_event_follows_the_deadline_across_a_vacation_and_a_weekend(self):
        self.assertEqual(len(self.command("alice", "set alice secret1 calendar on")), 1)
        # Monday 2027-03-01 12:00: alice to move, 3 days, weekends off.
        replies = self.command("alice", "hy3 challenge alice bob -size=3 -days=3 -weekends=off")
        game = self.server.query("SELECT max(id) AS id FROM games")[0]["id"]
        first = calendar_of(self.to(replies, "alice@example.org"))
        self.assertIsNotNone(first, "the mail to the player to move carries deadline.ics")
        self.assertIsNone(calendar_of(self.to(replies, "bob@example.net")), "bob has calendar off")
        self.assertEqual(first["METHOD"], ["PUBLISH"])
        self.assertEqual(first["BEGIN"], ["VCALENDAR", "VEVENT", "VALARM"])
        self.assertEqual(first["DTSTART"], ["20270304T120000Z"])
        self.assertEqual(first["TRIGGER"], ["-PT24H"])
        self.assertEqual(self.game(game)["deadline_at"], "2027-03-04T12:00:00Z")
        # Tuesday: alice moves (her copy asks for no move: no event), then takes 2 days off.
        self.at(T0 + timedelta(days=1))
        replies = self.move(game, "alice", "c1")
        self.assertIsNone(calendar_of(self.to(replies, "alice@example.org")))
        self.at(T0 + timedelta(days=1, hours=1))
        self.command("alice", "vacation alice secret1 2")  # until Thursday 13:00
        # Wednesday: bob moves. alice's 3 days start when her vacation ends (Thursday 13:00)
        # and stop for the weekend: 1 day 11 hours to Saturday, the rest from Monday 00:00.
        self.at(T0 + timedelta(days=2))
        replies = self.move(game, "bob", "a1")
        mail = self.to(replies, "alice@example.org")
        second = calendar_of(mail)
        self.assertIsNotNone(second)
        self.assertEqual(self.game(game)["deadline_at"], "2027-03-09T13:00:00Z")
        self.assertEqual(second["DTSTART"], ["20270309T130000Z"])
        self.assertIn("2027-03-09 13:00 UTC", text_of(mail))
        self.assertEqual(second["UID"], first["UID"], "one event per game and player")
        self.assertGreater(int(second["SEQUENCE"][0]), int(first["SEQUENCE"][0]))
        # Bob's game against alice in another game is another event.
        self.assertEqual(len(self.command("bob", "set bob secret2 calendar on")), 1)
        replies = self.command("bob", "hy3 challenge bob alice -size=3 -days=3")
        other = calendar_of(self.to(replies, "bob@example.net"))
        self.assertNotEqual(other["UID"], first["UID"])


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0]])
