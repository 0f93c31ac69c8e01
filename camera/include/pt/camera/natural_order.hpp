#pragma once
#include <string_view>

namespace pt::camera {

// Orders file names the way people number frames: "img2.png" before "img10.png". Digit runs
// compare by value, text compares case-insensitively; names equal under those rules ("img02",
// "img2") fall back to plain byte order, so the order is total and repeatable.
[[nodiscard]] bool natural_less(std::string_view a, std::string_view b) noexcept;

}  // namespace pt::camera
