#pragma once
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "pt/frame_source.hpp"

namespace pt::camera {

// A video file (mp4, avi, mkv, ...) decoded through FFmpeg. info().source is "<path>#<index>",
// so results from several videos stay distinguishable.
class VideoFileSource final : public pt::FrameSource {
 public:
  // Throws InputError when the file is missing, unreadable, or not a video FFmpeg can decode.
  explicit VideoFileSource(const std::filesystem::path& path);
  ~VideoFileSource() override;
  VideoFileSource(const VideoFileSource&) = delete;
  VideoFileSource& operator=(const VideoFileSource&) = delete;

  [[nodiscard]] std::string describe() const override;
  [[nodiscard]] int width() const override;
  [[nodiscard]] int height() const override;
  [[nodiscard]] double nominal_fps() const override;
  [[nodiscard]] std::optional<std::int64_t> frame_count() const override;
  // Decoding that stops before the container's frame count (a truncated or corrupt file) is an
  // Error, and stays one; the frame just before the failure is withheld, as it may come from a
  // cut packet. Without a known count, a failure is EndOfStream.
  pt::ReadStatus read(pt::Frame& into) override;
  [[nodiscard]] std::string error() const override;
  [[nodiscard]] std::vector<std::string> notices() const override;
  [[nodiscard]] bool can_seek() const override { return true; }
  // Exact to the frame, also for codecs with key frames (FFmpeg decodes on from the key frame
  // before). Clears an earlier end, not an earlier Error.
  bool seek(std::int64_t position) override;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace pt::camera
