#pragma once
// Blinks as events: a run of frames in which an eye's pupil is lost, between frames in which it
// is found, lasting as long as a blink can (a few tens of milliseconds to about a second).
// Longer losses are not blinks (eyes closed, subject gone) and are not reported as such.
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <vector>

#include "pt/io/result_sink.hpp"

namespace pt {

struct BlinkEvent {
  EyeSide eye = EyeSide::Invalid;
  std::uint64_t start_frame = 0;  // first frame without the pupil
  std::uint64_t end_frame = 0;    // first frame with the pupil again
  double start_s = 0.0;
  double end_s = 0.0;
};

struct BlinkLimits {
  double min_s = 0.03;
  double max_s = 1.0;
};

class BlinkEventDetector {
 public:
  explicit BlinkEventDetector(BlinkLimits limits = {}) : limits_(limits) {}
  // Events that ended with this frame (at most one per eye).
  std::vector<BlinkEvent> on_frame(const TrackedFrame& frame);

 private:
  struct EyeState {
    bool seen_open = false;              // a pupil was found at some point before
    std::optional<BlinkEvent> closing;   // the current run without a pupil
  };
  BlinkLimits limits_;
  std::vector<EyeState> eyes_;
};

class BlinkCsvWriter final : public ResultSink {
 public:
  static constexpr const char* kHeader = "eye,start_frame,end_frame,start_s,end_s,duration_ms";
  BlinkCsvWriter(const std::filesystem::path& path, BlinkLimits limits = {});
  ~BlinkCsvWriter() override;
  BlinkCsvWriter(const BlinkCsvWriter&) = delete;
  BlinkCsvWriter& operator=(const BlinkCsvWriter&) = delete;
  void on_frame(const TrackedFrame& frame) override;
  [[nodiscard]] std::uint64_t events() const noexcept { return events_; }

 private:
  std::FILE* file_ = nullptr;
  std::filesystem::path path_;
  BlinkEventDetector detector_;
  std::uint64_t events_ = 0;
};

}  // namespace pt
