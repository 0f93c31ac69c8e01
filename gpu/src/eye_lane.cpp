#include "eye_lane.hpp"

#include "pt/gpu/cuda_check.hpp"
#include "pt/gpu/image_transfer.hpp"

namespace pt::gpu {
namespace {

double us_between(const Event& from, const Event& to) { return 1000.0 * static_cast<double>(to.elapsed_ms_since(from)); }

}  // namespace

EyeLane::EyeLane(int max_width, int max_height, cudaStream_t stream)
    : max_width_(max_width),
      max_height_(max_height),
      own_stream_(stream == nullptr ? std::optional<Stream>(std::in_place) : std::nullopt),
      stream_(stream == nullptr ? own_stream_->get() : stream),
      staging_(max_width, max_height),
      input_(max_width, max_height),
      output_(max_width, 3 * max_height),
      results_(max_width, 3 * max_height),
      preprocess_(max_width, max_height) {}

void EyeLane::upload(CViewU8 pixels, bool pinned, const DetectorParams& params, bool time_stages) {
  copy_up(pixels, pinned, time_stages);
  preprocess(params);
}

void EyeLane::copy_up(CViewU8 pixels, bool pinned, bool time_stages) {
  start_view(pixels.width, pixels.height, time_stages, std::nullopt);
  CViewU8 from = pixels;
  if (!pinned) {
    const ViewU8 staged = staging_.view().sub({0, 0, width_, height_});
    copy_pixels(pixels, staged);
    from = staged;
  }
  if (timed_) start_.record(stream_);
  upload_async(stream_, from, input());
  if (timed_) uploaded_.record(stream_);
}

void EyeLane::take_copied(CDeviceViewU8 input) { start_view(input.width, input.height, false, input); }

void EyeLane::start_view(int width, int height, bool timed, std::optional<CDeviceViewU8> copied) {
  width_ = width;
  height_ = height;
  timed_ = timed;
  frame_searched_ = false;
  copied_ = copied;
}

void EyeLane::preprocess(const DetectorParams& params) {
  preprocess_(stream_, source(), outputs(), params.reflections, params.smoothing);
  if (timed_) preprocessed_.record(stream_);
}

void EyeLane::enqueue_preprocessing(cudaStream_t stream, const DetectorParams& params) {
  preprocess_.enqueue(stream, source(), outputs(), params.reflections, params.smoothing);
}

PreprocessedEye EyeLane::outputs() const noexcept {
  const DeviceViewU8 out = output_.view();
  return {out.sub({0, 0, width_, height_}), out.sub({0, height_, width_, height_}), out.sub({0, 2 * height_, width_, height_})};
}

void EyeLane::download_images() {
  searched_ = false;
  download_async(stream_, output_.view().sub({0, 0, width_, 3 * height_}),
                 results_.view().sub({0, 0, width_, 3 * height_}));
  done_.record(stream_);
}

void EyeLane::search_frame(const DetectorParams& params) {
  if (!frame_search_ || !frame_search_->serves(params)) {
    frame_search_ = make_device_frame_search(max_width_, max_height_, params);
  }
  frame_search_->enqueue(stream_, image(2), image(1), params);
  frame_searched_ = true;
}

const SearchOutcome* EyeLane::frame_outcome() {
  if (!frame_searched_ || !frame_search_->outcome().complete) return nullptr;
  frame_outcome_ = to_search_outcome(frame_search_->outcome());
  return &frame_outcome_;
}

void EyeLane::prepare_search(const DetectorParams& params, search::DeviceTrackState* state,
                             const search::DeviceTrackState* handover) {
  if (!search_buffers_ || !search_buffers_->serves(params)) {
    search_buffers_ = std::make_unique<search::EyeSearchBuffers>(max_width_, max_height_, params);
  }
  if (!result_) result_.emplace();
  searched_ = true;
  if (handover != nullptr) {
    PT_CUDA_CHECK(cudaMemcpyAsync(state, handover, sizeof(*state), cudaMemcpyHostToDevice, stream_));
  }
}

void EyeLane::search(const DetectorParams& params, Point2f origin, double time_s, search::DeviceTrackState* state,
                     const search::DeviceTrackState* handover, Event& chain, DeviceLoop loop) {
  PT_CUDA_CHECK(cudaStreamWaitEvent(stream_, chain.get(), 0));
  prepare_search(params, state, handover);
  search::enqueue_eye_search(stream_, {image(2), image(0), image(1), origin, time_s}, params, *search_buffers_, state,
                             result_->next(stream_), loop);
  chain.record(stream_);
  if (timed_) done_.record(stream_);
}

search::EyeSearchRequest EyeLane::search_request(const DetectorParams& params, Point2f origin, double time_s,
                                                 search::DeviceTrackState* state,
                                                 const search::DeviceTrackState* handover,
                                                 cudaStream_t searches) {
  prepare_search(params, state, handover);
  return {{image(2), image(0), image(1), origin, time_s},
          search_buffers_.get(),
          state,
          result_->next(searches),
          stream_,
          searchable_.get(),
          timed_ ? done_.get() : nullptr};
}

CViewU8 EyeLane::image(int k) const {
  const DeviceViewU8 v = output_.view().sub({0, k * height_, width_, height_});
  return CViewU8{v.data, v.width, v.height, static_cast<std::ptrdiff_t>(v.pitch)};
}

bool EyeLane::finished() const {
  if (searched_) return result_->finished();
  const cudaError_t status = cudaEventQuery(done_.get());
  if (status == cudaErrorNotReady) return false;
  PT_CUDA_CHECK(status);
  return true;
}

void EyeLane::wait(bool yielding) const {
  if (searched_) {
    result_->wait(yielding);
  } else if (yielding) {
    done_.wait_yielding();
  } else {
    done_.synchronize();
  }
}

EyePupilTracker::Preprocessed EyeLane::results() const noexcept {
  const CViewU8 all = results_.view();
  return {all.sub({0, 0, width_, height_}), all.sub({0, height_, width_, height_}), all.sub({0, 2 * height_, width_, height_})};
}

LaneTimes EyeLane::times() const {
  if (!timed_) return {};
  // The result can arrive before the event after its search completes.
  done_.synchronize();
  LaneTimes t{us_between(start_, uploaded_), us_between(uploaded_, preprocessed_), us_between(preprocessed_, done_), {}};
  if (searched_ && search_result().found) {
    for (int k = 0; k < search::kSearchStages; ++k) t.search_stages_us[k] = search_result().stage_us[k];
  }
  return t;
}

}  // namespace pt::gpu
