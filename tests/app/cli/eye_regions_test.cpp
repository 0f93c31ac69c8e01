#include "cli/eye_regions.hpp"

#include "pt_catch.hpp"

TEST_CASE("regions parse as x,y,w,h and reject anything else") {
  const pt::RectI r = pt::cli::parse_rect("10,20,300,400");
  CHECK(r == pt::RectI{10, 20, 300, 400});
  for (const char* bad : {"", "1,2,3", "1,2,3,4,5", "a,b,c,d", "1,2,0,4", "1, 2,3,4", "1,2,3,4x"}) {
    CAPTURE(bad);
    CHECK_THROWS_AS(pt::cli::parse_rect(bad), std::invalid_argument);
  }
}

TEST_CASE("default regions are the frame halves, or the whole frame for one eye") {
  const auto two = pt::cli::eye_regions(1280, 1024, 2, std::nullopt, std::nullopt);
  REQUIRE(two.size() == 2);
  CHECK(two[0].eye == pt::EyeSide::Left);
  CHECK(two[0].rect == pt::RectI{0, 0, 640, 1024});
  CHECK(two[1].eye == pt::EyeSide::Right);
  CHECK(two[1].rect == pt::RectI{640, 0, 640, 1024});
  const auto one = pt::cli::eye_regions(400, 300, 1, std::nullopt, std::nullopt);
  REQUIRE(one.size() == 1);
  CHECK(one[0].eye == pt::EyeSide::Single);
  CHECK(one[0].rect == pt::RectI{0, 0, 400, 300});
}

TEST_CASE("explicit regions replace the halves and must lie inside the frame") {
  const auto r = pt::cli::eye_regions(1280, 1024, 2, pt::RectI{100, 100, 400, 400}, std::nullopt);
  CHECK(r[0].rect == pt::RectI{100, 100, 400, 400});
  CHECK(r[1].rect == pt::RectI{640, 0, 640, 1024});
  try {
    (void)pt::cli::eye_regions(1280, 1024, 2, std::nullopt, pt::RectI{1000, 0, 400, 100});
    FAIL("no exception");
  } catch (const std::invalid_argument& e) {
    CHECK(std::string(e.what()) == "region --roi-right 1000,0,400,100 lies outside the 1280x1024 frame");
  }
  CHECK_THROWS_AS(pt::cli::eye_regions(640, 480, 1, std::nullopt, pt::RectI{0, 0, 10, 10}), std::invalid_argument);
}
