#include "server/mailing/cell_choice_mail.h"

#include "mail/mailto.h"
#include "server/mailing/board_list.h"
#include "server/catalogue/catalogue.h"
#include "server/mailing/picture_cache.h"
#include "server/mailing/reply_format.h"

namespace pbem::server {

Reply cell_choice_mail(const GameRecord& record, const CellChoice& choice, const Account& player,
                       const std::string& game_address) {
  const std::string title = game_title(record.type);
  Reply mail;
  mail.subject = text(Msg::CellChoiceSubject,
                      {{"title", title}, {"game", record.id}, {"cell", choice.cell}, {"number", choice.number}});
  std::string plies;
  for (const std::string& ply : choice.plies) plies += (plies.empty() ? "" : ", ") + ply;
  mail.text = text(Msg::CellChoiceIntro, {{"cell", choice.cell},
                                          {"number", choice.number},
                                          {"heading", board_heading(record)},
                                          {"plies", plies},
                                          {"example", choice.plies.front()}});
  // A link's reply is the one a board mail's link would write (move_links.h): the ply and
  // the move number, in a reply to this mail.
  const std::string reply_subject = "Re: " + mail.subject;
  std::vector<std::string> shown;  // what stands for each board in the text, in order
  for (std::size_t i = 0; i < choice.plies.size(); ++i) {
    auto after = choice.game->clone();
    after->play(choice.plies[i]);
    const std::string rendered = after->render(RenderContext{userids_by_colour(record, *after)});
    const std::string list = player.board == "text" ? "" : board_list(record, *after);
    // Each picture stands above its own board's words, as a digest's above each game.
    if (player.pictures) mail.pictures.push_back({mail.text.size(), shared_picture_cache().picture(*after)});
    mail.text += text(Msg::CellChoicePly,
                      {{"ply", choice.plies[i]}, {"board", board_as_set(rendered, rendered, list, player.board)}});
    shown.push_back(player.board == "list" ? list : after->diagram());
    mail.links.push_back(
        {.board = i,
         .heading = "",
         .rows = {{{.label = text(Msg::CellChoiceLink, {{"ply", choice.plies[i]}}),
                    .href = mail::mailto_uri(game_address, reply_subject,
                                             choice.plies[i] + "#" + std::to_string(choice.number))}}}});
  }
  for (const std::string& board : shown) mail.mark_board(board);
  mail.about_game(record.id, record.thread_id);
  mail.reply_to = game_address;
  return mail;
}

}  // namespace pbem::server
