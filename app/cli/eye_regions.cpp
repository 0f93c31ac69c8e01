#include "cli/eye_regions.hpp"

#include <charconv>
#include <stdexcept>

namespace pt::cli {
namespace {

std::string describe(const RectI& r) {
  return std::to_string(r.x) + "," + std::to_string(r.y) + "," + std::to_string(r.w) + "," + std::to_string(r.h);
}

}  // namespace

RectI parse_rect(const std::string& text) {
  int v[4] = {0, 0, 0, 0};
  const char* p = text.data();
  const char* end = text.data() + text.size();
  for (int i = 0; i < 4; ++i) {
    const auto [next, ec] = std::from_chars(p, end, v[i]);
    if (ec != std::errc{} || (i < 3 && (next == end || *next != ',')) || (i == 3 && next != end)) {
      throw std::invalid_argument("region '" + text + "' is not x,y,w,h (four integers)");
    }
    p = next + 1;
  }
  if (v[2] <= 0 || v[3] <= 0) throw std::invalid_argument("region '" + text + "' has no area");
  return {v[0], v[1], v[2], v[3]};
}

std::vector<EyeRegion> eye_regions(int frame_width, int frame_height, int eyes, const std::optional<RectI>& left,
                                   const std::optional<RectI>& right) {
  const RectI frame{0, 0, frame_width, frame_height};
  auto checked = [&](const char* name, const RectI& r) {
    if (!frame.contains(r)) {
      throw std::invalid_argument(std::string("region ") + name + " " + describe(r) + " lies outside the " +
                                  std::to_string(frame_width) + "x" + std::to_string(frame_height) + " frame");
    }
    return r;
  };
  if (eyes == 1) {
    if (right) throw std::invalid_argument("--roi-right needs --eyes 2");
    return {EyeRegion{EyeSide::Single, left ? checked("--roi-left", *left) : frame}};
  }
  const int half = frame_width / 2;
  return {EyeRegion{EyeSide::Left, left ? checked("--roi-left", *left) : RectI{0, 0, half, frame_height}},
          EyeRegion{EyeSide::Right,
                    right ? checked("--roi-right", *right) : RectI{half, 0, frame_width - half, frame_height}}};
}

}  // namespace pt::cli
