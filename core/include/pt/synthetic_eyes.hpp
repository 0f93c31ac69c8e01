#pragma once
// A synthetic infrared close-up camera of one or two eyes with exact per-frame ground truth.
// It is the default source when no camera is given and the oracle of the accuracy tests.
#include <array>
#include <cstdint>
#include <memory>

#include "pt/eye.hpp"
#include "pt/geometry.hpp"
#include "pt/image.hpp"

namespace pt {

struct SyntheticConfig {
  int width = 1280;
  int height = 1024;
  int eyes = 2;               // 1: one eye centred; 2: left and right halves
  std::uint64_t seed = 1;
  double fps = 500.0;         // the simulated camera's frame rate: sets the clock of eye motion
  double noise_sigma = 2.0;   // sensor noise, grey levels
  double blur_sigma = 0.0;    // optical blur of the moving eye region; 0 = off
  bool blinks = true;
  bool glints = true;
  bool eyelashes = true;
  bool gaze_motion = true;    // fixations and saccades; off = gaze fixed straight ahead
};

enum class EyeOpenness : unsigned char {
  Invalid = 0,
  Open,     // the whole pupil border lies between the lids
  Partial,  // a lid covers part of the pupil border
  Closed    // no part of the pupil is visible (a full blink)
};

struct SyntheticEyeTruth {
  EyeSide side = EyeSide::Invalid;
  EyeOpenness openness = EyeOpenness::Invalid;
  Ellipse pupil;                  // full image coordinates, pixel centres at integer positions
  float visible_fraction = 0.0F;  // share of the pupil border not hidden by the lids
  RectI region;                   // the half (or whole) frame this eye is rendered in
};

struct SyntheticFrameTruth {
  std::uint64_t index = 0;
  double time_s = 0.0;
  int eye_count = 0;
  std::array<SyntheticEyeTruth, 2> eyes{};
};

class SyntheticEyeRenderer {
 public:
  explicit SyntheticEyeRenderer(const SyntheticConfig& config);
  ~SyntheticEyeRenderer();
  SyntheticEyeRenderer(SyntheticEyeRenderer&&) noexcept;
  SyntheticEyeRenderer& operator=(SyntheticEyeRenderer&&) noexcept;

  [[nodiscard]] const SyntheticConfig& config() const noexcept;
  [[nodiscard]] RectI eye_region(int eye) const noexcept;
  // Renders the next frame into `out` (config width x height) and returns its ground truth.
  // The sequence is a pure function of the config: same seed, same frames, bit for bit.
  SyntheticFrameTruth render_next(ViewU8 out);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace pt
