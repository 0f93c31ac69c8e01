#include "frame_id_gaps.hpp"

namespace pt::camera::aravis {
namespace {

constexpr std::uint64_t kLastBlockId = 0xFFFF;

}  // namespace

std::uint64_t FrameIdGaps::observe(std::uint64_t id) noexcept {
  const std::optional<std::uint64_t> last = last_;
  last_ = id;
  if (!last) return 0;
  if (id > *last) return id - *last - 1;
  const bool wrapped = *last <= kLastBlockId && id >= 1 && *last - id > kLastBlockId / 2;
  return wrapped ? (kLastBlockId - *last) + (id - 1) : 0;
}

}  // namespace pt::camera::aravis
