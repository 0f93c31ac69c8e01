#pragma once
// Filter widths known at compile time where it pays (the paper's "template unrolling": the tap
// loops of the common sizes unroll completely), any other width at run time through the same
// kernel code.
#include <type_traits>
#include <utility>

namespace pt::gpu {

template <int N>
struct FixedSpan {
  static constexpr int size = N;
};

struct RuntimeSpan {
  int size;
};

template <class Span>
constexpr bool kFixedSpan = !std::is_same_v<Span, RuntimeSpan>;

// Calls f(FixedSpan<n>{}) when n is one of Ns, else f(RuntimeSpan{n}).
template <int... Ns, class F>
void with_span(int n, std::integer_sequence<int, Ns...>, F&& f) {
  const bool fixed = ((n == Ns ? (f(FixedSpan<Ns>{}), true) : false) || ...);
  if (!fixed) f(RuntimeSpan{n});
}

inline unsigned blocks_for(int n, int per_block) { return static_cast<unsigned>((n + per_block - 1) / per_block); }

}  // namespace pt::gpu
