#include "gui/window_services.hpp"

#include <memory>
#include <optional>
#include <stdexcept>

#include "cli/backend_report.hpp"
#include "cli/eye_regions.hpp"
#include "cli/input_source.hpp"
#include "gui/window_recording.hpp"
#if defined(PT_HAVE_ARAVIS)
#include "gui/camera_controls.hpp"
#include "gui/camera_opener.hpp"
#endif

namespace pt::gui {
namespace {

ui::OpenedSource open_file_or_synthetic(const QString& input) {
  cli::InputOptions options;
  options.input = input.toStdString();
  const bool synthetic = options.input == "synthetic";
  ui::OpenedSource opened;
  opened.source = cli::open_input(options);
  // As on the command line: the synthetic camera shows two eyes side by side, files one eye.
  opened.regions = cli::eye_regions(opened.source->width(), opened.source->height(), synthetic ? 2 : 1, std::nullopt,
                                    std::nullopt);
  opened.live = synthetic;
  return opened;
}

#if defined(PT_HAVE_ARAVIS)
// Cameras open here rather than through the command line's input code: the window reads their
// settings back and hears when they go and come back.
void add_cameras(ui::MainWindowServices& services) {
  auto session = std::make_shared<CameraSession>();
  services.open_source = [session](const QString& input) {
    if (const auto id = cli::camera_id(input.toStdString())) {
      if (id->empty()) throw std::invalid_argument("camera: needs a camera id or address");
      return open_camera_source(*session, *id);
    }
    ui::OpenedSource opened = open_file_or_synthetic(input);
    session->closed();
    return opened;
  };
  services.extend_window = [session](ui::MainWindow& window, QMenu& source_menu, const ui::MainWindowServices& s) {
    add_camera_controls(window, source_menu, s, session);
  };
}
#endif

}  // namespace

ui::MainWindowServices window_services(const plugins::AlgorithmRegistry& registry, const std::string& backend) {
  ui::MainWindowServices services;
  services.open_source = open_file_or_synthetic;
#if defined(PT_HAVE_ARAVIS)
  add_cameras(services);
#endif
  services.start_recording = start_window_recording;
  const cli::BackendDecision decision = cli::decide_backend(backend);
  // The backend decided here stays: a device lost later is an error, not a quiet change to the CPU.
  services.make_detector = [decided = std::string(to_string(decision.backend))](const DetectorParams& params,
                                                                                std::size_t eyes, int stretches) {
    // Two frames in flight let the device work ahead of the search without the view lagging; a
    // stretch of an export keeps as many as the command line's (--segments) do.
    constexpr int kCudaFramesInFlight = 2;
    const int in_flight = stretches > 1 ? cli::kCudaFramesInFlightPerStretch : kCudaFramesInFlight;
    return cli::choose_detector(decided, params, eyes, in_flight, true, "graph", stretches).detector;
  };
  services.export_stretches = [backend = decision.backend](const DetectorParams& params,
                                                            std::span<const EyeRegion> regions) {
    return cli::replay_stretches(backend, params, regions);
  };
  services.backend_reason = QString::fromStdString(decision.why);
  services.registry = &registry;
  return services;
}

}  // namespace pt::gui
