#include "pt/eval/ground_truth.hpp"

#include <array>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string_view>

#include "pt/io/csv_reader.hpp"
#include "truth_columns.hpp"
#include "video_ground_truth.hpp"

namespace pt {
namespace {

enum Column : std::size_t { Image, Subject, Eye, PupilPresent, CenterX, CenterY, Diameter, Openness, kColumnsRead };

constexpr std::array<std::string_view, kColumnsRead> kReadNames = {
    "image", "subject", "eye", "pupil_present", "ellipse_cx", "ellipse_cy", "equiv_diameter_px", "openness"};
// Known, but the scores do not need them: the fitted ellipse's shape, the mask and its centroid.
constexpr std::array<std::string_view, 9> kIgnoredNames = {
    "mask", "frame", "ellipse_w", "ellipse_h", "ellipse_angle_deg", "centroid_x", "centroid_y", "mask_area_px",
    "visible_fraction"};

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

// One row per image: the ITMO set's and the synthetic camera's layout.
class RowParser {
 public:
  RowParser(const std::filesystem::path& path, const CsvRecord& header)
      : columns_("ground truth '" + path.string() + "'", header, kReadNames, kIgnoredNames) {
    for (std::size_t c = 0; c < kColumnsRead; ++c) {
      if (c != Openness) columns_.require(c);
    }
  }

  TruthRow parse(const CsvRecord& record) const {
    columns_.check_width(record);
    TruthRow row;
    row.line = record.line;
    row.image = columns_.field(record, Image);
    row.subject = columns_.field(record, Subject);
    row.eye = columns_.field(record, Eye);
    row.pupil_present = flag(record, PupilPresent);
    if (columns_.has(Openness)) row.openness = openness(record);
    const bool needed = row.pupil_visible();
    row.center_x_px = number(record, CenterX, needed);
    row.center_y_px = number(record, CenterY, needed);
    row.diameter_px = number(record, Diameter, needed);
    if (needed && !(row.diameter_px > 0.0)) throw columns_.bad_value(record, Diameter, "must be positive for a visible pupil");
    return row;
  }

 private:
  [[nodiscard]] bool flag(const CsvRecord& r, Column c) const {
    const std::string_view v = truth_columns::trimmed(columns_.field(r, c));
    if (v == "1") return true;
    if (v == "0") return false;
    throw columns_.bad_value(r, c, "is not 0 or 1");
  }

  [[nodiscard]] EyeOpenness openness(const CsvRecord& r) const {
    const std::string_view v = truth_columns::trimmed(columns_.field(r, Openness));
    if (v == "open") return EyeOpenness::Open;
    if (v == "partial") return EyeOpenness::Partial;
    if (v == "closed") return EyeOpenness::Closed;
    throw columns_.bad_value(r, Openness, "is not open, partial or closed");
  }

  [[nodiscard]] double number(const CsvRecord& r, Column c, bool required) const {
    const std::string& text = columns_.field(r, c);
    if (truth_columns::trimmed(text).empty() && !required) return std::nan("");
    const std::optional<double> value = truth_columns::finite_number(text);
    if (!value) throw columns_.bad_value(r, c, "is not a number");
    return *value;
  }

  truth_columns::ColumnPlaces columns_;
};

}  // namespace

std::string video_frame_key(std::uint64_t index) { return "frame " + std::to_string(index); }

GroundTruth read_ground_truth(const std::filesystem::path& path) {
  std::vector<CsvRecord> records;
  try {
    records = parse_csv(read_text(path));
  } catch (const std::invalid_argument& e) {
    throw std::runtime_error("ground truth '" + path.string() + "' " + e.what());
  }
  if (records.empty()) throw std::runtime_error("ground truth '" + path.string() + "' is empty (no header)");
  if (is_video_truth(records.front())) return read_video_truth(path, records);
  const RowParser parser(path, records.front());
  GroundTruth truth{path, {}};
  truth.rows.reserve(records.size() - 1);
  for (std::size_t i = 1; i < records.size(); ++i) truth.rows.push_back(parser.parse(records[i]));
  return truth;
}

}  // namespace pt
