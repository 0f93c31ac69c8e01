#include "pt/eval/ground_truth.hpp"

#include <array>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string_view>

#include "pt/io/csv_reader.hpp"

namespace pt {
namespace {

enum Column : std::size_t { Image, Subject, Eye, PupilPresent, CenterX, CenterY, Diameter, Openness, kColumnsRead };

constexpr std::array<std::string_view, kColumnsRead> kReadNames = {
    "image", "subject", "eye", "pupil_present", "ellipse_cx", "ellipse_cy", "equiv_diameter_px", "openness"};
// Known, but the scores do not need them: the fitted ellipse's shape, the mask and its centroid.
constexpr std::array<std::string_view, 9> kIgnoredNames = {
    "mask", "frame", "ellipse_w", "ellipse_h", "ellipse_angle_deg", "centroid_x", "centroid_y", "mask_area_px",
    "visible_fraction"};

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

std::string read_text(const std::filesystem::path& path) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) throw std::runtime_error("cannot read ground truth '" + path.string() + "': " + std::strerror(errno));
  std::string text;
  std::array<char, 1 << 16> buf{};
  std::size_t n = 0;
  while ((n = std::fread(buf.data(), 1, buf.size(), f)) > 0) text.append(buf.data(), n);
  const bool failed = std::ferror(f) != 0;
  std::fclose(f);
  if (failed) throw std::runtime_error("reading ground truth '" + path.string() + "' failed");
  return text;
}

std::string known_columns() {
  std::string out;
  for (const std::string_view n : kReadNames) out.append(out.empty() ? "" : ", ").append(n);
  for (const std::string_view n : kIgnoredNames) out.append(", ").append(n);
  return out;
}

class RowParser {
 public:
  RowParser(const std::filesystem::path& path, const CsvRecord& header) : path_(path) {
    for (std::size_t i = 0; i < header.fields.size(); ++i) place(trimmed(header.fields[i]), i);
    for (std::size_t c = 0; c < kColumnsRead; ++c) {
      if (!at_[c] && c != Openness) {
        throw std::runtime_error(where() + " has no column '" + std::string(kReadNames[c]) + "'");
      }
    }
    width_ = header.fields.size();
  }

  TruthRow parse(const CsvRecord& record) const {
    if (record.fields.size() != width_) {
      throw std::runtime_error(where(record.line) + " has " + std::to_string(record.fields.size()) +
                               " fields, the header " + std::to_string(width_));
    }
    TruthRow row;
    row.line = record.line;
    row.image = field(record, Image);
    row.subject = field(record, Subject);
    row.eye = field(record, Eye);
    row.pupil_present = flag(record, PupilPresent);
    if (at_[Openness]) row.openness = openness(record);
    const bool needed = row.pupil_visible();
    row.center_x_px = number(record, CenterX, needed);
    row.center_y_px = number(record, CenterY, needed);
    row.diameter_px = number(record, Diameter, needed);
    if (needed && !(row.diameter_px > 0.0)) throw bad_value(record, Diameter, "must be positive for a visible pupil");
    return row;
  }

 private:
  void place(std::string_view name, std::size_t index) {
    for (std::size_t c = 0; c < kColumnsRead; ++c) {
      if (name != kReadNames[c]) continue;
      if (at_[c]) throw std::runtime_error(where() + " has column '" + std::string(name) + "' twice");
      at_[c] = index;
      return;
    }
    for (const std::string_view ignored : kIgnoredNames) {
      if (name == ignored) return;
    }
    throw std::runtime_error(where() + " has an unknown column '" + std::string(name) + "' (known: " +
                             known_columns() + ")");
  }

  [[nodiscard]] std::string where() const { return "ground truth '" + path_.string() + "'"; }
  [[nodiscard]] std::string where(std::size_t line) const { return where() + " line " + std::to_string(line); }

  [[nodiscard]] const std::string& field(const CsvRecord& r, Column c) const { return r.fields[*at_[c]]; }

  [[nodiscard]] std::runtime_error bad_value(const CsvRecord& r, Column c, const std::string& why) const {
    return std::runtime_error(where(r.line) + ", column '" + std::string(kReadNames[c]) + "': '" + field(r, c) +
                              "' " + why);
  }

  [[nodiscard]] bool flag(const CsvRecord& r, Column c) const {
    const std::string_view v = trimmed(field(r, c));
    if (v == "1") return true;
    if (v == "0") return false;
    throw bad_value(r, c, "is not 0 or 1");
  }

  [[nodiscard]] EyeOpenness openness(const CsvRecord& r) const {
    const std::string_view v = trimmed(field(r, Openness));
    if (v == "open") return EyeOpenness::Open;
    if (v == "partial") return EyeOpenness::Partial;
    if (v == "closed") return EyeOpenness::Closed;
    throw bad_value(r, Openness, "is not open, partial or closed");
  }

  [[nodiscard]] double number(const CsvRecord& r, Column c, bool required) const {
    const std::string_view v = trimmed(field(r, c));
    if (v.empty() && !required) return std::nan("");
    double value = 0.0;
    const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), value);
    if (ec != std::errc{} || end != v.data() + v.size() || !std::isfinite(value)) {
      throw bad_value(r, c, "is not a number");
    }
    return value;
  }

  const std::filesystem::path& path_;
  std::array<std::optional<std::size_t>, kColumnsRead> at_{};
  std::size_t width_ = 0;
};

}  // namespace

GroundTruth read_ground_truth(const std::filesystem::path& path) {
  std::vector<CsvRecord> records;
  try {
    records = parse_csv(read_text(path));
  } catch (const std::invalid_argument& e) {
    throw std::runtime_error("ground truth '" + path.string() + "' " + e.what());
  }
  if (records.empty()) throw std::runtime_error("ground truth '" + path.string() + "' is empty (no header)");
  const RowParser parser(path, records.front());
  GroundTruth truth{path, {}};
  truth.rows.reserve(records.size() - 1);
  for (std::size_t i = 1; i < records.size(); ++i) truth.rows.push_back(parser.parse(records[i]));
  return truth;
}

}  // namespace pt
