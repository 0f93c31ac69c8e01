#include "receive_buffer.hpp"

#include <fstream>

namespace pt::camera::aravis {

std::optional<std::size_t> receive_buffer_ceiling() {
  std::ifstream in("/proc/sys/net/core/rmem_max");
  std::size_t bytes = 0;
  if (!(in >> bytes)) return std::nullopt;
  return bytes;
}

std::optional<std::string> receive_buffer_advice(std::size_t ceiling, std::size_t payload, std::size_t frames) {
  const std::size_t wanted = payload * frames;
  if (ceiling >= wanted) return std::nullopt;
  return "the kernel caps socket receive buffers at " + std::to_string(ceiling / 1024) + " KiB (net.core.rmem_max), less than " +
         std::to_string(frames) + " frames of " + std::to_string(payload / 1024) +
         " KiB: packets are lost when tracking falls behind; as root: sysctl -w net.core.rmem_max=" + std::to_string(wanted);
}

}  // namespace pt::camera::aravis
