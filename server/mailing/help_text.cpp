#include "server/mailing/help_text.h"

#include "engine/registry.h"
#include "engine/text.h"
#include "mail/text_wrap.h"
#include "server/play/challenge_options.h"
#include "server/language/command_table.h"
#include "server/catalogue/catalogue.h"
#include "server/mailing/reply_format.h"

namespace pbem::server {

namespace {

// "a, b or c" (or "a, b, c" with ", " as the last separator).
std::string spoken_list(std::vector<std::string> items, std::string_view last_separator) {
  if (items.size() < 2) return join(items, "");
  const std::string last = items.back();
  items.pop_back();
  return join(items, ", ") + std::string(last_separator) + last;
}

// The games in the registry's order, as `format` writes each name: a new game appears in
// the help texts by itself.
template <typename Format>
std::vector<std::string> each_game(Format format) {
  std::vector<std::string> out;
  for (const auto& type : game_types()) out.push_back(format(type.name));
  return out;
}

std::string overview(const std::string& address) {
  std::string games;
  for (const auto& type : game_types()) games += "  " + type.name + "  - " + type.summary + "\n";
  return "This is a play-by-email game server. Send a command in the Subject line of a\n"
         "mail to " + address + "; the reply comes by mail. Games played here:\n\n" + games +
         "\nMore help (send as the Subject):\n"
         "  help commands    every command and its syntax\n"
         "  help tutorial    signing up and playing a first game, step by step\n"
         "  help <game>      a game's rules, notation and options (e.g. help hy3)\n"
         "  help clock       time limits, reminders, loss on time and vacations\n"
         "  help tournaments round robins, Swiss and knockout tournaments by mail\n"
         "  help leagues     divisions that play season after season, up and down\n"
         "  help ladders     ladders: climb a few rungs up and take the rung you win\n"
         "  help digest      one mail a day with every game where it is your move\n";
}

std::string ladders_help() {
  return "Ladders: climb and take the rung you win\n\n"
         "Anyone makes one (HY 3 here; any game works alike):\n"
         "    hy3 ladder new alice mysecret club -size=5 -reach=3\n"
         "It is L#1, always written with its L#. The name: 1 to 40 characters, no\n"
         "blanks. -reach=N (1-10, default 3): how many rungs up a climb may reach; and\n"
         "every game's options: board size, -swap, -days=N or -clock=B+I, -unrated.\n"
         "The organiser plays only if they join. Joining puts you on the bottom rung:\n"
         "    hy3 join L#1 bob pa55word\n"
         "A climb starts a game at once, against a player at most -reach rungs above\n"
         "you; you move first, and both get the board:\n"
         "    hy3 climb L#1 bob pa55word alice\n"
         "Win it (also on time) and you take their rung: they and everyone between move\n"
         "down one. Lose it and nothing moves. One climb of your own at a time, at most\n"
         "three against you, one game per pair; ladder games cannot be aborted, and a\n"
         "loss on time stands even before your first move (joining was consent).\n"
         "    hy3 leave L#1 bob pa55word   (resigns your ladder games; those below move up)\n"
         "The computer plays if the organiser enters it: hy3 join L#1 bot <organiser's\n"
         "password>.\n\n"
         "    hy3 ladders          (every ladder of the game)\n"
         "    hy3 ladder L#1       (its rungs, games under way, last 20 results)\n";
}

std::string digest_help() {
  return "The daily digest: one mail a day, and play from it\n\n"
         "    set alice mysecret digest 7\n"
         "sends you at 07:00 UTC (0 to 23) one mail listing every game where it is your\n"
         "move: its number, your opponent, their last move, your deadline and the board.\n"
         "Nothing comes on a day with no game waiting. Reply to it with one move per\n"
         "line, the game's number first:\n"
         "    #12 c4\n"
         "    #15 swap\n"
         "Each line is played as by that game's own address (no password) and answered\n"
         "on its own; the quoted digest below your reply is ignored.\n\n"
         "    set alice mysecret movemail off\n"
         "(only with a digest on) stops the mails about your opponents' moves and the\n"
         "games you watch; your own moves, new games, results, proposals, reminders and\n"
         "tournament mail still come. `movemail on` and `digest off` undo them.\n";
}

std::string tournaments_help() {
  return "Tournaments: round robin, Swiss and knockout, played by mail\n\n"
         "Anyone makes one (HY 3 here; any game works alike):\n"
         "    hy3 tournament new alice mysecret spring -size=5 -players=4\n"
         "The name: 1 to 40 characters, no blanks. Options, all optional:\n"
         "  -format=roundrobin|swiss|knockout  (default roundrobin)\n"
         "  -players=N   start the moment N have joined (round robin 3-16, Swiss 4-64,\n"
         "               knockout 2-64)\n"
         "  -start=YYYY-MM-DD   start at 00:00 UTC that day, or be cancelled with too\n"
         "               few players (round robin 3, Swiss 4, knockout 2)\n"
         "  -rounds=N    Swiss only (default: log2 of the players, rounded up)\n"
         "  -double      round robin only: every pair plays twice, colours exchanged\n"
         "  and every game's options: board size, -swap, -days=N or -clock=B+I, -unrated.\n"
         "Without -players or -start the organiser starts it:\n"
         "    hy3 tournament start 3 alice mysecret\n"
         "The organiser plays only if they join. Joining and leaving:\n"
         "    hy3 join 3 bob pa55word\n"
         "    hy3 leave 3 bob pa55word\n"
         "Leaving after the start resigns your unfinished games of it. The computer\n"
         "plays if the organiser enters it: hy3 join 3 bot <organiser's password>.\n\n"
         "At the start, and at each new Swiss or knockout round, every player gets one\n"
         "mail listing their games (or their bye); each game's mail says its tournament\n"
         "and round. The next round begins when the last game of a round ends; the\n"
         "final table goes to every player and the organiser. Scores: a win 1, a loss\n"
         "0, a bye 1. Ties: round robin by Sonneborn-Berger, then the games among the\n"
         "tied, then the rating at the start; Swiss by Buchholz, then Sonneborn-Berger,\n"
         "then the rating. Tournament games cannot be aborted.\n\n"
         "    hy3 tournaments      (open, running and recently over)\n"
         "    hy3 tournament 3     (its table)\n";
}

std::string leagues_help() {
  return "Leagues: a championship that runs itself\n\n"
         "A league plays seasons; each season its players are in divisions, each\n"
         "division a round robin. Anyone makes one:\n"
         "    hy3 league new alice mysecret club -size=5 -group=8 -up=2 -down=2\n"
         "  -group=N   players per division, 4 to 12 (default 8)\n"
         "  -up=N, -down=N   how many move up and down between neighbouring\n"
         "             divisions after each season, 1 to group/2 (default 2)\n"
         "  and every game's options: board size, -swap, -days=N or -clock=B+I, -unrated.\n"
         "A league is always written with its prefix, G#N:\n"
         "    hy3 join G#3 bob pa55word     (plays from the next season)\n"
         "    hy3 leave G#3 bob pa55word    (goes after this season)\n"
         "    hy3 league start G#3 alice mysecret   (the organiser, 4 players or more)\n"
         "The first season places the players by rating, highest in division 1; the\n"
         "last division takes the rest (at least 3; fewer join the division above).\n"
         "When a season's last game ends, the next season begins at once: the top of\n"
         "each division moves up, the bottom moves down, leavers go, new players start\n"
         "in the last division. Each player gets one mail: their division's final table,\n"
         "their move, and their new games. The computer plays if the organiser enters\n"
         "it: hy3 join G#3 bot <organiser's password>. League games cannot be aborted,\n"
         "and a loss on time stands.\n\n"
         "    hy3 leagues          (every league of the game)\n"
         "    hy3 league G#3       (its divisions, tables and last moves)\n";
}

std::string clock_help(const ClockConfig& clock) {
  const std::string days = std::to_string(clock.days_per_move);
  const std::string notice = std::to_string(clock.remind_before_hours);
  return "The clock: time limits, time banks, reminders, loss on time, vacations\n\n"
         "Every game has a time per move: the challenge option -days=N (0 to 60; 0 means\n"
         "no time limit). Without it a game gets " + days + " days per move" +
         (clock.days_per_move == 0 ? " (that is, no time limit)" : "") + ". After every move\n"
         "the player to move has that many days; their deadline is in every game mail,\n"
         "in show, games and all show, e.g. 2027-03-04 12:00 UTC.\n\n"
         "When " + notice + " hours are left you get one reminder with the board, Subject\n"
         "\"HY 3 #12: reminder, alice to move\". At the deadline the player to move loses\n"
         "on time: the opponent wins, and it counts for the ratings like a resignation.\n"
         "But nobody loses a game they never played: if they have not made a move of\n"
         "their own in it yet, the game is aborted instead (\"alice never moved\"), not\n"
         "rated. In a tournament game the loss on time stands.\n\n"
         "Or a time bank, -clock=B+I instead of -days: each player has a bank of B days\n"
         "(or hours: -clock=240h+36h), only the bank of the player to move runs, and I\n"
         "is added after each of your moves, never above B. Mails show both banks, e.g.\n"
         "\"Time left: alice 9 d 4 h, bob 10 d 0 h (10+1)\". One reminder a turn when " + notice + "\n"
         "hours are left; at zero you lose on time.\n\n"
         "With -weekends=off (on a challenge, a tournament, a league or a ladder) the\n"
         "game's clock, days per move or bank, does not run from Saturday 00:00 to\n"
         "Monday 00:00 UTC: 3 days per move from Friday 12:00 end on Wednesday 12:00.\n"
         "Deadlines shown are the real moments, and mails and show say \"weekends off\".\n\n"
         "Going away? Send\n"
         "    vacation alice mysecret 7\n"
         "and for 7 days from now the clocks of all your games stand still: every deadline\n"
         "of yours moves back by 7 days (a bank stands still), and your opponents' mails\n"
         "say you are on vacation.\n"
         "You have " + std::to_string(clock.vacation_days_per_year) +
         " vacation days per calendar year (UTC). `vacation alice mysecret off` ends\n"
         "it early and gives back the whole days not yet begun; `vacation alice mysecret`\n"
         "tells the days you have left this year.\n\n"
         "Autovacation: when your time in a game runs out and you have vacation days\n"
         "left, one of them starts instead of the loss (at most one a day), and you get\n"
         "one mail saying so. `set alice mysecret autovacation off` turns it off.\n";
}

std::string commands_help() {
  return "Commands (the Subject line; words are case-insensitive except passwords):\n\n" + all_usages() +
         "\n<game> is one of: " + spoken_list(each_game([](const std::string& name) { return name; }), ", ") + ". `board` is the game number (#17 in the\n"
         "Subject of every game mail). `move#moveno` accepts the move only if it would\n"
         "be move number moveno, so a stale or repeated mail cannot play twice.\n"
         "`show 17#5` shows game 17 after move 5. `games` lists active games unless\n"
         "you add all, inactive or next (games where it is that user's turn).\n"
         "-days=N in a challenge sets the time per move, -clock=B+I a time bank; `help\n"
         "clock` explains deadlines, banks, reminders, loss on time and vacation.\n"
         "`multiple` as the Subject: each line of the body above any quoted text is one\n"
         "command (at most 20), carried out in order as if it had come alone; one reply\n"
         "lists every line's result.\n"
         "`set` takes pictures, movemail, autovacation, messages, announcements,\n"
         "records or calendar with on or off, digest with an hour (HH, UTC) or off,\n"
         "challenges with ask, auto or none, board with text, list or both, reviews\n"
         "with auto or off (the computer's review of each game of yours with a result).\n"
         "`hy3 note 12 alice mysecret` keeps the body as your private note after the\n"
         "game's current move (-sealed: public once the game ends); `notes` lists yours.\n"
         "`hy3 conditional 12 alice mysecret c4 c5 d4 d5` while it is your opponent's\n"
         "turn: if they play c4, c5 is played for you at once; then if d4, d5. Lines\n"
         "merge into one private tree (32 lines of 24 plies at most); without plies the\n"
         "command mails you your lines, `clear` deletes them.\n" +
         text(Msg::YourAccountHelp);
}

std::string tutorial() {
  return R"(Tutorial: your first game by mail

1. Sign up. Send a mail whose Subject is
       signup alice mysecret
   Your userid is alice, your password mysecret. Replies go to the address you
   sent from; add more addresses after the password if you like. Each address
   gets a confirmation code; send `confirm alice <code>` for each. Until then
   the server mails that address nothing else.

2. Challenge someone who has signed up (here bob) to a game of HY 3:
       hy3 challenge alice bob
   The first userid moves first. Options follow, e.g.
       hy3 challenge alice bob -size=5 -swap
   bob gets an invitation to game #12 and accepts it (a reply `accept` does):
       hy3 accept 12 bob bobsecret
   Then both of you receive the empty board. Knowing nobody? Post an open
   invitation anyone may take (`hy3 invitations` lists them):
       hy3 challenge alice any

3. Move. Every board mail ends with a ready-made Subject line: reply, put your
   password and your move in it, and send:
       hy3 move 12 alice mysecret d4
   Both players receive the new board. Add #N to the move (d4#3) to make sure
   it is only played as move 3.

4. Look around at any time:
       hy3 show 12          the board now
       hy3 history 12       every move so far
       hy3 record 12        the record as SGF and JSON files
       all show alice next  every game where it is alice's turn
       hy3 chat 12 alice mysecret   (the mail's body goes to your opponent)

5. The game ends when someone wins or resigns:
       hy3 resign 12 alice mysecret
   Until your own first move, you can end an unwanted game alone:
       hy3 abort 12 bob bobsecret

6. Every move has a time limit (-days=N in the challenge, else the server's
   default); the deadline is in every game mail. Going away?
       vacation alice mysecret 7
   stops your clocks for 7 days. `help clock` tells all about it.

7. Slipped? Propose to take back your last move; your opponent answers:
       hy3 undo 12 alice mysecret
       hy3 accept 12 bob bobsecret      (or: hy3 decline 12 bob bobsecret)
   Once the game has a move, `abort` is a proposal too (no result, unrated).
   After the end, `hy3 rematch 12 alice mysecret` starts a new game with the
   colours exchanged, and `hy3 review 12 alice mysecret` mails the computer's
   review: each move's chance, the turning points, the wins missed. Anyone may
   watch: `hy3 subscribe 12 carol c4rolpw`.
)" + std::string("\nSend ") + spoken_list(each_game([](const std::string& name) { return "`help " + name + "`"; }), " or ") + " for each game's rules.\n";
}

}  // namespace

std::string help_text(const std::vector<std::string>& subjects, const std::string& server_address,
                      const ClockConfig& clock) {
  if (subjects.empty()) return overview(server_address);
  // Each subject once, and the unknown ones named once together: `help hy3 hy3 ...` with
  // thousands of words must not make a reply of megabytes.
  std::string out;
  Listing unknown;
  for (const std::string& subject : each_once(subjects)) {
    std::string part;
    if (subject == "commands") part = commands_help();
    else if (subject == "tutorial") part = tutorial();
    else if (subject == "clock") part = clock_help(clock);
    else if (subject == "tournaments") part = tournaments_help();
    else if (subject == "leagues") part = leagues_help();
    else if (subject == "ladders") part = ladders_help();
    else if (subject == "digest") part = digest_help();
    else if (find_game_type(subject)) part = game_help_text(subject);
    else unknown.add(quoted_word(subject));
    if (!part.empty()) out += (out.empty() ? "" : "\n") + part;
  }
  if (!unknown.empty())
    out += (out.empty() ? "" : "\n") + std::string("There is no help on:\n") + unknown.text("  ", "") + "\n" +
           overview(server_address);
  return out;
}

std::string game_help_text(const std::string& game) {
  const GameType* type = find_game_type(game);
  if (!type) return "";
  return type->rules_help + "\nChallenge options:\n" + option_lines(*type, "  ", "   ") +
         server_option_lines("  ", "   ") + "\nCommands:\n" +
         game_usages(type->name);
}

}  // namespace pbem::server
