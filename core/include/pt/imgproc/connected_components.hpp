#pragma once
// Labeling of the 8-connected components of a binary image, run-based: each row is cut into
// runs of foreground pixels, runs that touch a run of the row above are merged with union-find,
// and a second pass over the runs (not the pixels) writes the final labels.
#include <cstdint>
#include <vector>

#include "pt/geometry.hpp"
#include "pt/image.hpp"

namespace pt {

struct ComponentStats {
  int area = 0;  // pixels
  RectI bounds;  // smallest rectangle holding every pixel of the component
};

class ConnectedComponents {
 public:
  // Labels the nonzero pixels of `binary`: 0 is background, components are numbered 1..count()
  // in the raster order of their first pixel. Returns count().
  int label(CViewU8 binary);

  [[nodiscard]] int count() const noexcept { return static_cast<int>(stats_.size()) - 1; }
  [[nodiscard]] ImageView<const std::int32_t> labels() const noexcept { return labels_.view(); }
  // Indexed by label; entry 0 describes the background's bounds only.
  [[nodiscard]] const ComponentStats& stats(int label) const noexcept {
    return stats_[static_cast<std::size_t>(label)];
  }

 private:
  struct Run {
    int y = 0;
    int x0 = 0;  // first pixel
    int x1 = 0;  // one past the last pixel
    std::int32_t set = 0;
  };

  std::int32_t find(std::int32_t s) noexcept;
  void unite(std::int32_t a, std::int32_t b) noexcept;

  std::vector<Run> runs_;
  std::vector<std::int32_t> parent_;  // union-find over provisional sets, one per run at first
  std::vector<std::int32_t> final_;   // provisional set root -> final label
  std::vector<ComponentStats> stats_;
  Image<std::int32_t> labels_;
};

}  // namespace pt
