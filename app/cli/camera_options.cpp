#include "cli/camera_options.hpp"

#include "cli/number_checks.hpp"

namespace pt::cli {

std::string CameraOptions::first_given() const {
  if (exposure_us) return "--exposure-us";
  if (gain) return "--gain";
  if (fps) return "--fps";
  if (!region.empty()) return "--camera-region";
  if (!pixel_format.empty()) return "--pixel-format";
  if (!trigger.empty()) return "--trigger";
  if (packet_size) return "--packet-size";
  if (buffers) return "--camera-buffers";
  if (fake_eyes) return "--fake-eyes";
  return {};
}

void add_camera_options(CLI::App& cmd, CameraOptions& o) {
  cmd.add_option("--exposure-us", o.exposure_us, "Camera: exposure time in microseconds (automatic exposure off)")
      ->check(positive_number());
  cmd.add_option("--gain", o.gain, "Camera: gain in the camera's unit, usually dB (automatic gain off)")
      ->check(non_negative_number());
  cmd.add_option("--fps", o.fps, "Camera: frame rate")->check(positive_number());
  cmd.add_option("--camera-region", o.region, "Camera: region of interest x,y,w,h in sensor pixels");
  cmd.add_option("--pixel-format", o.pixel_format, "Camera: Mono8, Mono10, Mono12 or Mono16 (deeper grey keeps its high 8 bits)");
  cmd.add_option("--trigger", o.trigger, "Camera: off (free running) or a trigger source such as Line0 or Software");
  cmd.add_option("--packet-size", o.packet_size, "GigE Vision camera: stream packet size in bytes (default: the largest the link carries)")
      ->check(positive_number());
  cmd.add_option("--camera-buffers", o.buffers,
                 "Camera: frames it can fill ahead of the tracker (default: 250 ms of frames at its rate plus 8, at "
                 "least 16)")
      ->check(CLI::Range(2, 1024));
  cmd.add_flag("--fake-eyes", o.fake_eyes,
               "Aravis' fake camera (camera:Fake_1): paint the synthetic eyes (--size, --seed, --eyes) instead of its "
               "test pattern");
}

}  // namespace pt::cli
