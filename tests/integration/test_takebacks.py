"""Takebacks, aborts, rematches and watchers (issue 13) by mail through `pbem ingest`, and
one takeback through pbemd: undo accepted and declined (the board mails show the record
without and with the ply), an abort by agreement that leaves ratings alone, a ply that
cancels a pending proposal, pbmserv's `move ... undo|accept|reject` and a reply's
`accept`, a rematch played to the end, watchers of one game and of every new game, and
every misuse answered with its error and nothing changed."""
import re
import sys
import unittest

import test_daemon
from pbem_harness import PlayersCase, build_dir, make_mail, text_of
from test_daemon import DaemonTestCase, replay_board, without_user_names

build_dir(sys.argv)

PLAYERS = {"alice": ("alice@example.org", "Al1ce-pw"), "bob": ("bob@example.net", "B0b-pw-2"),
           "carol": ("carol@example.com", "C4rol-pw"), "dave": ("dave@example.com", "D4ve-pw9")}
# A short HY 3 game the first player wins with its last ply (test_daemon.HY3_GAME).
OPTIONS, PLIES, _ = test_daemon.HY3_GAME
# The tables a misuse must leave as they were.
STATE_TABLES = ["games", "moves", "proposals", "takebacks", "watchers", "kind_watchers", "ratings", "rating_changes"]


def board(plies, options=OPTIONS):
    return replay_board("hy3", options, plies)


def shows_board(mail, plies, options=OPTIONS):
    """True if the mail's text holds the board after exactly `plies`."""
    return board(plies, options) in re.sub(r" \((alice|bob|carol|dave)\)", "", text_of(mail))


class TakebackCase(PlayersCase):
    players = PLAYERS
    state_tables = STATE_TABLES

    def setUp(self):
        super().setUp()
        for userid, (address, password) in PLAYERS.items():
            self.server.signup_and_confirm(address, userid, password)
        self.new_replies()

    def challenge(self, first="alice", second="bob", game="hy3", options=OPTIONS):
        mails = self.command(first, f"{game} challenge {first} {second} {options}")
        return self.server.query("SELECT max(id) AS id FROM games")[0]["id"], mails

    def play(self, number, plies, first="alice", second="bob"):
        """Plays `plies` in turn, `first` first; returns the last move's mails."""
        mails = []
        for n, ply in enumerate(plies):
            userid = first if n % 2 == 0 else second
            mails = self.command(userid, f"hy3 move {number} {userid} PW {ply}")
            for player in (first, second):  # (watchers may get one too)
                self.assertEqual(len(self.to(mails, player)), 1, [text_of(m)[:200] for m in mails])
        return mails

    def plies(self, number):
        return [r["move"] for r in self.server.query("SELECT move FROM moves WHERE game_id = ? ORDER BY ply", number)]


class Undo(TakebackCase):
    def test_undo_accepted_takes_the_ply_back(self):
        number, _ = self.challenge()
        self.play(number, PLIES[:3])
        mails = self.command("alice", f"hy3 undo {number} alice PW")
        self.assertEqual(sorted(m["To"].addresses[0].addr_spec for m in mails),
                         ["alice@example.org", "bob@example.net"])
        for mail in mails:
            self.assertIn(f"#{number}: alice proposes to take back a move", mail["Subject"])
            self.assertIn("take back move 3 (c2)", text_of(mail))
        [to_bob] = self.to(mails, "bob")
        self.assertIn(f"hy3 accept {number} bob <password>", text_of(to_bob))
        self.assertEqual(self.server.query("SELECT kind, state, at_ply FROM proposals"),
                         [{"kind": "undo", "state": "pending", "at_ply": 3}])

        mails = self.command("bob", f"hy3 accept {number} bob PW")
        self.assertEqual(len(mails), 2)
        for mail in mails:
            self.assertIn("bob accepted alice's proposal to take back move 3 (c2)", text_of(mail))
            self.assertTrue(shows_board(mail, PLIES[:2]), text_of(mail))
            self.assertFalse(shows_board(mail, PLIES[:3]))
            self.assertIn(f"#{number}: alice to move", mail["Subject"])
        self.assertIn("It is your move", text_of(self.to(mails, "alice")[0]))
        self.assertEqual(self.plies(number), PLIES[:2])
        self.assertEqual(self.server.query("SELECT plies, status FROM games"), [{"plies": 2, "status": "active"}])
        [audit] = self.server.query("SELECT ply, move, colour, user_id, played_at, taken_back_at FROM takebacks")
        self.assertEqual((audit["ply"], audit["move"], audit["colour"]), (3, "c2", 0))
        self.assertTrue(audit["played_at"] <= audit["taken_back_at"])
        self.assertEqual(self.server.query("SELECT state FROM proposals"), [{"state": "accepted"}])
        # Move 3 is due again, and the game plays on to its end.
        self.command("alice", f"hy3 move {number} alice PW {PLIES[2]}#3")
        mails = self.play(number, PLIES[3:], first="bob", second="alice")
        self.assertEqual(self.plies(number), PLIES)
        self.assertIn("alice wins", mails[0]["Subject"])
        [history] = self.command("carol", f"hy3 history {number}")  # it names what was taken back
        self.assertIn("Taken back: move 3", text_of(history))

    def test_undo_declined_keeps_the_ply(self):
        number, _ = self.challenge()
        self.play(number, PLIES[:3])
        self.command("alice", f"hy3 undo {number} alice PW")
        mails = self.command("bob", f"hy3 decline {number} bob PW")
        self.assertEqual(len(mails), 2)
        for mail in mails:
            self.assertIn("proposal declined", mail["Subject"])
            self.assertIn("bob declined alice's proposal to take back move 3 (c2)", text_of(mail))
        self.assertEqual(self.plies(number), PLIES[:3])
        self.assertEqual(self.server.query("SELECT state FROM proposals"), [{"state": "declined"}])
        self.assertEqual(self.server.query("SELECT * FROM takebacks"), [])
        mails = self.play(number, [PLIES[3]], first="bob")
        for mail in mails:
            self.assertTrue(shows_board(mail, PLIES[:4]), text_of(mail))

    def test_the_proposer_withdraws_with_decline(self):
        number, _ = self.challenge()
        self.play(number, PLIES[:1])
        self.command("alice", f"hy3 undo {number} alice PW")
        mails = self.command("alice", f"hy3 decline {number} alice PW")
        self.assertIn("alice withdrew the proposal to take back move 1", text_of(mails[0]))
        self.assertEqual(self.server.query("SELECT state FROM proposals"), [{"state": "withdrawn"}])
        self.assertEqual(self.plies(number), PLIES[:1])

    def test_pbmserv_spellings_and_a_reply(self):
        number, _ = self.challenge()
        self.play(number, PLIES[:2])
        self.command("bob", f"hy3 move {number} bob PW undo")
        self.assertEqual(self.server.query("SELECT kind, state FROM proposals"), [{"kind": "undo", "state": "pending"}])
        self.command("alice", f"hy3 move {number} alice PW reject")
        self.command("bob", f"hy3 move {number} bob PW undo")
        self.command("alice", f"hy3 reject {number} alice PW")
        self.assertEqual(self.server.query("SELECT state FROM proposals"), [{"state": "declined"}] * 2)
        self.command("bob", f"hy3 move {number} bob PW undo")
        mails = self.command("alice", f"hy3 move {number} alice PW accept")
        self.assertIn("alice accepted bob's proposal to take back move 2", text_of(mails[0]))
        self.assertEqual(self.plies(number), PLIES[:1])
        # A reply to the proposal mail with `accept` as its first line answers it too.
        self.command("bob", f"hy3 move {number} bob PW {PLIES[1]}")
        mails = self.command("bob", f"hy3 undo {number} bob PW")
        [to_alice] = self.to(mails, "alice")
        self.assertIn("reply to this mail with accept or decline as the first line", text_of(to_alice))
        raw = make_mail(PLAYERS["alice"][0], "Re: " + to_alice["Subject"], "accept\n\n> quoted proposal\n",
                        headers={"In-Reply-To": to_alice["Message-ID"]})
        raw = raw.replace(b"To: pbem@test.example", b"To: " + str(to_alice["Reply-To"]).encode())
        self.ingest(raw)
        mails = self.new_replies()
        self.assertEqual(len(mails), 2, [text_of(m)[:300] for m in mails])
        self.assertIn("alice accepted bob's proposal to take back move 2", text_of(mails[0]))
        self.assertEqual(self.plies(number), PLIES[:1])


class Abort(TakebackCase):
    def test_abort_by_agreement_changes_no_rating(self):
        number, _ = self.challenge()
        self.play(number, PLIES)  # alice wins a rated game: both are rated now
        ratings = self.server.query("SELECT * FROM ratings ORDER BY user_id")
        self.assertEqual(len(ratings), 2)
        second, _ = self.challenge()
        self.play(second, PLIES[:3])
        mails = self.command("bob", f"hy3 abort {second} bob PW")
        self.assertEqual(len(mails), 2)
        self.assertIn("bob proposes to abort the game", mails[0]["Subject"])
        self.assertEqual(self.server.query("SELECT status FROM games WHERE id = ?", second), [{"status": "active"}])
        mails = self.command("alice", f"hy3 accept {second} alice PW")
        self.assertEqual(len(mails), 2)
        for mail in mails:
            self.assertIn(f"#{second}: aborted", mail["Subject"])
            self.assertIn("aborted by agreement (bob proposed it)", text_of(mail))
            self.assertIn("It is not rated", text_of(mail))
            self.assertNotIn("It is your move", text_of(mail))
            self.assertTrue(shows_board(mail, PLIES[:3]))
        self.assertEqual(self.server.query("SELECT status, winner_colour, plies FROM games WHERE id = ?", second),
                         [{"status": "finished", "winner_colour": None, "plies": 3}])
        self.assertEqual(self.server.query("SELECT * FROM ratings ORDER BY user_id"), ratings)
        self.assertEqual(self.server.query("SELECT * FROM rating_changes WHERE game_id = ?", second), [])
        [listing] = self.command("carol", "hy3 games alice all")
        self.assertIn(f"#{second}", text_of(listing))
        self.assertIn("aborted by agreement", text_of(listing))
        rebuild = self.server.pbem("ratings", "--rebuild")
        self.assertEqual(rebuild.returncode, 0, rebuild.stdout)
        self.assertIn(b"1 rated games recomputed; the kept ratings agree exactly", rebuild.stdout)
        self.refused("bob", f"hy3 move {second} bob PW {PLIES[3]}", "aborted by agreement")

    def test_abort_before_the_first_move_stays_immediate(self):
        number, _ = self.challenge()
        mails = self.command("bob", f"hy3 abort {number} bob PW")
        self.assertIn("aborted by bob", mails[0]["Subject"])
        self.assertEqual(self.server.query("SELECT status FROM games"), [{"status": "finished"}])
        self.assertEqual(self.server.query("SELECT * FROM proposals"), [])


class Cancel(TakebackCase):
    def test_a_ply_cancels_the_pending_proposal(self):
        number, _ = self.challenge()
        self.play(number, PLIES[:1])
        self.command("alice", f"hy3 undo {number} alice PW")
        mails = self.command("bob", f"hy3 move {number} bob PW {PLIES[1]}")
        self.assertEqual(len(mails), 2)
        for mail in mails:
            self.assertIn("That cancels alice's proposal to take back move 1", " ".join(text_of(mail).split()))
            self.assertTrue(shows_board(mail, PLIES[:2]))
        self.assertEqual(self.server.query("SELECT state FROM proposals"), [{"state": "cancelled"}])
        self.refused("alice", f"hy3 accept {number} alice PW", "there is no pending proposal")
        # The proposer's own move cancels an abort proposal too.
        self.command("alice", f"hy3 abort {number} alice PW")
        mails = self.command("alice", f"hy3 move {number} alice PW {PLIES[2]}")
        self.assertIn("That cancels alice's proposal to abort the game", " ".join(text_of(mails[0]).split()))
        self.assertEqual(self.server.query("SELECT state FROM proposals ORDER BY id"),
                         [{"state": "cancelled"}, {"state": "cancelled"}])
        self.assertEqual(self.server.query("SELECT status FROM games"), [{"status": "active"}])


class Rematch(TakebackCase):
    def test_a_rematch_played_to_the_end(self):
        number, _ = self.challenge(options=OPTIONS + " -unrated")
        self.play(number, PLIES)
        mails = self.command("bob", f"hy3 rematch {number} bob PW")
        fresh = number + 1
        self.assertEqual(sorted(m["To"].addresses[0].addr_spec for m in mails),
                         ["alice@example.org", "bob@example.net"])
        for mail in mails:
            self.assertIn(f"#{fresh}", mail["Subject"])
            self.assertIn(f"Rematch of game {number}", text_of(mail))
            self.assertTrue(shows_board(mail, []))
        self.assertIn("It is your move", text_of(self.to(mails, "bob")[0]))
        [old, new] = self.server.query("SELECT id, type, options, player0, player1, rated, rematch_of FROM games "
                                       "ORDER BY id")
        self.assertEqual((new["type"], new["options"], new["rated"]), (old["type"], old["options"], 0))
        self.assertEqual((new["player0"], new["player1"]), (old["player1"], old["player0"]))
        self.assertEqual(new["rematch_of"], number)
        mails = self.play(fresh, PLIES, first="bob", second="alice")
        self.assertIn("bob wins", mails[0]["Subject"])
        self.assertEqual(self.server.query("SELECT * FROM ratings"), [])  # -unrated carried over
        self.refused("alice", f"hy3 rematch {number} alice PW", f"already has its rematch: game {fresh}")


class Watchers(TakebackCase):
    def test_a_watcher_gets_every_board_mail_of_the_game_and_none_of_another(self):
        number, _ = self.challenge()
        other, _ = self.challenge()
        [reply] = self.command("carol", f"hy3 subscribe {number} carol PW")
        self.assertIn(f"carol now watches HY 3 #{number}", text_of(reply))
        [shown] = self.command("dave", f"hy3 show {number}")
        self.assertIn("Watchers: 1", text_of(shown))
        player_mails, watcher_mails = [], []
        for n, ply in enumerate(PLIES):
            userid = "alice" if n % 2 == 0 else "bob"
            for game in (number, other):
                mails = self.command(userid, f"hy3 move {game} {userid} PW {ply}")
                mine = self.to(mails, "carol")
                if game == number:
                    self.assertEqual(len(mine), 1, [m["Subject"] for m in mails])
                    player_mails.append(self.to(mails, "alice")[0])
                    watcher_mails += mine
                else:
                    self.assertEqual(mine, [])
        self.assertEqual(len(watcher_mails), len(PLIES))
        for n, (watched, played) in enumerate(zip(watcher_mails, player_mails)):
            self.assertTrue(shows_board(watched, PLIES[:n + 1]))
            self.assertEqual(watched["Subject"], played["Subject"])
            self.assertIn(f"pbem-game-{number}.hy3@", watched["References"])  # the players' thread
            self.assertIn(f"pbem-game-{number}.hy3@", played["References"])
            self.assertIsNone(watched["Reply-To"])
            self.assertNotIn("your move", text_of(watched).lower())
            self.assertIn(f"hy3 unsubscribe {number} carol <password>", text_of(watched))
            for password in (p for _, p in PLAYERS.values()):
                self.assertNotIn(password, watched.as_string())
        self.assertIn("alice wins", watcher_mails[-1]["Subject"])

    def test_unsubscribe_stops_the_mail(self):
        number, _ = self.challenge()
        self.command("carol", f"hy3 subscribe {number} carol PW")
        self.command("carol", f"hy3 unsubscribe {number} carol PW")
        self.assertEqual(self.server.query("SELECT * FROM watchers"), [])
        mails = self.command("alice", f"hy3 move {number} alice PW {PLIES[0]}")
        self.assertEqual(self.to(mails, "carol"), [])

    def test_watching_every_new_game_of_a_kind(self):
        self.command("dave", "hy3 subscribe dave PW all")
        number, mails = self.challenge()
        self.assertEqual(len(self.to(mails, "dave")), 1)
        self.assertIn(f"#{number}", self.to(mails, "dave")[0]["Subject"])
        _, mails = self.challenge(game="gates", options="")
        self.assertEqual(self.to(mails, "dave"), [])
        self.play(number, PLIES)
        mails = self.command("bob", f"hy3 rematch {number} bob PW")  # a rematch is a new game too
        self.assertEqual(len(self.to(mails, "dave")), 1)
        self.refused("dave", "hy3 subscribe dave PW all", "dave already watches every new HY 3 game")
        self.command("dave", "hy3 unsubscribe dave PW all")
        _, mails = self.challenge()
        self.assertEqual(self.to(mails, "dave"), [])
        # A player of a game is no watcher of it, even watching all.
        self.command("alice", "hy3 subscribe alice PW all")
        _, mails = self.challenge()
        self.assertEqual(len(self.to(mails, "alice")), 1)


class Misuse(TakebackCase):
    def test_each_misuse_is_refused_and_changes_nothing(self):
        number, _ = self.challenge()
        self.refused("alice", f"hy3 undo {number} alice PW", f"game {number} has no move to take back")
        self.play(number, PLIES[:2])
        self.refused("bob", f"hy3 accept {number} bob PW", f"there is no pending proposal in game {number}")
        self.refused("bob", f"hy3 decline {number} bob PW", f"there is no pending proposal in game {number}")
        self.refused("alice", f"hy3 undo {number} alice PW", "is bob's, not yours")
        self.refused("carol", f"hy3 undo {number} carol PW", f"carol does not play in game {number}")
        self.command("bob", f"hy3 undo {number} bob PW")
        self.refused("bob", f"hy3 accept {number} bob PW", "yourself: only alice can accept it")
        self.refused("alice", f"hy3 abort {number} alice PW", f"game {number} already has a pending proposal")
        self.refused("bob", f"hy3 undo {number} bob PW", "one proposal at a time")
        self.refused("alice", f"hy3 accept {number} alice wrong-pw", "wrong password")
        self.refused("alice", f"hy3 rematch {number} alice PW", f"game {number} is still being played")
        self.command("carol", f"hy3 subscribe {number} carol PW")
        self.refused("carol", f"hy3 subscribe {number} carol PW", f"carol already watches game {number}")
        self.refused("dave", f"hy3 unsubscribe {number} dave PW", f"dave does not watch game {number}")
        self.refused("dave", "hy3 unsubscribe dave PW all", "dave does not watch every new HY 3 game")
        self.refused("alice", f"hy3 subscribe {number} alice PW", f"alice plays in game {number}")
        self.refused("dave", "hy3 subscribe 99 dave PW", "there is no game 99")
        self.refused("dave", f"gates subscribe {number} dave PW", "is a HY 3 game, not Gates")
        # A finished game takes no proposal, no answer and no watcher.
        finished, _ = self.challenge()
        self.play(finished, PLIES)
        self.refused("alice", f"hy3 undo {finished} alice PW", f"game {finished} is over")
        self.refused("bob", f"hy3 abort {finished} bob PW", f"game {finished} is over")
        self.refused("bob", f"hy3 accept {finished} bob PW", f"game {finished} is over")
        self.refused("dave", f"hy3 subscribe {finished} dave PW", "there is nothing more to watch")


class DaemonUndo(DaemonTestCase):
    """A takeback by real SMTP through pbemd: proposal, acceptance, both board mails."""

    def test_undo_accepted_through_the_daemon(self):
        self.signup_both()
        alice, bob = test_daemon.ALICE, test_daemon.BOB
        pw = {userid: password for userid, (_, password) in test_daemon.PLAYERS.items()}
        self.send(alice, f"hy3 challenge alice bob {OPTIONS}")
        self.take(2)
        for n, ply in enumerate(PLIES[:3]):
            userid, sender = ("alice", alice) if n % 2 == 0 else ("bob", bob)
            self.send(sender, f"hy3 move 1 {userid} {pw[userid]} {ply}")
            self.take(2)
        self.send(alice, f"hy3 undo 1 alice {pw['alice']}")
        for arrival in self.take(2):
            self.assertIn("alice proposes to take back a move", arrival.message["Subject"])
        self.send(bob, f"hy3 accept 1 bob {pw['bob']}")
        arrivals = self.take(2)
        for arrival in arrivals:
            text = without_user_names(text_of(arrival.message))
            self.assertIn(board(PLIES[:2]), text)
            self.assertNotIn(board(PLIES[:3]), text)
        self.assertEqual(self.server.query("SELECT move FROM moves ORDER BY ply"),
                         [{"move": p} for p in PLIES[:2]])
        self.assertEqual(self.server.query("SELECT ply, move FROM takebacks"), [{"ply": 3, "move": "c2"}])
        self.wait_idle()
        self.assert_each_reply_once()


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
