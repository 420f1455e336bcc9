// One command as a mail asks for it: who sent it, the command as parsed, the body, and
// what authenticates it besides a password. Made by the pipeline for each command of an
// inbound mail and by the computer for its moves (computer_policy.h); the clock's duties,
// the digest and a tournament's start are asked for by no mail and make none
// (play/unit_of_work.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "server/language/parser.h"

namespace pbem::server {

class MailAllowance;

struct Request {
  std::string sender;        // normalised address replies to the sender go to (Reply-To or From)
  std::string from;          // normalised From address: who the mail claims to be from
  // The Subject (or the body line holding the command), parsed once; or, for a reply to a
  // game or digest address and the computer's ply, the player's typed act (its `act`).
  ParsedCommand command;
  std::string body;          // the new text of the body, for chat and message
  // Set for a mail to a valid game address (reply_move.h): that player's commands in it
  // need no password, the address being the credential.
  std::optional<std::string> authenticated_userid;
  // The game of the game address the mail came to (valid or expired), for the answer to a
  // refused reply: it quotes the player's own words and carries their game address.
  std::optional<std::int64_t> address_game;
  // What the earlier commands of the same inbound mail used of its allowances (one account,
  // one game-address notice); none outside inbound mail (the clock, the computer).
  const MailAllowance* allowance = nullptr;
};

}  // namespace pbem::server
