#include "pt/sources/canvas_placement_source.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <utility>

#include "pt/random.hpp"

namespace pt {
namespace {

std::string size_text(int width, int height) { return std::to_string(width) + "x" + std::to_string(height); }

const FrameSource& checked(const std::unique_ptr<FrameSource>& inner, int canvas_width, int canvas_height) {
  if (!inner) throw std::invalid_argument("canvas placement needs a source");
  if (canvas_width < inner->width() || canvas_height < inner->height()) {
    throw std::invalid_argument("canvas " + size_text(canvas_width, canvas_height) + " is smaller than the " +
                                size_text(inner->width(), inner->height()) + " frames it should hold");
  }
  return *inner;
}

// Row y of the canvas: the frame row it replicates, widened by its first and last pixel.
void fill_row(const std::uint8_t* frame_row, int frame_width, int dx, std::uint8_t* canvas_row, int canvas_width) {
  std::memset(canvas_row, frame_row[0], static_cast<std::size_t>(dx));
  std::memcpy(canvas_row + dx, frame_row, static_cast<std::size_t>(frame_width));
  const int right = dx + frame_width;
  std::memset(canvas_row + right, frame_row[frame_width - 1], static_cast<std::size_t>(canvas_width - right));
}

}  // namespace

CanvasPlacementSource::CanvasPlacementSource(std::unique_ptr<FrameSource> inner, int canvas_width, int canvas_height,
                                             std::uint64_t seed, PlacementObserver observer)
    : inner_(std::move(inner)),
      canvas_width_(canvas_width),
      canvas_height_(canvas_height),
      seed_(seed),
      observer_(std::move(observer)),
      inner_frames_(checked(inner_, canvas_width, canvas_height).width(), inner_->height(), 1, make_host_allocator()) {}

std::string CanvasPlacementSource::describe() const {
  return inner_->describe() + ", placed at random offsets on a " + size_text(canvas_width_, canvas_height_) +
         " canvas (seed " + std::to_string(seed_) + ")";
}

PlacementOffset CanvasPlacementSource::offset(std::uint64_t frame_index) const noexcept {
  // The same mixing of seed and index as the synthetic camera's streams.
  SplitMix64 rng(SplitMix64(seed_).next() ^ (frame_index * 0xD1B54A32D192ED03ULL));
  const auto span_x = static_cast<std::uint64_t>(canvas_width_ - inner_->width() + 1);
  const auto span_y = static_cast<std::uint64_t>(canvas_height_ - inner_->height() + 1);
  const auto dx = static_cast<int>(rng.next() % span_x);
  const auto dy = static_cast<int>(rng.next() % span_y);
  return {dx, dy};
}

ReadStatus CanvasPlacementSource::read(Frame& into) {
  std::optional<Frame> picture = inner_frames_.try_acquire();  // the previous one went back at its return
  const ReadStatus status = inner_->read(*picture);
  if (status != ReadStatus::Ok) return status;
  const CViewU8 src = picture->pixels();
  const PlacementOffset at = offset(picture->info().index);
  into.set_size(canvas_width_, canvas_height_);
  const ViewU8 dst = into.pixels();
  if (dst.width != canvas_width_ || dst.height != canvas_height_) {
    error_ = "frame buffer is " + size_text(dst.width, dst.height) + " but the canvas " +
             size_text(canvas_width_, canvas_height_);
    return ReadStatus::Error;
  }
  for (int y = 0; y < dst.height; ++y) {
    const int frame_y = std::clamp(y - at.dy, 0, src.height - 1);
    fill_row(src.row(frame_y), src.width, at.dx, dst.row(y), dst.width);
  }
  into.info() = picture->info();
  if (observer_) observer_(into.info(), at);
  return ReadStatus::Ok;
}

}  // namespace pt
