#pragma once
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "cli/camera_options.hpp"
#include "pt/frame_source.hpp"
#include "pt/synthetic_source.hpp"

namespace pt::cli {

struct InputOptions {
  std::string input;                       // "synthetic", "camera:<id>", a video file or an image folder
  std::optional<std::int64_t> frames;      // synthetic: sequence length (unbounded without)
  SyntheticConfig synthetic;
  SyntheticSource::TruthObserver truth_observer;
  std::string include_glob;                // image folders: file-name filters
  std::string exclude_glob;
  double folder_fps = 30.0;
  CameraOptions camera;                    // camera:<id> input
};

// The camera's id or address in "camera:<id>", or nothing when `input` names no camera.
std::optional<std::string> camera_id(const std::string& input);

// Throws std::runtime_error with a one-line message for anything that cannot be opened.
std::unique_ptr<FrameSource> open_input(const InputOptions& options);

}  // namespace pt::cli
