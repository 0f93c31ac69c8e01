#pragma once
// The preprocessing of a frame's eyes whose lanes share one stream, captured into one CUDA graph
// in which each eye is a branch of its own: the eyes' kernels then run side by side, where on
// the shared stream each eye would wait for the one before it, and the frame costs the host one
// launch instead of one an eye.
#include <deque>
#include <span>
#include <vector>

#include "eye_lane.hpp"
#include "pt/gpu/captured_work.hpp"
#include "pt/gpu/stream.hpp"

namespace pt::gpu {

class JointPreprocessing {
 public:
  // Enqueues the preprocessing of each lane's copied view on `stream` (the lanes' own), after
  // what the stream has before it; captured once the same lanes and sources come twice in a row
  // (CapturedOnRepeat). A lane made anew may lie where an old one was: the caller drops this
  // object with the old lanes, whose buffers its capture names.
  void operator()(cudaStream_t stream, std::span<EyeLane* const> lanes, const DetectorParams& params);

 private:
  struct Eye {
    const EyeLane* lane;
    CDeviceViewU8 source;
    bool operator==(const Eye&) const = default;
  };
  struct Arguments {
    std::vector<Eye> eyes;
    ReflectionParams reflections;
    SmoothingParams smoothing;
    bool operator==(const Arguments&) const = default;
  };

  void enqueue(cudaStream_t stream, std::span<EyeLane* const> lanes, const DetectorParams& params);

  // A branch each eye after the first: the stream that runs it (or that the capture takes it
  // from), and the events that fork it from the lanes' stream and join it back.
  std::deque<Stream> branches_;
  std::deque<Event> forks_;
  std::deque<Event> joins_;
  CapturedOnRepeat<Arguments> captured_;
};

}  // namespace pt::gpu
