// `<game> record board [userid password]` (server.md "Game records"): the move record as
// text with the game's SGF and JSON records attached; with a player's password, that
// player's own notes too. `all records userid [game] [since YYYY-MM-DD]`: a page of the
// user's finished games as one SGF collection and one JSON array, their public records.
#include "server/context/command_context.h"
#include "server/handlers/handlers.h"
#include "server/handlers/answer.h"
#include "server/mailing/record_text.h"
#include "engine/registry.h"
#include "engine/text.h"
#include "server/records/json_record.h"
#include "server/records/record_files.h"
#include "server/records/sgf_record.h"
#include "server/storage/game_listings.h"

namespace pbem::server::handlers {

namespace {
// The records one `all records` mail carries at most, in bytes before their encoding: with
// base64's third more and the text it stays under the 256 KiB an answer to a mail without
// a password may take (pipeline/reply_queue.h), so the mail is never cut to a note.
constexpr std::size_t kRecordBytesPerMail = 160 * 1024;
}  // namespace

void record(CommandContext& ctx, const Command& c) {
  // A password names a player of the game, whose record shows their own notes; without
  // one the record is the public one, as `history` needs none. An invitation has no
  // record: started_game_of_type says it has not started.
  std::optional<std::int64_t> reader;
  GameRecord record;
  if (c.userid.empty()) {
    record = ctx.started_game_of_type(c, c.boards.at(0).number);
  } else {
    auto [player, game] = ctx.player_in_game(c);
    reader = player.id;
    record = std::move(game);
  }
  auto game = ctx.records.replay(record);
  const std::vector<StoredMove> moves = ctx.records.moves(record.id);
  Reply reply =
      ctx.to_sender(record_subject(record), move_record_text(record, *game, moves, ctx.records.takebacks(record.id)));
  reply.attachments = record_files(record_source(ctx.db, ctx.competitions, record, moves, ctx.config.server.address, reader));
  reply.about_game(record.id, record.thread_id);
  ctx.out.replies.push_back(reply);
}

void all_records(CommandContext& ctx, const Command& c) {
  const Account account = ctx.existing_account(c.userid);
  std::vector<std::string> types;
  std::string since = "0000-00-00";
  for (std::size_t i = 0; i < c.words.size(); ++i) {
    if (c.words[i] == "since") {
      since = c.words.at(++i);
    } else if (find_game_type(c.words[i])) {
      types.push_back(c.words[i]);
    } else {
      throw CommandError(all_records_refusal(c.words[i]), CommandContext::usage(c));
    }
  }
  if (types.empty())
    for (const GameType& type : game_types()) types.push_back(type.name);
  // Its page and a count, by index: what the mail costs does not grow with the history.
  const GameListings listings(ctx.db);
  const int page = ctx.config.limits.records_per_mail;
  // One more than the page: the first left out names the `since` that fetches the rest.
  const std::vector<GameRecord> games = listings.finished_of_user(account.id, types, since, page + 1);
  const std::int64_t all = listings.count_finished_of_user(account.id, types, since);
  std::string collection;
  nlohmann::ordered_json array = nlohmann::ordered_json::array();
  std::size_t sent = 0, json_bytes = 0;
  for (const GameRecord& game : games) {
    if (sent == static_cast<std::size_t>(page)) break;
    const RecordSource source = record_source(ctx.db, ctx.competitions, game, ctx.config.server.address);
    std::string sgf = sgf_record(source);
    nlohmann::ordered_json json = json_record(source);
    const std::size_t bytes = json.dump(2).size() + 4;  // indented once more inside the array
    if (sent > 0 && collection.size() + sgf.size() + json_bytes + bytes > kRecordBytesPerMail)
      break;  // the rest in the next mail, from the `since` below
    collection += sgf;
    json_bytes += bytes;
    array.push_back(std::move(json));
    ++sent;
  }
  const std::string game = c.words.empty() || c.words.front() == "since" ? "" : c.words.front();
  // The first game left out names the `since` that fetches the rest.
  const std::string next_since = sent < games.size() ? games[sent].ended_at.value_or(since) : "";
  ctx.out.summary = "all records of " + account.userid + ": " + std::to_string(sent);
  Reply& reply = answer(ctx, all_records_reply(account.userid, sent, static_cast<std::size_t>(all), game, next_since));
  if (sent > 0)
    reply.attachments = {{account.userid + "-records.sgf", kSgfContentType, collection},
                         {account.userid + "-records.json", kJsonContentType, array.dump(2) + "\n"}};
}

}  // namespace pbem::server::handlers
