#pragma once
// The preprocessing of a frame's eyes whose lanes share one stream, captured into one CUDA graph
// in which each eye is a branch of its own: the eyes' kernels then run side by side, where on
// the shared stream each eye would wait for the one before it, and the frame costs the host one
// launch instead of one an eye.
#include <deque>
#include <optional>
#include <span>
#include <vector>

#include "eye_lane.hpp"
#include "pt/gpu/captured_work.hpp"
#include "pt/gpu/stream.hpp"

namespace pt::gpu {

class JointPreprocessing {
 public:
  // Enqueues the preprocessing of each lane's copied view on `stream` (the lanes' own), after
  // what the stream has before it. Lanes and their views that repeat are captured once they
  // come twice in a row, as EyePreprocessor does.
  void operator()(cudaStream_t stream, std::span<EyeLane* const> lanes, const DetectorParams& params);

 private:
  struct Eye {
    const EyeLane* lane;
    int width;
    int height;
    bool operator==(const Eye&) const = default;
  };
  struct Arguments {
    std::vector<Eye> eyes;
    ReflectionParams reflections;
    SmoothingParams smoothing;
    bool operator==(const Arguments&) const = default;
  };

  void enqueue(cudaStream_t stream, std::span<EyeLane* const> lanes, const DetectorParams& params);

  // A branch each eye after the first: its stream while capturing, and the events that fork it
  // from the lanes' stream and join it back.
  std::deque<Stream> branches_;
  std::deque<Event> forks_;
  std::deque<Event> joins_;
  std::optional<Arguments> previous_;
  std::optional<Arguments> captured_for_;
  CapturedWork captured_;
};

}  // namespace pt::gpu
