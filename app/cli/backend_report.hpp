#pragma once
#include <cstddef>
#include <memory>
#include <span>
#include <string>

#include "pt/pupil/pupil_detector.hpp"

namespace pt::cli {

// The CUDA device as reports show it, e.g. "device NVIDIA H100 80GB HBM3 usable" or "no usable
// CUDA device (cudaErrorNoDevice: ...)".
std::string cuda_status();

// One thread per eye, as far as the machine has cores.
int default_cpu_threads(std::size_t eyes);

struct DetectorChoice {
  std::unique_ptr<PupilDetector> detector;
  std::string why;  // e.g. "auto: CUDA device NVIDIA H100 usable", "auto: no usable CUDA device (...)"
};

struct BackendDecision {
  Backend backend = Backend::Cpu;
  std::string why;  // as DetectorChoice::why
};

// What choose_detector() decides for --backend `backend`, without making a detector; throws as
// it does.
BackendDecision decide_backend(const std::string& backend);

// Frames in flight for each CUDA detector of a replay cut into stretches (--segments), fewer than
// one pass keeps. With a stream per eye and frame in flight, more streams than the device's 32
// hardware queues let the waits of one stream hold up others queued behind it: on the H100
// (bench --segments 16, 1280x1024 binocular, session 19, alternated in one device session) 2 in
// flight tracked 15,900 and 15,400 frames/s where 4 tracked 14,300 and 14,200. The stretches'
// detectors now have two streams each (CudaDetectorOptions::few_streams), and 3 or 4 in flight
// tracked no more than 2 (session 22: 17,300-17,900 frames/s against 17,500-19,000). In window
// mode the one frame a tracking window allows tracked 16,500 and 16,700 where the bench's 4 had
// tracked 12,100 and 11,900 (session 19).
inline constexpr int kCudaFramesInFlightPerStretch = 2;

// The frames a CUDA detector asked for `in_flight` keeps in flight: one where a tracking window
// must follow the previous frame.
int cuda_frames_in_flight(const DetectorParams& params, int in_flight);

// --backend auto|cpu|cuda. auto takes CUDA whenever a device is usable, else the CPU; cuda
// without a usable device (or in a build without CUDA) throws std::runtime_error. CUDA keeps
// `in_flight` frames in flight, one where a tracking window must follow the previous frame, and
// searches tracked pupils on the device when `device_search`, its iterations launched as
// `device_loop` names (graph, persistent or tail-launch; see CudaDetectorOptions). A detector for
// one of a replay's `stretches` (more than 1) runs on few streams, and yields its core while it
// waits where the stretches outnumber the host's cores (CudaDetectorOptions::few_streams,
// yield_while_waiting). Throws std::invalid_argument for another loop name.
DetectorChoice choose_detector(const std::string& backend, const DetectorParams& params, std::size_t eyes,
                               int in_flight, bool device_search = true, const std::string& device_loop = "graph",
                               int stretches = 1);

// How many stretches a seekable file's replay is cut into when nobody says (the window's export),
// each tracked at once by a detector of its own from choose_detector(..., stretches). On the CPU,
// as many as give each eye a core, up to 16. On CUDA, cuda_replay_stretches with the device's
// free memory now.
int replay_stretches(Backend backend, const DetectorParams& params, std::span<const EyeRegion> regions);

// CUDA's rule (built with CUDA only): the best count measured, kCudaMostWholeRegionStretches of
// whole regions or kCudaMostWindowStretches with a tracking window, but no more than three
// quarters of `free_device_bytes` hold.
int cuda_replay_stretches(const DetectorParams& params, std::span<const EyeRegion> regions,
                          std::size_t free_device_bytes);

// With a tracking window each stretch's detector has one stream (CudaDetectorOptions::few_streams),
// and 32 stretches fill the device's 32 hardware queues: on the H100 (bench --segments,
// 1280x1024 binocular, session 27) tracking windows went at 20,100-23,300 frames/s with 32
// against 20,100-20,700 with 16.
inline constexpr int kCudaMostWindowStretches = 32;
// Whole regions take two streams a stretch. 16 stretches filled the hardware queues and were the
// best on the H100 in session 27 (19,100-21,100 frames/s against 17,100-19,300 with 32); since
// the copies and the search went faster, 24 are: on the H200 (bench --mode throughput --frames
// 6000, 1280x1024 binocular, session 35, a frame's halves copied at once) 24 stretches tracked
// 27,192 and 28,181 frames/s against 22,075 and 24,867 with 16, run by run in one device session;
// with the halves copied apart, 24 tracked 27,147, 32 26,260 and 48 24,682 (and 16, at 3,000
// frames, 24,517).
inline constexpr int kCudaMostWholeRegionStretches = 24;

// Device memory a CUDA detector takes for each pixel of its eye regions and each frame it keeps in
// flight, with room to spare: each frame in flight keeps whole-region buffers, a tracking window's
// too, for a pupil searched again in the whole region. On the H100 (bench --what track --frames
// 1000, 1280x1024 binocular, two 640x1024 regions, session 28) 32 stretches of a tracking window
// peaked at 5,884 MiB against 1,788 for one pass, and 16 of two frames in flight at 6,312 against
// 2,540: 95-100 bytes.
inline constexpr std::size_t kCudaDeviceBytesPerRegionPixel = 128;

// Whether the detectors of `stretches` stretches tracked at once, a host thread each, are more than
// the host's cores (std::thread::hardware_concurrency; 1 where it is unknown).
bool stretches_outnumber_cores(int stretches);

// --cuda-search auto|device|host: whether the CUDA backend searches tracked pupils on the device
// (both give the CPU's results to the bit). auto: on the device, which leaves the host's cores to
// the camera, the display and the sinks, and on the H100 tracks more frames a second than two
// host threads in every mode (bench --what track --backend cuda, 1280x1024 binocular, frames/s:
// latency 1,107 against 832, throughput 1,669 against 1,148; in session 19, window at one frame in
// flight, as track keeps it, 1,849 against 1,250).
// Throws std::invalid_argument for another word.
bool cuda_search_on_device(const std::string& choice);

}  // namespace pt::cli
