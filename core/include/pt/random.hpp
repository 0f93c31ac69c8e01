#pragma once
// A small, fully specified PRNG: std::*_distribution differ between standard libraries, and
// the synthetic camera and RANSAC must give the same numbers everywhere for a given seed.
#include <cstdint>

namespace pt {

class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) noexcept : state_(seed) {}
  std::uint64_t next() noexcept {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  // Uniform in [0, 1) with 24 bits, exactly representable as float.
  float uniform01() noexcept { return static_cast<float>(next() >> 40) * (1.0F / 16777216.0F); }

 private:
  std::uint64_t state_;
};

}  // namespace pt
