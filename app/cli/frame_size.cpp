#include "cli/frame_size.hpp"

#include <cstdio>
#include <stdexcept>
#include <string>

namespace pt::cli {

std::pair<int, int> parse_frame_size(const std::string& text, const char* option) {
  int w = 0;
  int h = 0;
  char x = 0;
  char extra = 0;
  // The upper bound keeps a slip of the finger (100000x100000) from an allocation of gigabytes
  // that runs for minutes before it fails; no camera or image we read comes near it.
  constexpr int kLeast = 64;
  constexpr int kMost = 16384;
  if (std::sscanf(text.c_str(), "%d%c%d%c", &w, &x, &h, &extra) != 3 || (x != 'x' && x != 'X') || w < kLeast ||
      h < kLeast || w > kMost || h > kMost) {
    throw std::invalid_argument(std::string(option) + " '" + text + "' is not WIDTHxHEIGHT from " +
                                std::to_string(kLeast) + "x" + std::to_string(kLeast) + " to " + std::to_string(kMost) +
                                "x" + std::to_string(kMost));
  }
  return {w, h};
}

}  // namespace pt::cli
