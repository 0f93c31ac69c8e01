#include "pt/camera/natural_order.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "pt_catch.hpp"

using pt::camera::natural_less;

TEST_CASE("natural order compares digit runs by value") {
  CHECK(natural_less("img2.png", "img10.png"));
  CHECK_FALSE(natural_less("img10.png", "img2.png"));
  CHECK(natural_less("img9", "img10"));
  CHECK(natural_less("img99", "img100"));
  CHECK(natural_less("13_Left_96.png", "13_Left_100.png"));
  CHECK(natural_less("3_Right_8.png", "13_Left_4.png"));  // the subject number decides first
}

TEST_CASE("natural order handles numbers longer than any integer type") {
  CHECK(natural_less("f99999999999999999999999", "f100000000000000000000000"));
  CHECK(natural_less("f123456789012345678901234", "f123456789012345678901235"));
}

TEST_CASE("natural order treats leading zeros as the same number but stays total") {
  CHECK(natural_less("img007", "img8"));
  CHECK(natural_less("img8", "img010"));
  // Equal by value: byte order decides, so exactly one of the two is "less".
  CHECK(natural_less("img02", "img2") != natural_less("img2", "img02"));
  CHECK(natural_less("img0", "img00") != natural_less("img00", "img0"));
  CHECK_FALSE(natural_less("img2", "img2"));
}

TEST_CASE("natural order compares text case-insensitively, with the shorter prefix first") {
  CHECK(natural_less("Alpha2", "beta1"));
  CHECK(natural_less("alpha", "Beta"));
  CHECK(natural_less("img", "img1"));
  CHECK(natural_less("img1", "img1a"));
  CHECK(natural_less("img1a", "img1b"));
  CHECK(natural_less("img1b", "img2a"));
  CHECK(natural_less("a1b2", "a1b10"));
  CHECK(natural_less("", "a"));
  CHECK_FALSE(natural_less("a", ""));
}

TEST_CASE("natural order sorts a mixed list the way people number frames") {
  std::vector<std::string> names{"img10.png", "img2.png", "IMG1.png",   "img1m.png", "img02.png",
                                 "img1.png",  "a.png",    "img100.png", "img20.png"};
  std::sort(names.begin(), names.end(),
            [](const std::string& a, const std::string& b) { return natural_less(a, b); });
  const std::vector<std::string> expected{"a.png",    "IMG1.png",  "img1.png",  "img1m.png", "img02.png",
                                          "img2.png", "img10.png", "img20.png", "img100.png"};
  CHECK(names == expected);
}
