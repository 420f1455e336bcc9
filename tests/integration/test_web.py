"""The web window (issue 31, spec "The web window") over real HTTP: a server with finished,
running, tournament and league games made through `pbem ingest`, then `pbem web` serving them. Every
page and picture, 404s, ETag/304, HEAD, refused methods, a slow client and oversized
requests; a crawl of every linked page that greps for anything private (addresses,
passwords, tokens, conditional moves, watchers, vacations, deadlines); every page through `tidy`;
the game and ratings pages in headless Chromium at 390 and 1280 px (no sideways scrolling),
and every kind of page at 390 px with no box cut off; how to join on the front page,
legends outside the drawn board, times as `2026-12-01 19:12 UTC`;
the links in mails; and pbemd serving the window beside SMTP, refusing a port in use."""
import html.parser
import http.client
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import unittest

from pbem_harness import Server, build_dir, free_port, make_mail, text_of

build_dir(sys.argv)

PLAYERS = {"alice": ("alice@example.org", "secret1"), "bob": ("bob@example.net", "secret2"),
           "carol": ("carol@example.com", "secret3"), "dave": ("dave@example.com", "secret4"),
           "erin": ("erin@example.com", "secret5")}
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
TIDY = shutil.which("tidy")
BASE_URL = "https://games.example.org"
SERVER_ADDRESS = "pbem@test.example"  # pbem_harness.Server's
SIGNUP_USAGE = "signup &lt;userid&gt; &lt;password&gt;"


class Links(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.links = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("href", "src") and value and value.startswith("/"):
                self.links.append(value)


def wait_for_port(port, process, seconds=20):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"the server exited: {process.stderr.read().decode()}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.05)
    raise AssertionError(f"nothing listens on {port}")


class WebWindow(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.port = free_port()
        cls.server = Server({"web": {"listen": f"127.0.0.1:{cls.port}", "base_url": BASE_URL,
                                     "request_timeout_seconds": 2, "max_connections_per_ip": 8}})
        cls.mails = []
        for userid, (address, password) in PLAYERS.items():
            cls.server.signup_and_confirm(address, userid, password)
        cls.make_games()
        cls.process = subprocess.Popen(cls.server.pbem_command("web"), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        wait_for_port(cls.port, cls.process)

    @classmethod
    def tearDownClass(cls):
        cls.process.terminate()
        cls.process.wait(timeout=10)
        cls.server.close()

    @classmethod
    def cmd(cls, userid, words):
        address, password = PLAYERS[userid]
        p = cls.server.ingest(make_mail(address, words.replace("PW", password)))
        assert p.returncode == 0, p.stderr

    @classmethod
    def make_games(cls):
        # Game 1: finished and rated, alice wins along row c of a size-3 HY 3 board.
        cls.cmd("alice", "hy3 challenge alice bob -size=3")
        for ply, (player, cell) in enumerate(zip(["alice", "bob"] * 5, "c1 a1 c2 a2 c3 a3 c4 b4 c5".split())):
            cls.cmd(player, f"hy3 move 1 {player} PW {cell}#{ply + 1}")
        # Game 2: running, with private things around it: bob's conditional moves, carol
        # watching, alice on vacation.
        cls.cmd("bob", "gates challenge bob alice")
        cls.cmd("bob", "gates move 2 bob PW c:d3")
        cls.cmd("bob", "gates conditional 2 bob PW c:e4 c:f5")
        cls.cmd("dave", "gates subscribe 2 dave PW")
        cls.cmd("alice", "vacation alice PW 3")
        # Tournament 1: a round robin of three that started at once (games 3 to 5).
        cls.cmd("carol", "hy3 tournament new carol PW autumn<b> -size=3 -players=3")
        for userid in ("alice", "bob", "carol"):
            cls.cmd(userid, f"hy3 join 1 {userid} PW")
        # Ladder 1: bob climbs alice (game 6, running).
        cls.cmd("carol", "hy3 ladder new carol PW club<i> -size=3")
        for userid in ("alice", "carol", "bob"):
            cls.cmd(userid, f"hy3 join L#1 {userid} PW")
        cls.cmd("bob", "hy3 climb L#1 bob PW alice")
        # League G#1: one division of four, its first season under way (games 7 to 12).
        cls.cmd("carol", "hy3 league new carol PW club<i> -size=3 -group=4")
        for userid in ("alice", "bob", "carol", "erin"):
            cls.cmd(userid, f"hy3 join G#1 {userid} PW")
        cls.cmd("carol", "hy3 league start G#1 carol PW")
        cls.outbox = cls.server.outbox()

    def request(self, method, path, headers=None, body=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        try:
            connection.request(method, path, body=body, headers=headers or {})
            response = connection.getresponse()
            return response.status, dict(response.getheaders()), response.read()
        finally:
            connection.close()

    def get(self, path, expected=200):
        status, headers, body = self.request("GET", path)
        self.assertEqual(status, expected, f"{path}: {body[:500]!r}")
        return headers, body

    def page(self, path):
        headers, body = self.get(path)
        self.assertEqual(headers["Content-Type"], "text/html; charset=utf-8")
        return body.decode()

    def crawl(self):
        """Every page and picture reachable from / by links, with its body."""
        seen, queue, found = set(), ["/"], {}
        while queue:
            path = queue.pop(0)
            if path in seen:
                continue
            seen.add(path)
            headers, body = self.get(path)
            found[path] = (headers, body)
            if headers["Content-Type"].startswith("text/html"):
                parser = Links()
                parser.feed(body.decode())
                queue += parser.links
        return found

    # --- the pages ---

    def test_front_page_lists_games_results_tournaments_leagues_and_ratings(self):
        text = self.page("/")
        self.assertIn('href="/games/2"', text)
        self.assertIn("In progress (11)", text)  # game 6 is the ladder's, 7 to 12 the league's
        self.assertRegex(text, r"bob vs alice, 1 move, alice to move since \d{4}-\d\d-\d\d \d\d:\d\d UTC")
        self.assertIn("Results of the last 7 days", text)
        self.assertIn('href="/games/1"', text)
        self.assertIn("alice won", text)
        self.assertIn('href="/tournaments/1"', text)
        self.assertIn('href="/ratings/hy3"', text)
        # A name a player chose is text, never markup.
        self.assertIn("autumn&lt;b&gt;", text)
        self.assertNotIn("autumn<b>", text)
        self.assertIn('<a href="/leagues/1">G#1 club&lt;i&gt;</a> (HY 3): 4 players, season 1', text)

    def test_game_page_has_picture_text_board_players_result_and_moves(self):
        text = self.page("/games/1")
        self.assertIn("<h1>HY 3 #1 (-size=3)</h1>", text)
        self.assertIn('<img class="board" src="/games/1.png"', text)
        self.assertIn("<pre>", text)
        self.assertIn('href="/players/alice"', text)
        self.assertIn("Alice won. The game is over.", text)
        for ply, cell in enumerate("c1 a1 c2 a2 c3 a3 c4 b4 c5".split(), start=1):
            self.assertIn(f'<a href="/games/1/{ply}.png">{cell}</a>', text)
        running = self.page("/games/2")
        # Who is to move and since when (bob's move c:d3), never a deadline: alice is on
        # vacation, which moved hers.
        [since] = self.server.query("SELECT created_at FROM moves WHERE game_id = 2 AND ply = 1")
        since = since["created_at"][:10] + " " + since["created_at"][11:16] + " UTC"
        self.assertIn(f"<p>Alice to move since {since}.</p>", running)
        [game] = self.server.query("SELECT days_per_move FROM games WHERE id = 2")
        self.assertIn(f"<p>{game['days_per_move']} days per move.</p>", running)
        self.assertNotIn("deadline", running.lower())
        self.assertIn('<a href="/games/2/1.png">c:d3</a>', running)

    def test_a_game_steps_ply_by_ply_with_plain_links(self):
        text = self.page("/games/1")
        self.assertIn('<a href="/games/1?ply=0">First</a>', text)
        self.assertIn('<a href="/games/1?ply=8">Previous</a>', text)
        # From the first ply to the last by following "Next" alone, each board its picture.
        path, seen = "/games/1?ply=0", []
        while path:
            text = self.page(path)
            ply = int(path.rsplit("=", 1)[1])
            seen.append(ply)
            self.assertIn(f"Move {ply} of 9", text)
            self.assertIn(f'<img class="board" src="/games/1/{ply}.png"', text)
            found = re.search(r'<a href="(/games/1\?ply=\d+)">Next</a>', text)
            path = found.group(1) if found else None
        self.assertEqual(seen, list(range(10)))
        for path in ["/games/1?ply=10", "/games/1?ply=-1", "/games/1?ply=a", "/games/2?ply=2", "/games/13?ply=0"]:
            with self.subTest(path=path):
                self.assertEqual(self.request("GET", path)[0], 404)

    def test_records_are_served_as_sgf_and_json(self):
        text = self.page("/games/1")
        self.assertIn('<a href="/games/1.sgf">SGF</a>', text)
        self.assertIn('<a href="/games/1.json">JSON</a>', text)
        headers, sgf = self.get("/games/1.sgf")
        self.assertEqual(headers["Content-Type"], "application/x-go-sgf; charset=UTF-8")
        self.assertTrue(sgf.startswith(b"(;FF[4]CA[UTF-8]AP[pbem]EV[hy3 -size=3]GN[HY 3 #1]PB[alice]PW[bob]"), sgf)
        self.assertEqual(sgf.count(b";B["), 5)
        self.assertEqual(sgf.count(b";W["), 4)
        headers, body = self.get("/games/1.json")
        self.assertEqual(headers["Content-Type"], "application/json")
        record = json.loads(body)
        self.assertEqual(record["format"], "pbem-record/1")
        self.assertEqual([p["move"] for p in record["plies"]], "c1 a1 c2 a2 c3 a3 c4 b4 c5".split())
        self.assertEqual(record["result"], {"winner": "alice", "reason": "connection"})
        self.assertEqual(record["notes"], [])
        # The same record as the `record` mail attaches (but its server field, which is the
        # same address), and a HEAD has GET's length.
        status, head, _ = self.request("HEAD", "/games/1.json")
        self.assertEqual((status, int(head["Content-Length"])), (200, len(body)))
        for path in ["/games/99.sgf", "/games/99.json", "/games/01.sgf", "/games/1.SGF", "/games/13.json"]:
            with self.subTest(path=path):
                self.assertEqual(self.request("GET", path)[0], 404)

    def test_pictures_after_each_ply_with_etags_and_304(self):
        headers, now = self.get("/games/1.png")
        self.assertEqual(headers["Content-Type"], "image/png")
        self.assertTrue(now.startswith(b"\x89PNG\r\n\x1a\n"))
        _, last = self.get("/games/1/9.png")
        self.assertEqual(last, now)
        _, empty = self.get("/games/1/0.png")
        self.assertNotEqual(empty, now)
        tags = {self.get(f"/games/1/{ply}.png")[0]["ETag"] for ply in range(10)}
        self.assertEqual(len(tags), 10, "each position has its own ETag")
        etag = headers["ETag"]
        status, again, body = self.request("GET", "/games/1.png", {"If-None-Match": etag})
        self.assertEqual((status, body), (304, b""))
        self.assertEqual(again["ETag"], etag)
        status, _, body = self.request("GET", "/games/1.png", {"If-None-Match": f'"other", W/{etag}'})
        self.assertEqual(status, 304)
        status, _, body = self.request("GET", "/games/1.png", {"If-None-Match": '"other"'})
        self.assertEqual((status, body), (200, now))

    def test_player_page_shows_ratings_history_and_games_but_no_address(self):
        text = self.page("/players/alice")
        self.assertIn("<svg", text)
        self.assertIn("HY 3 rating of alice", text)
        self.assertIn('href="/games/1"', text)
        self.assertIn('href="/games/2"', text)
        self.assertIn('href="/ratings/hy3"', text)
        self.assertNotIn("@", text)

    def test_ratings_page_puts_the_winner_first(self):
        text = self.page("/ratings/hy3")
        self.assertLess(text.index("/players/alice"), text.index("/players/bob"))
        self.assertIn("Nobody has finished a rated game yet.", self.page("/ratings/gaia"))

    def test_tournament_page_has_the_table_and_the_rounds(self):
        text = self.page("/tournaments/1")
        self.assertIn("Tournament T#1 autumn&lt;b&gt; (HY 3, round robin)", text)
        self.assertIn("Running: round 1", text)
        self.assertIn("<h2>Round 1</h2>", text)
        self.assertEqual(text.count('<li><a href="/games/'), 3)

    def test_ladder_page_has_the_rungs_and_the_games(self):
        text = self.page("/ladders/1")
        self.assertIn("Ladder L#1 club&lt;i&gt; (HY 3)", text)
        self.assertIn("1. alice  (since ", text)
        self.assertIn("3. bob  (since ", text)
        self.assertIn('<li><a href="/games/6">#6</a>: <a href="/players/bob">bob</a> climbs', text)
        self.assertIn('<a href="/ladders/1">L#1 club&lt;i&gt;</a>', self.page("/games/6"))

    def test_league_page_has_the_divisions_tables_and_games(self):
        text = self.page("/leagues/1")
        self.assertIn("<h1>League G#1 club&lt;i&gt; (HY 3, divisions of 4, 2 up and 2 down)</h1>", text)
        self.assertIn("Organised by carol.", text)
        self.assertIn("Season 1 is under way.", text)
        self.assertIn("<h2>Division 1</h2>", text)
        self.assertEqual(text.count('<li><a href="/games/'), 6)
        for userid in ("alice", "bob", "carol", "erin"):
            self.assertIn(f'href="/players/{userid}"', text)
        # The table as the mails give it: four players, nothing played yet.
        self.assertEqual(set(re.findall(r"\b\d\. (\w+) +0\.0 ", text)), {"alice", "bob", "carol", "erin"}, text)
        # A league game's page names its league, season and division.
        self.assertIn('League <a href="/leagues/1">G#1 club&lt;i&gt;</a>, season 1, division 1', self.page("/games/7"))

    def test_what_does_not_exist_is_404(self):
        for path in ["/games/99", "/games/1/10.png", "/games/99.png", "/games/01", "/games/1/x.png", "/players/nobody",
                     "/players/../etc", "/ratings/chess", "/tournaments/7", "/tournaments/x", "/ladders/2", "/ladders/L1", "/nothing", "/games/",
                     "/leagues/2", "/leagues/01", "/leagues/x",
                     "/players/dave"]:
            with self.subTest(path=path):
                status, headers, body = self.request("GET", path)
                self.assertEqual(status, 404, body)
        status, _, _ = self.request("GET", "/games/1?from=mail")
        self.assertEqual(status, 200)

    def test_a_player_without_a_game_is_as_unknown_as_nobody(self):
        # dave signed up and watches a game but never played: his page would tell that the
        # userid exists. The same answer as for a userid nobody has, to the byte.
        for method in ["GET", "HEAD"]:
            with self.subTest(method=method):
                status, headers, body = self.request(method, "/players/dave")
                unknown_status, unknown_headers, unknown = self.request(method, "/players/zzzz")
                self.assertEqual((status, headers), (unknown_status, unknown_headers))
                self.assertEqual(body.replace(b"dave", b"zzzz"), unknown)
                self.assertEqual(status, 404)

    def test_head_is_get_without_the_body(self):
        for path in ["/", "/games/1", "/games/1.png", "/nothing"]:
            with self.subTest(path=path):
                got_status, got, body = self.request("GET", path)
                status, headers, empty = self.request("HEAD", path)
                self.assertEqual((status, empty), (got_status, b""))
                self.assertEqual(int(headers["Content-Length"]), len(body))
                self.assertEqual(headers["Content-Type"], got["Content-Type"])

    def test_only_get_and_head(self):
        for method in ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"]:
            with self.subTest(method=method):
                status, headers, _ = self.request(method, "/games/1")
                self.assertEqual(status, 405)
                self.assertEqual(headers["Allow"], "GET, HEAD")

    def test_any_other_method_is_405_with_or_without_a_body(self):
        # The method is looked at as soon as the header is read, before the body limit: a
        # POST with a form is 405 (RFC 9110 15.5.6), not 413.
        for method in ["POST", "PUT", "DELETE", "PATCH"]:
            for body in [None, b"", b"x=1", b"a" * 5000]:
                with self.subTest(method=method, body=None if body is None else len(body)):
                    status, headers, text = self.request(method, "/", body=body)
                    self.assertEqual(status, 405, text)
                    self.assertEqual(headers["Allow"], "GET, HEAD")
        for method in [b"POST", b"PUT", b"DELETE"]:
            with self.subTest(method=method, chunked=True):
                answer = self.raw(method + b" / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                                  b"3\r\nx=1\r\n0\r\n\r\n")
                self.assertTrue(answer.startswith(b"HTTP/1.1 405"), answer[:100])
                self.assertIn(b"\r\nAllow: GET, HEAD\r\n", answer)

    def test_a_body_refused_is_never_read_as_the_next_request(self):
        # The body of a refused request may be anything, a request among others: the server
        # answers once and closes the connection, whatever the client asked for.
        smuggled = b"GET /style.css HTTP/1.1\r\nHost: x\r\n\r\n"
        for method, status in [(b"POST", b"405"), (b"PUT", b"405"), (b"GET", b"413"), (b"HEAD", b"413")]:
            for framing in [b"Content-Length: %d\r\n\r\n" % len(smuggled) + smuggled,
                            b"Transfer-Encoding: chunked\r\n\r\n%x\r\n" % len(smuggled) + smuggled +
                            b"\r\n0\r\n\r\n"]:
                with self.subTest(method=method, framing=framing[:20]):
                    answer = self.raw(method + b" / HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n" + framing)
                    self.assertTrue(answer.startswith(b"HTTP/1.1 " + status), answer[:100])
                    self.assertEqual(answer.count(b"HTTP/1.1 "), 1, answer)
                    self.assertIn(b"\r\nConnection: close\r\n", answer)
        # Without a body, a refused method leaves the connection as it was: the next request
        # on it is answered.
        answer = self.raw(b"DELETE / HTTP/1.1\r\nHost: x\r\n\r\n"
                          b"GET /style.css HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        self.assertTrue(answer.startswith(b"HTTP/1.1 405"), answer[:100])
        self.assertIn(b"HTTP/1.1 200", answer)

    # --- hostile clients ---

    def raw(self, data, read_timeout=10):
        with socket.create_connection(("127.0.0.1", self.port), timeout=read_timeout) as s:
            s.sendall(data)
            answer = b""
            while True:
                chunk = s.recv(65536)
                if not chunk:
                    return answer
                answer += chunk

    def test_oversized_requests_are_refused(self):
        big = b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 9000 + b"\r\n\r\n"
        self.assertTrue(self.raw(big).startswith(b"HTTP/1.1 431"))
        many = b"GET / HTTP/1.1\r\nHost: x\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(101)) + b"\r\n"
        self.assertTrue(self.raw(many).startswith(b"HTTP/1.1 431"))
        body = b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello"
        self.assertTrue(self.raw(body).startswith(b"HTTP/1.1 413"))
        long_target = b"GET /" + b"a" * 3000 + b" HTTP/1.1\r\nHost: x\r\n\r\n"
        self.assertTrue(self.raw(long_target).startswith(b"HTTP/1.1 414"))
        self.assertTrue(self.raw(b"HELLO\r\n\r\n").startswith(b"HTTP/1.1 400"))

    def test_a_slow_client_is_cut_off_and_others_are_served_meanwhile(self):
        with socket.create_connection(("127.0.0.1", self.port), timeout=10) as slow:
            start = time.time()
            closed = False
            for byte in b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 20:
                try:
                    slow.sendall(bytes([byte]))
                except OSError:
                    closed = True
                    break
                # Meanwhile another client is answered at once.
                if byte == ord("G"):
                    self.get("/games/1")
                time.sleep(0.25)
                if time.time() - start > 6:
                    break
            if not closed:
                slow.settimeout(5)
                try:
                    closed = slow.recv(1) == b""
                except OSError:
                    closed = True
            self.assertTrue(closed, "the trickling client was not cut off")
            self.assertLess(time.time() - start, 6)

    def test_too_many_connections_from_one_address_get_503(self):
        # A connection whose body was refused lingers up to 2 s after its answer (the lingering
        # close, http_server.cpp) and counts against the cap while it does: earlier tests' end first.
        time.sleep(2.5)
        held = [socket.create_connection(("127.0.0.1", self.port), timeout=10) for _ in range(8)]
        try:
            # Each held connection is answered once (and kept alive), so the server has surely
            # counted all eight before the ninth arrives.
            for s in held:
                s.sendall(b"GET /style.css HTTP/1.1\r\nHost: x\r\n\r\n")
                first = s.recv(65536)
                self.assertTrue(first.startswith(b"HTTP/1.1 200"), first[:100])
            answer = self.raw(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            self.assertTrue(answer.startswith(b"HTTP/1.1 503"), answer[:100])
        finally:
            for s in held:
                s.close()
        time.sleep(0.3)
        self.get("/")

    # --- privacy, validity, phones ---

    def test_no_page_shows_anything_private(self):
        pages = self.crawl()
        self.assertGreaterEqual(len(pages), 25)
        for path in ["/", "/games/1", "/games/2", "/players/alice", "/players/carol", "/ratings/hy3", "/tournaments/1",
                     "/ladders/1", "/leagues/1", "/games/6", "/games/7", "/games/1/4.png", "/style.css"]:
            self.assertIn(path, pages)
        tokens = set(re.findall(r"pbem\+[0-9a-z-]+", " ".join(m["Reply-To"] or "" for m in self.outbox)))
        self.assertTrue(tokens)
        # A deadline moves with a vacation: no page shows one, in words or as a time.
        deadlines = [row["deadline_at"] for row in self.server.query(
            "SELECT deadline_at FROM games WHERE deadline_at IS NOT NULL")]
        self.assertTrue(deadlines)
        deadlines += [d[:10] + " " + d[11:16] for d in deadlines]
        private = ([a for a, _ in PLAYERS.values()] + [p for _, p in PLAYERS.values()] + sorted(tokens) + deadlines +
                   ["@", "c:e4", "c:f5", "conditional", "vacation", "dave", "subscribe", "watch", "password",
                    "deadline", "time left"])
        self.assertIn("/games/1.json", pages)
        for path, (headers, body) in pages.items():
            # Pages, and the public records they link (a record names the server's address).
            if not headers["Content-Type"].startswith(("text/", "application/json", "application/x-go-sgf")):
                continue
            # The front page tells how to join: the server's own address and the signup
            # usage are public by design, and nothing else of the kind may be there.
            text = body.decode().replace(SERVER_ADDRESS, "").replace(SIGNUP_USAGE, "").lower()
            for word in private:
                with self.subTest(path=path, word=word):
                    self.assertNotIn(word.lower(), text)

    @unittest.skipUnless(TIDY, "tidy is not installed (scripts/install-deps.sh installs it)")
    def test_every_page_is_valid_html(self):
        for path, (headers, body) in self.crawl().items():
            if not headers["Content-Type"].startswith("text/html"):
                continue
            with self.subTest(path=path):
                p = subprocess.run([TIDY, "-errors", "-quiet", "--show-warnings", "yes"], input=body, capture_output=True)
                self.assertEqual(p.returncode, 0, p.stderr.decode())
        _, body = self.get("/nothing", expected=404)
        p = subprocess.run([TIDY, "-errors", "-quiet"], input=body, capture_output=True)
        self.assertEqual(p.returncode, 0, p.stderr.decode())

    @unittest.skipUnless(CHROMIUM, "Chromium is not installed (scripts/install-deps.sh installs it)")
    def test_game_and_ratings_pages_fit_a_phone_and_a_desktop(self):
        """Each page as served (its stylesheet and pictures from the server) inside a frame
        exactly as wide as the screen, as test_phone_view.py does for mails: it measures
        itself and reports to the frame's parent. One Chromium run measures them all (a
        start costs seconds); two more take the screenshots a person would look at."""
        pages = tempfile.mkdtemp(prefix="pbem-web-")
        self.addCleanup(shutil.rmtree, pages, True)
        views = [("/games/2", 390), ("/games/2", 1280), ("/ratings/hy3", 390), ("/ratings/hy3", 1280),
                 ("/tournaments/1", 390), ("/leagues/1", 390), ("/players/alice", 390), ("/", 390)]
        self.write_pages(pages, [path for path, _ in views], MEASURE)
        measured = self.chromium(pages, "all.html", views, 1300, ["--dump-dom"]).stdout
        for path, width in views:
            with self.subTest(path=path, width=width):
                found = re.search(rf"\[{re.escape(path)} {width} (\d+) (\d+) (\w+)\]", measured)
                self.assertIsNotNone(found, f"no measurement from Chromium: {measured[-2000:]}")
                scroll_width, inner_width, pictures = found.groups()
                self.assertEqual(int(inner_width), width)
                self.assertLessEqual(int(scroll_width), width, "the page scrolls sideways")
                self.assertEqual(pictures, "true", "a picture did not load")
        for name, shown, window in [("phone.png", [("/games/2", 390), ("/ratings/hy3", 390)], 800),
                                    ("desktop.png", [("/games/2", 1280), ("/ratings/hy3", 1280)], 1300)]:
            shot = os.path.join(pages, name)
            self.chromium(pages, name + ".html", shown, window, [f"--screenshot={shot}"])
            with open(shot, "rb") as f:
                header = f.read(24)
            self.assertEqual(header[:8], b"\x89PNG\r\n\x1a\n")
            self.assertEqual(int.from_bytes(header[16:20], "big"), window)

    def test_the_front_page_says_where_to_mail_and_how_to_join(self):
        text = self.page("/")
        self.assertIn(f'<a href="mailto:{SERVER_ADDRESS}">{SERVER_ADDRESS}</a>', text)
        self.assertIn(f"<code>{SIGNUP_USAGE}</code>", text)
        self.assertLess(text.index(SIGNUP_USAGE), text.index("In progress"))  # before anything else

    def test_a_game_pages_legend_wraps_outside_the_drawn_board(self):
        for path, legend in [("/games/1", "R = red, B = blue"), ("/games/2", "Light (bob) moves first")]:
            with self.subTest(path=path):
                text = self.page(path)
                drawn = re.findall(r"<pre>(.*?)</pre>", text, re.DOTALL)
                self.assertTrue(drawn)
                self.assertFalse([pre for pre in drawn if legend in pre], "the legend is inside a <pre>")
                self.assertRegex(text, r'<p class="text">(?:[^<]|<br>)*' + re.escape(legend))

    def test_every_time_shown_reads_as_a_date_hours_and_utc(self):
        [move] = self.server.query("SELECT created_at FROM moves WHERE game_id = 1 AND ply = 9")
        stored = move["created_at"]
        shown = f"{stored[:10]} {stored[11:16]} UTC"
        self.assertIn(f'<time datetime="{stored}">{shown}</time>', self.page("/games/1"))
        for path, (headers, body) in self.crawl().items():
            if headers["Content-Type"].startswith("text/html"):
                with self.subTest(path=path):
                    visible = re.sub(r"<[^>]*>", " ", body.decode())  # not the datetime attributes
                    self.assertNotRegex(visible, r"\d\d\d\d-\d\d-\d\dT\d\d:\d\d")

    @unittest.skipUnless(CHROMIUM, "Chromium is not installed (scripts/install-deps.sh installs it)")
    def test_every_kind_of_page_fits_390_px_with_nothing_cut_off(self):
        """Each kind of page at a phone's 390 px: the page no wider than the window, and no
        box whose content runs past its edge (a table scrolled inside itself is cut off on
        a phone: "Won-los"), but for the drawn board, which may scroll."""
        pages = tempfile.mkdtemp(prefix="pbem-web-")
        self.addCleanup(shutil.rmtree, pages, True)
        views = [(path, 390) for path in ("/", "/games/1", "/games/1?ply=4", "/games/2", "/games/6", "/games/7", "/players/alice",
                                          "/ratings/hy3", "/tournaments/1", "/ladders/1", "/leagues/1")]
        self.write_pages(pages, [path for path, _ in views], MEASURE_CUT)
        measured = self.chromium(pages, "all.html", views, 1300, ["--dump-dom"]).stdout
        for path, width in views:
            with self.subTest(path=path):
                found = re.search(rf"\[{re.escape(path)} {width} (\d+) (\d+) cut:([^\]]*)\]", measured)
                self.assertIsNotNone(found, f"no measurement from Chromium: {measured[-2000:]}")
                scroll_width, inner_width, cut = found.groups()
                self.assertEqual(int(inner_width), width)
                self.assertLessEqual(int(scroll_width), width, "the page scrolls sideways")
                self.assertEqual(cut, "", "content runs past the edge of its box")

    def write_pages(self, pages, paths, script):
        """Each page as served, with its links to the server and `script` before </body>."""
        for path in set(paths):
            served = self.page(path).replace("<head>", f'<head><base href="http://127.0.0.1:{self.port}/">', 1)
            with open(os.path.join(pages, page_file(path)), "w") as f:
                f.write(served.replace("</body>", script + "</body>"))

    def chromium(self, pages, name, views, window_width, args):
        frames = "".join(FRAME.format(page=page_file(path), name=path, width=width) for path, width in views)
        with open(os.path.join(pages, name), "w") as f:
            f.write(FRAMES.format(frames=frames))
        profile = tempfile.mkdtemp(prefix="pbem-chromium-")
        self.addCleanup(shutil.rmtree, profile, True)
        command = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                   f"--user-data-dir={profile}", f"--window-size={window_width},1800", "--virtual-time-budget=10000",
                   *args, "file://" + os.path.join(pages, name)]
        return subprocess.run(command, capture_output=True, text=True, timeout=120)

    # --- mails ---

    def test_game_tournament_and_league_mails_link_to_their_pages(self):
        games = [m for m in self.outbox if m["Subject"].startswith("HY 3 #1")]
        self.assertTrue(games)
        for mail in games:
            self.assertIn(f"On the web: {BASE_URL}/games/1\n", text_of(mail))
        rounds = [m for m in self.outbox if m["Subject"] == "Tournament T#1 autumn<b>: round 1"]
        self.assertEqual(len(rounds), 3)
        for mail in rounds:
            self.assertIn(f"On the web: {BASE_URL}/tournaments/1\n", text_of(mail))
        seasons = [m for m in self.outbox if m["Subject"] == "League G#1 club<i>: season 1 begins"]
        self.assertEqual(len(seasons), 4)
        for mail in seasons:
            self.assertIn(f"On the web: {BASE_URL}/leagues/1\n", text_of(mail))


def page_file(path):
    return (path.strip("/").replace("/", "-").replace("?", "-").replace("=", "-") or "front") + ".html"


# Each page measures itself once loaded and tells the frames' parent, which adds it to its
# title for --dump-dom: "[path width scroll-width frame-width all-pictures-loaded]".
MEASURE = """<script>
window.addEventListener("load", function () {
  var imgs = Array.prototype.slice.call(document.querySelectorAll("img"));
  var loaded = imgs.every(function (img) { return img.complete && img.naturalWidth > 0; });
  parent.postMessage(window.name + " " + document.documentElement.scrollWidth + " " + window.innerWidth + " " +
      loaded, "*");
});
</script>
"""
# The same report with the boxes whose content runs past their right edge instead of the
# pictures: "[path width scroll-width frame-width cut:pre,div.scroll]" (the drawn board,
# the <pre> right after its picture, may scroll inside itself).
MEASURE_CUT = """<script>
window.addEventListener("load", function () {
  var board = document.querySelector("img.board + pre");
  var cut = Array.prototype.filter.call(document.body.querySelectorAll("*"), function (e) {
    return e !== board && e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 0;
  }).map(function (e) { return e.tagName.toLowerCase() + (e.className ? "." + e.className : ""); });
  parent.postMessage(window.name + " " + document.documentElement.scrollWidth + " " + window.innerWidth + " cut:" +
      cut.join(","), "*");
});
</script>
"""
# The listener is in the head, before any frame exists: a frame that loads fast must not
# report before anyone listens.
FRAMES = """<!DOCTYPE html>
<html><head><title>measured</title>
<script>window.addEventListener("message", function (e) {{ document.title += " [" + e.data + "]"; }});</script>
</head>
<body style="margin: 0">{frames}
</body></html>
"""
FRAME = """<iframe src="{page}" name="{name} {width}" style="border: 0; width: {width}px; height: 900px"></iframe>"""


class DaemonWindow(unittest.TestCase):
    """pbemd serves the window beside SMTP; a port in use stops its start, saying which."""

    def test_pbemd_serves_the_window_and_refuses_a_port_in_use(self):
        web_port, smtp_port = free_port(), free_port()
        server = Server({"web": {"listen": f"127.0.0.1:{web_port}"}, "smtp": {"listen": f"127.0.0.1:{smtp_port}"}})
        self.addCleanup(server.close)
        pbemd = os.path.join(os.path.dirname(server.pbem_command()[0]), "pbemd")
        process = subprocess.Popen([pbemd, "--config", server.config], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            wait_for_port(web_port, process)
            wait_for_port(smtp_port, process)
            connection = http.client.HTTPConnection("127.0.0.1", web_port, timeout=10)
            connection.request("GET", "/")
            response = connection.getresponse()
            self.assertEqual(response.status, 200)
            self.assertIn(b"In progress (0)", response.read())
            connection.close()
            # A second daemon on the same web port does not start.
            other = Server({"web": {"listen": f"127.0.0.1:{web_port}"}, "smtp": {"listen": f"127.0.0.1:{free_port()}"}})
            self.addCleanup(other.close)
            refused = subprocess.run([pbemd, "--config", other.config], capture_output=True, timeout=30)
            self.assertEqual(refused.returncode, 1)
            self.assertIn(f"web window: cannot listen on 127.0.0.1:{web_port}", refused.stderr.decode())
        finally:
            process.terminate()
            process.wait(timeout=10)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
