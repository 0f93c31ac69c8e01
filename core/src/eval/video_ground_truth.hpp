#pragma once
// Ground truth of a binocular video, a line per video frame with both eyes' ellipses side by
// side (the shared eye-ir clips' subj*_LR_gt.csv): video_frame, then L_cx, L_cy, L_w, L_h and
// the right eye's R_cx_in_video, R_cy, R_w, R_h, in the video's pixels, axes as full lengths.
// Each line gives a row per eye, named by the frame (video_frame_key) rather than an image.
#include <filesystem>
#include <vector>

#include "pt/eval/ground_truth.hpp"
#include "pt/io/csv_reader.hpp"

namespace pt {

// Whether the header is this layout's (it has a video_frame column).
[[nodiscard]] bool is_video_truth(const CsvRecord& header);
// Throws std::runtime_error as read_ground_truth does; an eye whose four values are all empty
// has no pupil, one with only some of them is an error.
[[nodiscard]] GroundTruth read_video_truth(const std::filesystem::path& path, const std::vector<CsvRecord>& records);

}  // namespace pt
