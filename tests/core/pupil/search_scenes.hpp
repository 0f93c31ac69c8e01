#pragma once
// Disc pupils with the disturbances every border search must survive, and the tracker around a
// search, so that the searches are tested behind the reflection removal and smoothing they get.
#include <cmath>
#include <string>
#include <vector>

#include "disc_image.hpp"
#include "pt/pupil/eye_pupil_tracker.hpp"

namespace pt::test {

struct SearchScene {
  std::string name;
  DiscScene disc;
  ImageU8 image;
};

// A dark line of `width` pixels from (x0, y0) to (x1, y1): an eyelash drawn across the pupil.
inline void add_dark_line(ImageU8& img, Point2f a, Point2f b, float width, std::uint8_t value) {
  const float dx = b.x - a.x;
  const float dy = b.y - a.y;
  const float len2 = dx * dx + dy * dy;
  for (int y = 0; y < img.height(); ++y) {
    for (int x = 0; x < img.width(); ++x) {
      const float t =
          std::clamp(((static_cast<float>(x) - a.x) * dx + (static_cast<float>(y) - a.y) * dy) / len2, 0.0F, 1.0F);
      const float d = std::hypot(static_cast<float>(x) - (a.x + t * dx), static_cast<float>(y) - (a.y + t * dy));
      if (d <= 0.5F * width) img.at(x, y) = value;
    }
  }
}

inline std::vector<SearchScene> disturbed_discs() {
  const DiscScene disc{140.6F, 96.2F, 31.0F, 25, 110, 6.0F, 9};
  const ImageU8 noisy = render_disc(280, 200, disc);
  std::vector<SearchScene> scenes{
      {"noise", disc, noisy}, {"glint on the border", disc, noisy}, {"lash across", disc, noisy}};
  add_glint(scenes[1].image, static_cast<int>(disc.cx + disc.r * 0.8F), static_cast<int>(disc.cy - disc.r * 0.6F), 4,
            250);
  add_dark_line(scenes[2].image, {0.0F, 60.0F}, {279.0F, 150.0F}, 2.0F, 30);
  return scenes;
}

// The pupil as one fresh tracker measures it in a single image.
inline PupilMeasurement measure_once(const ImageU8& img, const DetectorParams& params) {
  EyePupilTracker tracker(params);
  return tracker.process(img.view(), {0.0F, 0.0F}, EyeSide::Single, 0.0, params);
}

}  // namespace pt::test
