#include "pt/camera/synthetic_fake_fill.hpp"

#include <memory>

namespace pt::camera {

std::function<void(const FakeFrame&)> synthetic_fake_fill(const SyntheticConfig& config) {
  // Shared: Aravis' callbacks take copies of the function, the renderer's state must be one.
  auto renderer = std::make_shared<SyntheticEyeRenderer>(config);
  return [renderer](const FakeFrame& f) {
    const SyntheticConfig& c = renderer->config();
    if (f.bytes_per_pixel != 1 || f.width != c.width || f.height != c.height) return;
    (void)renderer->render_next(ViewU8{f.data, f.width, f.height, f.width});
  };
}

}  // namespace pt::camera
