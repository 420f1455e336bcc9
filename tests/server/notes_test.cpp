// Notes (server.md "Notes", storage/game_notes.h): a player's note is theirs alone until the
// end and after it; a sealed one is everyone's once the game is over. Checked in every
// place a note can show: the author's `notes`, each player's record, the public record,
// the game-over mails. Through the mail service, on SQLite and (postgres_storage) on
// PostgreSQL. tests/integration/test_records.py mails them, by a reply too.
#include <catch2/catch.hpp>

#include <string>

#include "server/competition/registry.h"
#include "server/pipeline/game_over_record.h"
#include "server/records/record_source.h"
#include "server/storage/accounts.h"
#include "server/storage/game_notes.h"
#include "server/storage/game_records.h"
#include "server/storage/outbox.h"
#include "service_fixture.h"

using namespace pbem::server;

namespace {

struct Noted : pbem::test::TwoPlayers {
  Noted() {
    deliver("alice@example.org", "hy3 challenge alice bob -size=3");
    deliver("alice@example.org", "hy3 move 1 alice pw-alice c1");
  }
  // The notes game 1's record shows `reader` (none: the public record).
  std::vector<RecordNote> notes_for(std::optional<std::string> reader) {
    std::optional<std::int64_t> id;
    if (reader) id = Accounts(db).find(*reader)->id;
    return record_source(db, competitions(), *GameRecords(db).find(1), config.server.address, id).notes;
  }
  // The newest mail queued to `address`.
  std::string last_mail_to(const std::string& address) {
    std::string last;
    for (const QueuedMail& mail : Outbox(db).queued())
      if (mail.recipient == address) last = mail.data;
    return last;
  }
  int notes_stored() {
    auto query = db.prepare("SELECT count(*) FROM notes");
    query.step();
    return static_cast<int>(query.column_int(0));
  }
};

}  // namespace

TEST_CASE("a note is its author's alone, before the end and after it", "[notes]") {
  Noted f;
  f.deliver("alice@example.org", "hy3 note 1 alice pw-alice", "Planning the long chain on c.\r\n");
  CHECK(f.last_mail_to("alice@example.org").find("is kept after move 1") != std::string::npos);
  const auto own = f.notes_for("alice");
  REQUIRE(own.size() == 1);
  CHECK(own[0].ply == 1);
  CHECK(own[0].userid == "alice");
  CHECK_FALSE(own[0].sealed);
  CHECK(own[0].text == "Planning the long chain on c.");
  CHECK(f.notes_for("bob").empty());
  CHECK(f.notes_for(std::nullopt).empty());
  // Not even the opponent's copy of anything tells of it: the only mail was alice's answer.
  CHECK(f.last_mail_to("bob@example.net").find("Planning") == std::string::npos);

  f.deliver("alice@example.org", "hy3 notes 1 alice pw-alice");
  const std::string listed = f.last_mail_to("alice@example.org");
  CHECK(listed.find("Subject: HY 3 #1: your notes") != std::string::npos);
  CHECK(listed.find("Planning the long chain on c.") != std::string::npos);
  f.deliver("bob@example.net", "hy3 notes 1 bob pw-bob");
  CHECK(f.last_mail_to("bob@example.net").find("You have no notes in HY 3 #1.") != std::string::npos);

  f.deliver("bob@example.net", "hy3 resign 1 bob pw-bob");
  CHECK(f.notes_for("bob").empty());
  CHECK(f.notes_for(std::nullopt).empty());
  CHECK(f.notes_for("alice").size() == 1);
}

TEST_CASE("a sealed note is public once the game is over, and not before", "[notes]") {
  Noted f;
  f.deliver("bob@example.net", "hy3 note 1 bob pw-bob -sealed", "I expect to lose this.\r\n> quoted board\r\n");
  CHECK(f.last_mail_to("bob@example.net").find("sealed note") != std::string::npos);
  REQUIRE(f.notes_for("bob").size() == 1);
  CHECK(f.notes_for("bob")[0].text == "I expect to lose this.");  // above the quote only
  CHECK(f.notes_for("alice").empty());
  CHECK(f.notes_for(std::nullopt).empty());
  f.deliver("bob@example.net", "hy3 resign 1 bob pw-bob");
  for (const std::optional<std::string>& reader : {std::optional<std::string>("alice"), std::optional<std::string>("bob"),
                                                   std::optional<std::string>()}) {
    INFO(reader.value_or("the public"));
    const auto shown = f.notes_for(reader);
    REQUIRE(shown.size() == 1);
    CHECK(shown[0].sealed);
    CHECK(shown[0].userid == "bob");
  }
}

TEST_CASE("each player's game-over mail carries their own record, unless they turned records off", "[notes][records]") {
  Noted f;
  f.deliver("alice@example.org", "hy3 note 1 alice pw-alice", "alice's own thought\r\n");
  f.deliver("bob@example.net", "hy3 note 1 bob pw-bob", "bob's own thought\r\n");
  f.deliver("bob@example.net", "set bob pw-bob records off");
  CHECK(f.last_mail_to("bob@example.net").find("no longer carries its SGF record") != std::string::npos);
  const auto board_mails = [&](const std::string& address) {
    int count = 0;
    for (const QueuedMail& mail : Outbox(f.db).queued())
      count += mail.recipient == address && mail.data.find("hy3-1.sgf") != std::string::npos;
    return count;
  };
  CHECK(board_mails("alice@example.org") == 0);  // no mail before the end carries it
  f.deliver("bob@example.net", "hy3 resign 1 bob pw-bob");
  CHECK(board_mails("alice@example.org") == 1);
  CHECK(board_mails("bob@example.net") == 0);
  // What alice's carries: her notes, not bob's.
  const auto files = game_over_record(f.db, f.config, 1, Accounts(f.db).find("alice")->id);
  REQUIRE(files.size() == 1);
  CHECK(files[0].filename == "hy3-1.sgf");
  CHECK(files[0].data.find("C[alice: alice's own thought]") != std::string::npos);
  CHECK(files[0].data.find("bob's") == std::string::npos);
  CHECK(game_over_record(f.db, f.config, 1, Accounts(f.db).find("bob")->id).empty());
}

TEST_CASE("a note too long, empty, one too many or on an invitation is refused and stores nothing", "[notes]") {
  Noted f;
  f.deliver("alice@example.org", "hy3 note 1 alice pw-alice", std::string(2001, 'x') + "\r\n");
  CHECK(f.last_mail_to("alice@example.org").find("at most 2000 characters, and yours has 2001") != std::string::npos);
  f.deliver("alice@example.org", "hy3 note 1 alice pw-alice", "\r\n> only a quote\r\n");
  CHECK(f.last_mail_to("alice@example.org").find("a note needs its text") != std::string::npos);
  f.deliver("alice@example.org", "hy3 note 1 alice pw-alice -public", "text\r\n");
  CHECK(f.last_mail_to("alice@example.org").find("only -sealed may follow") != std::string::npos);
  f.deliver("alice@example.org", "hy3 note 1 alice wrong-password", "text\r\n");
  CHECK(f.notes_stored() == 0);
  // 2,000 characters of three bytes each are one note, not too long.
  std::string wide;
  for (int i = 0; i < 2000; ++i) wide += "\xe2\x82\xac";  // U+20AC
  f.deliver("alice@example.org", "hy3 note 1 alice pw-alice", wide + "\r\n");
  CHECK(f.notes_stored() == 1);
  GameNotes notes(f.db);
  const auto alice = Accounts(f.db).find("alice")->id;
  for (int i = 1; i < kMaxNotesPerPlayer; ++i) notes.add(1, alice, 1, false, "n");
  f.deliver("alice@example.org", "hy3 note 1 alice pw-alice", "one too many\r\n");
  CHECK(f.last_mail_to("alice@example.org").find("you keep 100 notes in game 1 already") != std::string::npos);
  CHECK(f.notes_stored() == kMaxNotesPerPlayer);
  f.member("carol", "carol@example.com", "");  // carol answers challenges herself
  f.deliver("alice@example.org", "hy3 challenge alice carol");
  f.deliver("alice@example.org", "hy3 note 2 alice pw-alice", "on an invitation\r\n");
  CHECK(f.last_mail_to("alice@example.org").find("has not started") != std::string::npos);
  CHECK(f.notes_stored() == kMaxNotesPerPlayer);
}
