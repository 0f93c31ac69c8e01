#include "gui/window_recording.hpp"

#include <atomic>
#include <mutex>
#include <string>

#include "cli/session_recording.hpp"
#include "pt/io/csv_trace_writer.hpp"

namespace pt::gui {
namespace {

std::filesystem::path trace_path(std::filesystem::path video) {
  video.replace_extension();
  return video.string() + ".trace.csv";
}

class WindowRecording final : public ui::SessionRecordingSink {
 public:
  WindowRecording(const std::filesystem::path& video, const FrameSource& source, std::span<const EyeRegion> regions,
                  const DetectorParams& params)
      : session_(video.string(), source, regions, params),
        trace_file_(trace_path(video)),
        trace_(trace_file_, TraceLabels{std::string(to_string(params.algorithm)), "cpu", std::nullopt}) {}

  void on_frame(const TrackedFrame& frame) override {
    if (failed_.load(std::memory_order_relaxed)) return;
    try {
      session_.sink().on_frame(frame);
      trace_.on_frame(frame);  // flushed frame by frame: a full disk shows here
    } catch (const std::exception& e) {
      const std::lock_guard lock(mutex_);
      failure_ = e.what();
      failed_.store(true);
    }
  }
  std::uint64_t frames_recorded() const override { return session_.recorded(); }
  std::uint64_t frames_left_out() const override { return session_.dropped(); }
  std::vector<std::filesystem::path> files() const override {
    std::vector<std::filesystem::path> all = session_.files();
    all.push_back(trace_file_);
    return all;
  }
  std::string failure() const override {
    const std::lock_guard lock(mutex_);
    return failure_;
  }
  void finish() override { session_.finish(); }

 private:
  cli::SessionRecording session_;
  std::filesystem::path trace_file_;
  CsvTraceWriter trace_;
  std::atomic<bool> failed_{false};
  mutable std::mutex mutex_;  // guards failure_
  std::string failure_;
};

}  // namespace

std::unique_ptr<ui::SessionRecordingSink> start_window_recording(const std::filesystem::path& video,
                                                                 const FrameSource& source,
                                                                 std::span<const EyeRegion> regions,
                                                                 const DetectorParams& params) {
  return std::make_unique<WindowRecording>(video, source, regions, params);
}

}  // namespace pt::gui
