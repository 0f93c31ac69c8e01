#pragma once
// Frames held in memory, given out as a recorded file would give them: seekable (or not, to test
// refusals), of known length, at 100 frames/s; one frame may be made unreadable. Lets the
// stretch-tracking tests cut a sequence without a file or a video library.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "pt/frame_source.hpp"
#include "pt/image.hpp"

namespace pt::test {

class HeldFrames final : public FrameSource {
 public:
  // The images [begin, end) of `images`, which must outlive the source; frame `fail_at` (an index
  // into `images`), if in range, cannot be read.
  HeldFrames(const std::vector<ImageU8>& images, int begin, int end, bool seekable = true, int fail_at = -1)
      : images_(images), begin_(begin), end_(end), seekable_(seekable), fail_at_(fail_at), next_(begin) {}
  std::string describe() const override { return "held frames"; }
  int width() const override { return images_.front().width(); }
  int height() const override { return images_.front().height(); }
  double nominal_fps() const override { return 100.0; }
  std::optional<std::int64_t> frame_count() const override { return end_ - begin_; }
  ReadStatus read(Frame& into) override {
    if (next_ >= end_) return ReadStatus::EndOfStream;
    if (next_ == fail_at_) {
      error_ = "frame " + std::to_string(next_) + " is damaged";
      return ReadStatus::Error;
    }
    copy_pixels(images_[static_cast<std::size_t>(next_)].view(), into.pixels());
    into.info().index = static_cast<std::uint64_t>(next_ - begin_);
    into.info().timestamp_s = (next_ - begin_) / 100.0;
    into.info().source = "#" + std::to_string(next_ - begin_);
    ++next_;
    return ReadStatus::Ok;
  }
  std::string error() const override { return error_; }
  bool can_seek() const override { return seekable_; }
  bool seek(std::int64_t position) override {
    if (!seekable_ || position < 0 || position >= end_ - begin_) return false;
    next_ = begin_ + static_cast<int>(position);
    return true;
  }

 private:
  const std::vector<ImageU8>& images_;
  int begin_;
  int end_;
  bool seekable_;
  int fail_at_;
  int next_;
  std::string error_;
};

}  // namespace pt::test
