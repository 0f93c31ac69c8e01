#include "pt/io/json_text.hpp"

#include <array>
#include <cstdio>

namespace pt {

std::string json_quoted(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          std::array<char, 8> code{};
          std::snprintf(code.data(), code.size(), "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(c)));
          out += code.data();
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

}  // namespace pt
