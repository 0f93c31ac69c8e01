#include "pt/camera/glob_match.hpp"

#include <cstddef>

namespace pt::camera {

bool glob_match(std::string_view pattern, std::string_view name) noexcept {
  std::size_t p = 0;
  std::size_t n = 0;
  // Where the last '*' was and how much of the name it has swallowed so far. On a mismatch only
  // the last star needs to grow: earlier stars can never help more than it can, which keeps the
  // match linear-ish instead of exponential.
  std::size_t star_p = std::string_view::npos;
  std::size_t star_n = 0;
  while (n < name.size()) {
    if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == name[n])) {
      ++p;
      ++n;
    } else if (p < pattern.size() && pattern[p] == '*') {
      star_p = p++;
      star_n = n;
    } else if (star_p != std::string_view::npos) {
      p = star_p + 1;
      n = ++star_n;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

}  // namespace pt::camera
