#pragma once
// Sources the window tests open through MainWindowServices instead of the application's input
// code: a small synthetic binocular camera, and a still frame of two dark discs.
#include <QString>

#include "pt/geometry.hpp"
#include "pt/ui/main_window.hpp"

namespace pt::test {

// "synthetic": a 640x256 synthetic binocular camera at 200 frames/s (enough frames for the
// plots, little load on a shared machine); "two discs": the frame below at 100 frames/s, one
// region over all of it. Anything else throws "no such input".
[[nodiscard]] ui::OpenedSource open_test_source(const QString& input);
[[nodiscard]] ui::MainWindowServices test_services();

// The "two discs" frame: 400x200, a dark pupil-like disc on each half, the left one darker.
constexpr int kDiscsWidth = 400;
constexpr int kDiscsHeight = 200;
struct Disc {
  float cx, cy, r;
};
constexpr Disc kDarkerDisc{110.0F, 100.0F, 24.0F};
constexpr Disc kPalerDisc{290.0F, 96.0F, 22.0F};

}  // namespace pt::test
