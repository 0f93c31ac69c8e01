#pragma once
#include <string>
#include <vector>

namespace pt::camera {

struct CameraListing {
  std::string id;        // what --input camera:<id> takes
  std::string address;   // IPv4 address for GigE Vision, bus position for USB3 Vision
  std::string protocol;  // GigEVision, USB3Vision, Fake
  std::string vendor;
  std::string model;
  std::string serial;
};

// Every camera Aravis finds. This searches every interface: on each network it broadcasts a
// GigE Vision discovery request, so it belongs to an explicit user request only.
[[nodiscard]] std::vector<CameraListing> list_cameras();

}  // namespace pt::camera
