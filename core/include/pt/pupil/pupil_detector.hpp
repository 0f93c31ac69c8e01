#pragma once
// The detector interface both backends implement. It is asynchronous so that a backend can keep
// several frames in flight: the CUDA backend on the device, the CPU backend on a thread per eye.
#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "pt/eye.hpp"
#include "pt/frame.hpp"
#include "pt/pupil/detector_params.hpp"
#include "pt/pupil/pupil_measurement.hpp"
#include "pt/pupil/pupil_search.hpp"

namespace pt {

enum class Backend : unsigned char { Invalid = 0, Cpu, Cuda };

constexpr std::string_view to_string(Backend b) noexcept {
  switch (b) {
    case Backend::Cpu: return "cpu";
    case Backend::Cuda: return "cuda";
    case Backend::Invalid: break;
  }
  return "invalid";
}

struct EyeRegion {
  EyeSide eye = EyeSide::Invalid;
  RectI rect;  // frame pixels searched for this eye's pupil
};

struct TrackedFrame {
  Frame frame;
  std::vector<PupilMeasurement> eyes;  // one per region, in region order
  double latency_us = 0.0;             // from submit to result
  // One per region while PupilDetector::keep_searches is on, else empty; in the coordinates of
  // the rectangle each eye searched (PupilMeasurement::searched).
  std::vector<SearchOutcome> searches;
};

class PupilDetector {
 public:
  virtual ~PupilDetector() = default;
  [[nodiscard]] virtual Backend backend() const noexcept = 0;
  [[nodiscard]] virtual std::string description() const = 0;
  // Frames go in by move and come back with their results, in submission order: a pooled buffer
  // cannot be recycled while a backend still reads it. Regions must lie inside the frame.
  virtual void submit(Frame frame, std::span<const EyeRegion> regions, const DetectorParams& params) = 0;
  // The oldest finished frame; with `wait`, blocks until one finishes. Nothing when none is in
  // flight (or, without `wait`, none has finished).
  [[nodiscard]] virtual std::optional<TrackedFrame> collect(bool wait) = 0;
  [[nodiscard]] virtual std::size_t in_flight() const noexcept = 0;
  [[nodiscard]] virtual std::size_t max_in_flight() const noexcept = 0;
  // Forget previous centres, e.g. after a seek: the next frame is searched from scratch.
  virtual void reset_tracking() = 0;
  // The user's word that eye `eye`'s pupil is at `centre` (frame pixels): the next frame is
  // searched from there first. A backend that cannot take a hint ignores it.
  virtual void hint_pupil(std::size_t /*eye*/, Point2f /*centre*/) {}
  // Frames submitted from now on carry their border searches (TrackedFrame::searches), for
  // overlays; a copy per eye and frame, so only while someone looks. A backend that keeps no
  // search leaves them empty.
  virtual void keep_searches(bool /*on*/) {}
};

// With `threads` 1 the caller does the work inside submit(); with more, each of that many threads
// serves its share of the eyes (eye i: thread i % threads) frame after frame, while the caller
// keeps up to max_in_flight() frames submitted.
std::unique_ptr<PupilDetector> make_cpu_detector(const DetectorParams& params, int threads = 1);

}  // namespace pt
