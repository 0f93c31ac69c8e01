#include <algorithm>
#include <stdexcept>
#include <thread>

#include "cli/backend_report.hpp"
#include "pt_catch.hpp"

TEST_CASE("--cuda-search auto searches tracked pupils on the device, as device does; host on the host") {
  CHECK(pt::cli::cuda_search_on_device("auto"));
  CHECK(pt::cli::cuda_search_on_device("device"));
  CHECK_FALSE(pt::cli::cuda_search_on_device("host"));
  CHECK_THROWS_AS(pt::cli::cuda_search_on_device("gpu"), std::invalid_argument);
}

TEST_CASE("stretches' CUDA detectors yield their cores only when the stretches outnumber the cores") {
  const int cores = static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
  CHECK_FALSE(pt::cli::stretches_outnumber_cores(1));
  CHECK_FALSE(pt::cli::stretches_outnumber_cores(cores));
  CHECK(pt::cli::stretches_outnumber_cores(cores + 1));
  CHECK(pt::cli::stretches_outnumber_cores(2 * cores));
}
