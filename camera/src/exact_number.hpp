#pragma once
#include <array>
#include <charconv>
#include <string>

namespace pt::camera {

// The shortest decimal text that reads back as the same double: recorded times replay bit for
// bit.
inline std::string exact_number(double value) {
  std::array<char, 32> text{};
  const auto end = std::to_chars(text.data(), text.data() + text.size(), value).ptr;
  return {text.data(), end};
}

}  // namespace pt::camera
