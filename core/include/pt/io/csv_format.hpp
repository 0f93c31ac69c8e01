#pragma once
#include <cstdint>
#include <string>
#include <string_view>

namespace pt {

// RFC 4180 quoting: a field with a comma, quote or line break is quoted and quotes doubled
// (file names may hold commas).
[[nodiscard]] std::string csv_field(std::string_view text);

// Fixed-point decimal with `decimals` places and no locale: CSV readers everywhere agree on it.
[[nodiscard]] std::string csv_number(double value, int decimals);
// The same, appended to `out`: a writer that keeps its line buffer formats without allocating.
void append_csv_field(std::string& out, std::string_view text);
void append_csv_number(std::string& out, double value, int decimals);
void append_csv_integer(std::string& out, std::uint64_t value);

// An ellipse axis direction in degrees within [0, 180): half a turn gives the same ellipse.
[[nodiscard]] double axis_angle_degrees(float radians);

}  // namespace pt
