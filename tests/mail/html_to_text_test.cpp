#include <catch2/catch.hpp>

#include "mail/html_to_text.h"

using pbem::mail::html_to_text;

TEST_CASE("tags are dropped and block elements end lines", "[mail][html]") {
  CHECK(html_to_text("<div dir=\"ltr\">gates <b>move</b> 17</div><div>second</div>") == "gates move 17\nsecond");
  CHECK(html_to_text("one<br>two<br/>three<BR />four") == "one\ntwo\nthree\nfour");
  CHECK(html_to_text("<div>a</div><div><br></div><div>b</div>") == "a\n\nb");
  CHECK(html_to_text("<p>para one</p><p>para two</p>") == "para one\n\npara two");
  CHECK(html_to_text("<ul><li>x</li><li>y</li></ul>") == "x\ny");
}

TEST_CASE("white space collapses outside <pre> and is kept inside", "[mail][html]") {
  CHECK(html_to_text("  lots   of\n\n spaces  ") == "lots of spaces");
  CHECK(html_to_text("<pre>\n  a   b\n   c  d\n</pre>") == "  a   b\n   c  d");
  CHECK(html_to_text("x<pre>  1\n  2</pre>y") == "x\n  1\n  2\ny");
}

TEST_CASE("character references are decoded", "[mail][html]") {
  CHECK(html_to_text("a &amp; b &lt;c&gt; &quot;d&quot; &#39;e&#39;") == "a & b <c> \"d\" 'e'");
  CHECK(html_to_text("caf&eacute; &Eacute;t&eacute; &AMP;") == "café Été &");
  CHECK(html_to_text("&bogus; &amp") == "&bogus; &amp");  // not references: literal
  CHECK(html_to_text("&#233;&#xE9;&#X263a;&euro;&hellip;") == "éé☺€…");
  CHECK(html_to_text("a&nbsp;&nbsp;b") == "a  b");
  CHECK(html_to_text("AT&T & co") == "AT&T & co");
  CHECK(html_to_text("&#0;&#xD800;&#99999999;") == "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");
}

TEST_CASE("script, style, title and comments are skipped", "[mail][html]") {
  CHECK(html_to_text("<html><head><title>T</title><style>p{color:red}</style></head>"
                     "<body><script>alert(1)</script><!-- hidden -->shown</body></html>") == "shown");
}

TEST_CASE("blockquotes become '>' quoted lines", "[mail][html]") {
  CHECK(html_to_text("mine<blockquote><div>theirs</div><div>more</div></blockquote>after") ==
        "mine\n> theirs\n> more\nafter");
  CHECK(html_to_text("<blockquote>a<blockquote>b</blockquote></blockquote>") == "> a\n>> b");
}

TEST_CASE("broken HTML does not lose text", "[mail][html]") {
  CHECK(html_to_text("1 < 2 and 3 > 2") == "1 < 2 and 3 > 2");
  CHECK(html_to_text("unclosed <b") == "unclosed");
  CHECK(html_to_text("<div title='a>b'>x</div>") == "x");
  CHECK(html_to_text("<style>never closed") == "");
}
