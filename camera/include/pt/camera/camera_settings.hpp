#pragma once
#include <optional>
#include <string>

#include "pt/geometry.hpp"

namespace pt::camera {

// What the user asks of a GenICam camera. Anything left empty keeps the camera's own value.
struct CameraSettings {
  std::optional<double> exposure_us;
  std::optional<double> gain;  // in the camera's own unit, usually dB
  std::optional<double> fps;
  std::optional<RectI> region;  // in sensor pixels
  // Mono8, Mono10, Mono12 or Mono16. Empty keeps the camera's format when it is one of those,
  // and asks for Mono8 otherwise.
  std::string pixel_format;
  // Empty keeps the camera's trigger; "off" makes it free running; any other value is a trigger
  // source the camera offers (Line0, Software, ...), which then starts each frame.
  std::string trigger;
  // GigE Vision: bytes per stream packet. Empty asks the camera for the largest its link
  // carries; loopback and jumbo-frame links take far more than the 1500-byte default.
  std::optional<int> packet_size;
};

// What the camera reports after the settings were applied; features a camera lacks stay empty.
struct AppliedCameraSettings {
  std::optional<double> exposure_us;
  std::optional<double> gain;
  std::optional<double> fps;
  RectI region;
  std::string pixel_format;
  std::string trigger;  // "off" or the trigger source
  std::optional<int> packet_size;  // GigE Vision only
};

}  // namespace pt::camera
