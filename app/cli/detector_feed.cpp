#include "cli/detector_feed.hpp"

#include <algorithm>
#include <exception>
#include <optional>
#include <thread>

namespace pt::cli {
namespace {

using Clock = std::chrono::steady_clock;

// Host memory the stretches of one run hold their frames in, in all.
constexpr std::size_t kStretchFrameBytes = std::size_t{1} << 31;

// Calls body(s) for every stretch s at once, each on a thread of its own (a pool's threads may
// take two indices one after the other, and stretches must overlap).
void on_threads_at_once(std::size_t k, const std::function<void(std::size_t)>& body) {
  std::vector<std::exception_ptr> failed(k);
  {
    std::vector<std::jthread> threads;
    for (std::size_t s = 0; s < k; ++s) {
      threads.emplace_back([&, s] {
        try {
          body(s);
        } catch (...) {
          failed[s] = std::current_exception();
        }
      });
    }
  }
  for (const std::exception_ptr& e : failed) {
    if (e) std::rethrow_exception(e);
  }
}

// Frames still in the detector when a drive ends by an exception go back before their pool can
// go: the pool is freed while the detector, its caller's, lives on.
class GiveBackOnExit {
 public:
  GiveBackOnExit(PupilDetector& detector, FilledFrames& frames) noexcept : detector_(detector), frames_(frames) {}
  GiveBackOnExit(const GiveBackOnExit&) = delete;
  GiveBackOnExit& operator=(const GiveBackOnExit&) = delete;
  ~GiveBackOnExit() {
    try {
      while (detector_.in_flight() > 0) {
        if (std::optional<TrackedFrame> done = detector_.collect(true)) frames_.give_back(std::move(done->frame));
      }
    } catch (...) {  // a destructor must not throw; the first error is on its way already
    }
  }

 private:
  PupilDetector& detector_;
  FilledFrames& frames_;
};

}  // namespace

FilledFrames::FilledFrames(std::span<const ImageU8> frames, std::shared_ptr<HostAllocator> allocator)
    : pool_(frames.front().width(), frames.front().height(), frames.size(), std::move(allocator)) {
  for (const ImageU8& f : frames) {
    held_.push_back(*pool_.try_acquire());
    copy_pixels(f.view(), held_.back().pixels());
  }
}

std::size_t back_and_forth(std::size_t i, std::size_t n) noexcept {
  const std::size_t turn = std::max<std::size_t>(1, 2 * n - 2);
  const std::size_t k = i % turn;
  return k < n ? k : turn - k;
}

void FilledFrames::give_back(Frame f) {
  const std::size_t i = back_and_forth(f.info().index, held_.size());
  held_[i] = std::move(f);
}

Timed drive(PupilDetector& detector, FilledFrames& frames, std::span<const EyeRegion> regions,
            const DetectorParams& params, int count, const std::string& name, const std::function<void()>& collected) {
  const GiveBackOnExit give_back(detector, frames);
  Timed t{{name, {}}, {name + ": latency", {}}, {name + ": host time in submit", {}}, {}};
  Clock::time_point last = Clock::now();
  const auto take = [&] {
    std::optional<TrackedFrame> done = detector.collect(true);
    const Clock::time_point now = Clock::now();
    t.interval.add(std::chrono::duration<double, std::micro>(now - last).count());
    last = now;
    t.latency.add(done->latency_us);
    t.done_at.push_back(now);
    collected();
    frames.give_back(std::move(done->frame));
  };
  for (int i = 0; i < count; ++i) {
    const auto k = static_cast<std::size_t>(i);
    while (detector.in_flight() >= detector.max_in_flight() || !frames.here(k)) take();
    Frame f = frames.take(k);
    f.info().index = k;
    f.info().timestamp_s = static_cast<double>(i) / 500.0;
    t.submit.add(time_us([&] { detector.submit(std::move(f), regions, params); }));
  }
  while (detector.in_flight() > 0) take();
  return t;
}

Timed drive_segments(std::span<const ImageU8> images, std::span<const EyeRegion> regions,
                     const DetectorParams& params, int count, std::span<PupilDetector* const> detectors,
                     const std::function<std::shared_ptr<HostAllocator>()>& make_allocator, const std::string& name,
                     const std::function<void()>& timing_starts,
                     const std::function<void(std::size_t s)>& collected) {
  const std::size_t k = detectors.size();
  const int segments = static_cast<int>(k);
  // Enough frames for a stretch never to wait for its own buffers, and for every frame in flight
  // to have been tracked once in the warm-up.
  const std::size_t in_flight = detectors.front()->max_in_flight();
  const std::size_t frame_bytes =
      static_cast<std::size_t>(images.front().width()) * static_cast<std::size_t>(images.front().height());
  const std::size_t held = std::min(images.size(), std::max(kStretchFrameBytes / (k * frame_bytes), in_flight + 1));
  const int warm_frames = static_cast<int>(4 * in_flight);
  std::vector<std::unique_ptr<FilledFrames>> filled;
  for (std::size_t s = 0; s < k; ++s) {
    const std::size_t offset = k == 1 ? 0 : s * (images.size() - held) / (k - 1);
    filled.push_back(std::make_unique<FilledFrames>(images.subspan(offset, held), make_allocator()));
  }
  on_threads_at_once(k, [&](std::size_t s) {
    (void)drive(*detectors[s], *filled[s], regions, params, warm_frames, name);
    detectors[s]->reset_tracking();
  });
  timing_starts();
  std::vector<Timed> parts(k);
  const Clock::time_point start = Clock::now();
  on_threads_at_once(k, [&](std::size_t s) {
    const int share = count / segments + (static_cast<int>(s) < count % segments ? 1 : 0);
    parts[s] = drive(*detectors[s], *filled[s], regions, params, share, name, [&] { collected(s); });
  });
  const std::string cut = name + ", " + std::to_string(segments) + " stretches at once";
  Timed all{{cut, {}}, {cut + ": latency", {}}, {cut + ": host time in submit", {}}, {}};
  for (Timed& part : parts) {
    all.done_at.insert(all.done_at.end(), part.done_at.begin(), part.done_at.end());
    all.latency.us.insert(all.latency.us.end(), part.latency.us.begin(), part.latency.us.end());
    all.submit.us.insert(all.submit.us.end(), part.submit.us.begin(), part.submit.us.end());
  }
  std::ranges::sort(all.done_at);
  Clock::time_point last = start;
  for (const Clock::time_point t : all.done_at) {
    all.interval.add(std::chrono::duration<double, std::micro>(t - last).count());
    last = t;
  }
  return all;
}

}  // namespace pt::cli
