#include "server/pipeline/digest_reply.h"

#include <cctype>
#include <utility>

#include "engine/text.h"
#include "server/language/argument_reader.h"
#include "server/addresses/game_address.h"
#include "server/replies/address_replies.h"
#include "server/replies/check_replies.h"
#include "server/storage/accounts.h"
#include "server/storage/digests.h"
#include "server/storage/game_records.h"

namespace pbem::server {

namespace {

// `#12 c4` or `12 c4`: the game number and the move; nothing for another line.
std::optional<std::pair<std::int64_t, std::string>> numbered_move(std::string_view line) {
  if (line.starts_with('#')) line.remove_prefix(1);
  std::size_t digits = 0;
  while (digits < line.size() && std::isdigit(static_cast<unsigned char>(line[digits]))) ++digits;
  if (digits == 0 || digits > 9 || digits == line.size() || line[digits] != ' ') return std::nullopt;
  const std::string move = std::string(trim(line.substr(digits)));
  if (move.empty()) return std::nullopt;
  return std::pair{std::stoll(std::string(line.substr(0, digits))), move};
}

ParsedCommand line_refused(std::string error, std::size_t n) {
  ParsedCommand result;
  result.worded_refusal = std::move(error);
  result.masked = ArgumentReader::server_text("(line " + std::to_string(n) + " of a reply to a digest)");
  return result;
}

}  // namespace

std::optional<DigestReply> digest_reply(Database& db, const Config& config, const std::vector<std::string>& recipients,
                                        std::string_view new_text) {
  const auto candidate = find_game_address(config.server, recipients);
  if (!candidate || !candidate->digest) return std::nullopt;
  DigestReply result;
  const auto registered = Digests(db).address_owner(to_lower(candidate->token));
  const std::int64_t user_id = registered ? registered->user_id : 0;
  const int generation = registered ? registered->password_generation : 0;
  const auto account = Accounts(db).find_by_id(user_id);
  if (!account) {
    result.refused = refused(refusal_text(address_refusal::NotADigestAddress{candidate->address}), candidate->address);
    return result;
  }
  if (generation != account->password_generation) {
    result.refused = expired_digest(candidate->address);
    return result;
  }
  result.owner = AddressOwner{candidate->address, "", 0, account->id, account->userid, generation};
  CommandLines lines;
  GameRecords records(db);
  std::size_t n = 0;
  for (const std::string_view line : nonblank_lines(new_text)) {
    if (line.starts_with('>')) continue;  // quoted: never a move
    if (++n > CommandLines::kMaxLines) {
      ++lines.left_out;
      continue;
    }
    const auto move = numbered_move(trim(line));
    if (!move) {
      lines.commands.push_back(line_refused(refusal_text(address_refusal::DigestLineNoMove{n}), n));
      continue;
    }
    const auto record = records.find(move->first);
    if (!record) {
      lines.commands.push_back(line_refused(refusal_text(check_refusal::NoSuchGame{move->first}), n));
      continue;
    }
    lines.commands.push_back(read_player_act(record->type, record->id, account->id, account->userid, move->second));
  }
  if (lines.commands.empty())
    lines.commands.push_back(line_refused(refusal_text(address_refusal::DigestReplyWithoutMove{}), 1));
  result.lines = std::move(lines);
  return result;
}

}  // namespace pbem::server
