// The CUDA detector takes the user's hint and hands out its border searches as the CPU detector
// does (the same checks, pupil_hint_checks.hpp), searching on one host thread and on one per eye.
#include "../core/pupil/pupil_hint_checks.hpp"
#include "pt/gpu/cuda_pupil_detector.hpp"
#include "pt/gpu/pinned_allocator.hpp"

namespace {

std::unique_ptr<pt::gpu::CudaPupilDetector> cuda_detector(int search_threads) {
  pt::gpu::CudaDetectorOptions options;
  options.search_threads = search_threads;
  return pt::gpu::make_cuda_detector(pt::DetectorParams{}, options);
}

}  // namespace

TEST_CASE("a hint makes the CUDA detector take the pupil the user points at") {
  const auto detector = cuda_detector(GENERATE(1, 2));
  pt::test::check_hint_takes_pointed_pupil(*detector, pt::gpu::make_pinned_allocator());
}

TEST_CASE("CUDA frames carry their border searches while asked to") {
  const auto detector = cuda_detector(GENERATE(1, 2));
  pt::test::check_searches_on_request(*detector, pt::gpu::make_pinned_allocator());
}
