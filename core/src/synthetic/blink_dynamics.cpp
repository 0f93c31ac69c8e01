#include "blink_dynamics.hpp"

namespace pt::synthetic {
namespace {

// Shares of a blink: the lid falls fast, rests shut, and rises more slowly.
constexpr double kClosingEnd = 0.35;
constexpr double kShutEnd = 0.5;

double smoothstep(double t) noexcept { return t * t * (3.0 - 2.0 * t); }

}  // namespace

BlinkModel::BlinkModel(std::uint64_t seed, bool enabled)
    : rng_(seed, stream_id(RngStream::Blink)), enabled_(enabled) {
  until_blink_s_ = rng_.uniform(1.0, 4.0);
}

double BlinkModel::closure() const noexcept {
  if (!blinking_) return 0.0;
  const double t = elapsed_s_ / duration_s_;
  if (t < kClosingEnd) return smoothstep(t / kClosingEnd);
  if (t < kShutEnd) return 1.0;
  if (t < 1.0) return 1.0 - smoothstep((t - kShutEnd) / (1.0 - kShutEnd));
  return 0.0;
}

void BlinkModel::advance(double dt_s) {
  if (!enabled_) return;
  if (blinking_) {
    elapsed_s_ += dt_s;
    if (elapsed_s_ >= duration_s_) {
      blinking_ = false;
      until_blink_s_ = rng_.uniform(2.0, 5.0);
    }
    return;
  }
  until_blink_s_ -= dt_s;
  if (until_blink_s_ <= 0.0) {
    blinking_ = true;
    elapsed_s_ = 0.0;
    duration_s_ = rng_.uniform(0.15, 0.35);
  }
}

}  // namespace pt::synthetic
