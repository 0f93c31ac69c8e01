#include "joint_preprocessing.hpp"

#include "pt/gpu/cuda_check.hpp"

namespace pt::gpu {

void JointPreprocessing::operator()(cudaStream_t stream, std::span<EyeLane* const> lanes, const DetectorParams& params) {
  Arguments now{{}, params.reflections, params.smoothing};
  for (const EyeLane* lane : lanes) now.eyes.push_back({lane, lane->source()});
  captured_.launch(stream, now, [&](cudaStream_t s) { enqueue(s, lanes, params); });
}

void JointPreprocessing::enqueue(cudaStream_t stream, std::span<EyeLane* const> lanes, const DetectorParams& params) {
  while (branches_.size() + 1 < lanes.size()) {
    branches_.emplace_back();
    forks_.emplace_back();
    joins_.emplace_back();
  }
  for (std::size_t k = 1; k < lanes.size(); ++k) {
    forks_[k - 1].record(stream);
    PT_CUDA_CHECK(cudaStreamWaitEvent(branches_[k - 1].get(), forks_[k - 1].get(), 0));
    lanes[k]->enqueue_preprocessing(branches_[k - 1].get(), params);
    joins_[k - 1].record(branches_[k - 1].get());
  }
  if (!lanes.empty()) lanes.front()->enqueue_preprocessing(stream, params);
  for (std::size_t k = 1; k < lanes.size(); ++k) PT_CUDA_CHECK(cudaStreamWaitEvent(stream, joins_[k - 1].get(), 0));
}

}  // namespace pt::gpu
