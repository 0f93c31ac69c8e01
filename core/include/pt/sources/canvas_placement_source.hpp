#pragma once
// Places each frame of another source at a random offset inside a larger canvas, filling the
// rest by edge replication (each canvas pixel takes the nearest frame pixel). Crops centred on
// the pupil, like the ITMO set's, make the image centre a strong prior; a detector evaluated on
// placed frames cannot lean on it.
#include <cstdint>
#include <functional>
#include <memory>

#include "pt/frame_pool.hpp"
#include "pt/frame_source.hpp"

namespace pt {

// Where a frame's top-left pixel lands on the canvas: frame (x, y) becomes canvas (x + dx, y + dy).
struct PlacementOffset {
  int dx = 0;
  int dy = 0;
  friend bool operator==(const PlacementOffset&, const PlacementOffset&) = default;
};

class CanvasPlacementSource final : public FrameSource {
 public:
  // Sees every frame's offset as it is read (the frame's info is the inner source's).
  using PlacementObserver = std::function<void(const FrameInfo&, PlacementOffset)>;

  // Throws std::invalid_argument when the canvas is smaller than the inner source's frames.
  CanvasPlacementSource(std::unique_ptr<FrameSource> inner, int canvas_width, int canvas_height, std::uint64_t seed,
                        PlacementObserver observer = {});

  std::string describe() const override;
  int width() const override { return canvas_width_; }
  int height() const override { return canvas_height_; }
  double nominal_fps() const override { return inner_->nominal_fps(); }
  std::optional<std::int64_t> frame_count() const override { return inner_->frame_count(); }
  ReadStatus read(Frame& into) override;
  std::string error() const override { return error_.empty() ? inner_->error() : error_; }
  std::vector<std::string> notices() const override { return inner_->notices(); }

  // A pure function of (seed, frame index): the same run places every frame alike, whatever
  // was read before it. Uniform over every offset that keeps the frame inside the canvas.
  [[nodiscard]] PlacementOffset offset(std::uint64_t frame_index) const noexcept;

 private:
  std::unique_ptr<FrameSource> inner_;
  int canvas_width_;
  int canvas_height_;
  std::uint64_t seed_;
  PlacementObserver observer_;
  FramePool inner_frames_;
  std::string error_;
};

}  // namespace pt
