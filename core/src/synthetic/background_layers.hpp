#pragma once
// The still parts of the picture, drawn once: the skin around the eyes (with the socket's
// shadow and the lid creases) and the sclera behind the opening, both darkened by the lens's
// vignetting. Per frame, the renderer copies the skin and takes the sclera where the lids part.
#include <vector>

#include "eye_layout.hpp"
#include "pt/image.hpp"
#include "rng.hpp"

namespace pt::synthetic {

struct BackgroundLayers {
  ImageU8 skin;
  ImageU8 sclera;  // meaningful only within each eye's moving part
};

// Lens vignetting: 1 at the frame centre, darker towards the corners.
[[nodiscard]] double vignetting(double x, double y, int width, int height) noexcept;

[[nodiscard]] BackgroundLayers make_background_layers(int width, int height, const std::vector<EyeLayout>& eyes,
                                                      Rng& rng);

}  // namespace pt::synthetic
