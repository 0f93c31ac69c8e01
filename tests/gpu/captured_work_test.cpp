// Work captured into a graph once and relaunched: what a relaunch repeats, when a capture is
// taken afresh, and a stream that still works after the work threw while being captured.
#include <stdexcept>

#include "gpu_test_support.hpp"
#include "pt/gpu/captured_work.hpp"
#include "pt/gpu/cuda_check.hpp"
#include "pt_catch.hpp"

namespace {

// Enqueues a byte-wise fill of *value: an int whose four bytes are all `byte`.
void fill_int(cudaStream_t stream, int* value, int byte) {
  PT_CUDA_CHECK(cudaMemsetAsync(value, byte, sizeof(int), stream));
}

constexpr int kOnes = 0x01010101;
constexpr int kTwos = 0x02020202;

}  // namespace

TEST_CASE("Captured work relaunches its capture until it is captured afresh") {
  const pt::gpu::Stream stream;
  pt::gpu::DeviceBuffer<int> value(1);
  pt::gpu::CapturedWork work;
  int byte = 1;
  const auto enqueue = [&](cudaStream_t s) { fill_int(s, value.data(), byte); };

  work.launch(stream.get(), false, enqueue);  // nothing captured yet: captures
  CHECK(pt::test::read_device_int(value.data(), stream) == kOnes);

  fill_int(stream.get(), value.data(), 0);
  byte = 2;
  work.launch(stream.get(), false, enqueue);  // the capture's arguments, not today's
  CHECK(pt::test::read_device_int(value.data(), stream) == kOnes);

  work.launch(stream.get(), true, enqueue);
  CHECK(pt::test::read_device_int(value.data(), stream) == kTwos);
}

TEST_CASE("Work that throws while captured leaves the stream working and nothing captured") {
  const pt::gpu::Stream stream;
  pt::gpu::DeviceBuffer<int> value(1);
  pt::gpu::CapturedWork work;
  work.launch(stream.get(), true, [&](cudaStream_t s) { fill_int(s, value.data(), 2); });
  const auto failing = [&](cudaStream_t s) {
    fill_int(s, value.data(), 1);
    throw std::invalid_argument("refused half way");
  };
  CHECK_THROWS_AS(work.launch(stream.get(), true, failing), std::invalid_argument);

  fill_int(stream.get(), value.data(), 0);  // an ordinary call on the stream, not captured
  CHECK(pt::test::read_device_int(value.data(), stream) == 0);

  // Neither the broken capture nor the one before it was kept: the next launch captures.
  work.launch(stream.get(), false, [&](cudaStream_t s) { fill_int(s, value.data(), 1); });
  CHECK(pt::test::read_device_int(value.data(), stream) == kOnes);
}
