#include "cli/frame_size.hpp"

#include <cstdio>
#include <stdexcept>

namespace pt::cli {

std::pair<int, int> parse_frame_size(const std::string& text, const char* option) {
  int w = 0;
  int h = 0;
  char x = 0;
  char extra = 0;
  if (std::sscanf(text.c_str(), "%d%c%d%c", &w, &x, &h, &extra) != 3 || (x != 'x' && x != 'X') || w < 64 || h < 64) {
    throw std::invalid_argument(std::string(option) + " '" + text + "' is not WIDTHxHEIGHT of at least 64x64");
  }
  return {w, h};
}

}  // namespace pt::cli
