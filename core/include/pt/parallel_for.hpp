#pragma once
// A small gang of persistent threads for per-frame fork-join work (one eye per thread): thread
// start-up costs tens of microseconds, too much to pay on every frame at a thousand frames/s.
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace pt {

class ParallelFor {
 public:
  // `threads` counts the caller: 1 runs everything on the calling thread.
  explicit ParallelFor(int threads);
  ~ParallelFor();
  ParallelFor(const ParallelFor&) = delete;
  ParallelFor& operator=(const ParallelFor&) = delete;

  // Calls body(i) for every i in [0, n) and returns when all calls have returned. The caller
  // takes a share of the work. Not reentrant; one run at a time.
  void run(int n, const std::function<void(int)>& body);
  [[nodiscard]] int threads() const noexcept { return static_cast<int>(workers_.size()) + 1; }

 private:
  void work_loop();
  void drain();

  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable start_;
  std::condition_variable done_;
  const std::function<void(int)>* body_ = nullptr;
  int count_ = 0;
  int next_ = 0;
  int finished_ = 0;
  std::uint64_t generation_ = 0;
  bool quit_ = false;
};

}  // namespace pt
