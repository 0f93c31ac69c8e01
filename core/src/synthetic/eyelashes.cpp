#include "eyelashes.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>

namespace pt::synthetic {
namespace {

constexpr double kLashGrey = 20.0;
constexpr int kUpperLashes = 40;
constexpr int kLowerLashes = 12;
constexpr double kDeg = std::numbers::pi / 180.0;

struct Vec {
  double x;
  double y;
};

// Direction at `angle` from straight down (+y), turning towards +x.
Vec downward(double angle) noexcept { return {std::sin(angle), std::cos(angle)}; }

// Distance from p to segment ab and the position of the nearest point along it, in [0, 1].
std::pair<double, double> segment_distance(Vec p, Vec a, Vec b) noexcept {
  const double ux = b.x - a.x;
  const double uy = b.y - a.y;
  const double len2 = ux * ux + uy * uy;
  const double t = len2 > 0.0 ? std::clamp(((p.x - a.x) * ux + (p.y - a.y) * uy) / len2, 0.0, 1.0) : 0.0;
  return {std::hypot(p.x - a.x - t * ux, p.y - a.y - t * uy), t};
}

}  // namespace

Eyelashes::Eyelashes(const EyeLayout& eye, Rng& rng) {
  for (int i = 0; i < kUpperLashes + kLowerLashes; ++i) {
    const bool upper = i < kUpperLashes;
    const int n = upper ? kUpperLashes : kLowerLashes;
    const int k = upper ? i : i - kUpperLashes;
    const double span = upper ? 0.88 : 0.75;
    // Evenly spread along the lid, jittered so the row does not look combed.
    const double t = std::clamp(span * (2.0 * (k + 0.5) / n - 1.0) + rng.uniform(-0.3, 0.3) / n, -span, span);
    const int root_x = static_cast<int>(std::lround(eye.centre_x + t * eye.lid_half_width));
    // Lashes fan out towards the corners and curl further outwards at the tip.
    const double outward = t != 0.0 ? (t > 0.0 ? 1.0 : -1.0) : 1.0;
    const double fan = (upper ? 50.0 : 40.0) * t * kDeg + rng.uniform(-8.0, 8.0) * kDeg;
    const double bend = outward * rng.uniform(10.0, 35.0) * kDeg;
    const double length = upper ? eye.lash_length_max * rng.uniform(0.5, 1.0) * (0.75 + 0.25 * (1.0 - t * t))
                                : eye.lash_length_max * rng.uniform(0.25, 0.45);
    const double darkness = upper ? rng.uniform(0.75, 0.95) : rng.uniform(0.5, 0.7);
    rasterise(root_x, upper, length, fan, bend, darkness, rng);
  }
}

void Eyelashes::rasterise(int root_x, bool upper, double length, double angle_rad, double bend_rad,
                          double darkness, Rng& rng) {
  // A quadratic Bezier from the root: out along the fan angle, then bending towards the tip.
  const Vec d0 = downward(angle_rad);
  const Vec d1 = downward(angle_rad + bend_rad);
  const Vec p1{0.55 * length * d0.x, 0.55 * length * d0.y};
  const Vec p2{p1.x + 0.5 * length * d1.x, p1.y + 0.5 * length * d1.y};
  constexpr int kSegments = 24;
  std::array<Vec, kSegments + 1> curve{};
  for (int i = 0; i <= kSegments; ++i) {
    const double s = static_cast<double>(i) / kSegments;
    // The root is the origin, so its Bernstein term drops out.
    const double w1 = 2.0 * s * (1.0 - s);
    const double w2 = s * s;
    curve[static_cast<std::size_t>(i)] = {w1 * p1.x + w2 * p2.x, w1 * p1.y + w2 * p2.y};
  }
  const double root_half_width = rng.uniform(0.5, 0.85);
  constexpr double kTipHalfWidth = 0.25;
  double min_x = 0.0;
  double max_x = 0.0;
  double max_y = 0.0;
  for (const Vec& v : curve) {
    min_x = std::min(min_x, v.x);
    max_x = std::max(max_x, v.x);
    max_y = std::max(max_y, v.y);
  }
  const std::size_t first = pixels_.size();
  for (int y = -2; y <= static_cast<int>(std::ceil(max_y)) + 2; ++y) {
    for (int x = static_cast<int>(std::floor(min_x)) - 2; x <= static_cast<int>(std::ceil(max_x)) + 2; ++x) {
      double best = 1e9;
      double along = 0.0;
      for (int i = 0; i < kSegments; ++i) {
        const auto [dist, t] = segment_distance({static_cast<double>(x), static_cast<double>(y)},
                                                curve[static_cast<std::size_t>(i)], curve[static_cast<std::size_t>(i + 1)]);
        if (dist < best) {
          best = dist;
          along = (i + t) / kSegments;
        }
      }
      const double half_width = root_half_width + (kTipHalfWidth - root_half_width) * along;
      const double alpha = std::clamp(half_width + 0.5 - best, 0.0, 1.0) * darkness * (1.0 - 0.3 * along);
      if (alpha < 0.02) continue;
      pixels_.push_back({static_cast<std::int16_t>(x), static_cast<std::int16_t>(y),
                         static_cast<std::uint8_t>(alpha * 255.0 + 0.5)});
    }
  }
  lashes_.push_back({root_x, upper, first, pixels_.size() - first});
}

void Eyelashes::draw(ViewU8 frame, const LidShape& lids, const RectI& clip) const {
  const int x_end = clip.x + clip.w;
  const int y_end = clip.y + clip.h;
  for (const Lash& lash : lashes_) {
    // Rooted just outside the opening, on the lid's skin side.
    const double x = lash.root_x;
    const int root_y = static_cast<int>(std::lround(lash.upper ? lids.upper_y(x) - 0.5 : lids.lower_y(x) + 0.5));
    for (std::size_t i = lash.first; i < lash.first + lash.count; ++i) {
      const Pixel& p = pixels_[i];
      const int px = lash.root_x + p.dx;
      const int py = root_y + p.dy;
      if (px < clip.x || px >= x_end || py < clip.y || py >= y_end) continue;
      std::uint8_t& out = frame.row(py)[px];
      const int v = out + ((static_cast<int>(kLashGrey) - out) * p.alpha + 127) / 255;
      out = static_cast<std::uint8_t>(v);
    }
  }
}

}  // namespace pt::synthetic
