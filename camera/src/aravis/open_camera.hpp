#pragma once
#include <string>

#include "gobject_ptr.hpp"

namespace pt::camera::aravis {

// True for "Fake_<serial>", the name of Aravis' in-process fake camera.
[[nodiscard]] bool is_fake_camera_id(const std::string& id);

// Opens the camera `id` names, as AravisSource documents: an IPv4 address through the local
// address routed to it, a fake camera directly, anything else through Aravis' own lookup.
// Throws InputError with Aravis' reason.
[[nodiscard]] GObjectPtr<ArvCamera> open_camera(const std::string& id);

}  // namespace pt::camera::aravis
