#pragma once
// One eye of one frame searched on the device from the pupil's previous centre, as
// EyePupilTracker::process_preprocessed searches a tracked eye: dark-region flood, Starburst
// iterations, border placement, confidence and the pupil prior, in one block, with nothing
// going back to the host but the result. An eye the device is not tracking (never found, lost,
// reset) and a frame whose search finds no believable pupil are left to the host's tracker,
// which re-acquires the pupil from the dark blobs and hands the eye back.
#include <cstdint>
#include <memory>
#include <span>

#include <cuda_runtime_api.h>

#include "pt/image.hpp"
#include "pt/pupil/detector_params.hpp"
#include "pt/pupil/eye_pupil_tracker.hpp"
#include "pt/pupil/pupil_measurement.hpp"
#include "pt/pupil/ransac_conic_fitter.hpp"
#include "pt/gpu/device_loop.hpp"
#include "pt/gpu/search_stages.hpp"

namespace pt::gpu::search {

// An eye's state in device memory, read and written by its frames' searches in frame order.
struct DeviceTrackState {
  bool tracking = false;  // false: the host's tracker has the eye
  EyePupilTracker::TrackingState state;
};

// Border points a result carries back for overlays (the CPU's search keeps them all).
constexpr int kResultEdges = 256;

struct EyeSearchResult {
  bool searched = false;  // false: the device did not track this eye; the host searches the frame
  bool found = false;     // a believed pupil; else the host searches the frame again from `before`
  DeviceTrackState before;
  PupilMeasurement m;  // frame coordinates; `eye` and `searched` are the host's to fill
  bool has_fit = false;
  ConicFit fit;        // of the last search, in the searched image's coordinates
  int edge_count = 0;  // of the last search; at most kResultEdges are carried
  Point2f edges[kResultEdges];
  std::uint8_t inlier[kResultEdges];
  float stage_us[kSearchStages];  // by SearchStage, when the pupil was found
  // Written last, ordered after the rest by a system-wide fence: the host takes the result as
  // complete when it reads the number it gave the search (PublishedResult).
  std::uint32_t serial = 0;
};

// Whether the device search covers these parameters (Starburst with its edge lists in bounds);
// otherwise the host searches every frame.
[[nodiscard]] bool device_search_supports(const DetectorParams& params);

// The device memory one eye lane's searches use, sized once for its largest region.
class EyeSearchBuffers {
 public:
  EyeSearchBuffers(int max_width, int max_height, const DetectorParams& params);
  ~EyeSearchBuffers();
  EyeSearchBuffers(const EyeSearchBuffers&) = delete;
  EyeSearchBuffers& operator=(const EyeSearchBuffers&) = delete;
  // Whether buffers made for `params` still serve them (edge list capacities, RANSAC samples).
  [[nodiscard]] bool serves(const DetectorParams& params) const noexcept;

  struct Storage;
  [[nodiscard]] Storage& storage() const noexcept { return *storage_; }

 private:
  std::unique_ptr<Storage> storage_;
};

struct EyeSearchInput {
  CViewU8 smoothed;  // device images of the searched view, all the same size
  CViewU8 cleaned;
  CViewU8 mask;
  Point2f origin;  // the view's top-left in the frame
  double time_s = 0.0;
};

// Where a search writes its result: pinned host memory (its device address) and the serial that
// marks the result complete.
struct ResultDestination {
  EyeSearchResult* result = nullptr;
  std::uint32_t serial = 0;
};

// Enqueues the search on `stream`, launched as `loop` says: reads and updates `*state`, writes
// the result to `to`. The buffers' previous search must have finished.
void enqueue_eye_search(cudaStream_t stream, const EyeSearchInput& input, const DetectorParams& params,
                        const EyeSearchBuffers& buffers, DeviceTrackState* state, ResultDestination to,
                        DeviceLoop loop);

// One eye's search among the searches of a frame's eyes (launch_eye_searches).
struct EyeSearchRequest {
  EyeSearchInput input;
  const EyeSearchBuffers* buffers = nullptr;
  DeviceTrackState* state = nullptr;
  ResultDestination to;
  cudaStream_t stream = nullptr;  // where the input and `*state` are put in place
  cudaEvent_t ready = nullptr;    // recorded on `stream` when the searches go to another
  cudaEvent_t done = nullptr;     // recorded after the search where given (for stage timing)
};

// Enqueues on `stream` the searches of several eyes, each after the work on its own stream, as
// one kernel with a block for each eye that takes the persistent kernel's steps; then each done
// event given. The stream orders each eye's searches: eyes whose searches always go to one stream
// this way need no other chain. The buffers' previous searches must have finished.
void launch_eye_searches(cudaStream_t stream, std::span<const EyeSearchRequest> eyes, const DetectorParams& params);

}  // namespace pt::gpu::search
