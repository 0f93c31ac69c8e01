#pragma once
#include <concepts>
#include <cstdint>
#include <memory>
#include <type_traits>

namespace pt {

// Borrows a callable taking (int y, const std::uint8_t* row) for the length of one call, so a
// filter can hand over its rows as they are finished and a per-pixel step after it needs no
// full-frame intermediate.
class RowSink {
 public:
  template <class F>
    requires(!std::same_as<std::remove_cvref_t<F>, RowSink> && std::invocable<F&, int, const std::uint8_t*>)
  RowSink(F&& f) noexcept  // implicit, so lambdas pass straight in
      : target_(std::addressof(f)), call_([](void* target, int y, const std::uint8_t* row) {
          (*static_cast<std::remove_reference_t<F>*>(target))(y, row);
        }) {}

  void operator()(int y, const std::uint8_t* row) const { call_(target_, y, row); }

 private:
  void* target_;
  void (*call_)(void*, int, const std::uint8_t*);
};

}  // namespace pt
