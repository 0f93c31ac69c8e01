#include "rng.hpp"

#include <numbers>

#include "pt/random.hpp"

namespace pt::synthetic {
namespace {

constexpr std::uint64_t rotl(std::uint64_t x, unsigned k) noexcept { return (x << k) | (x >> (64U - k)); }

}  // namespace

Rng::Rng(std::uint64_t seed, std::uint64_t stream) noexcept {
  // Mixing the stream through splitmix first keeps neighbouring (seed, stream) pairs unrelated.
  SplitMix64 mixer(SplitMix64(seed).next() ^ (stream * 0xD1B54A32D192ED03ULL));
  for (auto& s : state_) s = mixer.next();
}

std::uint64_t Rng::next() noexcept {
  const std::uint64_t result = rotl(state_[1] * 5U, 7U) * 9U;
  const std::uint64_t t = state_[1] << 17U;
  state_[2] ^= state_[0];
  state_[3] ^= state_[1];
  state_[1] ^= state_[2];
  state_[0] ^= state_[3];
  state_[2] ^= t;
  state_[3] = rotl(state_[3], 45U);
  return result;
}

double Rng::uniform() noexcept { return static_cast<double>(next() >> 11U) * 0x1.0p-53; }

double Rng::uniform(double lo, double hi) noexcept { return lo + (hi - lo) * uniform(); }

double Rng::normal() noexcept {
  // Six uniforms have variance 1/2; the scale makes it 1. Tails end at about 4.2 sigma.
  double sum = 0.0;
  for (int i = 0; i < 6; ++i) sum += uniform();
  return (sum - 3.0) * std::numbers::sqrt2;
}

}  // namespace pt::synthetic
