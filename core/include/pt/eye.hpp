#pragma once
#include <string_view>

namespace pt {

// Left and right are the subject's as the image shows them: `Left` is the left half of the frame.
enum class EyeSide : unsigned char { Invalid = 0, Left, Right, Single };

constexpr std::string_view to_string(EyeSide e) noexcept {
  switch (e) {
    case EyeSide::Left: return "left";
    case EyeSide::Right: return "right";
    case EyeSide::Single: return "single";
    case EyeSide::Invalid: break;
  }
  return "invalid";
}

}  // namespace pt
