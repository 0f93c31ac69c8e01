// The GPU's Hessian maps against core's CPU maps on the same images.
//
// Tolerances: both sum the same taps in the same order, but the GPU fuses each multiply and add
// into one rounding. A sum of up to 2 x 33 terms of up to 255 grey levels times weights whose
// magnitudes add up to about 2 (second derivatives cancel heavily) parts by at most
// 65 x 6e-8 x 255 x 2 = 2e-3 per pass: allowed 1e-4 of the map's largest magnitude plus 4e-3.
// Eigenvalues are compared in algebraic order: where |lambda1| and |lambda2| nearly tie (saddles,
// dxx + dyy near 0) the sign of the trace decides which is lambda1, and a rounding flips it;
// elsewhere lambda1 must be the CPU's. The direction is compared where both the gap and the
// magnitudes' difference exceed 1 % of the largest magnitude plus 0.4, so that an error within
// the allowance turns it by at most 1e-2 rad. Vesselness lies in [0, 1] and moves by about
// 4 (Hessian error) / (largest norm): allowed 1e-3.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <numbers>
#include <string>
#include <thread>
#include <vector>

#include "gpu_test_support.hpp"
#include "pt/gpu/hessian_maps.hpp"
#include "pt/gpu/stream.hpp"
#include "pt/hessian/derivative_taps.hpp"
#include "pt/hessian/hessian_maps.hpp"
#include "pt/parallel_for.hpp"
#include "pt_catch.hpp"

namespace {

using pt::hessian::Polarity;

pt::ParallelFor& cpu_pool() {
  static pt::ParallelFor pool(static_cast<int>(std::max(1U, std::thread::hardware_concurrency())));
  return pool;
}

// A single pixel, and sizes that end inside a tile: small enough for the sanitizers.
std::vector<pt::test::EyeImage> small_images() {
  return {{"noise 1x1", pt::test::noise_image(1, 1, 31)}, {"noise 33x65", pt::test::noise_image(33, 65, 33)}};
}

// Glints and eye regions of synthetic frames as well.
std::vector<pt::test::EyeImage> all_images() {
  std::vector<pt::test::EyeImage> images = small_images();
  images.push_back({"noise 5x3", pt::test::noise_image(5, 3, 32)});
  images.push_back({"glints 257x131", pt::test::glint_field(257, 131, 40, 34)});
  for (auto& eye : pt::test::synthetic_eye_regions()) {
    if (eye.name.find("eye") != std::string::npos) images.push_back(std::move(eye));
  }
  return images;
}

// The largest |gpu - cpu| of a map over all cases of its kind, relative to the case's largest
// |cpu| where asked; printed when the program ends.
class Gaps {
 public:
  Gaps() = default;
  Gaps(const Gaps&) = delete;
  Gaps& operator=(const Gaps&) = delete;
  ~Gaps() {
    for (const auto& [kind, gap] : gaps_) std::printf("hessian parity %-28s largest gap %.3g\n", kind.c_str(), gap);
  }
  double add(const std::string& kind, double gap) {
    double& g = gaps_[kind];
    g = std::max(g, gap);
    return gap;
  }

 private:
  std::map<std::string, double> gaps_;
};

Gaps gaps;

double largest_magnitude(const pt::Image<float>& m) {
  double v = 0.0;
  for (int y = 0; y < m.height(); ++y) {
    for (int x = 0; x < m.width(); ++x) v = std::max(v, static_cast<double>(std::abs(m.at(x, y))));
  }
  return v;
}

double largest_gap(const pt::Image<float>& gpu, const pt::Image<float>& cpu) {
  double g = 0.0;
  for (int y = 0; y < cpu.height(); ++y) {
    for (int x = 0; x < cpu.width(); ++x) g = std::max(g, static_cast<double>(std::abs(gpu.at(x, y) - cpu.at(x, y))));
  }
  return g;
}

constexpr double kRelative = 1e-4;
constexpr double kAbsolute = 4e-3;

// The largest |gpu - cpu| over the allowance for a map of this magnitude: at most 1 to pass.
double gap_over_allowance(const pt::Image<float>& gpu, const pt::Image<float>& cpu) {
  return largest_gap(gpu, cpu) / (kRelative * largest_magnitude(cpu) + kAbsolute);
}

struct EigenGaps {
  double values = 0.0;     // over the allowance, eigenvalues in algebraic order
  long long flipped = 0;   // pixels where the GPU took the other lambda1 without a near tie
  double direction = 0.0;  // radians
};

EigenGaps eigen_gaps(const pt::hessian::EigenImages& gpu, const pt::hessian::EigenImages& cpu) {
  const double scale = largest_magnitude(cpu.lambda1);
  const double allowance = kRelative * scale + kAbsolute;
  const double clear = 0.01 * scale + 100.0 * kAbsolute;
  EigenGaps g;
  for (int y = 0; y < cpu.lambda1.height(); ++y) {
    for (int x = 0; x < cpu.lambda1.width(); ++x) {
      const double c1 = cpu.lambda1.at(x, y);
      const double c2 = cpu.lambda2.at(x, y);
      const double g1 = gpu.lambda1.at(x, y);
      const double g2 = gpu.lambda2.at(x, y);
      const double hi = std::abs(std::max(g1, g2) - std::max(c1, c2));
      const double lo = std::abs(std::min(g1, g2) - std::min(c1, c2));
      g.values = std::max(g.values, std::max(hi, lo) / allowance);
      const double tie_margin = std::abs(std::abs(c1) - std::abs(c2));
      if (tie_margin >= 2.0 * allowance && std::abs(g1 - c1) > allowance) ++g.flipped;
      if (tie_margin < clear || std::abs(c1 - c2) < clear) continue;
      // Angles of a line: 0 and pi are the same direction.
      double d = std::abs(static_cast<double>(gpu.direction.at(x, y)) - cpu.direction.at(x, y));
      d = std::min(d, std::numbers::pi - d);
      g.direction = std::max(g.direction, d);
    }
  }
  return g;
}

pt::Image<float> download(const pt::gpu::DeviceImage<float>& d, const pt::gpu::Stream& stream) {
  pt::Image<float> h(d.width(), d.height());
  pt::gpu::download_async(stream.get(), d.view(), h.view());
  stream.synchronize();
  return h;
}

struct DeviceInputs {
  pt::gpu::DeviceImageU8 u8;
  pt::gpu::DeviceImage<float> f32;
};

DeviceInputs upload(const pt::ImageU8& img, const pt::Image<float>& as_float, const pt::gpu::Stream& stream) {
  DeviceInputs d{pt::test::to_device(img.view(), stream), pt::gpu::DeviceImage<float>(img.width(), img.height())};
  pt::gpu::upload_async(stream.get(), as_float.view(), d.f32.view());
  stream.synchronize();
  return d;
}

void check_eigen(const std::vector<pt::test::EyeImage>& images, const std::vector<double>& sigmas) {
  const pt::gpu::Stream stream;
  for (const auto& [name, img] : images) {
    const pt::Image<float> grey = pt::hessian::to_float_image(img.view());
    const DeviceInputs in = upload(img, grey, stream);
    const int w = img.width();
    const int h = img.height();
    pt::gpu::DeviceImage<float> l1(w, h);
    pt::gpu::DeviceImage<float> l2(w, h);
    pt::gpu::DeviceImage<float> dir(w, h);
    for (const double sigma : sigmas) {
      CAPTURE(name, sigma);
      const pt::hessian::EigenImages cpu = pt::hessian::hessian_eigen(grey.view(), sigma, &cpu_pool());
      pt::gpu::hessian_eigen(stream.get(), in.f32.view(), sigma, {l1.view(), l2.view(), dir.view()});
      const pt::hessian::EigenImages gpu{download(l1, stream), download(l2, stream), download(dir, stream)};
      const EigenGaps g = eigen_gaps(gpu, cpu);
      CHECK(gaps.add("eigenvalues (/ allowance)", g.values) <= 1.0);
      CHECK(gaps.add("lambda1 flipped, no tie (px)", static_cast<double>(g.flipped)) == 0.0);
      CHECK(gaps.add("direction (rad)", g.direction) <= 1e-2);
      // 8-bit input: the same floats once loaded, so the same maps to the bit.
      pt::gpu::hessian_eigen(stream.get(), in.u8.view(), sigma, {l1.view(), l2.view(), dir.view()});
      CHECK(largest_gap(download(l1, stream), gpu.lambda1) == 0.0);
      CHECK(largest_gap(download(dir, stream), gpu.direction) == 0.0);
    }
  }
}

void check_blob(const std::vector<pt::test::EyeImage>& images, const std::vector<std::vector<double>>& scale_sets) {
  const pt::gpu::Stream stream;
  for (const auto& [name, img] : images) {
    const pt::Image<float> grey = pt::hessian::to_float_image(img.view());
    const DeviceInputs in = upload(img, grey, stream);
    pt::gpu::DeviceImage<float> out(img.width(), img.height());
    for (const auto& scales : scale_sets) {
      for (const Polarity polarity : {Polarity::Bright, Polarity::Dark}) {
        CAPTURE(name, scales.size(), scales.back(), polarity == Polarity::Bright);
        const pt::Image<float> cpu = pt::hessian::blob_map(grey.view(), scales, polarity, &cpu_pool());
        pt::gpu::blob_map(stream.get(), in.u8.view(), scales, polarity, out.view());
        CHECK(gaps.add("blob (/ allowance)", gap_over_allowance(download(out, stream), cpu)) <= 1.0);
      }
    }
  }
}

void check_vesselness(const std::vector<pt::test::EyeImage>& images, const std::vector<double>& scales) {
  const pt::gpu::Stream stream;
  pt::hessian::VesselnessParams dark;
  pt::hessian::VesselnessParams bright_fixed_c;
  bright_fixed_c.polarity = Polarity::Bright;
  bright_fixed_c.c = 15.0;
  bright_fixed_c.beta = 0.7;
  for (const auto& [name, img] : images) {
    const pt::Image<float> grey = pt::hessian::to_float_image(img.view());
    const DeviceInputs in = upload(img, grey, stream);
    pt::gpu::DeviceImage<float> out(img.width(), img.height());
    for (const auto& params : {dark, bright_fixed_c}) {
      CAPTURE(name, params.c);
      pt::gpu::VesselnessFilter filter(scales, params);
      const pt::Image<float> cpu = pt::hessian::vesselness_map(grey.view(), scales, params, &cpu_pool());
      filter(stream.get(), in.u8.view(), out.view());
      CHECK(gaps.add("vesselness (absolute)", largest_gap(download(out, stream), cpu)) <= 1e-3);
      // A second call starts its reduction afresh.
      filter(stream.get(), in.f32.view(), out.view());
      CHECK(gaps.add("vesselness (absolute)", largest_gap(download(out, stream), cpu)) <= 1e-3);
    }
  }
}

}  // namespace

TEST_CASE("GPU eigenvalues and direction match the CPU's") { check_eigen(all_images(), {0.7, 2.0, 5.0, 8.0}); }

TEST_CASE("GPU multi-scale blob maps match the CPU's") {
  check_blob(all_images(), {{1.0, 1.5, 2.0, 3.0}, {2.5}, {0.5, 8.0}});
}

TEST_CASE("GPU multi-scale vesselness matches the CPU's, automatic and fixed c") {
  check_vesselness(all_images(), {2.0, 3.0, 4.5, 6.0, 8.0});
}

// The same checks, lighter: what compute-sanitizer runs. The largest scale takes the widest tile.
TEST_CASE("GPU Hessian maps on small images", "[sanitize]") {
  check_eigen(small_images(), {2.0});
  check_blob(small_images(), {{1.0, 8.0}});
  check_vesselness(small_images(), {2.0, 8.0});
}

TEST_CASE("GPU Hessian maps refuse what they cannot do", "[sanitize]") {
  const pt::gpu::Stream stream;
  const pt::gpu::DeviceImageU8 src(16, 16);
  pt::gpu::DeviceImage<float> out(16, 16);
  pt::gpu::DeviceImage<float> smaller(15, 16);
  const std::vector<double> nine(9, 1.0);
  const std::vector<double> too_wide = {1.0, pt::hessian::kMaxSigma * 2.0};
  CHECK_THROWS_AS(pt::gpu::blob_map(stream.get(), src.view(), nine, Polarity::Bright, out.view()), std::invalid_argument);
  CHECK_THROWS_AS(pt::gpu::blob_map(stream.get(), src.view(), too_wide, Polarity::Bright, out.view()),
                  std::invalid_argument);
  CHECK_THROWS_AS(pt::gpu::blob_map(stream.get(), src.view(), {}, Polarity::Bright, out.view()), std::invalid_argument);
  CHECK_THROWS_AS(pt::gpu::hessian_eigen(stream.get(), src.view(), 2.0, {out.view(), out.view(), smaller.view()}),
                  std::invalid_argument);
  CHECK_THROWS_AS(pt::gpu::VesselnessFilter(nine, {}), std::invalid_argument);
}
