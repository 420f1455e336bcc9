#include "server/mailing/review_mail.h"

#include "pictures/review_chart.h"
#include "server/catalogue/catalogue.h"
#include "server/mailing/picture_cache.h"
#include "server/mailing/reply_format.h"
#include "server/mailing/review_comments.h"

namespace pbem::server {

namespace {

std::string padded(std::string text, std::size_t width) {
  if (text.size() < width) text.append(width - text.size(), ' ');
  return text;
}

// The table of chances: one line a move, in columns (the HTML part keeps it in <pre>).
std::string chance_table(const bot::Review& review) {
  std::string table = text(Msg::ReviewTableHeader) + "\n";
  for (const bot::PlyReview& ply : review.plies) {
    char number[16];
    std::snprintf(number, sizeof number, "%4d", ply.number);
    table += std::string(number) + "  " + padded(ply.move, 8) + "  " + padded(chance_percent(ply.first_win), 6) + "  " +
             (ply.best.empty() ? "" : ply.best + " " + chance_percent(ply.best_win)) + "\n";
  }
  return table;
}

// The game before ply `number` (1 for the first), from `start`.
std::unique_ptr<Game> before(const Game& start, const bot::Review& review, int number) {
  auto game = start.clone();
  for (int i = 0; i + 1 < number; ++i) game->play(review.plies[static_cast<std::size_t>(i)].move);
  return game;
}

}  // namespace

Reply review_mail(const ReviewedGame& reviewed, const bot::Review& review, const Game& start, bool pictures) {
  const GameRecord& record = reviewed.game;
  const auto userid_of = [&](int seat) { return reviewed.userids[static_cast<std::size_t>(seat)]; };
  Reply mail;
  mail.subject = text(Msg::ReviewSubject, {{"title", reviewed.title}, {"game", record.id}});
  const std::string result = reviewed.winner_seat ? text(Msg::PlayerWon, {{"player", userid_of(*reviewed.winner_seat)}})
                                                  : text(Msg::ReviewNoWinner);
  mail.text = text(Msg::ReviewIntro, {{"heading", board_heading(record)},
                                      {"first", userid_of(0)},
                                      {"second", userid_of(1)},
                                      {"result", result},
                                      {"playouts", review.playouts}});
  mail.text += text(Msg::ReviewChartHeading);
  std::vector<double> chances;
  std::vector<int> turning;
  for (const bot::PlyReview& ply : review.plies) chances.push_back(ply.first_win);
  for (const bot::TurningPoint& point : review.turning_points) turning.push_back(point.number);
  // The chart stands above the table, which is what the text part has in its place.
  if (pictures) mail.pictures.push_back({mail.text.size(), pictures::draw_review_chart(chances, turning)});
  const std::string table = chance_table(review);
  mail.text += table;
  std::vector<std::string> boards = {table};
  mail.text += text(review.turning_points.empty() ? Msg::ReviewNoTurningPoints : Msg::ReviewTurningPointsHeading);
  for (const bot::TurningPoint& point : review.turning_points) {
    const bot::PlyReview& ply = review.plies[static_cast<std::size_t>(point.number - 1)];
    const auto game = before(start, review, point.number);
    const double best_for_mover = ply.seat == 0 ? ply.best_win : 1.0 - ply.best_win;
    if (pictures) mail.pictures.push_back({mail.text.size(), shared_picture_cache().picture(*game)});
    const std::string rendered = game->render(RenderContext{userids_by_colour(record, *game)});
    mail.text += text(Msg::ReviewTurningPoint, {{"number", point.number},
                                                {"player", userid_of(ply.seat)},
                                                {"played", point.played},
                                                {"drop", static_cast<int>(point.drop * 100.0 + 0.5)},
                                                {"best", point.best},
                                                {"chance", chance_percent(best_for_mover)},
                                                {"board", rendered}});
    boards.push_back(game->diagram());
  }
  bool missed = false;
  for (const bot::PlyReview& ply : review.plies) {
    if (ply.missed_wins.empty()) continue;
    if (!missed) mail.text += text(Msg::ReviewMissedWinsHeading);
    missed = true;
    std::string winning;
    for (const std::string& move : ply.missed_wins) winning += (winning.empty() ? "" : ", ") + move;
    mail.text += text(Msg::ReviewMissedWin,
                      {{"number", ply.number}, {"player", userid_of(ply.seat)}, {"played", ply.move}, {"winning", winning}});
  }
  if (!missed) mail.text += text(Msg::ReviewNoMissedWins);
  mail.attachments = reviewed.files;
  mail.text += text(Msg::ReviewFiles, {{"json", mail.attachments[0].filename}, {"sgf", mail.attachments[1].filename}});
  for (const std::string& board : boards) mail.mark_board(board);
  mail.about_game(record.id, record.thread_id);
  mail.kind = MailKind::Game;
  return mail;
}

}  // namespace pbem::server
