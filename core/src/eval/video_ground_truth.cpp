#include "video_ground_truth.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string_view>

#include "truth_columns.hpp"

namespace pt {
namespace {

enum Column : std::size_t { Frame, LeftX, LeftY, LeftW, LeftH, RightX, RightY, RightW, RightH, kColumnsRead };

constexpr std::array<std::string_view, kColumnsRead> kReadNames = {
    "video_frame", "L_cx", "L_cy", "L_w", "L_h", "R_cx_in_video", "R_cy", "R_w", "R_h"};
// Known, but the scores do not need them: the frame of the set the video was built from, and
// the ellipses' angles.
constexpr std::array<std::string_view, 3> kIgnoredNames = {"source_frame", "L_angle", "R_angle"};

struct Side {
  const char* eye;
  Column first;  // its cx; cy, w and h follow
};

constexpr std::array<Side, 2> kSides = {Side{"left", LeftX}, Side{"right", RightX}};

class LineParser {
 public:
  LineParser(const std::filesystem::path& path, const CsvRecord& header)
      : subject_(path.stem().string()),
        columns_("ground truth '" + path.string() + "'", header, kReadNames, kIgnoredNames) {
    for (std::size_t c = 0; c < kColumnsRead; ++c) columns_.require(c);
  }

  void parse(const CsvRecord& record, std::vector<TruthRow>& rows) const {
    columns_.check_width(record);
    const std::string image = video_frame_key(frame(record));
    for (const Side& side : kSides) rows.push_back(eye_row(record, image, side));
  }

 private:
  [[nodiscard]] std::uint64_t frame(const CsvRecord& r) const {
    const std::string_view v = truth_columns::trimmed(columns_.field(r, Frame));
    std::uint64_t value = 0;
    const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), value);
    if (v.empty() || ec != std::errc{} || end != v.data() + v.size()) {
      throw columns_.bad_value(r, Frame, "is not a frame number (0, 1, 2, ...)");
    }
    return value;
  }

  [[nodiscard]] TruthRow eye_row(const CsvRecord& r, const std::string& image, const Side& side) const {
    TruthRow row;
    row.line = r.line;
    row.image = image;
    row.subject = subject_;
    row.eye = side.eye;
    std::array<std::optional<double>, 4> v;  // cx, cy, w, h
    int given = 0;
    for (std::size_t k = 0; k < v.size(); ++k) {
      const auto c = static_cast<std::size_t>(side.first) + k;
      if (truth_columns::trimmed(columns_.field(r, c)).empty()) continue;
      ++given;
      v[k] = truth_columns::finite_number(columns_.field(r, c));
      if (!v[k]) throw columns_.bad_value(r, c, "is not a number");
    }
    if (given == 0) return row;  // no pupil in this eye
    if (given < 4) {
      throw std::runtime_error(columns_.where(r.line) + " gives only " + std::to_string(given) + " of the 4 values of the " +
                               side.eye + " eye (all or none)");
    }
    for (std::size_t k = 2; k < 4; ++k) {
      if (!(*v[k] > 0.0)) throw columns_.bad_value(r, side.first + k, "must be positive for a visible pupil");
    }
    row.pupil_present = true;
    row.center_x_px = *v[0];
    row.center_y_px = *v[1];
    // The circle of the ellipse's area: its axes are full lengths.
    row.diameter_px = std::sqrt(*v[2] * *v[3]);
    return row;
  }

  std::string subject_;
  truth_columns::ColumnPlaces columns_;
};

}  // namespace

bool is_video_truth(const CsvRecord& header) {
  for (const std::string& name : header.fields) {
    if (truth_columns::trimmed(name) == kReadNames[Frame]) return true;
  }
  return false;
}

GroundTruth read_video_truth(const std::filesystem::path& path, const std::vector<CsvRecord>& records) {
  const LineParser parser(path, records.front());
  GroundTruth truth{path, {}, true};
  truth.rows.reserve(2 * (records.size() - 1));
  for (std::size_t i = 1; i < records.size(); ++i) parser.parse(records[i], truth.rows);
  return truth;
}

}  // namespace pt
