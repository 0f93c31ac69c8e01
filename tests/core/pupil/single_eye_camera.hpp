#pragma once
// One synthetic eye in a 640x480 frame, rendered frame after frame: the camera of the tests that
// follow one tracker through blinks.
#include <utility>

#include "pt/image.hpp"
#include "pt/synthetic_eyes.hpp"

namespace pt::test {

class SingleEyeCamera {
 public:
  SingleEyeCamera() : renderer_(config()), rect_(renderer_.eye_region(0)), frame_(640, 480) {}

  struct Shot {
    CViewU8 region;  // the eye's region of the frame, valid until the next shot
    SyntheticFrameTruth truth;
  };
  Shot next() {
    SyntheticFrameTruth truth = renderer_.render_next(frame_.view());
    return {std::as_const(frame_).view().sub(rect_), std::move(truth)};
  }

 private:
  static SyntheticConfig config() {
    SyntheticConfig c;
    c.width = 640;
    c.height = 480;
    c.eyes = 1;
    return c;
  }
  SyntheticEyeRenderer renderer_;
  RectI rect_;
  ImageU8 frame_;
};

}  // namespace pt::test
