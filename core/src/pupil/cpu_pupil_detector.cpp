#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <utility>

#include "pt/pupil/eye_pupil_tracker.hpp"
#include "pt/pupil/pupil_detector.hpp"
#include "pt/pupil/tracking_window.hpp"

namespace pt {
namespace {

using Clock = std::chrono::steady_clock;

// One submitted frame on its way through the lanes.
struct Job {
  Frame frame;
  std::vector<EyeRegion> regions;
  DetectorParams params;
  bool forget = false;  // reset_tracking() was called before this frame
  std::vector<std::pair<std::size_t, Point2f>> hints;  // eye, centre: hint_pupil() before this frame
  bool keep_searches = false;
  std::vector<SearchOutcome> searches;
  Clock::time_point submitted;
  Clock::time_point finished;
  std::vector<PupilMeasurement> eyes;
  std::size_t lanes_left = 0;
};

// The eyes one thread serves (eye i belongs to lane i % lanes), each with its tracker and its
// pupil in the previous frame. An eye's frames all pass through the same lane in order, so its
// tracking state sees exactly the sequence it would see on a single thread.
class EyeLane {
 public:
  EyeLane(std::size_t index, std::size_t lanes, const DetectorParams& initial)
      : index_(index), lanes_(lanes), initial_(initial) {}

  void process(Job& job) {
    if (job.forget) {
      for (EyeState& s : eyes_) {
        s.tracker.forget_previous();
        s.last.reset();
      }
    }
    const CViewU8 pixels = std::as_const(job.frame).pixels();
    const double time_s = job.frame.info().timestamp_s;
    for (std::size_t k = index_; k < job.regions.size(); k += lanes_) {
      const std::size_t own = k / lanes_;
      while (eyes_.size() <= own) eyes_.push_back({EyePupilTracker(initial_), std::nullopt});
      EyeState& s = eyes_[own];
      for (const auto& [eye, centre] : job.hints) {
        if (eye != k) continue;
        s.tracker.seed_at(centre);
        s.last.reset();  // search the whole region: the hint may lie outside the tracking window
      }
      const EyeRegion& region = job.regions[k];
      PupilMeasurement& m = job.eyes[k];
      const RectI whole = region.rect.intersect(pixels.bounds());
      if (whole.empty()) {
        m.eye = region.eye;
        continue;
      }
      auto search = [&](const RectI& r) {
        m = s.tracker.process(pixels.sub(r), Point2f{static_cast<float>(r.x), static_cast<float>(r.y)}, region.eye,
                              time_s, job.params);
        m.searched = r;
      };
      const RectI window = tracking_window(whole, s.last, job.params.window);
      search(window);
      // A pupil that left its window (a saccade, a lid) is searched for in the whole region at
      // once rather than a frame later, so the window can stay tight around the pupil.
      if (!m.detected && window != whole) search(whole);
      s.last = m.detected ? std::optional(m.ellipse) : std::nullopt;
      if (job.keep_searches) job.searches[k] = s.tracker.last_search();
    }
  }

 private:
  struct EyeState {
    EyePupilTracker tracker;
    std::optional<Ellipse> last;
  };
  std::size_t index_;
  std::size_t lanes_;
  DetectorParams initial_;
  std::deque<EyeState> eyes_;  // deque: trackers never move once made
};

// With one thread the caller does the work inside submit(). With more, each lane has its own
// thread that works through the frames in flight on its own: a per-frame fork-join would leave
// one core idle while the slower eye of each frame finishes, and costs a wake-up per frame.
class CpuPupilDetector final : public PupilDetector {
 public:
  CpuPupilDetector(const DetectorParams& params, int threads) {
    const auto n = static_cast<std::size_t>(std::max(1, threads));
    for (std::size_t i = 0; i < n; ++i) lanes_.emplace_back(i, n, params);
    if (n > 1) {
      for (std::size_t i = 0; i < n; ++i) workers_.emplace_back([this, i] { lane_loop(i); });
    }
  }

  ~CpuPupilDetector() override {
    {
      std::lock_guard lock(mutex_);
      quit_ = true;
    }
    work_.notify_all();
    for (std::thread& t : workers_) t.join();
  }

  CpuPupilDetector(const CpuPupilDetector&) = delete;
  CpuPupilDetector& operator=(const CpuPupilDetector&) = delete;

  Backend backend() const noexcept override { return Backend::Cpu; }
  std::string description() const override {
    return "cpu (" + std::to_string(lanes_.size()) + (lanes_.size() == 1 ? " thread)" : " threads)");
  }

  void submit(Frame frame, std::span<const EyeRegion> regions, const DetectorParams& params) override {
    auto job = std::make_unique<Job>();
    job->submitted = Clock::now();
    job->frame = std::move(frame);
    job->regions.assign(regions.begin(), regions.end());
    job->params = params;
    job->forget = std::exchange(forget_next_, false);
    job->hints = std::exchange(hints_next_, {});
    job->keep_searches = keep_searches_;
    if (keep_searches_) job->searches.resize(regions.size());
    job->eyes.resize(regions.size());
    job->lanes_left = lanes_.size();
    if (workers_.empty()) {
      lanes_.front().process(*job);
      job->lanes_left = 0;
      job->finished = Clock::now();
      jobs_.push_back(std::move(job));
      return;
    }
    {
      std::lock_guard lock(mutex_);
      jobs_.push_back(std::move(job));
    }
    work_.notify_all();
  }

  std::optional<TrackedFrame> collect(bool wait) override {
    std::unique_lock lock(mutex_);
    if (jobs_.empty()) return std::nullopt;
    if (wait) {
      done_.wait(lock, [&] { return jobs_.front()->lanes_left == 0; });
    } else if (jobs_.front()->lanes_left != 0) {
      return std::nullopt;
    }
    const std::unique_ptr<Job> job = std::move(jobs_.front());
    jobs_.pop_front();
    ++first_sequence_;
    lock.unlock();
    TrackedFrame out;
    out.frame = std::move(job->frame);
    out.eyes = std::move(job->eyes);
    out.searches = std::move(job->searches);
    out.latency_us = std::chrono::duration<double, std::micro>(job->finished - job->submitted).count();
    return out;
  }

  std::size_t in_flight() const noexcept override {
    std::lock_guard lock(mutex_);
    return jobs_.size();
  }
  // Two frames per lane let every lane start its next frame while the caller collects.
  std::size_t max_in_flight() const noexcept override { return workers_.empty() ? 1 : 2 * lanes_.size(); }

  // Takes effect from the next frame submitted; frames already in flight keep their tracking.
  void reset_tracking() override { forget_next_ = true; }
  // Both take effect from the next frame submitted, like reset_tracking().
  void hint_pupil(std::size_t eye, Point2f centre) override { hints_next_.emplace_back(eye, centre); }
  void keep_searches(bool on) override { keep_searches_ = on; }

 private:
  void lane_loop(std::size_t lane) {
    std::uint64_t next = 0;  // sequence number of the lane's next frame
    std::unique_lock lock(mutex_);
    for (;;) {
      work_.wait(lock, [&] { return quit_ || next < first_sequence_ + jobs_.size(); });
      if (quit_) return;
      Job& job = *jobs_[static_cast<std::size_t>(next - first_sequence_)];
      lock.unlock();
      lanes_[lane].process(job);
      const Clock::time_point end = Clock::now();
      lock.lock();
      ++next;
      if (--job.lanes_left == 0) {
        job.finished = end;
        done_.notify_all();
      }
    }
  }

  std::deque<EyeLane> lanes_;
  std::vector<std::thread> workers_;
  mutable std::mutex mutex_;
  std::condition_variable work_;
  std::condition_variable done_;
  // Frames in submission order; a frame leaves only when every lane is done with it, so a lane's
  // next frame is always still here. first_sequence_ numbers the front one.
  std::deque<std::unique_ptr<Job>> jobs_;
  std::uint64_t first_sequence_ = 0;
  bool forget_next_ = false;
  std::vector<std::pair<std::size_t, Point2f>> hints_next_;
  bool keep_searches_ = false;
  bool quit_ = false;
};

}  // namespace

std::unique_ptr<PupilDetector> make_cpu_detector(const DetectorParams& params, int threads) {
  return std::make_unique<CpuPupilDetector>(params, threads);
}

}  // namespace pt
