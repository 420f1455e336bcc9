#include "server/handlers/competition_options.h"

#include <algorithm>

#include "engine/options.h"
#include "engine/registry.h"
#include "engine/text.h"
#include "server/language/argument_reader.h"
#include "server/mailing/competition_text.h"
#include "server/mailing/game_mail.h"
#include "server/mailing/reply_format.h"
#include "server/play/challenge_options.h"
#include "server/play/end_of_ply.h"
#include "server/play/ply_act.h"
#include "server/play/seats.h"
#include "server/replies/challenge_option_replies.h"
#include "server/replies/competition_option_replies.h"

namespace pbem::server {

namespace {
constexpr std::size_t kMaxNameLength = 40;
}

void check_competition_name(const std::string& name, const std::string& what) {
  const bool printable = std::all_of(name.begin(), name.end(), [](char ch) { return ch > 32 && ch < 127; });
  if (name.empty() || name.size() > kMaxNameLength || !printable)
    throw CommandError(refusal_text(competition_option_refusal::NameMalformed{what, name}));
  // An encoded word (RFC 2047) in a name would be decoded by mail clients in every Subject
  // that shows it, into any Unicode at all (a right-to-left override, say).
  if (name.find("=?") != std::string::npos)
    throw CommandError(refusal_text(competition_option_refusal::NameEncoded{what}));
  if (name.starts_with('-'))
    throw CommandError(refusal_text(competition_option_refusal::NameLooksLikeOption{what, name}));
}

std::optional<std::string> option_value(const std::string& word, std::string_view name) {
  const std::string prefix = "-" + std::string(name) + "=";
  if (!word.starts_with(prefix)) return std::nullopt;
  return word.substr(prefix.size());
}

int number_option(const std::string& word, std::string_view name, int low, int high) {
  const auto value = positive_number(*option_value(word, name));
  if (!value || *value < low || *value > high)
    throw CommandError(refusal_text(competition_option_refusal::NumberOutOfRange{std::string(name), word, low, high}));
  return static_cast<int>(*value);
}

GameTerms parse_game_terms(const std::string& type, const std::vector<std::string>& game_words, int default_days) {
  try {
    const ChallengeOptions options = split_challenge_options(game_words);
    // A competition's games start at once (joining was consent): never an open invitation.
    if (options.rating_range) throw CommandError(refusal_text(competition_option_refusal::RatingRangeNotForCompetition{}));
    GameTerms terms;
    terms.type = type;
    terms.game_options = create_game(type, options.game_options)->options_text();
    terms.rated = options.rated;
    if (options.bank) terms.time_bank = options.bank->text;
    terms.days_per_move = options.bank ? 0 : options.days_per_move.value_or(default_days);
    terms.weekends_off = options.weekends_off;
    return terms;
  } catch (const ChallengeOptionError& error) {
    throw CommandError(refusal_text(error.refusal()));
  } catch (const OptionError& error) {
    throw CommandError(error.what());
  }
}

Account competition_entrant(CommandContext& ctx, const Command& c, const std::string& organiser) {
  if (c.userid != ctx.config.bot.userid) return ctx.authenticated(c);
  Command as_organiser = c;
  as_organiser.userid = organiser;
  ctx.authenticated(as_organiser);
  if (auto computer = ctx.accounts.ensure_computer(c.userid)) return *computer;
  throw CommandError(refusal_text(competition_option_refusal::NotTheComputer{c.userid}));
}

bool resign_for_leaver(CommandContext& ctx, std::int64_t game_id, const Account& player,
                       const std::optional<std::string>& competition) {
  auto resigned = resign_game(ctx, *ctx.records.find(game_id), player.id);
  if (!resigned.done()) return false;
  const Resignation& done = std::get<Resignation>(resigned.outcome);
  const std::string headline =
      leaver_resigned_headline(player.userid, colour_of(*done.game, done.colour), done.end.cancelled, competition);
  game_update(ctx, done.end.record, *done.game, {.headline = headline, .rating_changes = done.end.rating_changes});
  return true;
}

bool resign_on_leaving(CommandContext& ctx, std::int64_t game_id, const Account& player, const std::string& competition) {
  return resign_for_leaver(ctx, game_id, player, competition);
}

}  // namespace pbem::server
