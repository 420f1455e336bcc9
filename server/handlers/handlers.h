// The handlers of the command table's rows: each carries out one command for the context's
// sender, inside the caller's transaction, and adds its replies to the context's outcome;
// a refusal throws CommandError (processor.h) and leaves nothing behind.
#pragma once

#include <string>

namespace pbem::server {

class CommandContext;
struct Command;
struct Account;

namespace handlers {

// help.cpp
void help(CommandContext& context, const Command& command);
void game_help(CommandContext& context, const Command& command);
// account_commands.cpp
void signup(CommandContext& context, const Command& command);
void confirm(CommandContext& context, const Command& command);
void change_password(CommandContext& context, const Command& command);
// forgot userid, reset userid code newpassword (account_recovery.cpp).
void forgot(CommandContext& context, const Command& command);
void reset_password(CommandContext& context, const Command& command);
void change_address(CommandContext& context, const Command& command);
void signoff(CommandContext& context, const Command& command);
// export userid password: <userid>-data.json (export_command.cpp).
void export_data(CommandContext& context, const Command& command);
// delete userid password [code]: mails a code, or with it erases the account (account_erasure.cpp).
void delete_account(CommandContext& context, const Command& command);
void list(CommandContext& context, const Command& command);
void message(CommandContext& context, const Command& command);
void all_show(CommandContext& context, const Command& command);
void set_setting(CommandContext& context, const Command& command);
void block(CommandContext& context, const Command& command);
void unblock(CommandContext& context, const Command& command);
// report userid password other [board]: the body to server.operator (report_command.cpp).
void report(CommandContext& context, const Command& command);
// list_unsubscribe.cpp (reached only by a mail to an unsubscribe address)
void list_unsubscribe(CommandContext& context, const Command& command);
// multiple.cpp (reached only when the body holds no command line)
void multiple(CommandContext& context, const Command& command);
// game_commands.cpp
void challenge(CommandContext& context, const Command& command);
void move(CommandContext& context, const Command& command);
void resign(CommandContext& context, const Command& command);
void abort_game(CommandContext& context, const Command& command);
void show(CommandContext& context, const Command& command);
void games(CommandContext& context, const Command& command);
void history(CommandContext& context, const Command& command);
void chat(CommandContext& context, const Command& command);
void preview(CommandContext& context, const Command& command);
// record_commands.cpp
void record(CommandContext& context, const Command& command);
void all_records(CommandContext& context, const Command& command);
void note(CommandContext& context, const Command& command);
void notes(CommandContext& context, const Command& command);
void fork(CommandContext& context, const Command& command);
void review(CommandContext& context, const Command& command);

// rating_commands.cpp
void ratings(CommandContext& context, const Command& command);

// clock_commands.cpp
void vacation(CommandContext& context, const Command& command);
// `set userid password autovacation on|off` (set_setting hands it on).
void set_autovacation(CommandContext& context, const Account& account, const std::string& value);

// proposal_commands.cpp (abort after the first move is a proposal too: abort_game hands it on)
void undo(CommandContext& context, const Command& command);
void accept(CommandContext& context, const Command& command);
void decline(CommandContext& context, const Command& command);
void rematch(CommandContext& context, const Command& command);
void invitations(CommandContext& context, const Command& command);
// watch_commands.cpp
void subscribe(CommandContext& context, const Command& command);
void unsubscribe(CommandContext& context, const Command& command);
// conditional_commands.cpp
void conditional(CommandContext& context, const Command& command);
// tournament_commands.cpp
void tournament_new(CommandContext& context, const Command& command);
void join_tournament(CommandContext& context, const Command& command);
void leave_tournament(CommandContext& context, const Command& command);
void tournament_start(CommandContext& context, const Command& command);
void tournament_table(CommandContext& context, const Command& command);
void tournaments(CommandContext& context, const Command& command);

// league_commands.cpp
void league_new(CommandContext& context, const Command& command);
void join_league(CommandContext& context, const Command& command);
void leave_league(CommandContext& context, const Command& command);
void league_start(CommandContext& context, const Command& command);
void league_table(CommandContext& context, const Command& command);
void leagues(CommandContext& context, const Command& command);

// ladder_commands.cpp (`join`/`leave` with L#N reach their handlers through the rows
// "ladder join"/"ladder leave", as G#N reaches the league's)
void ladder_new(CommandContext& context, const Command& command);
void join_ladder(CommandContext& context, const Command& command);
void leave_ladder(CommandContext& context, const Command& command);
void climb(CommandContext& context, const Command& command);
void ladder_table(CommandContext& context, const Command& command);
void ladders(CommandContext& context, const Command& command);

}  // namespace handlers
}  // namespace pbem::server
