#include "pt/parallel_for.hpp"

#include <algorithm>

namespace pt {

ParallelFor::ParallelFor(int threads) {
  for (int i = 1; i < std::max(1, threads); ++i) workers_.emplace_back([this] { work_loop(); });
}

ParallelFor::~ParallelFor() {
  {
    std::lock_guard lock(mutex_);
    quit_ = true;
  }
  start_.notify_all();
  for (std::thread& t : workers_) t.join();
}

// Takes indices until none are left; shared by the caller and the workers.
void ParallelFor::drain() {
  std::unique_lock lock(mutex_);
  while (next_ < count_) {
    const int i = next_++;
    lock.unlock();
    (*body_)(i);
    lock.lock();
    if (++finished_ == count_) done_.notify_all();
  }
}

void ParallelFor::work_loop() {
  std::uint64_t seen = 0;
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      start_.wait(lock, [&] { return quit_ || generation_ != seen; });
      if (quit_) return;
      seen = generation_;
    }
    drain();
  }
}

void ParallelFor::run(int n, const std::function<void(int)>& body) {
  if (n <= 0) return;
  if (workers_.empty() || n == 1) {
    for (int i = 0; i < n; ++i) body(i);
    return;
  }
  {
    std::lock_guard lock(mutex_);
    body_ = &body;
    count_ = n;
    next_ = 0;
    finished_ = 0;
    ++generation_;
  }
  start_.notify_all();
  drain();
  std::unique_lock lock(mutex_);
  done_.wait(lock, [&] { return finished_ == count_; });
  body_ = nullptr;
}

}  // namespace pt
