#pragma once
// Draws the moving parts of one eye over the copied skin, row by row through a line buffer:
// sclera, the foreshortened iris, the antialiased pupil and the glints are composed for the
// row's visible columns only, then blended into the frame through the lids' coverage. Only
// pixels on an edge (lid, pupil, glint) pay for antialiasing; the rest are copies and fills.
#include <cstdint>
#include <vector>

#include "background_layers.hpp"
#include "eye_layout.hpp"
#include "eye_pose.hpp"
#include "iris_texture.hpp"
#include "pt/image.hpp"

namespace pt::synthetic {

// Width of the pupil's antialiasing ramp, px. The ramp is symmetric about the true border, so
// the border is the 50% grey level between pupil and iris.
inline constexpr double kPupilEdgeWidth = 1.75;
inline constexpr int kPupilGrey = 22;

struct EyeScene {
  const EyeLayout& layout;
  const EyePose& pose;
  const IrisTexture& iris;
  const BackgroundLayers& background;
  bool glints;
};

class EyeCompositor {
 public:
  void draw(ViewU8 frame, const EyeScene& scene);

 private:
  std::vector<std::uint8_t> line_;  // indexed by frame column
};

}  // namespace pt::synthetic
