#pragma once
// Where a search block's time goes, for the benchmark: thread 0 reads the device's nanosecond
// timer at the points where the block's threads meet anyway (each block_* call ends together)
// and charges the time since the last reading to a stage.
#include "pt/gpu/search_stages.hpp"

namespace pt::gpu::search {

// A clock's state, for a search whose steps are kernels of their own.
struct ClockReading {
  unsigned long long spent[kSearchStages];
  unsigned long long last;
};

class StageClock {
 public:
  __device__ StageClock() {
    if (threadIdx.x == 0) {
      for (unsigned long long& t : spent_) t = 0;
      last_ = now();
    }
  }
  // Goes on from a reading: the time between the kernels is charged to the next stage.
  __device__ explicit StageClock(const ClockReading& r) {
    if (threadIdx.x == 0) {
      for (int k = 0; k < kSearchStages; ++k) spent_[k] = r.spent[k];
      last_ = r.last;
    }
  }
  // Meaningful in thread 0.
  [[nodiscard]] __device__ ClockReading reading() const {
    ClockReading r{};
    for (int k = 0; k < kSearchStages; ++k) r.spent[k] = spent_[k];
    r.last = last_;
    return r;
  }
  __device__ void charge(SearchStage stage) {
    if (threadIdx.x != 0) return;
    const unsigned long long t = now();
    spent_[static_cast<int>(stage)] += t - last_;
    last_ = t;
  }
  // Microseconds per stage; meaningful in thread 0.
  __device__ void report(float* us) const {
    for (int k = 0; k < kSearchStages; ++k) us[k] = static_cast<float>(spent_[k]) * 1e-3F;
  }

 private:
  __device__ static unsigned long long now() {
    unsigned long long t = 0;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
  }
  unsigned long long spent_[kSearchStages];
  unsigned long long last_ = 0;
};

}  // namespace pt::gpu::search
