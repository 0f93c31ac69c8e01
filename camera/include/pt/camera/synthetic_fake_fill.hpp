#pragma once
// The rendered binocular eyes as the picture of Aravis' in-process fake camera, so that a camera
// run (its stream thread, its buffers, its counters) can be tracked end to end without hardware.
#include <functional>

#include "pt/camera/aravis_source.hpp"
#include "pt/synthetic_eyes.hpp"

namespace pt::camera {

// Renders the next frame of `config`'s sequence into each Mono8 frame of config's size; called
// on Aravis' stream thread, it keeps no history, so it runs for as long as the camera does.
// Frames of another size or depth keep whatever the camera painted.
[[nodiscard]] std::function<void(const FakeFrame&)> synthetic_fake_fill(const SyntheticConfig& config);

}  // namespace pt::camera
