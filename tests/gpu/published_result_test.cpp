// A search result the device writes into pinned host memory: the host takes it as arrived only
// at the serial of the search it last asked for, and a wait on a search that never publishes
// ends in an error instead of hanging. The kernels' own publishing is checked end to end by the
// tracking parity tests (test_gpu_tracking), whose every device-searched frame waits on it.
#include <chrono>
#include <cstdint>

#include "gpu_test_support.hpp"
#include "pt/gpu/cuda_check.hpp"
#include "pt/gpu/device_memory.hpp"
#include "pt_catch.hpp"
#include "search/published_result.hpp"

namespace {

// Enqueues a copy of `serial` into the result's serial, as the device's publish writes it there.
void write_serial(cudaStream_t stream, const pt::gpu::search::ResultDestination& to, std::uint32_t serial,
                  pt::gpu::PinnedBuffer<std::uint32_t>& source) {
  *source.data() = serial;
  PT_CUDA_CHECK(cudaMemcpyAsync(&to.result->serial, source.data(), sizeof(serial), cudaMemcpyDefault, stream));
}

}  // namespace

TEST_CASE("A published result arrives at its own search's serial only") {
  const pt::gpu::Stream stream;
  pt::gpu::PinnedBuffer<std::uint32_t> source(1);
  pt::gpu::search::PublishedResult result;
  const pt::gpu::search::ResultDestination first = result.next(stream.get());
  CHECK_FALSE(result.arrived());
  write_serial(stream.get(), first, first.serial, source);
  result.wait(false);
  CHECK(result.arrived());
  CHECK(result.get().serial == first.serial);

  // The next search's result is not there while the first one's serial still is.
  const pt::gpu::search::ResultDestination second = result.next(stream.get());
  CHECK(second.serial != first.serial);
  CHECK(second.result == first.result);
  CHECK_FALSE(result.arrived());
  write_serial(stream.get(), second, second.serial, source);
  result.wait(true);
  CHECK(result.arrived());
}

TEST_CASE("Waiting for a result that its finished stream never published is an error") {
  const pt::gpu::Stream stream;
  pt::gpu::search::PublishedResult result;
  (void)result.next(stream.get());  // nothing enqueued: the stream is finished at once
  CHECK_THROWS_AS(result.wait(false), pt::gpu::CudaError);
  CHECK_THROWS_AS(result.wait(true), pt::gpu::CudaError);
  // A look that does not wait reports the same once its millisecond between stream checks is up.
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(1);
  bool threw = false;
  while (!threw && std::chrono::steady_clock::now() < give_up) {
    try {
      (void)result.finished();
    } catch (const pt::gpu::CudaError&) {
      threw = true;
    }
  }
  CHECK(threw);
}
