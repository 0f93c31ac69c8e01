#pragma once
// Pupil ground truth as the shared ITMO set's ground_truth.csv and the synthetic camera's
// --ground-truth-out write it: the same columns, found by header name, plus `openness` and
// `visible_fraction` in the synthetic file. Also the eye-ir videos' per-frame truth of both
// eyes (a `video_frame` column), whose rows name frames of the video instead of images.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "pt/synthetic_eyes.hpp"

namespace pt {

struct TruthRow {
  std::string image;    // the trace's `source` for the same frame
  std::string subject;
  std::string eye;      // as written: the subject's Left/Right (ITMO), left/right/single (synthetic)
  bool pupil_present = false;
  EyeOpenness openness = EyeOpenness::Invalid;  // Invalid when the file has no openness column
  double center_x_px = 0.0;  // ellipse_cx, ellipse_cy: pixel centres at integer coordinates
  double center_y_px = 0.0;
  double diameter_px = 0.0;  // equiv_diameter_px: the diameter of the circle of equal area
  std::size_t line = 0;      // in the file, for messages

  // The synthetic file's openness is the finer statement, so it decides where it is given.
  [[nodiscard]] bool pupil_visible() const noexcept {
    return openness == EyeOpenness::Invalid ? pupil_present : openness != EyeOpenness::Closed;
  }
};

struct GroundTruth {
  std::filesystem::path path;
  std::vector<TruthRow> rows;
  // The rows' `image` is video_frame_key() of a frame's index in the input, not its source.
  bool keyed_by_frame = false;
  [[nodiscard]] bool has_openness() const noexcept {
    return !rows.empty() && rows.front().openness != EyeOpenness::Invalid;
  }
};

// How a row of truth keyed by frame names the frame with this index.
[[nodiscard]] std::string video_frame_key(std::uint64_t index);

// Reads every row. Throws std::runtime_error naming the file, and the line and column where it
// applies, when the file cannot be read, a column is unknown, duplicated or missing, a row has
// the wrong number of fields, or a value does not parse. Geometry may be empty only where the
// pupil is not visible.
[[nodiscard]] GroundTruth read_ground_truth(const std::filesystem::path& path);

}  // namespace pt
