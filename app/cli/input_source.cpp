#include "cli/input_source.hpp"

#include <cstdio>
#include <stdexcept>

#include "cli/eye_regions.hpp"

#if defined(PT_HAVE_OPENCV)
#include "pt/camera/open_file_source.hpp"
#endif
#if defined(PT_HAVE_ARAVIS)
#include "pt/camera/aravis_source.hpp"
#include "pt/camera/synthetic_fake_fill.hpp"
#endif

namespace pt::cli {
namespace {

constexpr std::string_view kCameraPrefix = "camera:";

#if defined(PT_HAVE_ARAVIS)
std::unique_ptr<FrameSource> open_camera(const std::string& id, const CameraOptions& o, SyntheticConfig synthetic) {
  camera::AravisSourceOptions options;
  options.settings.exposure_us = o.exposure_us;
  options.settings.gain = o.gain;
  options.settings.fps = o.fps;
  if (!o.region.empty()) options.settings.region = parse_rect(o.region);
  options.settings.pixel_format = o.pixel_format;
  options.settings.trigger = o.trigger;
  options.settings.packet_size = o.packet_size;
  options.buffers = o.buffers.value_or(0);
  if (o.fake_eyes) {
    const RectI whole{0, 0, synthetic.width, synthetic.height};
    if (!o.region.empty() && options.settings.region != whole) {
      throw std::invalid_argument("--fake-eyes paints --size " + std::to_string(synthetic.width) + "x" +
                                  std::to_string(synthetic.height) + " frames: --camera-region must be 0,0," +
                                  std::to_string(synthetic.width) + "," + std::to_string(synthetic.height));
    }
    options.settings.region = whole;
    if (o.fps) synthetic.fps = *o.fps;  // the eyes move in the camera's time
    options.fake_fill = camera::synthetic_fake_fill(synthetic);
  }
  // On its own line: the progress line may be half drawn when the camera goes or comes back.
  options.on_state = [](camera::CameraState /*state*/, const std::string& why) { std::fprintf(stderr, "\n%s\n", why.c_str()); };
  return std::make_unique<camera::AravisSource>(id, std::move(options));
}
#else
std::unique_ptr<FrameSource> open_camera(const std::string& id, const CameraOptions& /*options*/,
                                         const SyntheticConfig& /*synthetic*/) {
  throw std::runtime_error("cannot open camera '" + id +
                           "': this build has no camera support (configure with Aravis: libaravis-dev)");
}
#endif

}  // namespace

std::optional<std::string> camera_id(const std::string& input) {
  if (!input.starts_with(kCameraPrefix)) return std::nullopt;
  return input.substr(kCameraPrefix.size());
}

std::unique_ptr<FrameSource> open_input(const InputOptions& options) {
  if (const auto id = camera_id(options.input)) {
    if (id->empty()) throw std::invalid_argument("--input camera: needs a camera id or address, e.g. camera:192.168.1.20");
    return open_camera(*id, options.camera, options.synthetic);
  }
  if (const std::string given = options.camera.first_given(); !given.empty()) {
    throw std::invalid_argument(given + " applies to --input camera:<id> only");
  }
  if (options.input == "synthetic") {
    return std::make_unique<SyntheticSource>(options.synthetic, options.frames, options.truth_observer);
  }
#if defined(PT_HAVE_OPENCV)
  camera::FileSourceOptions file_options;
  file_options.folder.fps = options.folder_fps;
  file_options.folder.include_glob = options.include_glob;
  file_options.folder.exclude_glob = options.exclude_glob;
  return camera::open_file_source(options.input, file_options);
#else
  throw std::runtime_error("cannot read '" + options.input +
                           "': this build has no video or image input (configure with OpenCV)");
#endif
}

}  // namespace pt::cli
