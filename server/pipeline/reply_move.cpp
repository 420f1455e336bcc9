#include "server/pipeline/reply_move.h"

#include "engine/registry.h"
#include "engine/text.h"
#include "server/language/argument_reader.h"
#include "server/language/command_table.h"
#include "server/addresses/game_address.h"
#include "server/replies/address_replies.h"
#include "server/storage/accounts.h"
#include "server/storage/game_records.h"
#include "server/storage/server_secrets.h"

namespace pbem::server {

namespace {

// The shape of a move as a reply carries it: one word, a placement ("d4", "c:d3"), or a
// word the move command takes instead ("swap", "resign", ...), with an optional "#moveno";
// or a line of conditional moves ("conditional d4 e5 ...", "conditional clear").
bool looks_like_reply_move(const std::string& text) {
  const auto words = split_words(text);
  if (!words.empty() && to_lower(words.front()) == "conditional") return true;  // conditional moves, or clear
  if (words.size() != 1) return false;
  std::string word = to_lower(words.front());
  if (auto hash = word.find('#'); hash != std::string::npos) word.resize(hash);
  for (const std::string& instead : move_words())
    if (word == instead) return true;
  std::size_t at = 0;
  if (word.size() > 2 && word[1] == ':') at = 2;  // a Gates tile before its cell
  std::size_t letters = at, digits = 0;
  while (letters < word.size() && word[letters] >= 'a' && word[letters] <= 'z') ++letters;
  for (std::size_t i = letters; i < word.size(); ++i) {
    if (word[i] < '0' || word[i] > '9') return false;
    ++digits;
  }
  return letters > at && digits > 0;
}

// "j7." is "j7": a sentence's full stop after the move.
std::string without_full_stop(std::string text) {
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.pop_back();
  if (text.ends_with('.') && !text.ends_with("..")) text.pop_back();
  return text;
}

// A whole command with its password in the Subject, else in the first line.
std::optional<ReplyMove> whole_command(const std::string& subject, const std::string& first_line) {
  for (const std::string* text : {&subject, &first_line}) {
    if (!looks_like_command(*text, game_type_names())) continue;
    ParsedCommand parsed = parse_command(*text, game_type_names());
    if (parsed.command && parsed.command->spec->secret != Secret::None && !parsed.command->password.empty())
      return ReplyMove{std::move(parsed), std::nullopt, true, text == &first_line};
  }
  return std::nullopt;
}

ParsedCommand expired(const std::string& game_type, std::int64_t game, const std::string& address) {
  return refused(refusal_text(address_refusal::GameAddressExpired{game, game_type}), address);
}

std::optional<ReplyMove> refusal(std::string error, const std::string& address) {
  return ReplyMove{refused(std::move(error), address), std::nullopt};
}

}  // namespace

ParsedCommand refused(std::string error, const std::string& address) {
  ParsedCommand result;
  result.worded_refusal = std::move(error);
  result.masked = ArgumentReader::server_text("(a reply to " + address + ")");
  return result;
}

ParsedCommand expired_digest(const std::string& address) {
  return refused(refusal_text(address_refusal::DigestAddressExpired{}), address);
}

std::optional<ReplyMove> reply_move(Database& db, const Config& config, const std::vector<std::string>& recipients,
                                    const std::string& subject, const std::string& first_line) {
  const auto candidate = find_game_address(config.server, recipients);
  if (!candidate || candidate->digest) return std::nullopt;  // a digest address: digest_reply.h
  // The move: the Subject if it is one (a reply's Subject is usually ours), else the first
  // line of the reply; either may end with a full stop ("j7.").
  const std::string subject_move = without_full_stop(subject), line_move = without_full_stop(first_line);
  const std::string& move_text = looks_like_reply_move(subject_move) ? subject_move : line_move;
  // What every board mail tells the player to send, password and all, is carried out as
  // that command, as if mailed to the server's address: the address adds no authority, so
  // neither its game nor its validity matters.
  if (!looks_like_reply_move(move_text))
    if (auto whole = whole_command(subject, first_line)) return whole;
  const std::string number = std::to_string(candidate->game);
  const auto record = GameRecords(db).find(candidate->game);
  if (!record) return refusal(refusal_text(address_refusal::NotAGameAddress{candidate->address}), candidate->address);
  const std::string key = ServerSecrets(db).key(ServerSecrets::kGameAddress);
  Accounts accounts(db);
  std::optional<Account> player;
  bool was_valid = false;
  for (std::int64_t id : record->players) {
    const auto account = accounts.find_by_id(id);
    if (!account) continue;
    if (same_token(candidate->token, game_address_token(key, record->id, account->userid, account->password_generation)))
      player = account;
    for (int generation = 0; generation < account->password_generation && !player; ++generation)
      if (same_token(candidate->token, game_address_token(key, record->id, account->userid, generation)))
        was_valid = true;
  }
  if (!player && was_valid) return ReplyMove{expired(record->type, record->id, candidate->address), std::nullopt};
  if (!player)
    return refusal(refusal_text(address_refusal::NotValidGameAddress{candidate->address, record->id}),
                   candidate->address);

  ReplyMove result;
  result.owner = AddressOwner{candidate->address, record->type,    record->id,
                              player->id,         player->userid, player->password_generation};
  // `note` (or `note -sealed`) as the first line: the lines below it are the player's note.
  if (auto note = read_player_note(record->type, record->id, player->id, player->userid, first_line)) {
    result.command = std::move(*note);
    return result;
  }
  if (!looks_like_reply_move(move_text)) {
    result.command.masked = ArgumentReader::server_text("(a reply to game " + number + ")");
    // Not repeated: a line that is no move may be a whole command, password and all, and
    // this error is the reply's Subject and the log's outcome.
    result.command.worded_refusal = move_text.empty() ? refusal_text(address_refusal::ReplyWithoutMove{record->id})
                                             : refusal_text(address_refusal::ReplyFirstLineNoMove{});
    return result;
  }
  result.command = read_player_act(record->type, record->id, player->id, player->userid, move_text);
  return result;
}

std::optional<ParsedCommand> expired_since(Database& db, const AddressOwner& owner) {
  if (!owner.expires) return std::nullopt;
  const auto account = Accounts(db).find_by_id(owner.account_id);
  if (account && account->password_generation == owner.password_generation) return std::nullopt;
  if (owner.game == 0) return expired_digest(owner.address);
  return expired(owner.game_type, owner.game, owner.address);
}

}  // namespace pbem::server
