#include "pt/camera/image_folder_source.hpp"

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "frame_reading.hpp"
#include "pt/camera/input_error.hpp"
#include "pt/frame_pool.hpp"
#include "pt/host_allocator.hpp"
#include "pt_catch.hpp"
#include "temp_dir.hpp"

namespace {

using pt::camera::ImageFolderOptions;
using pt::camera::ImageFolderSource;
using pt::camera::InputError;

// Random grey content that differs per seed, so a frame read in the wrong order cannot pass.
cv::Mat random_image(int width, int height, int type, std::uint64_t seed, double max_value) {
  cv::Mat image(height, width, type);
  cv::RNG rng(seed);
  rng.fill(image, cv::RNG::UNIFORM, 0.0, max_value + 1.0);
  return image;
}

void write_image(const std::filesystem::path& file, const cv::Mat& image) {
  REQUIRE(cv::imwrite(file.string(), image));
}

void write_bytes(const std::filesystem::path& file, const std::string& bytes) {
  std::ofstream out(file, std::ios::binary);
  out << bytes;
}

std::string random_bytes(std::size_t count) {
  cv::RNG rng(1234);
  std::string bytes(count, '\0');
  for (char& c : bytes) c = static_cast<char>(rng.uniform(0, 256));
  return bytes;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Frame numbers whose lexical order ("f1", "f10", "f11", "f12", "f2", ...) differs from natural.
std::string frame_name(int i, const char* suffix = "") {
  std::string name = "f";  // appended piecewise: GCC 12 -O3 warns falsely on "f" + std::string
  name += std::to_string(i);
  name += suffix;
  name += ".png";
  return name;
}

}  // namespace

TEST_CASE("folder frames come in natural order with exact pixels and file-name labels") {
  const pt::test::TempDir dir;
  std::vector<cv::Mat> written;
  for (int i = 1; i <= 12; ++i) {
    written.push_back(random_image(24, 16, CV_8UC1, static_cast<std::uint64_t>(i), 255.0));
    write_image(dir / frame_name(i), written.back());
  }
  write_bytes(dir / "notes.txt", "not an image");
  std::filesystem::create_directory(dir / "sub.png");  // a folder with an image-like name

  ImageFolderSource source(dir.path(), ImageFolderOptions{10.0, "", ""});
  CHECK(source.width() == 24);
  CHECK(source.height() == 16);
  CHECK(source.nominal_fps() == Approx(10.0));
  REQUIRE(source.frame_count().has_value());
  CHECK(*source.frame_count() == 12);
  CHECK(source.describe().find(dir.path().string()) != std::string::npos);

  const auto outcome = pt::test::read_all_frames(source);
  CHECK(outcome.last == pt::ReadStatus::EndOfStream);
  REQUIRE(outcome.pixels.size() == 12);
  for (std::size_t i = 0; i < 12; ++i) {
    INFO("frame " << i);
    CHECK(pt::test::same_pixels(outcome.pixels[i], written[i]));
    CHECK(outcome.infos[i].index == i);
    CHECK(outcome.infos[i].source == frame_name(static_cast<int>(i) + 1));
    CHECK(outcome.infos[i].timestamp_s == Approx(static_cast<double>(i) / 10.0));
  }
  CHECK(source.notices().empty());
  CHECK(source.error().empty());
  pt::FramePool pool(24, 16, 1, pt::make_host_allocator());
  auto frame = pool.try_acquire();
  CHECK(source.read(*frame) == pt::ReadStatus::EndOfStream);  // and stays there
}

TEST_CASE("folder takes image extensions in any case and skips everything else") {
  const pt::test::TempDir dir;
  const cv::Mat image(6, 6, CV_8UC1, cv::Scalar(9));
  write_image(dir / "a.PNG", image);
  write_image(dir / "b.Jpeg", image);
  write_image(dir / "c.tiff", image);
  write_image(dir / "d.pgm", image);
  write_bytes(dir / "._a.png", random_bytes(100));  // macOS metadata beside a copied image
  write_bytes(dir / "e.txt", "not an image");
  write_bytes(dir / "f.png.bak", "not an image either");
  std::filesystem::create_directory(dir / "g.png");
  ImageFolderSource source(dir.path());
  const auto outcome = pt::test::read_all_frames(source);
  CHECK(outcome.last == pt::ReadStatus::EndOfStream);
  REQUIRE(outcome.infos.size() == 4);
  CHECK(outcome.infos[0].source == "a.PNG");
  CHECK(outcome.infos[1].source == "b.Jpeg");
  CHECK(outcome.infos[3].source == "d.pgm");
}

TEST_CASE("folder include and exclude globs pick the images, not the masks beside them") {
  const pt::test::TempDir dir;
  for (int i = 1; i <= 3; ++i) {
    write_image(dir / frame_name(i), random_image(8, 8, CV_8UC1, static_cast<std::uint64_t>(i), 255.0));
    write_image(dir / frame_name(i, "m"), cv::Mat(8, 8, CV_8UC1, cv::Scalar(255)));
  }
  SECTION("without globs the masks are frames too") {
    ImageFolderSource source(dir.path());
    CHECK(*source.frame_count() == 6);
    CHECK(source.nominal_fps() == Approx(30.0));
  }
  SECTION("exclude skips them") {
    ImageFolderSource source(dir.path(), ImageFolderOptions{30.0, "", "*m.png"});
    const auto outcome = pt::test::read_all_frames(source);
    REQUIRE(outcome.infos.size() == 3);
    CHECK(outcome.infos[0].source == "f1.png");
    CHECK(outcome.infos[2].source == "f3.png");
  }
  SECTION("include selects them") {
    ImageFolderSource source(dir.path(), ImageFolderOptions{30.0, "*m.png", ""});
    const auto outcome = pt::test::read_all_frames(source);
    REQUIRE(outcome.infos.size() == 3);
    CHECK(outcome.infos[1].source == "f2m.png");
  }
  SECTION("globs that leave nothing are an input error that names the folder") {
    try {
      ImageFolderSource source(dir.path(), ImageFolderOptions{30.0, "*.jpg", ""});
      FAIL("expected InputError");
    } catch (const InputError& e) {
      CHECK(contains(e.what(), "no images in folder '" + dir.path().string() + "'"));
    }
  }
}

TEST_CASE("folder inputs that cannot work are input errors") {
  const pt::test::TempDir dir;
  SECTION("empty folder") {
    try {
      ImageFolderSource source(dir.path());
      FAIL("expected InputError");
    } catch (const InputError& e) {
      CHECK(contains(e.what(), "no images in folder"));
    }
  }
  SECTION("missing folder") {
    try {
      ImageFolderSource source(dir / "absent");
      FAIL("expected InputError");
    } catch (const InputError& e) {
      CHECK(contains(e.what(), "does not exist"));
    }
  }
  SECTION("a file, not a folder") {
    write_image(dir / "a.png", cv::Mat(4, 4, CV_8UC1, cv::Scalar(1)));
    CHECK_THROWS_AS(ImageFolderSource(dir / "a.png"), InputError);
  }
  SECTION("a first image that does not decode") {
    write_bytes(dir / "a.png", random_bytes(500));
    CHECK_THROWS_AS(ImageFolderSource(dir.path()), InputError);
  }
  SECTION("a frame rate that is not positive") {
    write_image(dir / "a.png", cv::Mat(4, 4, CV_8UC1, cv::Scalar(1)));
    CHECK_THROWS_AS(ImageFolderSource(dir.path(), ImageFolderOptions{0.0, "", ""}), InputError);
  }
}

TEST_CASE("folder colour images become grey the way cvtColor makes them, with one notice") {
  const pt::test::TempDir dir;
  const cv::Mat first = random_image(20, 10, CV_8UC3, 5, 255.0);
  const cv::Mat second = random_image(20, 10, CV_8UC3, 6, 255.0);
  write_image(dir / "c1.png", first);
  write_image(dir / "c2.png", second);
  ImageFolderSource source(dir.path());
  const auto outcome = pt::test::read_all_frames(source);
  REQUIRE(outcome.pixels.size() == 2);
  cv::Mat expected;
  cv::cvtColor(first, expected, cv::COLOR_BGR2GRAY);
  CHECK(pt::test::same_pixels(outcome.pixels[0], expected));
  cv::cvtColor(second, expected, cv::COLOR_BGR2GRAY);
  CHECK(pt::test::same_pixels(outcome.pixels[1], expected));
  REQUIRE(source.notices().size() == 1);
  CHECK(contains(source.notices()[0], "colour (3 channels): converted to grey"));
}

TEST_CASE("folder 16-bit images keep the shift chosen on the first one") {
  const pt::test::TempDir dir;
  cv::Mat twelve_bit = random_image(16, 8, CV_16UC1, 7, 4095.0);
  twelve_bit.at<std::uint16_t>(0, 0) = 4095;  // the maximum marks 12-bit data
  twelve_bit.at<std::uint16_t>(0, 1) = 16;
  twelve_bit.at<std::uint16_t>(0, 2) = 15;
  cv::Mat dim = random_image(16, 8, CV_16UC1, 8, 1000.0);  // alone it would look like 10-bit data
  cv::Mat bright = twelve_bit.clone();
  bright.at<std::uint16_t>(0, 0) = 60000;  // beyond 12 bits: saturates instead of wrapping
  write_image(dir / "d1.png", twelve_bit);
  write_image(dir / "d2.png", dim);
  write_image(dir / "d3.png", bright);

  ImageFolderSource source(dir.path());
  const auto outcome = pt::test::read_all_frames(source);
  REQUIRE(outcome.pixels.size() == 3);
  const std::vector<cv::Mat> originals{twelve_bit, dim, bright};
  for (std::size_t i = 0; i < originals.size(); ++i) {
    INFO("frame " << i);
    bool all_shifted_by_4 = true;
    for (int y = 0; y < 8; ++y) {
      for (int x = 0; x < 16; ++x) {
        const int expected = std::min(originals[i].at<std::uint16_t>(y, x) >> 4, 255);
        all_shifted_by_4 = all_shifted_by_4 && outcome.pixels[i].at<std::uint8_t>(y, x) == expected;
      }
    }
    CHECK(all_shifted_by_4);
  }
  CHECK(outcome.pixels[0].at<std::uint8_t>(0, 0) == 255);
  CHECK(outcome.pixels[0].at<std::uint8_t>(0, 1) == 1);
  CHECK(outcome.pixels[0].at<std::uint8_t>(0, 2) == 0);
  CHECK(outcome.pixels[2].at<std::uint8_t>(0, 0) == 255);
  REQUIRE(source.notices().size() == 1);
  CHECK(contains(source.notices()[0], "shifting right by 4 bits"));
  CHECK(contains(source.notices()[0], "12-bit"));
  CHECK(contains(source.notices()[0], "d1.png"));
}

TEST_CASE("folder image of another size mid-sequence ends it with an error naming file and sizes") {
  const pt::test::TempDir dir;
  write_image(dir / "s1.png", random_image(40, 30, CV_8UC1, 1, 255.0));
  write_image(dir / "s2.png", random_image(40, 30, CV_8UC1, 2, 255.0));
  write_image(dir / "s3.png", random_image(30, 20, CV_8UC1, 3, 255.0));
  write_image(dir / "s4.png", random_image(40, 30, CV_8UC1, 4, 255.0));
  ImageFolderSource source(dir.path());
  const auto outcome = pt::test::read_all_frames(source);
  CHECK(outcome.pixels.size() == 2);
  CHECK(outcome.last == pt::ReadStatus::Error);
  CHECK(contains(source.error(), "s3.png"));
  CHECK(contains(source.error(), "30x20"));
  CHECK(contains(source.error(), "40x30"));
  pt::FramePool pool(40, 30, 1, pt::make_host_allocator());
  auto frame = pool.try_acquire();
  CHECK(source.read(*frame) == pt::ReadStatus::Error);  // the error sticks
}

TEST_CASE("folder corrupt image mid-sequence ends it with an error after the good frames") {
  const pt::test::TempDir dir;
  const cv::Mat good1 = random_image(12, 12, CV_8UC1, 1, 255.0);
  const cv::Mat good2 = random_image(12, 12, CV_8UC1, 2, 255.0);
  write_image(dir / "p1.png", good1);
  write_image(dir / "p2.png", good2);
  write_bytes(dir / "p3.png", random_bytes(2000));
  write_image(dir / "p4.png", random_image(12, 12, CV_8UC1, 4, 255.0));
  ImageFolderSource source(dir.path());
  const auto outcome = pt::test::read_all_frames(source);
  REQUIRE(outcome.pixels.size() == 2);
  CHECK(pt::test::same_pixels(outcome.pixels[0], good1));
  CHECK(pt::test::same_pixels(outcome.pixels[1], good2));
  CHECK(outcome.last == pt::ReadStatus::Error);
  CHECK(contains(source.error(), "p3.png"));
}
