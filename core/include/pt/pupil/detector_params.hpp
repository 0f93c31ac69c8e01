#pragma once
// Detector parameters as one plain value, handed to every call: a snapshot the GUI can swap
// atomically and the CSV sidecar can record, never hidden state inside the detector.
#include <cstdint>

namespace pt {

enum class FitModel : unsigned char { Invalid = 0, Circle, Ellipse };
enum class Smoothing : unsigned char { Invalid = 0, None, Gaussian, Median };

struct ReflectionParams {
  bool enabled = true;
  int kernel_size = 19;      // top-hat square side: reflections narrower than this are found
  int threshold = 40;        // top-hat response (grey levels) that marks a reflection
  int dilation = 5;          // square side grown around each reflection to cover its halo
};

struct SmoothingParams {
  Smoothing kind = Smoothing::Gaussian;
  int gaussian_size = 5;
  double gaussian_sigma = 2.0;
  int median_radius = 3;
};

struct StarburstParams {
  int rays = 20;                   // first-stage rays over 360 degrees
  int second_stage_rays = 8;       // per border point, within +-second_stage_half_angle
  float second_stage_half_angle_deg = 50.0F;
  float edge_threshold = 6.0F;     // grey levels per pixel along a ray
  int max_iterations = 10;
  float convergence_px = 10.0F;    // stop when the fitted centre moves less than this
  float min_radius_px = 6.0F;
  float max_radius_px = 200.0F;
};

struct RansacParams {
  int hypotheses = 1024;
  float inlier_px = 2.0F;
  std::uint64_t seed = 0x5EEDF00DULL;  // the pre-generated index sets are fixed, as in the paper
};

struct DetectorParams {
  ReflectionParams reflections;
  SmoothingParams smoothing;
  StarburstParams starburst;
  RansacParams ransac;
  FitModel fit = FitModel::Ellipse;
  float min_confidence = 0.5F;     // below this the frame reports "no pupil"
};

}  // namespace pt
