#include <stdexcept>

#include "cli/backend_report.hpp"
#include "pt_catch.hpp"

TEST_CASE("--cuda-search auto searches tracked pupils on the device, as device does; host on the host") {
  CHECK(pt::cli::cuda_search_on_device("auto"));
  CHECK(pt::cli::cuda_search_on_device("device"));
  CHECK_FALSE(pt::cli::cuda_search_on_device("host"));
  CHECK_THROWS_AS(pt::cli::cuda_search_on_device("gpu"), std::invalid_argument);
}
