#pragma once
#include "gobject_ptr.hpp"
#include "pt/camera/camera_settings.hpp"

namespace pt::camera::aravis {

// Applies `wanted` to an idle camera, in the order GenICam ranges depend on each other (format
// and region bound the frame rate, exposure bounds it too), and reads back what the camera took.
// Throws InputError naming the setting the camera refuses, with its range or choices.
[[nodiscard]] AppliedCameraSettings configure_camera(ArvCamera* camera, const CameraSettings& wanted);

}  // namespace pt::camera::aravis
