#pragma once
// Tiny ground-truth files written to a temporary folder and read back, so the eval tests go
// through the same reader as real files.
#include <fstream>
#include <string>

#include "pt/eval/ground_truth.hpp"
#include "pt/io/csv_format.hpp"
#include "temp_dir.hpp"

namespace pt::test {

inline constexpr const char* kItmoHeader =
    "image,mask,subject,eye,frame,pupil_present,ellipse_cx,ellipse_cy,ellipse_w,ellipse_h,ellipse_angle_deg,"
    "centroid_x,centroid_y,equiv_diameter_px,mask_area_px";

// A row in the ITMO layout: the values the scores read, and plausible filler for the rest.
inline std::string itmo_row(const std::string& image, const std::string& subject, bool present, double cx, double cy,
                            double diameter) {
  const std::string x = csv_number(cx, 3);
  const std::string y = csv_number(cy, 3);
  const std::string d = csv_number(diameter, 3);
  return csv_field(image) + ",mask.png," + subject + ",Left,4," + (present ? "1," : "0,") + x + ',' + y + ',' + d +
         ',' + d + ",0.0," + x + ',' + y + ',' + d + ",1256\n";
}

inline std::filesystem::path write_file(const TempDir& dir, const std::string& name, const std::string& text) {
  const auto path = dir / name;
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

inline GroundTruth read_truth_text(const TempDir& dir, const std::string& text) {
  return read_ground_truth(write_file(dir, "gt.csv", text));
}

}  // namespace pt::test
