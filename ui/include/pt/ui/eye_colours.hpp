#pragma once
#include <QColor>

namespace pt::ui {

// One colour per eye region, shared by the overlays and the plots so that a trace and its
// ellipse read as one: left blue, right orange (distinguishable with the common colour-vision
// deficiencies).
[[nodiscard]] QColor eye_colour(int region);

}  // namespace pt::ui
