#include "pt/io/json_text.hpp"

#include "pt_catch.hpp"

TEST_CASE("JSON strings escape quotes, backslashes and control characters") {
  CHECK(pt::json_quoted("plain") == "\"plain\"");
  CHECK(pt::json_quoted("a \"b\" c\\d") == "\"a \\\"b\\\" c\\\\d\"");
  CHECK(pt::json_quoted("line\nnext\ttab") == "\"line\\nnext\\ttab\"");
  CHECK(pt::json_quoted(std::string_view("\x01\x1f", 2)) == "\"\\u0001\\u001f\"");
  CHECK(pt::json_quoted("µm") == "\"µm\"");  // UTF-8 passes through
}
