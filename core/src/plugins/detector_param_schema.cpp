#include "pt/plugins/detector_param_schema.hpp"

namespace pt::plugins {
namespace {

ParamSchema make_schema() {
  const DetectorParams d;
  return {
      {"algorithm", "Algorithm",
       "Starburst: rays from a seed (most accurate); thresholding and labeling; Canny edges with a circle Hough "
       "transform (slow, a reference)",
       ParamKind::Enum, 0, 2, 1, ParamValue{std::int64_t{0}}, {"Starburst", "Threshold + labeling", "Canny + Hough"}},
      {"fit", "Pupil model", "Shape fitted to the pupil's edge points", ParamKind::Enum, 0, 1, 1,
       ParamValue{std::int64_t{1}}, {"Circle", "Ellipse"}},
      {"window", "Tracking window",
       "Once a pupil is found, search only a square around it (about 2.5 pupil diameters); the whole region again "
       "when it is lost",
       ParamKind::Bool, 0, 1, 1, ParamValue{d.window.enabled}, {}},
      {"reflection_threshold", "Reflection threshold",
       "Top-hat response (grey levels) above which a pixel counts as a corneal reflection", ParamKind::Int, 5, 250, 5,
       ParamValue{std::int64_t{d.reflections.threshold}}, {}},
      {"reflection_kernel", "Reflection size (px)",
       "Side of the top-hat square: reflections narrower than this are removed", ParamKind::Int, 3, 61, 2,
       ParamValue{std::int64_t{d.reflections.kernel_size}}, {}},
      {"reflection_fill", "Fill reflections",
       "Fill each reflection from the pixels around it; off: only mask it (wider) for the search to skip, the "
       "paper's way: the GPU's preprocessing several times faster, about as accurate",
       ParamKind::Bool, 0, 1, 1, ParamValue{d.reflections.fill}, {}},
      {"rays", "Starburst rays", "Rays cast from the seed in the first stage", ParamKind::Int, 8, 128, 4,
       ParamValue{std::int64_t{d.starburst.rays}}, {}},
      {"edge_threshold", "Edge threshold", "Grey levels per pixel along a ray that mark the pupil's border",
       ParamKind::Float, 1.0, 40.0, 0.5, ParamValue{static_cast<double>(d.starburst.edge_threshold)}, {}},
      {"min_confidence", "Minimum confidence", "Fits below this confidence are reported as 'no pupil'",
       ParamKind::Float, 0.0, 1.0, 0.05, ParamValue{static_cast<double>(d.min_confidence)}, {}},
  };
}

constexpr Algorithm kAlgorithms[] = {Algorithm::Starburst, Algorithm::ThresholdLabeling, Algorithm::CannyHough};
constexpr FitModel kFits[] = {FitModel::Circle, FitModel::Ellipse};

}  // namespace

const ParamSchema& detector_param_schema() {
  static const ParamSchema schema = make_schema();
  return schema;
}

DetectorParams detector_params_from(const ParamSet& p) {
  const ParamSchema& s = detector_param_schema();
  DetectorParams d;
  d.algorithm = kAlgorithms[int_param(s, p, "algorithm")];
  d.fit = kFits[int_param(s, p, "fit")];
  d.window.enabled = bool_param(s, p, "window");
  d.reflections.threshold = static_cast<int>(int_param(s, p, "reflection_threshold"));
  d.reflections.kernel_size = static_cast<int>(int_param(s, p, "reflection_kernel"));
  d.reflections.fill = bool_param(s, p, "reflection_fill");
  d.starburst.rays = static_cast<int>(int_param(s, p, "rays"));
  d.starburst.edge_threshold = static_cast<float>(float_param(s, p, "edge_threshold"));
  d.min_confidence = static_cast<float>(float_param(s, p, "min_confidence"));
  return d;
}

}  // namespace pt::plugins
