// pupiltrack-cli hessian and bench --what hessian, run as a user runs them, on the CPU backend
// (the GPU's maps are checked against the CPU's in tests/gpu).
#include <cmath>
#include <fstream>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>

#include "cli_runner.hpp"
#include "pt/hessian/hessian_maps.hpp"
#include "pt_catch.hpp"

using pt::test::run_cli;

namespace {

// A dark diagonal vessel and a bright spot on a shaded background.
cv::Mat scene() {
  cv::Mat m(90, 120, CV_8UC1);
  for (int y = 0; y < m.rows; ++y) {
    for (int x = 0; x < m.cols; ++x) {
      const double line = std::abs(x - 1.3 * y - 10.0) / std::hypot(1.0, 1.3);
      const double spot = std::hypot(x - 90.0, y - 20.0);
      const double v = 140.0 + 0.3 * x - 60.0 * std::exp(-line * line / 8.0) + 90.0 * std::exp(-spot * spot / 6.0);
      m.at<std::uint8_t>(y, x) = cv::saturate_cast<std::uint8_t>(v);
    }
  }
  return m;
}

pt::Image<float> as_float(const cv::Mat& m) {
  pt::Image<float> out(m.cols, m.rows);
  for (int y = 0; y < m.rows; ++y) {
    for (int x = 0; x < m.cols; ++x) out.at(x, y) = m.at<std::uint8_t>(y, x);
  }
  return out;
}

}  // namespace

TEST_CASE("hessian writes the CPU's float map as TIFF and a thresholded mask") {
  pt::test::ScratchDir dir("hessian_tiff");
  const cv::Mat input = scene();
  REQUIRE(cv::imwrite((dir.path() / "in.png").string(), input));
  const auto r = run_cli("hessian --input in.png --backend cpu --scales 1.5,3 --out v.tiff --threshold 0.2 --mask-out m.png",
                         dir.path());
  INFO(r.output);
  REQUIRE(r.exit_code == 0);
  CHECK(r.output.find("on cpu") != std::string::npos);
  const cv::Mat got = cv::imread((dir.path() / "v.tiff").string(), cv::IMREAD_UNCHANGED);
  REQUIRE(got.type() == CV_32FC1);
  const std::vector<double> scales = {1.5, 3.0};
  const pt::Image<float> expected = pt::hessian::vesselness_map(as_float(input).view(), scales, {});
  const cv::Mat mask = cv::imread((dir.path() / "m.png").string(), cv::IMREAD_UNCHANGED);
  REQUIRE(mask.type() == CV_8UC1);
  int differing = 0;
  int mask_errors = 0;
  int marked = 0;
  for (int y = 0; y < input.rows; ++y) {
    for (int x = 0; x < input.cols; ++x) {
      differing += got.at<float>(y, x) != expected.at(x, y) ? 1 : 0;
      const bool above = expected.at(x, y) >= 0.2F;
      marked += above ? 1 : 0;
      mask_errors += mask.at<std::uint8_t>(y, x) != (above ? 255 : 0) ? 1 : 0;
    }
  }
  CHECK(differing == 0);
  CHECK(mask_errors == 0);
  CHECK(marked > 100);  // the vessel
}

TEST_CASE("hessian stretches a signed map over 8 bits for PNG and says so") {
  pt::test::ScratchDir dir("hessian_png");
  REQUIRE(cv::imwrite((dir.path() / "in.png").string(), scene()));
  const auto r = run_cli("hessian -i in.png --backend cpu --map lambda1 --sigma 2 --out l1.png", dir.path());
  INFO(r.output);
  REQUIRE(r.exit_code == 0);
  CHECK(r.output.find("stretched over 0..255") != std::string::npos);
  const cv::Mat got = cv::imread((dir.path() / "l1.png").string(), cv::IMREAD_UNCHANGED);
  REQUIRE(got.type() == CV_8UC1);
  double lo = 0.0;
  double hi = 0.0;
  cv::minMaxLoc(got, &lo, &hi);
  CHECK(lo == 0.0);
  CHECK(hi == 255.0);
}

TEST_CASE("hessian refuses bad input with one clear error line") {
  pt::test::ScratchDir dir("hessian_errors");
  REQUIRE(cv::imwrite((dir.path() / "in.png").string(), scene()));
  {
    std::ofstream junk(dir.path() / "junk.png");
    junk << "not an image";
  }
  const std::pair<const char*, const char*> cases[] = {
      {"hessian -i missing.png --out v.tiff", "no such file"},
      {"hessian -i . --out v.tiff", "'.' is a folder: --input takes one image"},
      {"hessian -i junk.png --backend cpu --out v.tiff", "cannot read"},
      {"hessian -i in.png --out v.xyz", "cannot tell the format"},
      {"hessian -i in.png --map lambda2 --scales 1,2 --out v.tiff", "takes one scale"},
      {"hessian -i in.png --sigma 2 --scales 1,2 --out v.tiff", "not both"},
      {"hessian -i in.png --scales 1,x --out v.tiff", "not a number"},
      {"hessian -i in.png --sigma 9 --out v.tiff", "Hessian scale must be in"},
      {"hessian -i in.png --out v.tiff --threshold 1 --mask-out m.tiff", "a mask is written as"},
  };
  for (const auto& [args, message] : cases) {
    CAPTURE(args);
    const auto r = run_cli(args, dir.path());
    INFO(r.output);
    CHECK(r.exit_code == 1);
    CHECK(r.output.find("error: ") != std::string::npos);
    CHECK(r.output.find(message) != std::string::npos);
  }
  CHECK_FALSE(std::filesystem::exists(dir.path() / "v.tiff"));
}

TEST_CASE("bench --what hessian times the CPU path against its baseline") {
  pt::test::ScratchDir dir("hessian_bench");
  const auto r = run_cli("bench --what hessian --size 96x64", dir.path());
  INFO(r.output);
  REQUIRE(r.exit_code == 0);
  CHECK(r.output.find("cpu baseline") != std::string::npos);
  CHECK(r.output.find("cpu eigenvalues") != std::string::npos);
  CHECK(r.output.find("cpu vesselness") != std::string::npos);
}
