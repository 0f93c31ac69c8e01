#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "pt/frame.hpp"

namespace pt {

enum class ReadStatus : unsigned char { Invalid = 0, Ok, EndOfStream, Error };

// Anything that produces 8-bit grey frames: the synthetic camera, a video file, an image folder,
// a GenICam camera. read() is called from one acquisition thread only.
class FrameSource {
 public:
  virtual ~FrameSource() = default;
  [[nodiscard]] virtual std::string describe() const = 0;
  [[nodiscard]] virtual int width() const = 0;
  [[nodiscard]] virtual int height() const = 0;
  [[nodiscard]] virtual double nominal_fps() const = 0;  // 0 when unknown
  [[nodiscard]] virtual std::optional<std::int64_t> frame_count() const = 0;  // when known
  // Fills `into` (pixels, index, timestamp, source label). On Error, error() says what happened
  // and at which frame; frames read before stay valid.
  virtual ReadStatus read(Frame& into) = 0;
  [[nodiscard]] virtual std::string error() const = 0;
  // One-time remarks the user should see, e.g. "16-bit images converted to 8-bit".
  [[nodiscard]] virtual std::vector<std::string> notices() const { return {}; }
  // Files can go back and forth; cameras and the synthetic camera cannot. After seek(p), read()
  // gives the source's p-th frame (from 0, in reading order, whatever index it carries). False
  // when the source cannot seek or p is not one of its frames; error() then says why if the
  // source broke on the way.
  [[nodiscard]] virtual bool can_seek() const { return false; }
  virtual bool seek(std::int64_t /*position*/) { return false; }
};

}  // namespace pt
