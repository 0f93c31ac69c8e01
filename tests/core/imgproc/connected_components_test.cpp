// Run-based labeling against cv::connectedComponents: the same partition of the foreground into
// 8-connected components (labels may be numbered differently), the same areas and bounds.
#include "pt/imgproc/connected_components.hpp"

#include <map>
#include <opencv2/imgproc.hpp>

#include "opencv_bridge.hpp"
#include "pt_catch.hpp"

namespace {

pt::ImageU8 random_binary(int w, int h, double density, unsigned seed) {
  cv::RNG rng(seed);
  cv::Mat noise(h, w, CV_32F);
  rng.fill(noise, cv::RNG::UNIFORM, 0.0, 1.0);
  return pt::test::from_mat(noise < density);
}

// Every label of ours maps to exactly one of OpenCV's and back, background to background.
void require_same_partition(const pt::ConnectedComponents& ours, const cv::Mat& theirs, int their_count) {
  REQUIRE(ours.count() == their_count - 1);
  std::map<std::int32_t, std::int32_t> to_theirs;
  std::map<std::int32_t, std::int32_t> to_ours;
  const auto labels = ours.labels();
  for (int y = 0; y < labels.height; ++y) {
    for (int x = 0; x < labels.width; ++x) {
      const std::int32_t a = labels.at(x, y);
      const std::int32_t b = theirs.at<std::int32_t>(y, x);
      REQUIRE((a == 0) == (b == 0));
      REQUIRE(to_theirs.emplace(a, b).first->second == b);
      REQUIRE(to_ours.emplace(b, a).first->second == a);
    }
  }
}

}  // namespace

TEST_CASE("labeling partitions like cv::connectedComponents at every foreground density") {
  const double density = GENERATE(0.05, 0.3, 0.45, 0.6, 0.9);
  const unsigned seed = GENERATE(1U, 2U);
  CAPTURE(density, seed);
  const pt::ImageU8 img = random_binary(157, 93, density, seed);
  pt::ConnectedComponents cc;
  cc.label(img.view());
  cv::Mat labels;
  cv::Mat stats;
  cv::Mat centroids;
  const int n = cv::connectedComponentsWithStats(pt::test::as_mat(img.view()), labels, stats, centroids, 8, CV_32S);
  require_same_partition(cc, labels, n);
  for (int y = 0; y < img.height(); ++y) {
    for (int x = 0; x < img.width(); ++x) {
      const int ours = cc.labels().at(x, y);
      if (ours == 0) continue;
      const int theirs = labels.at<std::int32_t>(y, x);
      const pt::ComponentStats& s = cc.stats(ours);
      REQUIRE(s.area == stats.at<int>(theirs, cv::CC_STAT_AREA));
      REQUIRE(s.bounds == pt::RectI{stats.at<int>(theirs, cv::CC_STAT_LEFT), stats.at<int>(theirs, cv::CC_STAT_TOP),
                                    stats.at<int>(theirs, cv::CC_STAT_WIDTH),
                                    stats.at<int>(theirs, cv::CC_STAT_HEIGHT)});
    }
  }
}

TEST_CASE("labeling numbers components in raster order and reads strided views") {
  const pt::ImageU8 texture = pt::test::make_test_image(120, 90, 5);
  pt::ImageU8 binary(120, 90);
  for (int y = 0; y < 90; ++y) {
    for (int x = 0; x < 120; ++x) binary.at(x, y) = texture.at(x, y) < 100 ? 1 : 0;
  }
  const pt::CViewU8 part = binary.view().sub({7, 5, 101, 77});
  pt::ConnectedComponents cc;
  cc.label(part);
  cv::Mat labels;
  const int n = cv::connectedComponents(pt::test::as_mat(part), labels, 8, CV_32S);
  require_same_partition(cc, labels, n);
  int next = 1;
  for (int y = 0; y < part.height; ++y) {
    for (int x = 0; x < part.width; ++x) {
      const int l = cc.labels().at(x, y);
      if (l == next) ++next;
      REQUIRE(l < next);
    }
  }
}

TEST_CASE("labeling handles empty, full and single-pixel images") {
  pt::ConnectedComponents cc;
  CHECK(cc.label(pt::ImageU8(9, 4, 0).view()) == 0);
  CHECK(cc.label(pt::ImageU8(9, 4, 1).view()) == 1);
  CHECK(cc.stats(1).area == 36);
  CHECK(cc.stats(1).bounds == pt::RectI{0, 0, 9, 4});
  CHECK(cc.label(pt::ImageU8(1, 1, 7).view()) == 1);
  // Two diagonal neighbours are one component; a knight's move apart they are two.
  pt::ImageU8 img(4, 3, 0);
  img.at(0, 0) = 1;
  img.at(1, 1) = 1;
  img.at(3, 2) = 1;
  CHECK(cc.label(img.view()) == 2);
}
