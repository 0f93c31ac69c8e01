#pragma once
// A recording in progress as the window sees it: every tracked frame goes in (on the tracking
// thread), and it says how far it got and what failed. The application makes it, since only it
// can write video.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "pt/io/result_sink.hpp"

namespace pt::ui {

class SessionRecordingSink : public ResultSink {
 public:
  // Must not throw: a write that fails is kept for failure() and ends the writing, keeping what
  // was written.
  void on_frame(const TrackedFrame& frame) override = 0;
  [[nodiscard]] virtual std::uint64_t frames_recorded() const = 0;  // any thread
  [[nodiscard]] virtual std::uint64_t frames_left_out() const = 0;  // the disk was behind
  [[nodiscard]] virtual std::vector<std::filesystem::path> files() const = 0;
  [[nodiscard]] virtual std::string failure() const = 0;  // the first write that failed; any thread
  // Writes what is queued and closes the files; throws with what went wrong. Once, after the
  // last frame.
  virtual void finish() = 0;
};

}  // namespace pt::ui
