#pragma once
// The CUDA backend of PupilDetector. Each eye of each frame in flight has its own stream (or the
// detector has one or two in all: CudaDetectorOptions::few_streams): the eye's region (or tracking
// window) goes to the device by one 2-D copy (with few_streams, untimed, one copy for all the
// eyes of a page-locked frame where their regions tile a box) and is preprocessed there
// (EyePreprocessor, bit-exact with the CPU). A tracked eye is then searched on the device from
// its previous centre and only the result comes back; an eye without a pupil (never found,
// lost, reset, hinted) has its three images copied back and searched by the CPU's tracker, which
// hands the eye back to the device once it has the pupil again.
#include <array>
#include <cstdint>
#include <memory>

#include "pt/gpu/device_loop.hpp"
#include "pt/gpu/search_stages.hpp"
#include "pt/pupil/pupil_detector.hpp"

namespace pt::gpu {

struct CudaDetectorOptions {
  // 1: latency mode, each frame finished before the next is taken. More: throughput mode, the
  // copies and kernels of later frames overlap the host's search of earlier ones. A tracking
  // window is then placed from the newest collected result, up to max_in_flight - 1 frames old.
  // As on the CPU, a pupil not found in its window is searched for in the whole region in the
  // same frame: the region then goes to the device and back once more, while the frame waits.
  int max_in_flight = 1;
  int search_threads = 1;    // host threads searching the eyes of a frame, counting the caller
  bool time_stages = false;  // record device events around each stage (costs a few us a frame)
  // Tracked eyes are searched on the device and only results come back; the host searches
  // only to find a lost pupil again. Thresholding and labeling searches every frame on the
  // device, and the host judges its outcome. Off: every frame's images come back for the host's
  // search.
  // Both give the CPU's results to the bit. The device's search leaves the host's cores free and
  // keeps a tracking window's p99 latency low; a free host's threads track more frames a second
  // with several in flight (bench --what track --backend cuda times both in one run; the CLI's
  // --cuda-search auto picks by source).
  bool device_search = true;
  // How the device search's Starburst iterations are launched (device_loop.hpp).
  DeviceLoop device_loop = DeviceLoop::Graph;
  // Few streams for the whole detector instead of one for each eye of each frame in flight, for the
  // detectors of a replay's stretches (track --segments): a stream that waits for another's event
  // holds up the streams that share its hardware queue, and the device has 32.
  // - With several frames in flight, two: one takes every copy and preprocessing, the other the
  //   device searches of each frame's eyes, launched as one kernel (the persistent kernel's steps, a
  //   block an eye; device_loop is then not used) at the device's highest stream priority. On the
  //   H100 (bench --segments 16, 1280x1024 binocular, session 22, in the same runs) 16 stretches of
  //   two frames in flight tracked 17,500-19,000 frames/s this way against 15,400-16,900 with a
  //   stream an eye and frame.
  // - With one frame in flight (a tracking window), one stream takes it all: the frame's search
  //   waits for its preprocessing anyway, and 32 stretches then fit the 32 hardware queues.
  // - Either way a frame's eyes are preprocessed by one CUDA graph with a branch an eye
  //   (JointPreprocessing), so that they run side by side rather than one after the other on
  //   the shared stream (with time_stages, each eye on its own, so that its stages keep their
  //   events). On the H100 (bench --mode window --segments 32, session 30, alternated in one
  //   device session) a stretch's frame then took 527-543 us from submit to result against
  //   615-620 before; throughput mode, 16 stretches, stayed as it was.
  bool few_streams = false;
  // The host's thread gives its core away while it waits for the device, instead of spinning: for
  // the detectors of more stretches than the host has cores, where spinning waits starve the
  // threads that have work. On the H100 with 16 host cores (bench --mode window --segments 32,
  // 1280x1024 binocular, session 26, in the same runs) 32 one-stream stretches tracked
  // 23,600-26,100 frames/s yielding against 20,400-20,700 spinning; with 16 stretches yielding lost.
  bool yield_while_waiting = false;
};

// The streams of a detector with few_streams that keeps `max_in_flight` frames in flight.
constexpr int few_streams_count(int max_in_flight) { return max_in_flight > 1 ? 2 : 1; }

// Durations of the last collected frame's stages; for the device stages, the slower eye's.
struct CudaStageTimes {
  double upload_us = 0.0;
  double preprocess_us = 0.0;
  double download_us = 0.0;  // the images back, or the device's search and its result
  double search_us = 0.0;    // host wall time of the frame's searches
  // The device search's parts (search_stages.hpp), slower eye each, for pupils it found.
  std::array<double, search::kSearchStages> device_search_us{};
};

// Where the eyes of the collected frames were searched.
struct CudaSearchCounts {
  std::uint64_t device = 0;  // found by the device's search, or thresholding & labeling searched there
  std::uint64_t host = 0;    // searched by the host (lost pupils, resets, hints, Canny & Hough)
};

class CudaPupilDetector : public PupilDetector {
 public:
  // Zero for the device stages unless options.time_stages.
  [[nodiscard]] virtual CudaStageTimes last_stage_times() const noexcept = 0;
  [[nodiscard]] virtual CudaSearchCounts search_counts() const noexcept = 0;
};

// Throws CudaError when no usable device is present.
std::unique_ptr<CudaPupilDetector> make_cuda_detector(const DetectorParams& params, const CudaDetectorOptions& options = {});

}  // namespace pt::gpu
