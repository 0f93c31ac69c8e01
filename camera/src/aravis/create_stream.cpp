#include "create_stream.hpp"

#include <algorithm>
#include <climits>

#include "pt/camera/input_error.hpp"
#include "receive_buffer.hpp"

namespace pt::camera::aravis {

StreamSetup create_stream(ArvCamera* camera, std::size_t payload, std::size_t frames_buffered) {
  StreamSetup setup;
  ErrorSlot error;
  setup.stream.reset(arv_camera_create_stream(camera, nullptr, nullptr, error.out()));
  if (!setup.stream) throw InputError("camera: cannot open its stream: " + error.message());
  if (!ARV_IS_GV_STREAM(setup.stream.get())) return setup;

  // Without a fixed size the socket keeps the system default (about 200 KiB), a fifth of one
  // megapixel frame: one late read and the next frame's packets overflow it.
  const std::size_t wanted = std::min<std::size_t>(payload * frames_buffered, INT_MAX);
  g_object_set(setup.stream.get(), "socket-buffer", ARV_GV_STREAM_SOCKET_BUFFER_FIXED, "socket-buffer-size",
               static_cast<gint>(wanted), "packet-resend", ARV_GV_STREAM_PACKET_RESEND_ALWAYS, nullptr);
  if (const auto ceiling = receive_buffer_ceiling()) {
    if (auto advice = receive_buffer_advice(*ceiling, payload, frames_buffered)) setup.notices.push_back(std::move(*advice));
  }
  return setup;
}

}  // namespace pt::camera::aravis
