#include "pt/hessian/hessian_rows.hpp"

#include <algorithm>
#include <vector>

#include "pt/hessian/hessian_pixel.hpp"
#include "pt/parallel_for.hpp"

namespace pt::hessian {
namespace {

// Bands per thread: a few more bands than threads even out rows of unequal cost.
constexpr int kBandsPerThread = 2;

// One band's working rows: the ring of horizontally filtered rows (three filters each) and the
// output row.
class BandScanner {
 public:
  BandScanner(ImageView<const float> src, const DerivativeTaps& taps)
      : src_(src),
        taps_(taps),
        width_(static_cast<std::size_t>(src.width)),
        ring_rows_(2 * taps.radius + 1),
        padded_(width_ + 2 * static_cast<std::size_t>(taps.radius)),
        smooth_(ring_rows_ * width_),
        first_(ring_rows_ * width_),
        second_(ring_rows_ * width_),
        dxx_(width_),
        dxy_(width_),
        dyy_(width_) {}

  void scan(int y_begin, int y_end, const HessianRowSink& sink) {
    const int r = taps_.radius;
    for (int yy = y_begin - r; yy < y_begin + r; ++yy) filter_row(yy);
    for (int y = y_begin; y < y_end; ++y) {
      filter_row(y + r);
      filter_column(y);
      sink({y, dxx_, dxy_, dyy_});
    }
  }

 private:
  [[nodiscard]] std::size_t slot(int logical_row) const noexcept {
    const int n = static_cast<int>(ring_rows_);
    return static_cast<std::size_t>(((logical_row % n) + n) % n) * width_;
  }

  // Logical rows outside the image hold the filtered mirrored row, so the column pass needs no
  // border logic of its own.
  void filter_row(int logical_row) {
    const int r = taps_.radius;
    const int w = src_.width;
    const float* in = src_.row(mirror_index(logical_row, src_.height));
    for (int i = -r; i < w + r; ++i) padded_[static_cast<std::size_t>(i + r)] = in[mirror_index(i, w)];
    const float* p = padded_.data() + r;
    const std::size_t base = slot(logical_row);
    float* smooth = smooth_.data() + base;
    float* first = first_.data() + base;
    float* second = second_.data() + base;
    for (int x = 0; x < w; ++x) {
      smooth[x] = taps_.smooth[0] * p[x];
      first[x] = 0.0F;
      second[x] = 0.0F;
    }
    for (int k = 1; k <= r; ++k) {
      const float ws = taps_.smooth[static_cast<std::size_t>(k)];
      const float w1 = taps_.first[static_cast<std::size_t>(k)];
      const float w2 = taps_.second[static_cast<std::size_t>(k)];
      for (int x = 0; x < w; ++x) {
        const float sum = p[x + k] + p[x - k];
        smooth[x] += ws * sum;
        first[x] += w1 * (p[x + k] - p[x - k]);
        second[x] += w2 * (sum - 2.0F * p[x]);
      }
    }
  }

  // dxx: second along x, smoothed along y; dyy the converse; dxy: first along both.
  void filter_column(int y) {
    const int r = taps_.radius;
    const std::size_t w = width_;
    const float* smooth = smooth_.data() + slot(y);
    const float* second = second_.data() + slot(y);
    for (std::size_t x = 0; x < w; ++x) {
      dxx_[x] = taps_.smooth[0] * second[x];
      dxy_[x] = 0.0F;
      dyy_[x] = 0.0F;
    }
    for (int k = 1; k <= r; ++k) {
      const float ws = taps_.smooth[static_cast<std::size_t>(k)];
      const float w1 = taps_.first[static_cast<std::size_t>(k)];
      const float w2 = taps_.second[static_cast<std::size_t>(k)];
      const float* second_below = second_.data() + slot(y + k);
      const float* second_above = second_.data() + slot(y - k);
      const float* first_below = first_.data() + slot(y + k);
      const float* first_above = first_.data() + slot(y - k);
      const float* smooth_below = smooth_.data() + slot(y + k);
      const float* smooth_above = smooth_.data() + slot(y - k);
      for (std::size_t x = 0; x < w; ++x) {
        dxx_[x] += ws * (second_below[x] + second_above[x]);
        dxy_[x] += w1 * (first_below[x] - first_above[x]);
        dyy_[x] += w2 * (smooth_below[x] + smooth_above[x] - 2.0F * smooth[x]);
      }
    }
  }

  ImageView<const float> src_;
  const DerivativeTaps& taps_;
  std::size_t width_;
  std::size_t ring_rows_;
  std::vector<float> padded_;
  std::vector<float> smooth_;
  std::vector<float> first_;
  std::vector<float> second_;
  std::vector<float> dxx_;
  std::vector<float> dxy_;
  std::vector<float> dyy_;
};

}  // namespace

void scan_hessian_rows(ImageView<const float> src, const DerivativeTaps& taps, ParallelFor* pool,
                       const HessianRowSink& sink) {
  if (src.empty()) return;
  const int bands = pool != nullptr ? std::clamp(pool->threads() * kBandsPerThread, 1, src.height) : 1;
  const auto scan_band = [&](int b) {
    BandScanner scanner(src, taps);
    scanner.scan(src.height * b / bands, src.height * (b + 1) / bands, sink);
  };
  if (bands > 1) {
    pool->run(bands, scan_band);
  } else {
    scan_band(0);
  }
}

}  // namespace pt::hessian
