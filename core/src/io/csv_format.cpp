#include "pt/io/csv_format.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <numbers>

namespace pt {

std::string csv_field(std::string_view text) {
  std::string out;
  append_csv_field(out, text);
  return out;
}

std::string csv_number(double value, int decimals) {
  std::string out;
  append_csv_number(out, value, decimals);
  return out;
}

void append_csv_field(std::string& out, std::string_view text) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) {
    out += text;
    return;
  }
  out += '"';
  for (const char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
}

void append_csv_number(std::string& out, double value, int decimals) {
  std::array<char, 64> buf{};
  const auto [end, ec] = std::to_chars(buf.data(), buf.data() + buf.size(), value, std::chars_format::fixed, decimals);
  if (ec == std::errc{}) out.append(buf.data(), end);
}

void append_csv_integer(std::string& out, std::uint64_t value) {
  std::array<char, 24> buf{};
  const auto [end, ec] = std::to_chars(buf.data(), buf.data() + buf.size(), value);
  if (ec == std::errc{}) out.append(buf.data(), end);
}

double axis_angle_degrees(float radians) {
  const double deg = std::fmod(static_cast<double>(radians) * 180.0 / std::numbers::pi, 180.0);
  return deg < 0.0 ? deg + 180.0 : deg;
}

}  // namespace pt
