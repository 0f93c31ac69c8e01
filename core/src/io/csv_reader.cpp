#include "pt/io/csv_reader.hpp"

#include <stdexcept>

namespace pt {
namespace {

class CsvParser {
 public:
  explicit CsvParser(std::string_view text) : text_(text) {
    constexpr std::string_view kBom = "\xEF\xBB\xBF";
    if (text_.substr(0, kBom.size()) == kBom) pos_ = kBom.size();
  }

  std::vector<CsvRecord> records() {
    std::vector<CsvRecord> out;
    while (pos_ < text_.size()) {
      CsvRecord record{{}, line_};
      read_record(record);
      const bool blank = record.fields.size() == 1 && record.fields.front().empty();
      if (!blank) out.push_back(std::move(record));
    }
    return out;
  }

 private:
  // Reads fields up to and including the record's line break (or the end of the text).
  void read_record(CsvRecord& record) {
    for (;;) {
      record.fields.push_back(read_field());
      if (pos_ >= text_.size()) return;
      const char c = text_[pos_++];
      if (c == ',') continue;
      if (c == '\r' && pos_ < text_.size() && text_[pos_] == '\n') ++pos_;
      ++line_;
      return;
    }
  }

  // Stops before the comma or line break that ends the field.
  std::string read_field() {
    std::string field;
    if (pos_ < text_.size() && text_[pos_] == '"') {
      const std::size_t opened_on = line_;
      ++pos_;
      for (;;) {
        if (pos_ >= text_.size()) {
          throw std::invalid_argument("line " + std::to_string(opened_on) + ": a quoted field is never closed");
        }
        const char c = text_[pos_++];
        if (c == '"') {
          if (pos_ < text_.size() && text_[pos_] == '"') {
            field += '"';
            ++pos_;
            continue;
          }
          break;
        }
        if (c == '\n') ++line_;
        field += c;
      }
    }
    // Unquoted text, or anything a lenient writer left after a closing quote, is taken as is.
    while (pos_ < text_.size() && text_[pos_] != ',' && text_[pos_] != '\n' && text_[pos_] != '\r') {
      field += text_[pos_++];
    }
    return field;
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  std::size_t line_ = 1;
};

}  // namespace

std::vector<CsvRecord> parse_csv(std::string_view text) { return CsvParser(text).records(); }

}  // namespace pt
