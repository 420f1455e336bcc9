#include "server/handlers/dispatch.h"

#include <map>
#include <stdexcept>
#include <string>
#include <string_view>

#include "server/handlers/handlers.h"

namespace pbem::server {

Handler handler_for(const CommandSpec& spec) {
  using namespace handlers;
  // In the command table's order; several rows may share a handler (`swap` is a move).
  static const std::map<std::string_view, Handler> by_name{
      {"help", help},
      {"signup", signup},
      {"confirm", confirm},
      {"change password", change_password},
      {"forgot", forgot},
      {"reset", reset_password},
      {"change address", change_address},
      {"signoff", signoff},
      {"export", export_data},
      {"delete", delete_account},
      {"list", list},
      {"message", message},
      {"set", set_setting},
      {"block", block},
      {"unblock", unblock},
      {"report", report},
      {"list unsubscribe", list_unsubscribe},
      {"all show", all_show},
      {"all records", all_records},
      {"multiple", multiple},
      {"game help", game_help},
      {"challenge", challenge},
      {"move", move},
      {"swap", move},
      {"resign", resign},
      {"abort", abort_game},
      {"show", show},
      {"games", games},
      {"history", history},
      {"record", record},
      {"review", review},
      {"note", note},
      {"notes", notes},
      {"fork", fork},
      {"chat", chat},
      {"preview", preview},
      {"ratings", ratings},
      {"vacation", vacation},
      {"undo", undo},
      {"accept", accept},
      {"decline", decline},
      {"rematch", rematch},
      {"invitations", invitations},
      {"conditional", conditional},
      {"tournament new", tournament_new},
      {"join", join_tournament},
      {"leave", leave_tournament},
      {"tournament start", tournament_start},
      {"tournament", tournament_table},
      {"tournaments", tournaments},
      {"league new", league_new},
      {"league join", join_league},
      {"league leave", leave_league},
      {"league start", league_start},
      {"league", league_table},
      {"leagues", leagues},
      {"ladder new", ladder_new},
      {"ladder join", join_ladder},
      {"ladder leave", leave_ladder},
      {"climb", climb},
      {"ladder", ladder_table},
      {"ladders", ladders},
      {"subscribe", subscribe},
      {"unsubscribe", unsubscribe},
  };
  const auto found = by_name.find(spec.name);
  if (found == by_name.end()) throw std::logic_error("no handler for the command '" + std::string(spec.name) + "'");
  return found->second;
}

}  // namespace pbem::server
