#pragma once
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "pt/frame_source.hpp"

namespace pt::camera {

// A recording SessionRecorder made, replayed as it was live: the video's frames with the index,
// source time and label each had when it was recorded, so that tracking the replay writes the
// trace the live run wrote. Frames left out of the recording leave gaps in the indices.
class RecordedSessionSource final : public pt::FrameSource {
 public:
  // Throws InputError when the video or its frame table (RecordingFiles) cannot be read.
  explicit RecordedSessionSource(const std::filesystem::path& video);
  ~RecordedSessionSource() override;
  RecordedSessionSource(const RecordedSessionSource&) = delete;
  RecordedSessionSource& operator=(const RecordedSessionSource&) = delete;

  [[nodiscard]] std::string describe() const override;
  [[nodiscard]] int width() const override;
  [[nodiscard]] int height() const override;
  [[nodiscard]] double nominal_fps() const override;
  [[nodiscard]] std::optional<std::int64_t> frame_count() const override;
  // Error when the video and its table disagree on the number of frames.
  pt::ReadStatus read(pt::Frame& into) override;
  [[nodiscard]] std::string error() const override;
  [[nodiscard]] std::vector<std::string> notices() const override;
  [[nodiscard]] bool can_seek() const override { return true; }
  // `position` counts the frames in the recording, not the indices they carry.
  bool seek(std::int64_t position) override;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// True when `video` has a frame table beside it, i.e. it is a recording to replay as live.
[[nodiscard]] bool is_recorded_session(const std::filesystem::path& video);

}  // namespace pt::camera
