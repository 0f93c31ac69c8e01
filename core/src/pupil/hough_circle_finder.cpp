#include "pt/pupil/hough_circle_finder.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <utility>

namespace pt {
namespace {

constexpr std::size_t kCandidates = 32;  // peaks of the centre votes whose radii are examined
constexpr float kBandPx = 1.0F;  // radial tolerance of the radius histogram: a digital circle's pixels lie within it
// The pupil and the iris around it can both show whole borders, and the iris's, being longer,
// collects more votes. A circle inside the winner is taken instead when it could be the pupil
// in that iris: 2 to 8 mm across in one of 12 mm, its centre within 1 mm of the iris's (real
// pupils sit within about 0.5 mm), and with at least half the winner's votes.
constexpr float kPupilToIrisMin = 0.15F;
constexpr float kPupilToIrisMax = 0.7F;
constexpr float kDecentrationMax = 0.15F;  // of the iris radius
constexpr float kInnerShare = 0.5F;

// Nearest integer, inlined: std::lround is a library call, and voting rounds twice per vote.
int round_to_int(float v) noexcept { return static_cast<int>(v < 0.0F ? v - 0.5F : v + 0.5F); }

// Sums of 3 x 3 neighbourhoods: the gradient lines of a circle's edges cross within a pixel or
// two of its centre, not in one cell.
void box3_sums(const std::vector<float>& in, std::vector<float>& out, int width, int height) {
  out.assign(in.size(), 0.0F);
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      float s = 0.0F;
      for (int ny = std::max(y - 1, 0); ny <= std::min(y + 1, height - 1); ++ny) {
        for (int nx = std::max(x - 1, 0); nx <= std::min(x + 1, width - 1); ++nx) {
          s += in[static_cast<std::size_t>(ny) * static_cast<std::size_t>(width) + static_cast<std::size_t>(nx)];
        }
      }
      out[static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)] = s;
    }
  }
}

// Whether `inner` could be the pupil inside the iris `outer`.
bool pupil_in_iris(const HoughCircle& inner, const HoughCircle& outer) noexcept {
  const float apart = std::hypot(inner.centre.x - outer.centre.x, inner.centre.y - outer.centre.y);
  return inner.radius >= kPupilToIrisMin * outer.radius && inner.radius <= kPupilToIrisMax * outer.radius &&
         apart <= kDecentrationMax * outer.radius;
}

// The best-voted circle, or the best well-voted pupil-sized circle inside it.
std::optional<HoughCircle> pupil_of(std::span<const HoughCircle> circles) {
  const auto by_votes = [](const HoughCircle& a, const HoughCircle& b) { return a.votes < b.votes; };
  const auto top = std::max_element(circles.begin(), circles.end(), by_votes);
  if (top == circles.end() || top->votes <= 0.0F) return std::nullopt;
  const HoughCircle* pick = &*top;
  for (const HoughCircle& c : circles) {
    if (pupil_in_iris(c, *top) && c.votes >= kInnerShare * top->votes && (pick == &*top || c.votes > pick->votes))
      pick = &c;
  }
  return *pick;
}

}  // namespace

bool faces_away(const EdgePixel& e, Point2f centre) noexcept {
  // cos(angle) >= cos 45 degrees, squared to spare two square roots: the radii are counted
  // for every edge around every candidate centre.
  const float dx = e.position.x - centre.x;
  const float dy = e.position.y - centre.y;
  const float dot = dx * e.gradient.x + dy * e.gradient.y;
  const float gradient2 = e.gradient.x * e.gradient.x + e.gradient.y * e.gradient.y;
  return dot >= 0.0F && 2.0F * dot * dot >= (dx * dx + dy * dy) * gradient2;
}

std::optional<HoughCircle> HoughCircleFinder::find(std::span<const EdgePixel> edges, int width, int height,
                                                   float min_radius, float max_radius, const CannyHoughParams& params) {
  radii_.clear();
  radius_step_ = std::max(params.radius_step_px, 0.25F);
  for (float r = std::max(min_radius, 1.0F); r <= max_radius + 1e-3F; r += radius_step_) radii_.push_back(r);
  if (radii_.empty() || edges.empty() || width <= 0 || height <= 0) return std::nullopt;
  votes_per_edge_ = std::max(1, static_cast<int>(std::lround(360.0F / std::max(params.angle_step_deg, 0.1F))));
  weights_.clear();
  // An edge pixel votes for a cell at most once per radius. Around a small circle its samples
  // crowd into fewer cells than there are samples, so small circles, which clutter forms by
  // chance, get fewer votes.
  for (const float r : radii_) {
    weights_.push_back(std::min(1.0F, static_cast<float>(votes_per_edge_) / (2.0F * std::numbers::pi_v<float> * r)));
  }
  circles_.clear();
  if (params.voting == HoughVoting::FullCircle) {
    vote_full_circles(edges, width, height);
  } else {
    vote_along_gradients(edges, width, height);
  }
  return pupil_of(circles_);
}

void HoughCircleFinder::vote_full_circles(std::span<const EdgePixel> edges, int width, int height) {
  const std::size_t cells = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
  std::vector<std::pair<int, int>> offsets;
  for (const float r : radii_) {
    // One radius at a time: the accumulator stays one image large, not one per radius.
    counts_.assign(cells, 0);
    offsets.resize(static_cast<std::size_t>(votes_per_edge_));
    for (std::size_t k = 0; k < offsets.size(); ++k) {
      const float a = 2.0F * std::numbers::pi_v<float> * static_cast<float>(k) / static_cast<float>(offsets.size());
      offsets[k] = {static_cast<int>(std::lround(r * std::cos(a))), static_cast<int>(std::lround(r * std::sin(a)))};
    }
    std::sort(offsets.begin(), offsets.end());  // one vote per cell: see weights_
    offsets.erase(std::unique(offsets.begin(), offsets.end()), offsets.end());
    HoughCircle best{{}, r, 0.0F};
    for (const EdgePixel& e : edges) {
      const int ex = static_cast<int>(std::lround(e.position.x));
      const int ey = static_cast<int>(std::lround(e.position.y));
      for (const auto& [dx, dy] : offsets) {
        const int x = ex + dx;
        const int y = ey + dy;
        if (x < 0 || y < 0 || x >= width || y >= height) continue;
        const std::uint32_t v =
            ++counts_[static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)];
        if (static_cast<float>(v) > best.votes)
          best = HoughCircle{{static_cast<float>(x), static_cast<float>(y)}, r, static_cast<float>(v)};
      }
    }
    circles_.push_back(best);
  }
}

void HoughCircleFinder::vote_along_gradients(std::span<const EdgePixel> edges, int width, int height) {
  accumulator_.assign(static_cast<std::size_t>(width) * static_cast<std::size_t>(height), 0.0F);
  for (const EdgePixel& e : edges) {
    const float len = std::hypot(e.gradient.x, e.gradient.y);
    if (len <= 0.0F) continue;
    const float ux = -e.gradient.x / len;  // toward the dark side, where a pupil's centre lies
    const float uy = -e.gradient.y / len;
    // Weighted by the gradient's strength, so that the faint edges of sensor noise, which pass
    // the paper's threshold wherever a region is mostly flat skin, cannot bury the pupil's
    // centre among chance peaks. The radii are counted unweighted (add_radius_peaks): edge
    // strength says little about which of two real borders is the pupil's.
    for (std::size_t i = 0; i < radii_.size(); ++i) {
      const int x = round_to_int(e.position.x + radii_[i] * ux);
      const int y = round_to_int(e.position.y + radii_[i] * uy);
      if (x < 0 || y < 0 || x >= width || y >= height) continue;
      accumulator_[static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)] +=
          len * weights_[i];
    }
  }
  box3_sums(accumulator_, box_sums_, width, height);

  peaks_.clear();
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      const std::size_t i = static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x);
      const float v = box_sums_[i];
      if (v <= 0.0F) continue;
      bool peak = true;
      for (int ny = std::max(y - 1, 0); ny <= std::min(y + 1, height - 1) && peak; ++ny) {
        for (int nx = std::max(x - 1, 0); nx <= std::min(x + 1, width - 1); ++nx) {
          const std::size_t j =
              static_cast<std::size_t>(ny) * static_cast<std::size_t>(width) + static_cast<std::size_t>(nx);
          // Of two equal neighbours only the first in raster order is a peak.
          if (box_sums_[j] > v || (box_sums_[j] == v && j < i)) {
            peak = false;
            break;
          }
        }
      }
      if (peak) peaks_.emplace_back(v, i);
    }
  }
  const std::size_t keep = std::min(kCandidates, peaks_.size());
  std::partial_sort(peaks_.begin(), peaks_.begin() + static_cast<std::ptrdiff_t>(keep), peaks_.end(),
                    [](const auto& a, const auto& b) { return a.first > b.first; });
  for (std::size_t k = 0; k < keep; ++k) {
    const auto w = static_cast<std::size_t>(width);
    add_radius_peaks(edges, {static_cast<float>(peaks_[k].second % w), static_cast<float>(peaks_[k].second / w)});
  }
}

void HoughCircleFinder::add_radius_peaks(std::span<const EdgePixel> edges, Point2f centre) {
  radial_.assign(radii_.size(), 0.0F);
  const float first = radii_.front();
  for (const EdgePixel& e : edges) {
    const float dx = e.position.x - centre.x;
    const float dy = e.position.y - centre.y;
    const float d = std::sqrt(dx * dx + dy * dy);  // not std::hypot: no overflow to guard against, and many times faster
    const int bin = round_to_int((d - first) / radius_step_);
    if (bin < 0 || bin >= static_cast<int>(radii_.size()) || !faces_away(e, centre)) continue;
    radial_[static_cast<std::size_t>(bin)] += 1.0F;
  }
  const auto half = static_cast<std::size_t>(kBandPx / radius_step_ + 1e-3F);
  band_votes_.resize(radii_.size());
  for (std::size_t b = 0; b < radii_.size(); ++b) {
    float count = 0.0F;
    for (std::size_t j = b > half ? b - half : 0; j <= std::min(b + half, radii_.size() - 1); ++j) count += radial_[j];
    band_votes_[b] = count * weights_[b];
  }
  for (std::size_t b = 0; b < radii_.size(); ++b) {
    const float v = band_votes_[b];
    const bool rises = b == 0 || v > band_votes_[b - 1];
    const bool falls = b + 1 == radii_.size() || v >= band_votes_[b + 1];
    if (v > 0.0F && rises && falls) circles_.push_back({centre, radii_[b], v});
  }
}

}  // namespace pt
