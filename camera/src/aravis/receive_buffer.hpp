#pragma once
#include <cstddef>
#include <optional>
#include <string>

namespace pt::camera::aravis {

// The kernel's ceiling on a socket receive buffer an unprivileged process may ask for
// (net.core.rmem_max), when it can be read.
[[nodiscard]] std::optional<std::size_t> receive_buffer_ceiling();

// The advice to give when that ceiling holds less than `frames` frames of `payload` bytes: a
// GigE Vision stream then loses packets whenever the reader falls behind by a frame.
[[nodiscard]] std::optional<std::string> receive_buffer_advice(std::size_t ceiling, std::size_t payload, std::size_t frames);

}  // namespace pt::camera::aravis
