#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "gobject_ptr.hpp"

namespace pt::camera::aravis {

struct StreamSetup {
  GObjectPtr<ArvStream> stream;
  std::vector<std::string> notices;  // what may keep the stream from keeping up
};

// The camera's stream. A GigE Vision stream asks the camera to resend lost packets and gets a
// receive buffer for `frames_buffered` frames of `payload` bytes, as far as the kernel allows an
// unprivileged process; a notice says when it does not. Throws InputError.
[[nodiscard]] StreamSetup create_stream(ArvCamera* camera, std::size_t payload, std::size_t frames_buffered);

}  // namespace pt::camera::aravis
