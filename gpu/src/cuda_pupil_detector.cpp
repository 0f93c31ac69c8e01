#include "pt/gpu/cuda_pupil_detector.hpp"

#include <algorithm>
#include <chrono>
#include <deque>
#include <utility>
#include <vector>

#include "eye_lane.hpp"
#include "pt/gpu/cuda_check.hpp"
#include "pt/gpu/cuda_device_probe.hpp"
#include "pt/parallel_for.hpp"
#include "pt/pupil/eye_pupil_tracker.hpp"
#include "pt/pupil/tracking_window.hpp"

namespace pt::gpu {
namespace {

using Clock = std::chrono::steady_clock;

// Page-locked frames (a pool from the pinned allocator) go to the device without staging.
bool is_pinned(const void* p) {
  cudaPointerAttributes attributes{};
  PT_CUDA_CHECK(cudaPointerGetAttributes(&attributes, p));
  return attributes.type == cudaMemoryTypeHost;
}

// One frame in flight with what its search needs once the device is done.
struct Slot {
  Frame frame;
  std::vector<EyeRegion> regions;
  std::vector<RectI> whole;     // each eye's region inside the frame
  std::vector<RectI> searched;  // its tracking window, or all of it; empty: outside the frame
  bool pinned = false;
  DetectorParams params;
  bool forget_first = false;  // reset_tracking() came before this frame
  std::vector<std::pair<std::size_t, Point2f>> hints;  // eye, centre: hint_pupil() before this frame
  bool keep_searches = false;
  Clock::time_point submitted;
  std::vector<std::unique_ptr<EyeLane>> lanes;
};

class Detector final : public CudaPupilDetector {
 public:
  Detector(const DetectorParams& params, const CudaDetectorOptions& options)
      : initial_params_(params), options_(options), gang_(std::max(1, options.search_threads)) {
    const CudaDeviceProbe probe = probe_cuda_device();
    if (!probe.usable) throw CudaError("no usable CUDA device (" + probe.reason + ")");
    device_name_ = probe.device_name;
    slots_.resize(static_cast<std::size_t>(std::max(1, options.max_in_flight)));
  }

  Backend backend() const noexcept override { return Backend::Cuda; }
  std::string description() const override {
    return "cuda (" + device_name_ + ", " + std::to_string(slots_.size()) + " frame(s) in flight, search on " +
           std::to_string(gang_.threads()) + (gang_.threads() == 1 ? " thread)" : " threads)");
  }

  void submit(Frame frame, std::span<const EyeRegion> regions, const DetectorParams& params) override {
    const Clock::time_point start = Clock::now();
    // A caller that outruns max_in_flight gets the oldest frame finished here, kept for collect().
    if (flying_ == slots_.size()) finished_.push_back(finish_oldest());
    Slot& slot = slots_[(oldest_ + flying_) % slots_.size()];
    slot.submitted = start;
    slot.params = params;
    slot.forget_first = std::exchange(forget_pending_, false);
    slot.hints = std::exchange(hints_next_, {});
    slot.keep_searches = keep_searches_;
    slot.regions.assign(regions.begin(), regions.end());
    slot.whole.assign(regions.size(), RectI{});
    slot.searched.assign(regions.size(), RectI{});
    slot.lanes.resize(regions.size());
    last_.resize(std::max(last_.size(), regions.size()));
    // The whole region is copied for a hinted eye: the hint may lie outside the tracking window.
    for (const auto& [eye, centre] : slot.hints) {
      if (eye < last_.size()) last_[eye].reset();
    }
    const CViewU8 pixels = std::as_const(frame).pixels();
    slot.pinned = is_pinned(pixels.data);
    for (std::size_t k = 0; k < regions.size(); ++k) {
      const RectI region = regions[k].rect.intersect(pixels.bounds());
      const RectI r = tracking_window(region, last_[k], params.window);
      if (r.empty()) continue;
      std::unique_ptr<EyeLane>& lane = slot.lanes[k];
      if (!lane || !lane->fits(region.w, region.h)) lane = std::make_unique<EyeLane>(region.w, region.h);
      lane->enqueue(pixels.sub(r), slot.pinned, params, options_.time_stages);
      slot.whole[k] = region;
      slot.searched[k] = r;
    }
    slot.frame = std::move(frame);
    ++flying_;
  }

  std::optional<TrackedFrame> collect(bool wait) override {
    if (!finished_.empty()) {
      TrackedFrame f = std::move(finished_.front());
      finished_.pop_front();
      return f;
    }
    if (flying_ == 0) return std::nullopt;
    if (!wait && !device_done(slots_[oldest_])) return std::nullopt;
    return finish_oldest();
  }

  std::size_t in_flight() const noexcept override { return flying_ + finished_.size(); }
  std::size_t max_in_flight() const noexcept override { return slots_.size(); }

  void reset_tracking() override {
    // Frames already submitted keep their seeds; the trackers forget before the next one.
    forget_pending_ = true;
    for (auto& l : last_) l.reset();
  }

  void hint_pupil(std::size_t eye, Point2f centre) override { hints_next_.emplace_back(eye, centre); }
  void keep_searches(bool on) override { keep_searches_ = on; }

  CudaStageTimes last_stage_times() const noexcept override { return times_; }

 private:
  static bool device_done(const Slot& slot) {
    return std::ranges::all_of(slot.lanes, [](const auto& lane) { return !lane || lane->finished(); });
  }

  TrackedFrame finish_oldest() {
    Slot& slot = slots_[oldest_];
    const std::size_t eyes = slot.regions.size();
    while (trackers_.size() < eyes) trackers_.emplace_back(initial_params_);
    if (slot.forget_first) {
      for (auto& t : trackers_) t.forget_previous();
    }
    for (const auto& [eye, centre] : slot.hints) {
      if (eye < eyes) trackers_[eye].seed_at(centre);
    }
    times_ = {};
    for (std::size_t k = 0; k < eyes; ++k) {
      if (slot.searched[k].empty()) continue;
      slot.lanes[k]->wait();
      const LaneTimes t = slot.lanes[k]->times();
      times_.upload_us = std::max(times_.upload_us, t.upload_us);
      times_.preprocess_us = std::max(times_.preprocess_us, t.preprocess_us);
      times_.download_us = std::max(times_.download_us, t.download_us);
    }
    TrackedFrame out;
    out.eyes.resize(eyes);
    if (slot.keep_searches) out.searches.resize(eyes);
    const double time_s = slot.frame.info().timestamp_s;
    const Clock::time_point search_start = Clock::now();
    // Eyes are independent (each tracker keeps only its own state), so they search in parallel.
    gang_.run(static_cast<int>(eyes), [&](int i) {
      const auto k = static_cast<std::size_t>(i);
      PupilMeasurement& m = out.eyes[k];
      const RectI r = slot.searched[k];
      if (r.empty()) {
        m.eye = slot.regions[k].eye;
        return;
      }
      EyeLane& lane = *slot.lanes[k];
      const auto search = [&](const RectI& rect) {
        m = trackers_[k].process_preprocessed(lane.results(), Point2f{static_cast<float>(rect.x), static_cast<float>(rect.y)},
                                              slot.regions[k].eye, time_s, slot.params);
        m.searched = rect;
      };
      search(r);
      // As on the CPU: a pupil that left its window is searched for in the whole region in the
      // same frame. The lane is free again, and the frame is still here.
      if (!m.detected && r != slot.whole[k]) {
        lane.enqueue(std::as_const(slot.frame).pixels().sub(slot.whole[k]), slot.pinned, slot.params, false);
        lane.wait();
        search(slot.whole[k]);
      }
      last_[k] = m.detected ? std::optional(m.ellipse) : std::nullopt;
      if (slot.keep_searches) out.searches[k] = trackers_[k].last_search();
    });
    const Clock::time_point end = Clock::now();
    times_.search_us = std::chrono::duration<double, std::micro>(end - search_start).count();
    out.latency_us = std::chrono::duration<double, std::micro>(end - slot.submitted).count();
    out.frame = std::move(slot.frame);
    oldest_ = (oldest_ + 1) % slots_.size();
    --flying_;
    return out;
  }

  DetectorParams initial_params_;
  CudaDetectorOptions options_;
  std::string device_name_;
  ParallelFor gang_;
  std::vector<Slot> slots_;  // a ring: flying_ frames from oldest_ on
  std::size_t oldest_ = 0;
  std::size_t flying_ = 0;
  std::deque<TrackedFrame> finished_;
  std::deque<EyePupilTracker> trackers_;      // deque: trackers never move once made
  std::vector<std::optional<Ellipse>> last_;  // each eye's newest collected pupil
  bool forget_pending_ = false;
  std::vector<std::pair<std::size_t, Point2f>> hints_next_;
  bool keep_searches_ = false;
  CudaStageTimes times_;
};

}  // namespace

std::unique_ptr<CudaPupilDetector> make_cuda_detector(const DetectorParams& params, const CudaDetectorOptions& options) {
  return std::make_unique<Detector>(params, options);
}

}  // namespace pt::gpu
