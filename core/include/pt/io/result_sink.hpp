#pragma once
#include "pt/pupil/pupil_detector.hpp"

namespace pt {

// Receives every tracked frame in order. Writers, plots and the live view are sinks.
class ResultSink {
 public:
  virtual ~ResultSink() = default;
  virtual void on_frame(const TrackedFrame& frame) = 0;
};

}  // namespace pt
