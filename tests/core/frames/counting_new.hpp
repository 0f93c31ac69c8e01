#pragma once
// This test executable replaces the global operator new (counting_new.cpp): every C++ heap
// allocation of the process, on any thread, is counted.
#include <cstdint>

namespace pt::test {

[[nodiscard]] std::uint64_t allocations() noexcept;

}  // namespace pt::test
