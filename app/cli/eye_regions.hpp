#pragma once
#include <optional>
#include <string>
#include <vector>

#include "pt/pupil/pupil_detector.hpp"

namespace pt::cli {

// "x,y,w,h" in frame pixels; throws std::invalid_argument with the offending text.
RectI parse_rect(const std::string& text);

// Left and right halves for two eyes, the whole frame for one; explicit rectangles replace the
// halves. Throws std::invalid_argument when a rectangle leaves the frame.
std::vector<EyeRegion> eye_regions(int frame_width, int frame_height, int eyes, const std::optional<RectI>& left,
                                   const std::optional<RectI>& right);

}  // namespace pt::cli
