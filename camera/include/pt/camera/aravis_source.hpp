#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "pt/camera/camera_settings.hpp"
#include "pt/frame_source.hpp"
#include "pt/host_allocator.hpp"

namespace pt::camera {

// What became of the frames of one acquisition. Frames that did not reach the pipeline are
// counted here and never handed out.
struct AcquisitionCounters {
  std::uint64_t delivered = 0;        // complete frames read() handed out
  std::uint64_t incomplete = 0;       // buffers that came back without a whole image (timeout, missing packets, ...)
  std::uint64_t skipped_ids = 0;      // camera frame ids that never arrived at all
  std::uint64_t underruns = 0;        // frames the camera had ready while no buffer was free
  std::uint64_t missing_packets = 0;  // GigE Vision packets lost for good
  std::uint64_t resent_packets = 0;   // GigE Vision packets recovered by asking the camera again
  std::uint64_t losses = 0;           // times the camera disappeared
  std::uint64_t reconnects = 0;       // times it came back
  // A GigE Vision camera numbers every frame it sends, so its underruns are among the skipped
  // ids; Aravis' fake camera numbers only the frames it had a buffer for. The larger count is the
  // surer one for both.
  [[nodiscard]] std::uint64_t dropped() const noexcept {
    return incomplete + (skipped_ids > underruns ? skipped_ids : underruns);
  }
};

enum class CameraState : unsigned char { Invalid = 0, Streaming, Lost };

// A picture the in-process fake camera is about to deliver; tests paint it (synthetic eyes).
struct FakeFrame {
  std::uint8_t* data = nullptr;
  int width = 0;
  int height = 0;
  int bytes_per_pixel = 1;  // 2 for Mono10/12/16, little-endian
  std::uint64_t frame_id = 0;
};

struct AravisSourceOptions {
  CameraSettings settings;
  // Frames the camera can fill ahead of the pipeline; 0 (the default) sizes the pool by time at
  // the frame rate the camera applied (pt::camera_buffers_for).
  std::size_t buffers = 0;
  // Pinned memory from the GPU side lets frames go to the device without a staging copy; plain
  // host memory when empty.
  std::shared_ptr<HostAllocator> allocator;
  // With no frame for this long, the camera is asked whether it is still there.
  double liveness_check_s = 1.0;
  // A read() on a lost camera tries to reopen it for this long before it reports Error again.
  double reconnect_wait_s = 1.0;
  // Told of every change between Streaming and Lost, with a one-line reason; called from the
  // thread that reads.
  std::function<void(CameraState, const std::string&)> on_state;
  // Paints each frame of the in-process fake camera ("Fake_<serial>") instead of Aravis' test
  // pattern; called from Aravis' stream thread.
  std::function<void(const FakeFrame&)> fake_fill;
};

// A GenICam camera through Aravis, opened by `id`:
//  - an IPv4 address opens that GigE Vision camera directly (no discovery broadcast);
//  - "Fake_<serial>" opens Aravis' in-process fake camera (no network at all);
//  - anything else is a device id as `pupiltrack-cli cameras` lists it, which Aravis finds by
//    searching every interface (a GigE Vision discovery broadcast on each network).
// Frames land straight in pool memory for Mono8; Mono10/12/16 keep their 8 high bits. A camera
// that disappears makes read() return Error with the reason; each later read() tries to reopen
// it with the same settings and carries on once it is back. The source must outlive every frame
// it handed out.
class AravisSource final : public pt::FrameSource {
 public:
  // Throws InputError when the camera cannot be opened or refuses a setting (named, with the
  // camera's range or choices).
  AravisSource(const std::string& id, AravisSourceOptions options);
  ~AravisSource() override;
  AravisSource(const AravisSource&) = delete;
  AravisSource& operator=(const AravisSource&) = delete;

  [[nodiscard]] std::string describe() const override;
  [[nodiscard]] int width() const override;
  [[nodiscard]] int height() const override;
  [[nodiscard]] double nominal_fps() const override;
  [[nodiscard]] std::optional<std::int64_t> frame_count() const override { return std::nullopt; }
  pt::ReadStatus read(pt::Frame& into) override;
  [[nodiscard]] std::string error() const override;
  [[nodiscard]] std::vector<std::string> notices() const override;

  // Tries to reopen a lost camera for up to reconnect_wait_s; true once it streams again (and at
  // once when it never left). read() does the same by itself.
  bool reconnect();
  [[nodiscard]] CameraState state() const;
  [[nodiscard]] const AppliedCameraSettings& applied() const;
  // From the reading thread, or once reading has stopped.
  [[nodiscard]] AcquisitionCounters counters() const;
  // The frame buffers the camera fills (AravisSourceOptions::buffers as resolved).
  [[nodiscard]] std::size_t buffers() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace pt::camera
