#include "pt/camera/glob_match.hpp"

#include <string>

#include "pt_catch.hpp"

using pt::camera::glob_match;

TEST_CASE("glob matches literal names exactly and case-sensitively") {
  CHECK(glob_match("a.png", "a.png"));
  CHECK_FALSE(glob_match("a.png", "a.pn"));
  CHECK_FALSE(glob_match("a.png", "a.pngx"));
  CHECK_FALSE(glob_match("a.png", "A.png"));
  CHECK(glob_match("", ""));
  CHECK_FALSE(glob_match("", "a"));
}

TEST_CASE("glob star matches any run, also an empty one") {
  CHECK(glob_match("*", ""));
  CHECK(glob_match("*", "anything.png"));
  CHECK(glob_match("*.png", ".png"));
  CHECK(glob_match("*m.png", "13_Left_100m.png"));
  CHECK_FALSE(glob_match("*m.png", "13_Left_100.png"));
  CHECK(glob_match("13_*_1*.png", "13_Left_100.png"));
  CHECK(glob_match("a*b*c", "abc"));
  CHECK(glob_match("a*b*c", "axxbyybzzc"));
  CHECK_FALSE(glob_match("a*b*c", "axxbyyc_"));
  CHECK(glob_match("**a", "a"));
}

TEST_CASE("glob question mark matches exactly one character") {
  CHECK(glob_match("img?.png", "img1.png"));
  CHECK_FALSE(glob_match("img?.png", "img.png"));
  CHECK_FALSE(glob_match("img?.png", "img12.png"));
  CHECK(glob_match("img??.png", "img12.png"));
  CHECK(glob_match("*_?_*", "13_L_4"));
}

TEST_CASE("glob stays fast on patterns that would backtrack exponentially") {
  const std::string name(200, 'a');
  CHECK_FALSE(glob_match("*a*a*a*a*a*a*a*a*b", name));
  CHECK(glob_match("*a*a*a*a*a*a*a*a*a", name));
}
