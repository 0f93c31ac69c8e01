#include "pt/pupil/hough_circle_finder.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <utility>

namespace pt {
namespace {

// The best-voted circle, or the best well-voted pupil-sized circle inside it.
std::optional<HoughCircle> pupil_of(std::span<const HoughCircle> circles) {
  const HoughCircle* pick = hough_rules::pupil_of(circles.data(), static_cast<int>(circles.size()));
  return pick != nullptr ? std::optional(*pick) : std::nullopt;
}

}  // namespace

float hough_radius_step(const CannyHoughParams& params) noexcept { return std::max(params.radius_step_px, 0.25F); }

void fill_hough_radii(float min_radius, float max_radius, const CannyHoughParams& params, HoughRadii& table) {
  table.radii.clear();
  table.weights.clear();
  table.step = hough_radius_step(params);
  for_each_hough_radius(min_radius, max_radius, table.step, [&](float r) { table.radii.push_back(r); });
  table.votes_per_edge = std::max(1, static_cast<int>(std::lround(360.0F / std::max(params.angle_step_deg, 0.1F))));
  for (const float r : table.radii) {
    table.weights.push_back(
        std::min(1.0F, static_cast<float>(table.votes_per_edge) / (2.0F * std::numbers::pi_v<float> * r)));
  }
}

std::optional<HoughCircle> HoughCircleFinder::find(std::span<const EdgePixel> edges, int width, int height,
                                                   float min_radius, float max_radius, const CannyHoughParams& params) {
  fill_hough_radii(min_radius, max_radius, params, table_);
  if (table_.radii.empty() || edges.empty() || width <= 0 || height <= 0) return std::nullopt;
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
  for (const float r : table_.radii) {
    // One radius at a time: the accumulator stays one image large, not one per radius.
    counts_.assign(cells, 0);
    offsets.resize(static_cast<std::size_t>(table_.votes_per_edge));
    for (std::size_t k = 0; k < offsets.size(); ++k) {
      const float a = 2.0F * std::numbers::pi_v<float> * static_cast<float>(k) / static_cast<float>(offsets.size());
      offsets[k] = {static_cast<int>(std::lround(r * std::cos(a))), static_cast<int>(std::lround(r * std::sin(a)))};
    }
    std::sort(offsets.begin(), offsets.end());  // one vote per cell: see HoughRadii
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
  const std::vector<float>& radii = table_.radii;
  accumulator_.assign(static_cast<std::size_t>(width) * static_cast<std::size_t>(height), 0);
  for (const EdgePixel& e : edges) {
    const float len = hough_rules::gradient_length(e.gradient);
    if (len <= 0.0F) continue;
    const Point2f toward{-e.gradient.x / len, -e.gradient.y / len};
    // Weighted by the gradient's strength, so that the faint edges of sensor noise, which pass
    // the paper's threshold wherever a region is mostly flat skin, cannot bury the pupil's
    // centre among chance peaks. The radii are counted unweighted (add_radius_peaks): edge
    // strength says little about which of two real borders is the pupil's.
    for (std::size_t i = 0; i < radii.size(); ++i) {
      const auto [x, y] = hough_rules::vote_cell(e.position, toward, radii[i]);
      if (x < 0 || y < 0 || x >= width || y >= height) continue;
      accumulator_[static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)] +=
          hough_rules::gradient_vote(len, table_.weights[i]);
    }
  }
  box_sums_.resize(accumulator_.size());
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      box_sums_[static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)] =
          hough_rules::box3_sum(accumulator_.data(), width, height, x, y);
    }
  }
  peaks_.clear();
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      if (!hough_rules::centre_peak(box_sums_.data(), width, height, x, y)) continue;
      const auto i = static_cast<std::uint32_t>(y * width + x);
      peaks_.emplace_back(box_sums_[i], i);
    }
  }
  const std::size_t keep = std::min(static_cast<std::size_t>(hough_rules::kCandidates), peaks_.size());
  std::partial_sort(peaks_.begin(), peaks_.begin() + static_cast<std::ptrdiff_t>(keep), peaks_.end(),
                    [](const auto& a, const auto& b) { return hough_rules::ranks_before(a.first, a.second, b.first, b.second); });
  for (std::size_t k = 0; k < keep; ++k) {
    const auto w = static_cast<std::uint32_t>(width);
    add_radius_peaks(edges, {static_cast<float>(peaks_[k].second % w), static_cast<float>(peaks_[k].second / w)});
  }
}

void HoughCircleFinder::add_radius_peaks(std::span<const EdgePixel> edges, Point2f centre) {
  const std::vector<float>& radii = table_.radii;
  const int bins = static_cast<int>(radii.size());
  radial_.assign(radii.size(), 0);
  for (const EdgePixel& e : edges) {
    const int bin = hough_rules::radius_bin(e.position, centre, radii.front(), table_.step);
    if (bin < 0 || bin >= bins || !hough_rules::faces_away(e, centre)) continue;
    ++radial_[static_cast<std::size_t>(bin)];
  }
  const int half = hough_rules::band_half_bins(table_.step);
  band_votes_.resize(radii.size());
  for (int b = 0; b < bins; ++b) {
    band_votes_[static_cast<std::size_t>(b)] =
        hough_rules::band_votes(radial_.data(), bins, b, half, table_.weights[static_cast<std::size_t>(b)]);
  }
  for (int b = 0; b < bins; ++b) {
    const auto i = static_cast<std::size_t>(b);
    if (hough_rules::radius_peak(band_votes_.data(), bins, b)) circles_.push_back({centre, radii[i], band_votes_[i]});
  }
}

}  // namespace pt
