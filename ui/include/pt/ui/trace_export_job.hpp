#pragma once
// The pupil trace of a whole file (video, recording, image folder) as CSV, tracked on a thread
// and a detector of its own (on the window's backend), so the window's live tracking goes on. A
// file that can seek is tracked as several stretches at once (run_tracking_in_stretches, each
// led in by kStretchLeadInS), each with its own detector and thread.
// The CSV is written under "<name>.tmp" and renamed to its name when complete: a cancelled or
// failed export leaves nothing under the name asked for.
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "pt/frame_source.hpp"
#include "pt/pupil/pupil_detector.hpp"
#include "pt/ui/detector_factory.hpp"

namespace pt::ui {

struct TraceExportRequest {
  // Runs on the export's thread, and on each stretch's; may throw.
  std::function<std::unique_ptr<FrameSource>()> open;
  std::vector<EyeRegion> regions;
  DetectorParams params;
  std::filesystem::path csv;
  DetectorFactory make_detector;  // runs on the export's thread
  int stretches = 1;  // tracked at once where the file can seek and says how long it is
};

struct TraceExportState {
  std::uint64_t frames = 0;
  std::optional<std::int64_t> total;
  bool done = false;       // finished, cancelled or failed
  bool cancelled = false;
  std::string error;       // why it failed
  std::uint64_t rows = 0;  // in the finished CSV
};

class TraceExportJob {
 public:
  explicit TraceExportJob(TraceExportRequest request);  // starts at once
  ~TraceExportJob();                                    // cancels and waits
  TraceExportJob(const TraceExportJob&) = delete;
  TraceExportJob& operator=(const TraceExportJob&) = delete;

  void cancel() noexcept { cancel_.store(true); }
  [[nodiscard]] TraceExportState state() const;
  [[nodiscard]] const std::filesystem::path& csv() const noexcept { return request_.csv; }

 private:
  void run();
  void end(TraceExportState final_state);

  TraceExportRequest request_;
  std::atomic<bool> cancel_{false};
  std::atomic<std::uint64_t> frames_{0};
  mutable std::mutex mutex_;  // guards state_
  TraceExportState state_;
  std::thread thread_;
};

}  // namespace pt::ui
