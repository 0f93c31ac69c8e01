#pragma once
// Random numbers for the synthetic camera. The generators and the conversions to uniform and
// normal variates are written out here because std::*_distribution differ between standard
// libraries, and the synthetic sequence must be the same bit for bit wherever it is built.
#include <array>
#include <cstdint>

namespace pt::synthetic {

// xoshiro256** seeded through splitmix64.
class Rng {
 public:
  // One seed feeds several independent streams, so that switching one feature off (blinks, say)
  // leaves the random sequence of every other feature unchanged.
  Rng(std::uint64_t seed, std::uint64_t stream) noexcept;

  std::uint64_t next() noexcept;
  double uniform() noexcept;                      // [0, 1)
  double uniform(double lo, double hi) noexcept;  // [lo, hi)
  // Mean 0, variance 1: a sum of uniforms, close enough to Gaussian for textures and jitter
  // and free of libm calls, so it is exact on every platform.
  double normal() noexcept;

 private:
  std::array<std::uint64_t, 4> state_{};
};

// Stream ids: one per consumer of randomness.
enum class RngStream : std::uint64_t {
  Background = 1,
  Iris = 10,  // + eye index
  Eyelashes = 20,
  Glints = 30,
  Gaze = 40,
  Pupil = 41,
  Blink = 42,
  NoiseTable = 50,
  NoisePlacement = 51,
};

[[nodiscard]] constexpr std::uint64_t stream_id(RngStream s, int eye = 0) noexcept {
  return static_cast<std::uint64_t>(s) + static_cast<std::uint64_t>(eye);
}

}  // namespace pt::synthetic
