#include "pt/camera/open_file_source.hpp"

#include <string>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>

#include "lossless_video.hpp"
#include "pt/camera/input_error.hpp"
#include "pt_catch.hpp"
#include "temp_dir.hpp"

TEST_CASE("open_file_source picks the reader from what the path is") {
  const pt::test::TempDir dir;
  SECTION("a folder reads as images, with the folder options") {
    REQUIRE(cv::imwrite((dir / "a1.png").string(), cv::Mat(6, 9, CV_8UC1, cv::Scalar(7))));
    pt::camera::FileSourceOptions options;
    options.folder.fps = 12.5;
    const auto source = pt::camera::open_file_source(dir.path(), options);
    CHECK(source->describe().rfind("image folder", 0) == 0);
    CHECK(source->width() == 9);
    CHECK(source->nominal_fps() == Approx(12.5));
  }
  SECTION("a file reads as video") {
    const auto file = dir / "v.avi";
    pt::test::write_lossless_video(file, {cv::Mat(8, 16, CV_8UC1, cv::Scalar(3))}, 10.0, false);
    const auto source = pt::camera::open_file_source(file);
    CHECK(source->describe().rfind("video", 0) == 0);
    CHECK(source->height() == 8);
  }
  SECTION("a missing path is an input error") {
    CHECK_THROWS_AS(pt::camera::open_file_source(dir / "nowhere"), pt::camera::InputError);
  }
}
