#include <array>
#include <charconv>

#include "pt/frame.hpp"

namespace pt {

void set_indexed_label(std::string& label, std::string_view prefix, std::uint64_t index) {
  std::array<char, 24> digits{};
  const auto end = std::to_chars(digits.data(), digits.data() + digits.size(), index).ptr;
  label.assign(prefix);
  label += '#';
  label.append(digits.data(), end);
}

}  // namespace pt
