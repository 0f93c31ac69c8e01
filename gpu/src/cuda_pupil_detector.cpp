#include "pt/gpu/cuda_pupil_detector.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <deque>
#include <optional>
#include <utility>
#include <vector>

#include "eye_lane.hpp"
#include "frame_box_upload.hpp"
#include "joint_preprocessing.hpp"
#include "pt/gpu/cuda_check.hpp"
#include "pt/gpu/cuda_device_probe.hpp"
#include "pt/gpu/stream.hpp"
#include "pt/parallel_for.hpp"
#include "pt/pupil/eye_pupil_tracker.hpp"
#include "pt/pupil/tracking_window.hpp"

namespace pt::gpu {
namespace {

using Clock = std::chrono::steady_clock;

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
  std::vector<char> on_device;  // searched on the device (else its images came back)
  Clock::time_point submitted;
  std::vector<std::unique_ptr<EyeLane>> lanes;
  // With few_streams, untimed: the preprocessing of the lanes, which share a stream, as one graph.
  // A slot's own, since its lanes (and so its capture) differ from the other slots'.
  std::unique_ptr<JointPreprocessing> joint;
  FrameBoxUpload box_upload;  // with few_streams, untimed: the eyes' copy where one serves them all
};

class Detector final : public CudaPupilDetector {
 public:
  Detector(const DetectorParams& params, const CudaDetectorOptions& options)
      : initial_params_(params), options_(options), gang_(std::max(1, options.search_threads)) {
    const CudaDeviceProbe probe = probe_cuda_device();
    if (!probe.usable) throw CudaError("no usable CUDA device (" + probe.reason + ")");
    device_name_ = probe.device_name;
    // A build without conditional graph nodes loops in the persistent kernel instead; the
    // description says which loop runs.
    if (!device_loop_built(options_.device_loop)) options_.device_loop = DeviceLoop::Persistent;
    slots_.resize(static_cast<std::size_t>(std::max(1, options.max_in_flight)));
    if (options_.few_streams) {
      copies_.emplace();
      // A stretch's searches follow one another and are its longest chain: their blocks go ahead
      // of the preprocessing blocks of the other stretches waiting beside them.
      if (few_streams_count(options.max_in_flight) > 1) searches_.emplace(StreamPriority::High);
    }
  }

  Backend backend() const noexcept override { return Backend::Cuda; }
  std::string description() const override {
    const std::string threads = std::to_string(gang_.threads()) + (gang_.threads() == 1 ? " thread" : " threads");
    return "cuda (" + device_name_ + ", " + std::to_string(slots_.size()) + " frame(s) in flight, " +
           (options_.device_search ? "tracked eyes searched on the device (" + loop_description() + "), lost ones on " + threads
                                   : "search on " + threads) +
           ")";
  }

  void submit(Frame frame, std::span<const EyeRegion> regions, const DetectorParams& params) override {
    const Clock::time_point start = Clock::now();
    grow_eyes(regions.size());
    const bool device_search = options_.device_search && search::device_search_supports(params);
    // A reset or a hint is the host tracker's to apply, so the eyes concerned leave the device.
    if (forget_pending_) std::fill(on_device_.begin(), on_device_.end(), 0);
    for (const auto& [eye, centre] : hints_next_) {
      if (eye < on_device_.size()) on_device_[eye] = 0;
    }
    if (device_search) hand_eyes_to_device();
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
    slot.on_device.assign(regions.size(), 0);
    // The whole region is copied for a hinted eye: the hint may lie outside the tracking window.
    for (const auto& [eye, centre] : slot.hints) {
      if (eye < last_.size()) last_[eye].reset();
    }
    const CViewU8 pixels = std::as_const(frame).pixels();
    // Page-locked frames (a pool from the pinned allocator) go to the device without staging.
    slot.pinned = frame.memory_kind() == MemoryKind::HostPinned;
    // Every eye's copy first, then its preprocessing (the eyes on the shared stream's in one graph,
    // which must come after all their copies), then the searches.
    std::vector<EyeLane*> shared;
    std::vector<RectI> shared_rects;
    for (std::size_t k = 0; k < regions.size(); ++k) {
      const RectI region = regions[k].rect.intersect(pixels.bounds());
      const RectI r = tracking_window(region, last_[k], params.window);
      if (r.empty()) continue;
      std::unique_ptr<EyeLane>& lane = slot.lanes[k];
      if (!lane || !lane->fits(region.w, region.h)) {
        lane = std::make_unique<EyeLane>(region.w, region.h, copies_ ? copies_->get() : nullptr);
        // Its capture names the old lanes' buffers, and a new lane may come to lie where an old one was.
        slot.joint.reset();
      }
      slot.whole[k] = region;
      slot.searched[k] = r;
      if (!copies_ || options_.time_stages) {
        lane->upload(pixels.sub(r), slot.pinned, params, options_.time_stages);
        continue;
      }
      shared.push_back(lane.get());
      shared_rects.push_back(r);
    }
    if (!shared.empty()) {
      copy_up_shared(slot, pixels, shared, shared_rects);
      if (!slot.joint) slot.joint = std::make_unique<JointPreprocessing>();
      (*slot.joint)(copies_->get(), shared, params);
    }
    std::vector<search::EyeSearchRequest> requests;  // with few_streams, launched together
    for (std::size_t k = 0; k < regions.size(); ++k) {
      const RectI r = slot.searched[k];
      if (r.empty()) continue;
      EyeLane& lane = *slot.lanes[k];
      if (device_search && on_device_[k] != 0) {
        const Point2f origin{static_cast<float>(r.x), static_cast<float>(r.y)};
        const double time_s = std::as_const(frame).info().timestamp_s;
        const search::DeviceTrackState* handover =
            std::exchange(handover_due_[k], 0) != 0 ? handovers_[k].data() : nullptr;
        if (options_.few_streams) {
          requests.push_back(lane.search_request(params, origin, time_s, states_[k].data(), handover, search_stream()));
        } else {
          lane.search(params, origin, time_s, states_[k].data(), handover, chains_[k], options_.device_loop);
        }
        slot.on_device[k] = 1;
      } else {
        bring_back(lane, params);
      }
    }
    if (!requests.empty()) search::launch_eye_searches(search_stream(), requests, params);
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
  CudaSearchCounts search_counts() const noexcept override {
    return {device_found_.load(std::memory_order_relaxed), host_searched_.load(std::memory_order_relaxed)};
  }

 private:
  // The copies of the eyes on the shared stream: one for the frame where their views tile a box
  // of page-locked pixels (throughput mode's eye regions, the frame's two halves), else one an eye.
  void copy_up_shared(Slot& slot, CViewU8 pixels, std::span<EyeLane* const> lanes, std::span<const RectI> rects) {
    const std::optional<RectI> box = slot.pinned ? tiled_box(rects) : std::nullopt;
    if (!box) {
      for (std::size_t i = 0; i < lanes.size(); ++i) lanes[i]->copy_up(pixels.sub(rects[i]), slot.pinned, false);
      return;
    }
    const DeviceViewU8 copied = slot.box_upload(copies_->get(), pixels.sub(*box));
    for (std::size_t i = 0; i < lanes.size(); ++i) {
      lanes[i]->take_copied(copied.sub({rects[i].x - box->x, rects[i].y - box->y, rects[i].w, rects[i].h}));
    }
  }

  // With few_streams: where the frame's searches are launched together.
  [[nodiscard]] cudaStream_t search_stream() const { return (searches_ ? *searches_ : *copies_).get(); }

  [[nodiscard]] std::string loop_description() const {
    if (options_.few_streams) return "persistent kernel, a block an eye";
    return std::string(to_string(options_.device_loop)) + " loop";
  }

  // Every eye seen so far has a state on the device, a handover buffer and a search chain (with
  // few_streams, the searches' stream is the chain).
  void grow_eyes(std::size_t eyes) {
    last_.resize(std::max(last_.size(), eyes));
    while (states_.size() < eyes) {
      states_.emplace_back(1);
      zero_device_now(states_.back().data(), sizeof(search::DeviceTrackState));
      handovers_.emplace_back(1);
      handover_due_.push_back(0);
      chains_.emplace_back();
      on_device_.push_back(0);
    }
  }

  // An eye the host's tracker has found again goes back to the device once the host has
  // searched every frame before this one: the frames in flight are finished first (a bubble in
  // the pipeline once per re-acquisition).
  void hand_eyes_to_device() {
    const auto hinted = [&](std::size_t k) {
      return std::ranges::any_of(hints_next_, [&](const auto& hint) { return hint.first == k; });
    };
    const auto ready = [&](std::size_t k) {
      return on_device_[k] == 0 && last_[k].has_value() && !forget_pending_ && !hinted(k) && k < trackers_.size();
    };
    bool any = false;
    for (std::size_t k = 0; k < on_device_.size(); ++k) any = any || ready(k);
    if (!any) return;
    while (flying_ > 0) finished_.push_back(finish_oldest());
    for (std::size_t k = 0; k < on_device_.size(); ++k) {
      if (!ready(k)) continue;
      const auto state = trackers_[k].tracking_state();
      if (!state) continue;
      *handovers_[k].data() = {true, *state};
      handover_due_[k] = 1;
      on_device_[k] = 1;
    }
  }

  // The lane's images come back for the host's search. A search that needs no seed
  // (thresholding and labeling, Canny + Hough) runs on the device first, and only its outcome
  // is left to the host to judge.
  void bring_back(EyeLane& lane, const DetectorParams& params) const {
    if (options_.device_search && device_frame_search_supports(params)) lane.search_frame(params);
    lane.download_images();
  }

  static SearchOutcome outcome_of(const search::EyeSearchResult& found) {
    SearchOutcome o;
    if (found.has_fit) o.fit = found.fit;
    const int n = std::min(found.edge_count, search::kResultEdges);
    o.edges.assign(found.edges, found.edges + n);
    o.inlier.assign(found.inlier, found.inlier + n);
    o.iterations = found.m.iterations;
    return o;
  }

  // Whether eye k of a finished slot is the host's to search: the device did not search it, or
  // let it go.
  static bool host_searches(const Slot& slot, std::size_t k) {
    return !slot.searched[k].empty() && (slot.on_device[k] == 0 || !slot.lanes[k]->search_result().found);
  }

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
      slot.lanes[k]->wait(options_.yield_while_waiting);
      const LaneTimes t = slot.lanes[k]->times();
      times_.upload_us = std::max(times_.upload_us, t.upload_us);
      times_.preprocess_us = std::max(times_.preprocess_us, t.preprocess_us);
      times_.download_us = std::max(times_.download_us, t.download_us);
      for (std::size_t s = 0; s < times_.device_search_us.size(); ++s) {
        times_.device_search_us[s] = std::max(times_.device_search_us[s], t.search_stages_us[s]);
      }
    }
    TrackedFrame out;
    out.eyes.resize(eyes);
    if (slot.keep_searches) out.searches.resize(eyes);
    const double time_s = slot.frame.info().timestamp_s;
    const Clock::time_point search_start = Clock::now();
    const auto each = [&](int i) {
      const auto k = static_cast<std::size_t>(i);
      PupilMeasurement& m = out.eyes[k];
      const RectI r = slot.searched[k];
      if (r.empty()) {
        m.eye = slot.regions[k].eye;
        return;
      }
      EyeLane& lane = *slot.lanes[k];
      if (!host_searches(slot, k)) {
        const search::EyeSearchResult& found = lane.search_result();
        m = found.m;
        m.eye = slot.regions[k].eye;
        m.searched = r;
        last_[k] = m.ellipse;
        if (slot.keep_searches) out.searches[k] = outcome_of(found);
        device_found_.fetch_add(1, std::memory_order_relaxed);
        return;
      }
      if (slot.on_device[k] != 0) {
        // The device has let go of the eye; this frame and those after it are the host's, from
        // where the device left off when it searched this one.
        const search::EyeSearchResult& found = lane.search_result();
        on_device_[k] = 0;
        if (found.searched) trackers_[k].resume(found.before.state);
        lane.download_images();
        lane.wait(options_.yield_while_waiting);
      }
      bool searched_on_device = false;  // by a search that needs no seed
      const auto search = [&](const RectI& rect) {
        EyePupilTracker::Preprocessed images = lane.results();
        images.outcome = lane.frame_outcome();
        searched_on_device = images.outcome != nullptr;
        m = trackers_[k].process_preprocessed(images, Point2f{static_cast<float>(rect.x), static_cast<float>(rect.y)},
                                              slot.regions[k].eye, time_s, slot.params);
        m.searched = rect;
      };
      search(r);
      // As on the CPU: a pupil that left its window is searched for in the whole region in the
      // same frame. The lane is free again, and the frame is still here.
      if (!m.detected && r != slot.whole[k]) {
        // Enqueued as it is: a capture on a stream that the eyes share would take in whatever the
        // gang's other threads enqueue there meanwhile.
        lane.copy_up(std::as_const(slot.frame).pixels().sub(slot.whole[k]), slot.pinned, false);
        lane.enqueue_preprocessing(lane.stream(), slot.params);
        bring_back(lane, slot.params);
        lane.wait(options_.yield_while_waiting);
        search(slot.whole[k]);
      }
      (searched_on_device ? device_found_ : host_searched_).fetch_add(1, std::memory_order_relaxed);
      last_[k] = m.detected ? std::optional(m.ellipse) : std::nullopt;
      if (slot.keep_searches) out.searches[k] = trackers_[k].last_search();
    };
    // Eyes are independent (each tracker keeps only its own state), so the host's searches of
    // them run in parallel. An eye the device found costs a few copies, less than waking a gang
    // thread for it: the gang is woken only when the host searches more than one eye.
    int searched_here = 0;
    for (std::size_t k = 0; k < eyes; ++k) searched_here += host_searches(slot, k) ? 1 : 0;
    if (searched_here > 1) {
      gang_.run(static_cast<int>(eyes), each);
    } else {
      for (int i = 0; i < static_cast<int>(eyes); ++i) each(i);
    }
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
  // With few_streams: every lane's stream, and the stream of the searches (none with one frame in
  // flight: the lanes' takes them). Work goes on the lanes' stream from the thread that submits,
  // or from the gang's threads while it waits for them, which may enqueue there at once: only
  // the submitting thread captures work there (JointPreprocessing), while no gang thread runs.
  std::optional<Stream> copies_;
  std::optional<Stream> searches_;
  std::vector<Slot> slots_;  // a ring: flying_ frames from oldest_ on
  std::size_t oldest_ = 0;
  std::size_t flying_ = 0;
  std::deque<TrackedFrame> finished_;
  std::deque<EyePupilTracker> trackers_;      // deque: trackers never move once made
  std::vector<std::optional<Ellipse>> last_;  // each eye's newest collected pupil
  // Per eye: whether the device tracks it (frames submitted from now on are searched there),
  // its state in device memory, the host's state waiting to be copied there before the next
  // search, and the event that orders its searches frame after frame (without few_streams).
  std::vector<char> on_device_;
  std::vector<DeviceBuffer<search::DeviceTrackState>> states_;
  std::vector<PinnedBuffer<search::DeviceTrackState>> handovers_;
  std::vector<char> handover_due_;
  std::deque<Event> chains_;
  bool forget_pending_ = false;
  std::vector<std::pair<std::size_t, Point2f>> hints_next_;
  bool keep_searches_ = false;
  CudaStageTimes times_;
  std::atomic<std::uint64_t> device_found_{0};  // eyes of collected frames: the gang counts both
  std::atomic<std::uint64_t> host_searched_{0};
};

}  // namespace

std::unique_ptr<CudaPupilDetector> make_cuda_detector(const DetectorParams& params, const CudaDetectorOptions& options) {
  return std::make_unique<Detector>(params, options);
}

}  // namespace pt::gpu
