#pragma once
// What the ground-truth readers share: columns found by header name, and values read as the
// files write them.
#include <cstddef>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "pt/io/csv_reader.hpp"

namespace pt::truth_columns {

[[nodiscard]] std::string_view trimmed(std::string_view s);
// The trimmed text as a finite number, or nothing.
[[nodiscard]] std::optional<double> finite_number(std::string_view text);

// Where each column a reader reads sits in the header. `where` names the file in messages.
class ColumnPlaces {
 public:
  // Throws std::runtime_error for a column read twice, or one neither read nor `ignored` (the
  // message lists the known ones).
  ColumnPlaces(std::string where, const CsvRecord& header, std::span<const std::string_view> read,
               std::span<const std::string_view> ignored);
  // Throws std::runtime_error unless column `c` (an index into `read`) is in the header.
  void require(std::size_t c) const;
  [[nodiscard]] bool has(std::size_t c) const { return places_[c].has_value(); }
  // The field of column `c` in `record`, which has the header's width (check_width).
  [[nodiscard]] const std::string& field(const CsvRecord& record, std::size_t c) const { return record.fields[*places_[c]]; }
  // Throws std::runtime_error unless `record` has as many fields as the header.
  void check_width(const CsvRecord& record) const;
  [[nodiscard]] const std::string& where() const noexcept { return where_; }
  [[nodiscard]] std::string where(std::size_t line) const { return where_ + " line " + std::to_string(line); }
  // The error for a bad value in column `c` of `record`.
  [[nodiscard]] std::runtime_error bad_value(const CsvRecord& record, std::size_t c, const std::string& why) const;

 private:
  std::string where_;
  std::span<const std::string_view> read_;
  std::vector<std::optional<std::size_t>> places_;
  std::size_t width_ = 0;
};

}  // namespace pt::truth_columns
