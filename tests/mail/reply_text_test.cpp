#include <catch2/catch.hpp>

#include "mail/reply_text.h"

using pbem::mail::extract_new_text;

TEST_CASE("quoted lines and the attribution line are removed", "[mail][reply]") {
  CHECK(extract_new_text("Nice move.\n\nOn Fri, 15 Mar 2024 at 13:50, PBeM Server <pbem@localhost> wrote:\n"
                         "> Gates #17: bob to move\n>\n>  . . c\n") == "Nice move.");
}

TEST_CASE("an attribution wrapped over two lines is removed", "[mail][reply]") {
  CHECK(extract_new_text("Top.\n\nOn Fri, 15 Mar 2024 at 13:50, PBeM Server <\npbem@localhost> wrote:\n\n> q\n") ==
        "Top.");
}

TEST_CASE("localised attributions are removed", "[mail][reply]") {
  CHECK(extract_new_text("Gut.\n\nAm 15.03.2024 um 13:50 schrieb PBeM Server:\n> q\n") == "Gut.");
  CHECK(extract_new_text("Bien.\n\nLe ven. 15 mars 2024 à 13:50, PBeM Server a écrit :\n> q\n") == "Bien.");
}

TEST_CASE("interleaved replies keep every new line", "[mail][reply]") {
  CHECK(extract_new_text("> question one?\nanswer one\n> question two?\nanswer two\n") ==
        "answer one\nanswer two");
}

TEST_CASE("a line ending in 'wrote:' without a quote after it is the sender's text", "[mail][reply]") {
  CHECK(extract_new_text("This is what I wrote:\nthe centre is weak.\n") ==
        "This is what I wrote:\nthe centre is weak.");
}

TEST_CASE("signatures are removed", "[mail][reply]") {
  CHECK(extract_new_text("Hello\n-- \nAlice\nhttps://example.org\n") == "Hello");
  CHECK(extract_new_text("Hello\n--\nAlice\n") == "Hello");
  CHECK(extract_new_text("Hello -- world\n---\nmore\n") == "Hello -- world\n---\nmore");
}

TEST_CASE("Outlook original-message blocks are cut", "[mail][reply]") {
  CHECK(extract_new_text("My move.\n\n-----Original Message-----\nFrom: PBeM\nSent: today\n\nboard\n") ==
        "My move.");
  CHECK(extract_new_text("Mein Zug.\n\n-----Ursprüngliche Nachricht-----\nVon: PBeM\n") == "Mein Zug.");
  CHECK(extract_new_text("My move.\n\n________________________________\nFrom: PBeM Server <pbem@localhost>\n"
                         "Sent: Friday, March 15, 2024 10:20 AM\nTo: Bob\nSubject: Gates #17\n\nboard\n") ==
        "My move.");
  CHECK(extract_new_text("My move.\n\n*From:* PBeM Server\n*Sent:* Friday\n*To:* Bob\n\nboard\n") == "My move.");
}

TEST_CASE("a lone 'From:' line is not an Outlook block", "[mail][reply]") {
  CHECK(extract_new_text("From: my side the board looks fine.\nYour turn.\n") ==
        "From: my side the board looks fine.\nYour turn.");
}

TEST_CASE("blank lines are collapsed and the result trimmed", "[mail][reply]") {
  CHECK(extract_new_text("\n\n  first\n\n\n\nsecond  \n\n") == "first\n\nsecond");
  CHECK(extract_new_text("> only a quote\n") == "");
  CHECK(extract_new_text("") == "");
}

TEST_CASE("a name line right before an attribution stays", "[mail][reply]") {
  CHECK(extract_new_text("Well played!\n\nErin\nOn Friday, March 15, 2024, PBeM Server wrote:\n\n> board\n") ==
        "Well played!\n\nErin");
}

TEST_CASE("the top text stops at the first quoted or attribution line", "[mail][reply]") {
  using pbem::mail::extract_top_text;
  // An interleaved answer below the first quote is not top text (extract_new_text keeps it).
  CHECK(extract_top_text("answer zero\n> question one?\nanswer one\n") == "answer zero");
  CHECK(extract_top_text("hy3 show 1\nhy3 show 2\n\nOn Fri, 15 Mar 2024 at 13:50, PBeM Server <\n"
                         "pbem@localhost> wrote:\n\n> hy3 show 3\n") == "hy3 show 1\nhy3 show 2");
  // An attribution with no '>' quote after it (the quote re-flowed, or left out) still ends it.
  CHECK(extract_top_text("hy3 show 1\nOn Fri, 15 Mar 2024, Alice wrote:\nhy3 show 2\n") == "hy3 show 1");
  CHECK(extract_top_text("hy3 show 1\n-- \nhy3 show 2\n") == "hy3 show 1");
  CHECK(extract_top_text("> quoted first\nhy3 show 1\n") == "");
  CHECK(extract_top_text("This is what I wrote:\nthe centre is weak.\n") ==
        "This is what I wrote:\nthe centre is weak.");
}
