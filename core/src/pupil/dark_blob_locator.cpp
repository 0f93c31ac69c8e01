#include "pt/pupil/dark_blob_locator.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

namespace pt {
namespace {

// A box inscribed in a pupil of radius r has a side of about 1.4 r.
constexpr float kInscribedBox = 1.4F;
// The smallest box spans this many cells of the box map.
constexpr float kSmallestBoxCells = 4.0F;
// A frame can have a black strip along a side or two and a dark corner.
constexpr int kAttemptsPerSize = 3;
// The largest pupil looked for from a box, in radii of the pupil the box is inscribed in. Box
// sides grow fourfold, but the darkest box of a size lies wholly inside a pupil only once the
// pupil is well over the box's inscribed radius (its blurred border and glints brighten the
// rim), so each size looks for pupils twice as large as the next size's smallest: pupils near
// the changeover would otherwise be too large for one size's floods and too small for the
// next size's boxes.
constexpr float kLargestPerBox = 8.0F;
// Regions are grown on the halving where the pupils a box looks for span at least this radius
// in pixels: enough for a grey level's ring of growth to be a small part of the region.
constexpr float kGrowRadius = 12.0F;
// A pupil's wall (pupil to iris) is a good part of the iris's (pupil floor to sclera), a third
// or more; a darker patch on the pupil's floor is a few grey levels deep beside a wall of tens.
constexpr float kNestedDepthShare = 0.25F;

float depth(const DarkRegion& r) noexcept { return r.spill_level - r.pupil_level; }

// How much darkness a region holds: area times depth below its surroundings, in image pixels.
float darkness(const DarkRegion& r, int scale) noexcept {
  const float radius = r.radius * static_cast<float>(scale);
  return radius * radius * depth(r);
}

// Where image pixel `p` lies on a halving of `scale` image pixels per pixel.
Point2f on_halving(Point2f p, int scale) noexcept {
  const auto s = static_cast<float>(scale);
  return {(p.x + 0.5F) / s - 0.5F, (p.y + 0.5F) / s - 0.5F};
}

}  // namespace

std::span<const Point2f> DarkBlobLocator::locate(CViewU8 image, float min_radius_px, float max_radius_px) {
  seeds_.assign(1, Point2f{static_cast<float>(image.width - 1) / 2.0F, static_cast<float>(image.height - 1) / 2.0F});
  pyramid_.reset(image);
  // Cells of the box map: the largest halving on which the smallest box still spans enough cells.
  const float smallest_px = std::max(3.0F, kInscribedBox * min_radius_px);
  int cell_level = 0;
  while (smallest_px / static_cast<float>(2 << cell_level) >= kSmallestBoxCells) ++cell_level;
  const int f = 1 << cell_level;
  const int smallest = std::max(1, static_cast<int>(std::lround(smallest_px / static_cast<float>(f))));
  const CViewU8 cells = pyramid_.level(cell_level);
  if (cells.width < smallest || cells.height < smallest) return seeds_;
  boxes_.build(cells, f);
  found_.clear();
  std::optional<Point2f> darkest;
  // Box sides grow fourfold from the smallest pupil's until the pupils looked for reach the largest.
  for (int box = smallest; box <= std::min(boxes_.width(), boxes_.height()); box *= 4) {
    const float radius = static_cast<float>(box * f) / kInscribedBox;
    // Pupils much larger than this box are left to the larger boxes, which keeps each flood
    // to a few times the area of the pupils looked for.
    const float reach = std::min(max_radius_px, kLargestPerBox * radius);
    int level = 0;
    while (radius / static_cast<float>(2 << level) >= kGrowRadius) ++level;
    scale_ = 1 << level;
    halving_ = pyramid_.level(level);
    const auto s = static_cast<float>(scale_);
    boxes_.next_size();
    for (int attempt = 0; attempt < kAttemptsPerSize; ++attempt) {
      const auto b = boxes_.darkest(box);
      if (!b) break;
      const Point2f seed = boxes_.dark_centroid(*b);
      if (!darkest) darkest = seed;
      const DarkRegionCandidates grown = region_.grow(halving_, on_halving(seed, scale_), min_radius_px / s, reach / s);
      if (grown.any()) consider(seed, grown.main(), scale_);
      // A pupil, or an open area, is dealt with at every box size; a dark area too large for
      // this size, or without a border, only at this one.
      set_aside_flooded(grown.any() || grown.open ? DarkBoxMap::Aside::ForGood : DarkBoxMap::Aside::ForThisSize);
      // The box itself too: its dark centroid, where the flood began, may lie outside it.
      boxes_.set_aside({b->x * f, b->y * f, b->size * f, b->size * f}, DarkBoxMap::Aside::ForThisSize);
      if (grown.any()) break;
    }
    if (reach >= max_radius_px) break;
  }
  if (found_.empty()) {
    if (darkest) seeds_.front() = *darkest;
    return seeds_;
  }
  std::sort(found_.begin(), found_.end(), [](const Found& a, const Found& b) {
    return darkness(a.region, a.scale) > darkness(b.region, b.scale);
  });
  seeds_.clear();
  for (const Found& found : found_) seeds_.push_back(found.seed);
  return seeds_;
}

void DarkBlobLocator::set_aside_flooded(DarkBoxMap::Aside how) {
  const RectI r = region_.reached_bounds().intersect(halving_.bounds());
  for (int y = r.y; y < r.y + r.h; ++y) {
    for (int x = r.x; x < r.x + r.w; ++x) {
      if (region_.reached(x, y)) boxes_.set_aside({x * scale_, y * scale_, scale_, scale_}, how);
    }
  }
}

bool DarkBlobLocator::flooded(Point2f image_px) const {
  const Point2f p = on_halving(image_px, scale_);
  const int x = std::clamp(static_cast<int>(std::lround(p.x)), 0, halving_.width - 1);
  const int y = std::clamp(static_cast<int>(std::lround(p.y)), 0, halving_.height - 1);
  return region_.reached(x, y);
}

void DarkBlobLocator::consider(Point2f seed, const DarkRegion& region, int scale) {
  auto inside = [&](const Found& f) { return flooded(f.seed); };
  for (const Found& f : found_) {
    if (inside(f) && depth(f.region) >= kNestedDepthShare * depth(region)) return;  // the iris around a pupil
  }
  // What is left inside are darker patches of this pupil's floor.
  std::erase_if(found_, inside);
  found_.push_back({seed, region, scale});
}

}  // namespace pt
