#pragma once
// The reading side of csv_field(): RFC 4180 records, so a file name with a comma or a quote
// survives a round trip through our writers and through spreadsheet programs.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace pt {

struct CsvRecord {
  std::vector<std::string> fields;
  std::size_t line = 0;  // where the record starts, from 1, for messages
};

// Splits a whole file's text into records. LF and CRLF both end a record, a quoted field may
// hold commas, doubled quotes and line breaks, blank lines are skipped and a UTF-8 byte-order
// mark (spreadsheet exports) is dropped. Throws std::invalid_argument naming the line where a
// quote is left open.
[[nodiscard]] std::vector<CsvRecord> parse_csv(std::string_view text);

}  // namespace pt
