#pragma once
// One eye of one frame in flight on the device: its own stream, buffers, preprocessing and
// search, so that eyes and frames overlap freely; or a stream it shares with the detector's other
// lanes, its copy then in turn with theirs, its preprocessing captured with theirs
// (JointPreprocessing) and its search launched with the frame's other eyes'. Buffers are sized
// once for the eye's whole region. A frame is either searched on the device (only the result
// comes back) or its preprocessed images come back for the host's search.
#include <array>
#include <memory>
#include <optional>

#include "pt/gpu/device_memory.hpp"
#include "pt/gpu/eye_preprocessor.hpp"
#include "pt/gpu/stream.hpp"
#include "pt/pupil/eye_pupil_tracker.hpp"
#include "search/eye_search.hpp"
#include "search/published_result.hpp"
#include "device_frame_search.hpp"

namespace pt::gpu {

struct LaneTimes {
  double upload_us = 0.0;
  double preprocess_us = 0.0;
  // The images back, or the device search and its result: with its launch's wait for the
  // searches before it and, for a search launched with the frame's other eyes, for theirs.
  double download_us = 0.0;
  std::array<double, search::kSearchStages> search_stages_us{};  // of a pupil found on the device
};

class EyeLane {
 public:
  // Its work goes on `stream`, or on a stream of its own where none is given.
  EyeLane(int max_width, int max_height, cudaStream_t stream = nullptr);
  [[nodiscard]] bool fits(int width, int height) const noexcept { return width <= max_width_ && height <= max_height_; }

  // Enqueues the copy of `pixels` to the device and its preprocessing. A view into pageable
  // memory goes through the lane's pinned staging first. Then download_images(), search() or
  // search_request() follows, and the lane is finished once that has (the request once launched).
  void upload(CViewU8 pixels, bool pinned, const DetectorParams& params, bool time_stages);
  // upload()'s copy alone; enqueue_preprocessing() follows.
  void copy_up(CViewU8 pixels, bool pinned, bool time_stages);
  // In place of copy_up(), untimed: the eye's view already on the device, copied there with the
  // frame's other eyes (FrameBoxUpload) and left as it is until the next copy.
  void take_copied(CDeviceViewU8 input);
  // The preprocessing of the copied view on `stream`, never captured here: for the caller's
  // capture with other lanes' work, or where capturing on the lane's stream could take in work
  // that other threads enqueue there meanwhile. Untimed.
  void enqueue_preprocessing(cudaStream_t stream, const DetectorParams& params);
  [[nodiscard]] cudaStream_t stream() const noexcept { return stream_; }
  // What the preprocessing reads: copy_up()'s copy, or take_copied()'s view (a capture of the
  // preprocessing names its address).
  [[nodiscard]] CDeviceViewU8 source() const noexcept { return copied_ ? *copied_ : CDeviceViewU8(input()); }
  // Enqueues the copy of the three preprocessed images back to the host.
  void download_images();
  // Enqueues a search that needs no seed (device_frame_search_supports) of the uploaded view on
  // the device, whose outcome comes back with the images (download_images() follows).
  void search_frame(const DetectorParams& params);
  // That outcome, once finished; nullptr when the frame was not searched so, or when the
  // device left it to the host (a list too long).
  [[nodiscard]] const SearchOutcome* frame_outcome();
  // Enqueues the search of the uploaded view on the device, after whatever `chain` marks (the
  // eye's previous search), from the eye's state in `state`, first overwritten with `handover`
  // when given (pinned memory, as the host's tracker leaves the eye); `chain` then marks this
  // search. The result comes back into search_result().
  void search(const DetectorParams& params, Point2f origin, double time_s, search::DeviceTrackState* state,
              const search::DeviceTrackState* handover, Event& chain, DeviceLoop loop);
  // The same search for search::launch_eye_searches() to launch with the frame's other eyes, on
  // `searches`, a stream that orders the eye's searches; the result comes back into
  // search_result().
  [[nodiscard]] search::EyeSearchRequest search_request(const DetectorParams& params, Point2f origin, double time_s,
                                                        search::DeviceTrackState* state,
                                                        const search::DeviceTrackState* handover,
                                                        cudaStream_t searches);
  [[nodiscard]] bool finished() const;
  // `yielding`: the thread gives its core away between looks (Event::wait_yielding).
  void wait(bool yielding = false) const;
  // The uploaded view's images on the host, once finished after download_images().
  [[nodiscard]] EyePupilTracker::Preprocessed results() const noexcept;
  // The device search's result, once finished after search() or search_request().
  [[nodiscard]] const search::EyeSearchResult& search_result() const noexcept { return result_->get(); }
  [[nodiscard]] LaneTimes times() const;

 private:
  // Output image k (0 cleaned, 1 mask, 2 smoothed) of the uploaded view, as core's views see
  // device images: uint8 rows `pitch` bytes apart.
  [[nodiscard]] CViewU8 image(int k) const;
  // upload()'s preprocessing: captured by the lane's own preprocessor once it repeats.
  void preprocess(const DetectorParams& params);
  [[nodiscard]] DeviceViewU8 input() const noexcept { return input_.view().sub({0, 0, width_, height_}); }
  // A new view to preprocess: copy_up()'s into input(), or take_copied()'s.
  void start_view(int width, int height, bool timed, std::optional<CDeviceViewU8> copied);
  [[nodiscard]] PreprocessedEye outputs() const noexcept;
  // Enqueues the copy of `handover`, when given, over `*state`, and makes the search buffers.
  void prepare_search(const DetectorParams& params, search::DeviceTrackState* state,
                      const search::DeviceTrackState* handover);

  int max_width_;
  int max_height_;
  int width_ = 0;
  int height_ = 0;
  bool timed_ = false;
  bool searched_ = false;  // the last frame was searched on the device: its result says when it is done
  std::optional<Stream> own_stream_;
  cudaStream_t stream_;
  Event start_;
  Event uploaded_;
  Event preprocessed_;
  Event done_;        // the images are back; after a search, only when timed
  Event searchable_;  // recorded at a requested search's launch where it goes to another stream
  PinnedImageU8 staging_;
  DeviceImageU8 input_;
  std::optional<CDeviceViewU8> copied_;  // take_copied()'s view, until the next copy_up()
  // cleaned, mask and smoothed stacked in rows, so that one copy brings all three back.
  DeviceImageU8 output_;
  PinnedImageU8 results_;
  EyePreprocessor preprocess_;
  std::unique_ptr<search::EyeSearchBuffers> search_buffers_;  // made for the first search
  std::unique_ptr<DeviceFrameSearch> frame_search_;            // made for the first such search
  bool frame_searched_ = false;                                // the uploaded view was
  SearchOutcome frame_outcome_;
  std::optional<search::PublishedResult> result_;  // made for the first search
};

}  // namespace pt::gpu
