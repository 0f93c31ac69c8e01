#pragma once
// The arithmetic of the circle Hough transform (HoughCircleFinder) that the GPU's version
// (gpu/src/canny_hough) must do exactly as the CPU does. Votes are whole numbers, so that a
// cell's sum is the same in whatever order its votes arrive (atomics on the device); every
// other step is plain IEEE arithmetic, rounded alike on both sides.
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "pt/geometry.hpp"
#include "pt/host_device.hpp"
#include "pt/reproducible_math.hpp"

namespace pt {

struct EdgePixel {
  Point2f position;
  Point2f gradient;  // toward the brighter side; its length is irrelevant
};

struct HoughCircle {
  Point2f centre;
  float radius = 0.0F;
  // On the full-circle scale: about min(2 pi radius, 360 / angle_step) for a circle whose whole
  // border is edges, less in proportion for a partial border.
  float votes = 0.0F;
};

namespace hough_rules {

// A gradient vote's weight in 1/256ths: finer than any weight's own rounding matters, and a cell
// of a 16384 x 16384 image could take every pixel's vote without overflowing 64 bits.
inline constexpr float kVoteScale = 256.0F;

// The centre peaks whose radii are examined.
inline constexpr int kCandidates = 32;

// Radial tolerance of the radius histogram: a digital circle's pixels lie within it.
inline constexpr float kBandPx = 1.0F;

// Nearest integer, inlined: std::lround is a library call, and voting rounds twice per vote.
[[nodiscard]] PT_HOST_DEVICE inline int round_to_int(float v) noexcept {
  return static_cast<int>(v < 0.0F ? v - 0.5F : v + 0.5F);
}

// Whether the edge could lie on the border of a dark disc around `centre`: its gradient points
// within 45 degrees of straight away from the centre. The normals of an oblique (1.5:1) pupil
// stray up to 23 degrees from the radial direction; edges of clutter point anywhere.
[[nodiscard]] PT_HOST_DEVICE inline bool faces_away(const EdgePixel& e, Point2f centre) noexcept {
  // cos(angle) >= cos 45 degrees, squared to spare two square roots: the radii are counted
  // for every edge around every candidate centre.
  const float dx = e.position.x - centre.x;
  const float dy = e.position.y - centre.y;
  const float dot = dx * e.gradient.x + dy * e.gradient.y;
  const float gradient2 = e.gradient.x * e.gradient.x + e.gradient.y * e.gradient.y;
  return dot >= 0.0F && 2.0F * dot * dot >= (dx * dx + dy * dy) * gradient2;
}

// The gradient's length: its components are whole numbers (Sobel's), so the sum of squares is
// exact and the square root rounds alike everywhere.
[[nodiscard]] PT_HOST_DEVICE inline float gradient_length(Point2f g) noexcept {
  return std::sqrt(g.x * g.x + g.y * g.y);
}

// An edge's vote at one radius, weighted by its gradient's strength (see vote_along_gradients).
[[nodiscard]] PT_HOST_DEVICE inline std::uint64_t gradient_vote(float length, float radius_weight) noexcept {
  return static_cast<std::uint64_t>(round_to_int(length * radius_weight * kVoteScale));
}

// The cell an edge votes for at radius r: that far from it toward its dark side, where a pupil's
// centre lies. `toward` is the gradient divided by minus its length.
struct VoteCell {
  int x;
  int y;
};
[[nodiscard]] PT_HOST_DEVICE inline VoteCell vote_cell(Point2f position, Point2f toward, float r) noexcept {
  return {round_to_int(position.x + r * toward.x), round_to_int(position.y + r * toward.y)};
}

// The radius bin of an edge around `centre`, of bins `step` apart from `first`.
[[nodiscard]] PT_HOST_DEVICE inline int radius_bin(Point2f position, Point2f centre, float first, float step) noexcept {
  const float dx = position.x - centre.x;
  const float dy = position.y - centre.y;
  const float d = std::sqrt(dx * dx + dy * dy);  // not hypot: no overflow to guard against, and many times faster
  return round_to_int((d - first) / step);
}

// The sum of the 3 x 3 cells around (x, y) of a width x height accumulator: the gradient lines
// of a circle's edges cross within a pixel or two of its centre, not in one cell.
[[nodiscard]] PT_HOST_DEVICE inline std::uint64_t box3_sum(const std::uint64_t* cells, int width, int height, int x,
                                                          int y) noexcept {
  std::uint64_t s = 0;
  for (int ny = y > 0 ? y - 1 : 0; ny <= (y + 1 < height ? y + 1 : height - 1); ++ny) {
    for (int nx = x > 0 ? x - 1 : 0; nx <= (x + 1 < width ? x + 1 : width - 1); ++nx) {
      s += cells[static_cast<std::size_t>(ny) * static_cast<std::size_t>(width) + static_cast<std::size_t>(nx)];
    }
  }
  return s;
}

// Whether box sum (x, y) is a centre peak: voted, and above its 8 neighbours, of which an equal
// one must come later in raster order (of two equal neighbours only the first is a peak).
[[nodiscard]] PT_HOST_DEVICE inline bool centre_peak(const std::uint64_t* sums, int width, int height, int x,
                                                     int y) noexcept {
  const std::size_t i = static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x);
  const std::uint64_t v = sums[i];
  if (v == 0) return false;
  for (int ny = y > 0 ? y - 1 : 0; ny <= (y + 1 < height ? y + 1 : height - 1); ++ny) {
    for (int nx = x > 0 ? x - 1 : 0; nx <= (x + 1 < width ? x + 1 : width - 1); ++nx) {
      const std::size_t j = static_cast<std::size_t>(ny) * static_cast<std::size_t>(width) + static_cast<std::size_t>(nx);
      if (sums[j] > v || (sums[j] == v && j < i)) return false;
    }
  }
  return true;
}

// Radius bins within kBandPx of a bin, either side.
[[nodiscard]] PT_HOST_DEVICE inline int band_half_bins(float step) noexcept {
  return static_cast<int>(kBandPx / step + 1e-3F);
}

// Bin b's votes on the full-circle scale: the edges counted within the band around it.
[[nodiscard]] PT_HOST_DEVICE inline float band_votes(const std::uint32_t* counts, int bins, int b, int half,
                                                     float weight) noexcept {
  std::uint32_t count = 0;
  for (int j = b > half ? b - half : 0; j <= (b + half < bins ? b + half : bins - 1); ++j) count += counts[j];
  return static_cast<float>(count) * weight;
}

// Whether bin b of the band votes v[0, bins) is a radius peak: voted, above the bin before, not
// below the one after.
[[nodiscard]] PT_HOST_DEVICE inline bool radius_peak(const float* v, int bins, int b) noexcept {
  return v[b] > 0.0F && (b == 0 || v[b] > v[b - 1]) && (b + 1 == bins || v[b] >= v[b + 1]);
}

// A centre peak ranks before another with more votes, or as many and an earlier cell.
[[nodiscard]] PT_HOST_DEVICE inline bool ranks_before(std::uint64_t votes_a, std::uint32_t cell_a,
                                                      std::uint64_t votes_b, std::uint32_t cell_b) noexcept {
  return votes_a > votes_b || (votes_a == votes_b && cell_a < cell_b);
}

// The pupil and the iris around it can both show whole borders, and the iris's, being longer,
// collects more votes. A circle inside the winner is taken instead when it could be the pupil
// in that iris: 2 to 8 mm across in one of 12 mm, its centre within 1 mm of the iris's (real
// pupils sit within about 0.5 mm), and with at least half the winner's votes.
inline constexpr float kPupilToIrisMin = 0.15F;
inline constexpr float kPupilToIrisMax = 0.7F;
inline constexpr float kDecentrationMax = 0.15F;  // of the iris radius
inline constexpr float kInnerShare = 0.5F;

[[nodiscard]] PT_HOST_DEVICE inline bool pupil_in_iris(const HoughCircle& inner, const HoughCircle& outer) noexcept {
  const float apart = repro::hypot(inner.centre.x - outer.centre.x, inner.centre.y - outer.centre.y);
  return inner.radius >= kPupilToIrisMin * outer.radius && inner.radius <= kPupilToIrisMax * outer.radius &&
         apart <= kDecentrationMax * outer.radius;
}

// Whether `c` may be taken instead of the best-voted circle `top`: a pupil-sized circle inside
// it with at least kInnerShare of its votes.
[[nodiscard]] PT_HOST_DEVICE inline bool inner_pupil(const HoughCircle& c, const HoughCircle& top) noexcept {
  return pupil_in_iris(c, top) && c.votes >= kInnerShare * top.votes;
}

// Of circles[0, n): the best-voted (the first of equals), or the best-voted inner_pupil of it
// (the first of equals); nullptr when none has a vote.
[[nodiscard]] PT_HOST_DEVICE inline const HoughCircle* pupil_of(const HoughCircle* circles, int n) noexcept {
  const HoughCircle* top = nullptr;
  for (int i = 0; i < n; ++i) {
    if (top == nullptr || circles[i].votes > top->votes) top = circles + i;
  }
  if (top == nullptr || top->votes <= 0.0F) return nullptr;
  const HoughCircle* pick = nullptr;
  for (int i = 0; i < n; ++i) {
    if (inner_pupil(circles[i], *top) && (pick == nullptr || circles[i].votes > pick->votes)) pick = circles + i;
  }
  return pick != nullptr ? pick : top;
}

}  // namespace hough_rules
}  // namespace pt
