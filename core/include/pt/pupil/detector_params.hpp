#pragma once
// Detector parameters as one plain value, handed to every call: a snapshot the GUI can swap
// atomically and the CSV sidecar can record, never hidden state inside the detector.
#include <cstdint>
#include <string_view>

namespace pt {

enum class FitModel : unsigned char { Invalid = 0, Circle, Ellipse };
// The paper's three detectors: Starburst rays, thresholding and labeling, Canny and Hough.
enum class Algorithm : unsigned char { Invalid = 0, Starburst, ThresholdLabeling, CannyHough };
enum class Smoothing : unsigned char { Invalid = 0, None, Gaussian, Median };
// The names the CLI, the trace and the recording sidecar use.
constexpr std::string_view to_string(Algorithm a) noexcept {
  switch (a) {
    case Algorithm::Starburst: return "starburst";
    case Algorithm::ThresholdLabeling: return "tl";
    case Algorithm::CannyHough: return "hough";
    case Algorithm::Invalid: break;
  }
  return "invalid";
}

constexpr std::string_view to_string(Smoothing s) noexcept {
  switch (s) {
    case Smoothing::None: return "none";
    case Smoothing::Gaussian: return "gaussian";
    case Smoothing::Median: return "median";
    case Smoothing::Invalid: break;
  }
  return "invalid";
}

enum class HoughVoting : unsigned char { Invalid = 0, FullCircle, Gradient };

struct ReflectionParams {
  bool enabled = true;
  int kernel_size = 19;      // top-hat square side: reflections narrower than this are found
  int threshold = 50;        // top-hat response (grey levels) that marks a reflection
  // Reflections of the LEDs are near saturation; without this floor, slivers of iris between an
  // eyelash and the pupil (narrow and brighter than both) would be taken for reflections.
  int min_brightness = 150;
  int dilation = 5;          // square side grown around each reflection to cover its halo
  // Fill each reflection from the pixels around it, or only mask it (the paper's way): the search
  // skips masked pixels either way, and the fit's support leaves out border they hide. The fill
  // costs the most of the preprocessing on the GPU, but only the fill finds the small pupils
  // under large glints of the mrgaze set (95.8 % of its centres in the box, against 94.4 % at
  // best for the mask alone, whatever its dilation).
  bool fill = true;
  // Without the fill, the mask itself must cover the halo that the fill takes in ring by ring
  // (glare fading over several pixels, below the threshold, which the smoothing spreads further):
  // on the ITMO set 13 matches the fill's accuracy, while 5 loses 2 points of centres within 2 px.
  int unfilled_dilation = 13;

  [[nodiscard]] int mask_dilation() const noexcept { return fill ? dilation : unfilled_dilation; }
  bool operator==(const ReflectionParams&) const = default;
};

struct SmoothingParams {
  Smoothing kind = Smoothing::Gaussian;
  int gaussian_size = 5;
  double gaussian_sigma = 2.0;
  int median_radius = 3;

  // How far beyond a border its blur reaches: two standard deviations of the smoothing (the
  // median's radius) plus a pixel for the camera's own blur.
  [[nodiscard]] float blur_reach_px() const noexcept {
    switch (kind) {
      case Smoothing::Gaussian: return 2.0F * static_cast<float>(gaussian_sigma) + 1.0F;
      case Smoothing::Median: return static_cast<float>(median_radius) + 1.0F;
      case Smoothing::None:
      case Smoothing::Invalid: break;
    }
    return 1.0F;
  }
  bool operator==(const SmoothingParams&) const = default;
};

struct StarburstParams {
  int rays = 20;                   // first-stage rays over 360 degrees
  int second_stage_rays = 8;       // per border point, within +-second_stage_half_angle
  float second_stage_half_angle_deg = 50.0F;
  // Grey levels per pixel along a ray: the paper's border test, used where no enclosed dark
  // region grows from the seed (otherwise rays cross the level midway between the pupil's grey
  // and the grey at which that region spills, see starburst.hpp).
  float edge_threshold = 6.0F;
  int max_iterations = 10;
  float convergence_px = 10.0F;    // stop when the fitted centre moves less than this
  float min_radius_px = 6.0F;
  float max_radius_px = 200.0F;
  // A pupil 50 degrees off the camera axis still looks 1.5:1; flatter fits are lid lines or
  // slivers of iris seen through nearly closed lids.
  float max_aspect = 1.6F;
};

// Thresholding and labeling: the image is binarised at each level from min_threshold to
// max_threshold (inclusive) in steps of `step`, pixels darker than the level counting as dark;
// the largest dark blob's border is fitted at every level and the best fit kept. The levels are
// grey values above the darkest grey of the smoothed, reflection-free image, which is the
// pupil's: the paper's absolute 20..100 assume a pupil near black, while real cameras put it
// anywhere from black to a few tens of grey levels. The step must be smaller than the
// pupil's contrast against the iris, or no level falls between the two and the pupil is never
// a blob of its own; at 5 grey levels it resolves the low-contrast pupils of real infrared eyes
// (the paper tried 5 to 40). More levels cost proportionally more time: the paper's
// accuracy/speed trade-off.
struct ThresholdLabelingParams {
  int min_threshold = 5;
  int max_threshold = 100;
  int step = 5;
};

// Canny edges and a circle Hough transform. The radii searched are the pupil's size limits,
// StarburstParams::min_radius_px..max_radius_px, in steps of radius_step_px.
struct CannyHoughParams {
  float high_fraction = 0.8F;  // high threshold: the gradient magnitude this share of pixels do not exceed
  float low_ratio = 0.4F;      // low threshold as a share of the high
  // FullCircle is the paper's voting: every edge pixel votes all around itself, one vote every
  // angle_step_deg. Gradient votes only along each edge pixel's gradient, toward its dark side,
  // with votes weighted to the same scale: one radius costs one vote per edge instead of
  // 360 / angle_step_deg.
  HoughVoting voting = HoughVoting::Gradient;
  float angle_step_deg = 3.6F;  // the paper's most accurate setting
  float radius_step_px = 1.0F;
};

// What the pupil looked like just before. Its size changes by well under half and its inside
// grey hardly at all within a second, so a fit far from both (a lash cluster on a closing lid,
// a sliver of iris seen through the lids) is not believed. The remembered values follow
// confident detections slowly, so a closing lid cannot walk them away frame by frame.
struct PupilPriorParams {
  bool enabled = true;
  double memory_s = 1.0;            // how long the last confident pupil is remembered
  double follow_s = 0.3;            // time constant with which the remembered values follow
  float min_confidence = 0.8F;      // detections that update the memory
  float size_tolerance = 0.5F;      // diameters within remembered x (1 - tol) .. / (1 - tol)
  // Fits below min_confidence must be at least remembered roundness (minor / major axis) x
  // (1 - tol): on synthetic blinks, lid-cut slivers reach 0.89 of it, true pupils stay above 0.91.
  float roundness_tolerance = 0.1F;
  float darkness_tolerance = 0.5F;  // inside grey up to remembered + tol x remembered contrast
};

struct TrackingWindowParams {
  bool enabled = false;
  // Window side as a multiple of the pupil's major axis: room for the pupil to move between
  // frames (a fast saccade at 500 frames/s moves it a few pixels) and for the rays to reach past
  // it. A pupil that leaves it all the same is searched for in the whole region in that frame.
  float size_factor = 1.8F;
  int min_size = 48;
  // The side rounds up to a multiple of this: a pupil whose size wavers by a pixel keeps the
  // same window size from frame to frame, so that the CUDA backend relaunches the preprocessing
  // it captured for that size instead of enqueuing each kernel anew.
  int side_step = 16;
};

struct RansacParams {
  int hypotheses = 1024;
  float inlier_px = 2.0F;
  std::uint64_t seed = 0x5EEDF00DULL;  // the pre-generated index sets are fixed, as in the paper
};

struct DetectorParams {
  Algorithm algorithm = Algorithm::Starburst;
  ReflectionParams reflections;
  SmoothingParams smoothing;
  StarburstParams starburst;
  ThresholdLabelingParams threshold_labeling;
  CannyHoughParams canny_hough;
  RansacParams ransac;
  PupilPriorParams prior;
  TrackingWindowParams window;
  FitModel fit = FitModel::Ellipse;
  float min_confidence = 0.5F;     // below this the frame reports "no pupil"
};

}  // namespace pt
