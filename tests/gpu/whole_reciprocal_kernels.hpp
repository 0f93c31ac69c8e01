#pragma once
// gpu/src/whole_reciprocal.cuh evaluated on the device, for its test.
#include <vector>

namespace pt::test {

[[nodiscard]] std::vector<float> whole_reciprocals_on_device(const std::vector<float>& x);

}  // namespace pt::test
