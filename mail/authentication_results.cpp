#include "mail/authentication_results.h"

#include <algorithm>
#include <cstddef>

#include "mail/smtp_syntax.h"

namespace pbem::mail {
namespace {

enum class TokenKind { Word, Semicolon, Equals, Slash };

struct Token {
  TokenKind kind;
  std::string text;  // a Word's text (a quoted string's without its quotes and escapes)
};

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// The end of the comment starting at `begin` (its '('): comments nest, and a backslash
// takes the next character as it is (RFC 5322 section 3.2.2). An unclosed one runs to the end.
std::size_t comment_end(std::string_view value, std::size_t begin) {
  int depth = 0;
  for (std::size_t i = begin; i < value.size(); ++i) {
    if (value[i] == '\\') {
      ++i;
    } else if (value[i] == '(') {
      ++depth;
    } else if (value[i] == ')' && --depth == 0) {
      return i + 1;
    }
  }
  return value.size();
}

// The words and separators of a field's value, its comments and blanks (CFWS) dropped: what
// a comment says ("(sender IP is ...; p=reject)") is never taken for a result.
std::vector<Token> tokens_of(std::string_view value) {
  std::vector<Token> tokens;
  std::size_t i = 0;
  while (i < value.size()) {
    const char c = value[i];
    if (is_blank(c)) {
      ++i;
    } else if (c == '(') {
      i = comment_end(value, i);
    } else if (c == ';' || c == '=' || c == '/') {
      tokens.push_back({c == ';' ? TokenKind::Semicolon : c == '=' ? TokenKind::Equals : TokenKind::Slash, {}});
      ++i;
    } else if (c == '"') {
      std::string text;
      for (++i; i < value.size() && value[i] != '"'; ++i) {
        if (value[i] == '\\' && i + 1 < value.size()) ++i;
        text += value[i];
      }
      ++i;  // the closing quote (or past the end of an unclosed string)
      tokens.push_back({TokenKind::Word, std::move(text)});
    } else {
      const std::size_t begin = i;
      while (i < value.size() && !is_blank(value[i]) && std::string_view(";=/\"(").find(value[i]) == std::string_view::npos)
        ++i;
      tokens.push_back({TokenKind::Word, std::string(value.substr(begin, i - begin))});
    }
  }
  return tokens;
}

class ResultsReader {
 public:
  explicit ResultsReader(std::vector<Token> tokens) : tokens_(std::move(tokens)) {}

  AuthenticationResults read() {
    AuthenticationResults out;
    // authserv-id [version]; a field that starts with "method=" (or "method/version=") has
    // no authserv-id, and its first result is read like the others.
    if (is(0, TokenKind::Word) && !is(1, TokenKind::Equals) && !is(1, TokenKind::Slash)) {
      out.authserv_id = tokens_[0].text;
      at_ = 1;
    }
    read_result(out);
    while (at_ < tokens_.size()) {
      // Whatever follows a result up to the next ';' (reason=..., header.from=..., a
      // property's value with '=' or '/' in it) says nothing about the result itself.
      if (is(at_++, TokenKind::Semicolon)) read_result(out);
    }
    return out;
  }

 private:
  bool is(std::size_t n, TokenKind kind) const { return n < tokens_.size() && tokens_[n].kind == kind; }

  // "method [/ version] = result" at the reading position, if that is what stands there
  // (not, e.g., "none" or the authserv-id's version).
  void read_result(AuthenticationResults& out) {
    if (!is(at_, TokenKind::Word)) return;
    const std::size_t method = at_;
    std::size_t next = at_ + 1;
    if (is(next, TokenKind::Slash) && is(next + 1, TokenKind::Word)) next += 2;
    if (is(next, TokenKind::Equals) && is(next + 1, TokenKind::Word)) {
      out.results.push_back({ascii_lowercase(tokens_[method].text), ascii_lowercase(tokens_[next + 1].text)});
      next += 2;
    }
    at_ = next;
  }

  std::vector<Token> tokens_;
  std::size_t at_ = 0;
};

}  // namespace

bool AuthenticationResults::says(std::string_view by, std::string_view method, std::string_view result) const {
  if (authserv_id.empty() || !ascii_iequals(authserv_id, by)) return false;
  return std::any_of(results.begin(), results.end(),
                     [&](const AuthenticationResult& r) { return r.method == method && r.result == result; });
}

AuthenticationResults parse_authentication_results(std::string_view value) {
  return ResultsReader(tokens_of(value)).read();
}

}  // namespace pbem::mail
