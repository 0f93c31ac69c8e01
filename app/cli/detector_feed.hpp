#pragma once
// Feeding a detector for the benchmarks: frames copied once into pooled buffers before any timing,
// then submitted as fast as the detector takes them, in one pass or cut into stretches tracked at
// once (an offline replay's parallelism).
#include <chrono>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "cli/stage_timing.hpp"
#include "pt/frame_pool.hpp"
#include "pt/host_allocator.hpp"
#include "pt/image.hpp"
#include "pt/pupil/pupil_detector.hpp"

namespace pt::cli {

// Which of `n` rendered frames comes `i`-th when they play forward, then backward, and so on: the
// pupil turns back where the rendered sequence ends instead of jumping to where it began, which
// no camera shows and which a tracking window would have to search the whole region for.
[[nodiscard]] std::size_t back_and_forth(std::size_t i, std::size_t n) noexcept;

// The frames, copied once into buffers of `allocator`'s pool; a buffer is in the detector or here.
// The i-th frame taken is back_and_forth(i, size()); it comes back with its index set to i.
class FilledFrames {
 public:
  FilledFrames(std::span<const ImageU8> frames, std::shared_ptr<HostAllocator> allocator);
  [[nodiscard]] std::size_t size() const noexcept { return held_.size(); }
  [[nodiscard]] bool here(std::size_t i) const noexcept { return held_[back_and_forth(i, held_.size())].valid(); }
  Frame take(std::size_t i) { return std::move(held_[back_and_forth(i, held_.size())]); }
  void give_back(Frame f);

 private:
  FramePool pool_;
  std::vector<Frame> held_;
};

struct Timed {
  StageTiming interval;  // since the previous result: its frames/s is the run's
  StageTiming latency;   // submit to result
  // The submitting thread's wall time inside submit(): the host's share of the latency. Under
  // many stretches it also counts the time the thread waited for a core or inside the driver.
  StageTiming submit;
  std::vector<std::chrono::steady_clock::time_point> done_at;  // when each result came back
};

// Submits `count` frames, cycling through `frames`, keeping the detector as full as it allows;
// `collected` sees each result before its frame goes back. Timestamps are a 500 frames/s camera's.
Timed drive(PupilDetector& detector, FilledFrames& frames, std::span<const EyeRegion> regions,
            const DetectorParams& params, int count, const std::string& name,
            const std::function<void()>& collected = [] {});

// A recording replayed offline need not be tracked in one pass. Cut into stretches, one per
// detector, each tracked from its own first frame on a host thread of its own, it keeps a search
// per stretch in flight. Each stretch holds pooled copies (from `make_allocator`) of its own run
// of `images`, and first tracks a few frames untimed, then forgets them: detectors make buffers
// and graphs as frames first need them. `timing_starts` is called once that warm-up is over. The
// interval row runs between consecutive results of any stretch, so that its frames/s is the
// whole run's. `collected` sees each timed result of stretch s, on that stretch's thread. An
// exception on any stretch's thread is rethrown here once all have ended.
Timed drive_segments(std::span<const ImageU8> images, std::span<const EyeRegion> regions,
                     const DetectorParams& params, int count, std::span<PupilDetector* const> detectors,
                     const std::function<std::shared_ptr<HostAllocator>()>& make_allocator, const std::string& name,
                     const std::function<void()>& timing_starts = [] {},
                     const std::function<void(std::size_t s)>& collected = [](std::size_t) {});

}  // namespace pt::cli
