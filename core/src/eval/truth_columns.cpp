#include "truth_columns.hpp"

#include <charconv>
#include <cmath>
#include <stdexcept>

namespace pt::truth_columns {

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

std::optional<double> finite_number(std::string_view text) {
  const std::string_view v = trimmed(text);
  double value = 0.0;
  const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), value);
  if (v.empty() || ec != std::errc{} || end != v.data() + v.size() || !std::isfinite(value)) return std::nullopt;
  return value;
}

ColumnPlaces::ColumnPlaces(std::string where, const CsvRecord& header, std::span<const std::string_view> read,
                           std::span<const std::string_view> ignored)
    : where_(std::move(where)), read_(read), places_(read.size()), width_(header.fields.size()) {
  const auto known = [&] {
    std::string out;
    for (const std::string_view n : read) out.append(out.empty() ? "" : ", ").append(n);
    for (const std::string_view n : ignored) out.append(", ").append(n);
    return out;
  };
  for (std::size_t i = 0; i < header.fields.size(); ++i) {
    const std::string_view name = trimmed(header.fields[i]);
    bool placed = false;
    for (std::size_t c = 0; c < read.size() && !placed; ++c) {
      if (name != read[c]) continue;
      if (places_[c]) throw std::runtime_error(where_ + " has column '" + std::string(name) + "' twice");
      places_[c] = i;
      placed = true;
    }
    for (const std::string_view n : ignored) placed = placed || name == n;
    if (!placed) {
      throw std::runtime_error(where_ + " has an unknown column '" + std::string(name) + "' (known: " + known() + ")");
    }
  }
}

void ColumnPlaces::require(std::size_t c) const {
  if (!places_[c]) throw std::runtime_error(where_ + " has no column '" + std::string(read_[c]) + "'");
}

void ColumnPlaces::check_width(const CsvRecord& record) const {
  if (record.fields.size() != width_) {
    throw std::runtime_error(where(record.line) + " has " + std::to_string(record.fields.size()) +
                             " fields, the header " + std::to_string(width_));
  }
}

std::runtime_error ColumnPlaces::bad_value(const CsvRecord& record, std::size_t c, const std::string& why) const {
  return std::runtime_error(where(record.line) + ", column '" + std::string(read_[c]) + "': '" + field(record, c) +
                            "' " + why);
}

}  // namespace pt::truth_columns
