#pragma once
// The device search split into kernels, a step each (eye_search_steps.cuh), for the loops that
// launch its steps one by one: each kernel resumes from the progress the last one kept, and
// `HandOn` (the graph's condition, the tail launch) sees to what runs next. In an unnamed
// namespace: each loop's translation unit has kernels of its own.
#include "eye_search_steps.cuh"

namespace pt::gpu::search {
namespace {

// The flood's block: the first step is the flood alone.
template <class HandOn>
__global__ void __launch_bounds__(kFloodThreads)
    split_begin(const SearchJob* job, SearchProgress* progress, HandOn on) {
  StageClock clock;
  SearchProgress p;
  begin_search(*job, p, clock);
  if (keep_progress(p, clock, progress)) on(p, job, progress);
}

template <class HandOn>
__global__ void __launch_bounds__(kSearchThreads) split_step(const SearchJob* job, SearchProgress* progress, HandOn on) {
  SearchProgress p = *progress;
  StageClock clock(p.clock);
  search_step(*job, p, clock);
  if (keep_progress(p, clock, progress)) on(p, job, progress);
}

__global__ void __launch_bounds__(kSearchThreads) split_end(const SearchJob* job, const SearchProgress* progress) {
  const SearchProgress p = *progress;
  StageClock clock(p.clock);
  end_search(*job, p, clock);
}

}  // namespace
}  // namespace pt::gpu::search
