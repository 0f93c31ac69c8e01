#include "recording_sidecar.hpp"

#include <array>
#include <cstdio>
#include <string_view>

#include "exact_number.hpp"
#include "pt/io/json_text.hpp"

namespace pt::camera {
namespace {

std::string number(double value) { return exact_number(value); }

std::string optional_number(const std::optional<double>& value) { return value ? number(*value) : "null"; }

std::string rect(const RectI& r) {
  return "[" + std::to_string(r.x) + ", " + std::to_string(r.y) + ", " + std::to_string(r.w) + ", " + std::to_string(r.h) + "]";
}

std::string camera_json(const std::optional<AppliedCameraSettings>& camera) {
  if (!camera) return "null";
  const AppliedCameraSettings& c = *camera;
  return "{\"exposure_us\": " + optional_number(c.exposure_us) + ", \"gain\": " + optional_number(c.gain) +
         ", \"fps\": " + optional_number(c.fps) + ", \"region\": " + rect(c.region) +
         ", \"pixel_format\": " + json_quoted(c.pixel_format) + ", \"trigger\": " + json_quoted(c.trigger) +
         ", \"packet_size\": " + (c.packet_size ? std::to_string(*c.packet_size) : "null") + "}";
}

std::string regions_json(const std::vector<EyeRegion>& regions) {
  std::string out = "[";
  for (const EyeRegion& r : regions) {
    out += std::string(out.size() > 1 ? ", " : "") + "{\"eye\": " + json_quoted(to_string(r.eye)) + ", \"rect\": " + rect(r.rect) + "}";
  }
  return out + "]";
}

std::string detector_json(const DetectorParams& d) {
  const auto& r = d.reflections;
  const auto& s = d.smoothing;
  const auto& sb = d.starburst;
  const auto& tl = d.threshold_labeling;
  const auto& ch = d.canny_hough;
  return "{\"algorithm\": " + json_quoted(to_string(d.algorithm)) + ", \"fit\": " +
         json_quoted(d.fit == FitModel::Circle ? "circle" : "ellipse") +
         ", \"tracking_window\": " + (d.window.enabled ? "true" : "false") +
         ", \"window_size_factor\": " + number(d.window.size_factor) + ", \"min_confidence\": " + number(d.min_confidence) +
         ",\n    \"reflections\": {\"enabled\": " + (r.enabled ? "true" : "false") +
         ", \"kernel_size\": " + std::to_string(r.kernel_size) + ", \"threshold\": " + std::to_string(r.threshold) +
         ", \"min_brightness\": " + std::to_string(r.min_brightness) + ", \"dilation\": " + std::to_string(r.dilation) +
         ", \"fill\": " + (r.fill ? "true" : "false") +
         ", \"unfilled_dilation\": " + std::to_string(r.unfilled_dilation) + "},\n    \"smoothing\": {\"kind\": " + json_quoted(to_string(s.kind)) +
         ", \"gaussian_size\": " + std::to_string(s.gaussian_size) + ", \"gaussian_sigma\": " + number(s.gaussian_sigma) +
         ", \"median_radius\": " + std::to_string(s.median_radius) + "},\n    \"starburst\": {\"rays\": " +
         std::to_string(sb.rays) + ", \"second_stage_rays\": " + std::to_string(sb.second_stage_rays) +
         ", \"edge_threshold\": " + number(sb.edge_threshold) + ", \"max_iterations\": " + std::to_string(sb.max_iterations) +
         ", \"min_radius_px\": " + number(sb.min_radius_px) + ", \"max_radius_px\": " + number(sb.max_radius_px) +
         ", \"max_aspect\": " + number(sb.max_aspect) + "},\n    \"threshold_labeling\": {\"min_threshold\": " +
         std::to_string(tl.min_threshold) + ", \"max_threshold\": " + std::to_string(tl.max_threshold) +
         ", \"step\": " + std::to_string(tl.step) + "},\n    \"canny_hough\": {\"high_fraction\": " + number(ch.high_fraction) +
         ", \"low_ratio\": " + number(ch.low_ratio) + ", \"angle_step_deg\": " + number(ch.angle_step_deg) +
         ", \"radius_step_px\": " + number(ch.radius_step_px) + "},\n    \"ransac\": {\"hypotheses\": " +
         std::to_string(d.ransac.hypotheses) + ", \"inlier_px\": " + number(d.ransac.inlier_px) +
         ", \"seed\": " + std::to_string(d.ransac.seed) + "}}";
}

}  // namespace

std::string sidecar_json(const RecordingContext& context, const RecordingFiles& files, const RecordingTally& tally) {
  return "{\n  \"video\": " + json_quoted(files.video.filename().string()) + ",\n  \"codec\": \"FFV1\",\n  \"frame_table\": " +
         json_quoted(files.frames.filename().string()) + ",\n  \"width\": " + std::to_string(tally.width) +
         ",\n  \"height\": " + std::to_string(tally.height) + ",\n  \"fps\": " + number(context.fps) +
         ",\n  \"frames_recorded\": " + std::to_string(tally.recorded) + ",\n  \"frames_dropped\": " +
         std::to_string(tally.dropped) + ",\n  \"source\": " + json_quoted(context.source) + ",\n  \"camera\": " +
         camera_json(context.camera) + ",\n  \"regions\": " + regions_json(context.regions) + ",\n  \"detector\": " +
         detector_json(context.detector) + "\n}\n";
}

}  // namespace pt::camera
