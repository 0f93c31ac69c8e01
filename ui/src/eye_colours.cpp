#include "pt/ui/eye_colours.hpp"

namespace pt::ui {

QColor eye_colour(int region) { return region % 2 == 0 ? QColor(40, 140, 255) : QColor(255, 150, 30); }

}  // namespace pt::ui
