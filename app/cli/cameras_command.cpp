#include "cli/cameras_command.hpp"

#include <cstdio>

#if defined(PT_HAVE_ARAVIS)
#include "pt/camera/camera_list.hpp"
#endif

namespace pt::cli {

void add_cameras_command(CLI::App& app, int& exit_code) {
  CLI::App* cmd = app.add_subcommand("cameras", "List the GenICam cameras (GigE Vision, USB3 Vision) Aravis finds");
  cmd->callback([&exit_code] { exit_code = run_cameras(); });
}

#if defined(PT_HAVE_ARAVIS)
int run_cameras() {
  const std::vector<camera::CameraListing> cameras = camera::list_cameras();
  if (cameras.empty()) {
    std::fprintf(stderr, "no camera found\n");
    return 0;
  }
  for (const camera::CameraListing& c : cameras) {
    std::printf("camera:%s  %s %s  serial %s  %s %s\n", c.id.c_str(), c.vendor.c_str(), c.model.c_str(), c.serial.c_str(),
                c.protocol.c_str(), c.address.c_str());
  }
  return 0;
}
#else
int run_cameras() {
  std::fprintf(stderr, "error: this build has no camera support (configure with Aravis: libaravis-dev)\n");
  return 1;
}
#endif

}  // namespace pt::cli
