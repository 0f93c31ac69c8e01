#include "gui/window_services.hpp"

#include <optional>

#include "cli/backend_report.hpp"
#include "cli/eye_regions.hpp"
#include "cli/input_source.hpp"

namespace pt::gui {
namespace {

ui::OpenedSource open_source(const QString& input) {
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

}  // namespace

ui::MainWindowServices window_services(const plugins::AlgorithmRegistry& registry) {
  ui::MainWindowServices services;
  services.open_source = open_source;
  services.cpu_reason = QString::fromStdString(cli::cuda_status());
  services.registry = &registry;
  services.cpu_threads = cli::default_cpu_threads(2);
  return services;
}

}  // namespace pt::gui
