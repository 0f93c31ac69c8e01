#include "pt/camera/natural_order.hpp"

#include <cstddef>

namespace pt::camera {
namespace {

bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }

char fold_case(char c) noexcept { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

// The digit run starting at `pos`, without its leading zeros; `pos` moves past the run.
std::string_view digit_run_value(std::string_view s, std::size_t& pos) noexcept {
  while (pos < s.size() && s[pos] == '0' && pos + 1 < s.size() && is_digit(s[pos + 1])) ++pos;
  const std::size_t begin = pos;
  while (pos < s.size() && is_digit(s[pos])) ++pos;
  return s.substr(begin, pos - begin);
}

// <0, 0, >0 like strcmp, treating digit runs as numbers of any length.
int natural_compare(std::string_view a, std::string_view b) noexcept {
  std::size_t i = 0;
  std::size_t j = 0;
  while (i < a.size() && j < b.size()) {
    if (is_digit(a[i]) && is_digit(b[j])) {
      const std::string_view x = digit_run_value(a, i);
      const std::string_view y = digit_run_value(b, j);
      // Without leading zeros, the longer run is the larger number; equal lengths compare digit-wise.
      if (x.size() != y.size()) return x.size() < y.size() ? -1 : 1;
      if (const int c = x.compare(y); c != 0) return c;
      continue;
    }
    const char x = fold_case(a[i]);
    const char y = fold_case(b[j]);
    if (x != y) return static_cast<unsigned char>(x) < static_cast<unsigned char>(y) ? -1 : 1;
    ++i;
    ++j;
  }
  if (i < a.size()) return 1;
  if (j < b.size()) return -1;
  return 0;
}

}  // namespace

bool natural_less(std::string_view a, std::string_view b) noexcept {
  if (const int c = natural_compare(a, b); c != 0) return c < 0;
  return a < b;
}

}  // namespace pt::camera
