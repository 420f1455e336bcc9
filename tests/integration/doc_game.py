"""What the tests that follow a config/ document through a real mail system share
(test_postfix.py, test_mailbox.py): the document's fenced blocks by section, a reply as
their expect() matches it, and the opening of the game each plays through it."""
import os
import re

from pbem_harness import text_of


def fenced_blocks(path):
    """[(section heading, info string, text), ...]: the document's fenced blocks in order,
    each with the `## ` heading it stands under."""
    blocks, section, block = [], "", None
    with open(path) as f:
        for line in f:
            if block is not None:
                if line.startswith("```"):
                    blocks.append((section, block[0], "".join(block[1])))
                    block = None
                else:
                    block[1].append(line)
            elif line.startswith("## "):
                section = line[3:].strip()
            elif line.startswith("```"):
                block = (line[3:].strip(), [])
    return blocks


def file_text(path):
    """A private server's log as it stands: empty before the server wrote one."""
    if not os.path.exists(path):
        return ""
    with open(path, errors="replace") as f:
        return f.read()


def shown(msg):
    """A reply as expect() matches it: its Subject line, then its text."""
    return f"Subject: {msg['Subject']}\n{text_of(msg)}"


def open_game(case, alice, bob):
    """alice and bob sign up and confirm with the codes mailed to them, alice challenges
    bob to HY 3 (#1), bob accepts the invitation, and alice plays c1; returns bob's board
    mail. `case` sends with
    send(sender, subject) and waits for a reply with expect(to, pattern)."""
    case.send(alice, "signup alice secret1")
    case.send(bob, "signup bob secret2")
    for sender, userid in ((alice, "alice"), (bob, "bob")):
        welcome = case.expect(sender, rf"confirm {userid} [a-z0-9]+")
        code = re.search(rf"confirm {userid} ([a-z0-9]+)", text_of(welcome)).group(1)
        case.send(sender, f"confirm {userid} {code}")
        case.expect(sender, r"Subject: Address confirmed")
    case.send(alice, "hy3 challenge alice bob -size=3")
    case.expect(alice, r"Subject: HY 3 #1: invitation sent to bob")
    case.expect(bob, r"Subject: HY 3 #1: invitation from alice")
    case.send(bob, "hy3 accept 1 bob secret2")
    case.expect(alice, r"New game: HY 3 #1")
    case.expect(bob, r"New game: HY 3 #1")
    case.send(alice, "hy3 move 1 alice secret1 c1")
    case.expect(alice, r"alice \(red\) played c1")
    return case.expect(bob, r"alice \(red\) played c1")
