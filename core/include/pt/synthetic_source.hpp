#pragma once
#include <functional>
#include <optional>

#include "pt/frame_source.hpp"
#include "pt/synthetic_eyes.hpp"

namespace pt {

// The synthetic camera as a FrameSource. `frames` bounds the sequence (a file-like source);
// without it the camera runs until stopped. The observer sees every frame's ground truth.
class SyntheticSource final : public FrameSource {
 public:
  using TruthObserver = std::function<void(const SyntheticFrameTruth&, const FrameInfo&)>;

  SyntheticSource(const SyntheticConfig& config, std::optional<std::int64_t> frames, TruthObserver observer = {});

  std::string describe() const override;
  int width() const override { return renderer_.config().width; }
  int height() const override { return renderer_.config().height; }
  double nominal_fps() const override { return renderer_.config().fps; }
  std::optional<std::int64_t> frame_count() const override { return frames_; }
  ReadStatus read(Frame& into) override;
  std::string error() const override { return {}; }

  [[nodiscard]] RectI eye_region(int eye) const noexcept { return renderer_.eye_region(eye); }
  [[nodiscard]] int eye_count() const noexcept { return renderer_.config().eyes; }

  // The label a synthetic frame carries in the trace's `source` and the truth's `image` column.
  [[nodiscard]] static std::string label(std::uint64_t index);

 private:
  SyntheticEyeRenderer renderer_;
  std::optional<std::int64_t> frames_;
  TruthObserver observer_;
  std::uint64_t next_ = 0;
};

}  // namespace pt
