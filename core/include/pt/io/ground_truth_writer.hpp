#pragma once
// Synthetic ground truth in the column layout of the shared real set's ground_truth.csv, so one
// evaluation path reads both. `image` holds the trace's `source` value of the same frame; the
// trailing columns say whether the lids hid the pupil.
#include <cstdio>
#include <filesystem>

#include "pt/frame.hpp"
#include "pt/synthetic_eyes.hpp"

namespace pt {

class GroundTruthWriter {
 public:
  static constexpr const char* kHeader =
      "image,mask,subject,eye,frame,pupil_present,ellipse_cx,ellipse_cy,ellipse_w,ellipse_h,ellipse_angle_deg,"
      "centroid_x,centroid_y,equiv_diameter_px,mask_area_px,openness,visible_fraction";

  GroundTruthWriter(const std::filesystem::path& path, std::uint64_t seed);
  ~GroundTruthWriter();
  GroundTruthWriter(const GroundTruthWriter&) = delete;
  GroundTruthWriter& operator=(const GroundTruthWriter&) = delete;

  void write(const SyntheticFrameTruth& truth, const FrameInfo& info);

 private:
  std::FILE* file_ = nullptr;
  std::filesystem::path path_;
  std::string subject_;
};

}  // namespace pt
