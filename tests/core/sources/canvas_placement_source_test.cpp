#include "pt/sources/canvas_placement_source.hpp"

#include <algorithm>
#include <set>
#include <stdexcept>
#include <vector>

#include "pt/frame_pool.hpp"
#include "pt_catch.hpp"

namespace {

// Frames whose every pixel says where it is and which frame it belongs to.
class PatternSource final : public pt::FrameSource {
 public:
  PatternSource(int width, int height, int frames) : width_(width), height_(height), frames_(frames) {}
  static std::uint8_t value(int x, int y, std::uint64_t index) {
    return static_cast<std::uint8_t>(x + 16 * y + 7 * static_cast<int>(index));
  }
  std::string describe() const override { return "pattern"; }
  int width() const override { return width_; }
  int height() const override { return height_; }
  double nominal_fps() const override { return 25.0; }
  std::optional<std::int64_t> frame_count() const override { return frames_; }
  pt::ReadStatus read(pt::Frame& into) override {
    if (next_ >= static_cast<std::uint64_t>(frames_)) return pt::ReadStatus::EndOfStream;
    const pt::ViewU8 v = into.pixels();
    for (int y = 0; y < v.height; ++y) {
      for (int x = 0; x < v.width; ++x) v.at(x, y) = value(x, y, next_);
    }
    into.info().index = next_;
    into.info().source = "f" + std::to_string(next_);
    ++next_;
    return pt::ReadStatus::Ok;
  }
  std::string error() const override { return {}; }

 private:
  int width_;
  int height_;
  int frames_;
  std::uint64_t next_ = 0;
};

struct Placed {
  std::string source;
  pt::PlacementOffset offset;
};

}  // namespace

TEST_CASE("canvas placement: each canvas pixel takes the nearest frame pixel, at the offset it reports") {
  constexpr int kW = 5;
  constexpr int kH = 4;
  constexpr int kCanvasW = 12;
  constexpr int kCanvasH = 9;
  std::vector<Placed> placed;
  pt::CanvasPlacementSource canvas(std::make_unique<PatternSource>(kW, kH, 20), kCanvasW, kCanvasH, 11,
                                   [&](const pt::FrameInfo& info, pt::PlacementOffset at) {
                                     placed.push_back({info.source, at});
                                   });
  CHECK(canvas.width() == kCanvasW);
  CHECK(canvas.height() == kCanvasH);
  CHECK(canvas.frame_count() == 20);
  CHECK(canvas.nominal_fps() == Approx(25.0));
  CHECK(canvas.describe() == "pattern, placed at random offsets on a 12x9 canvas (seed 11)");

  pt::FramePool pool(kCanvasW, kCanvasH, 1, pt::make_host_allocator());
  for (std::uint64_t i = 0; i < 20; ++i) {
    std::optional<pt::Frame> frame = pool.try_acquire();
    REQUIRE(canvas.read(*frame) == pt::ReadStatus::Ok);
    CHECK(frame->info().index == i);
    REQUIRE(placed.size() == i + 1);
    CHECK(placed.back().source == "f" + std::to_string(i));
    const pt::PlacementOffset at = placed.back().offset;
    CHECK(at == canvas.offset(i));
    CHECK(at.dx >= 0);
    CHECK(at.dx <= kCanvasW - kW);
    CHECK(at.dy >= 0);
    CHECK(at.dy <= kCanvasH - kH);
    int wrong = 0;
    for (int y = 0; y < kCanvasH; ++y) {
      for (int x = 0; x < kCanvasW; ++x) {
        const int fx = std::clamp(x - at.dx, 0, kW - 1);
        const int fy = std::clamp(y - at.dy, 0, kH - 1);
        wrong += frame->pixels().at(x, y) == PatternSource::value(fx, fy, i) ? 0 : 1;
      }
    }
    CHECK(wrong == 0);
  }
  std::optional<pt::Frame> frame = pool.try_acquire();
  CHECK(canvas.read(*frame) == pt::ReadStatus::EndOfStream);
}

TEST_CASE("canvas offsets depend on seed and frame index only, and reach every position") {
  const pt::CanvasPlacementSource a(std::make_unique<PatternSource>(5, 4, 1), 9, 7, 1);
  const pt::CanvasPlacementSource same(std::make_unique<PatternSource>(5, 4, 1), 9, 7, 1);
  const pt::CanvasPlacementSource other(std::make_unique<PatternSource>(5, 4, 1), 9, 7, 2);
  std::set<int> xs;
  std::set<int> ys;
  int differs = 0;
  for (std::uint64_t i = 0; i < 200; ++i) {
    CHECK(a.offset(i) == same.offset(i));
    differs += a.offset(i) == other.offset(i) ? 0 : 1;
    xs.insert(a.offset(i).dx);
    ys.insert(a.offset(i).dy);
  }
  CHECK(differs > 150);
  CHECK(xs == std::set<int>{0, 1, 2, 3, 4});
  CHECK(ys == std::set<int>{0, 1, 2, 3});
}

TEST_CASE("a canvas the size of the frames leaves them in place; a smaller one is refused") {
  const pt::CanvasPlacementSource exact(std::make_unique<PatternSource>(5, 4, 1), 5, 4, 3);
  CHECK(exact.offset(0) == pt::PlacementOffset{0, 0});
  CHECK(exact.offset(17) == pt::PlacementOffset{0, 0});
  std::string message;
  try {
    pt::CanvasPlacementSource small(std::make_unique<PatternSource>(5, 4, 1), 5, 3, 3);
  } catch (const std::invalid_argument& e) {
    message = e.what();
  }
  CHECK(message == "canvas 5x3 is smaller than the 5x4 frames it should hold");
}
