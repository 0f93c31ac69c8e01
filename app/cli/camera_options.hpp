#pragma once
// The track command's options for --input camera:<id>, kept as typed so that a build without
// camera support still parses them and says what is missing.
#include <cstddef>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

namespace pt::cli {

struct CameraOptions {
  std::optional<double> exposure_us;
  std::optional<double> gain;
  std::optional<double> fps;
  std::string region;  // x,y,w,h in sensor pixels
  std::string pixel_format;
  std::string trigger;
  std::optional<int> packet_size;
  std::optional<std::size_t> buffers;  // the camera source's own default without it
  bool fake_eyes = false;              // camera:Fake_<n> paints the synthetic eyes

  // The first camera setting given, by its option name, or empty: they mean nothing for files.
  [[nodiscard]] std::string first_given() const;
};

void add_camera_options(CLI::App& command, CameraOptions& options);

}  // namespace pt::cli
