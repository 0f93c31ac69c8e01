#include <stdexcept>

#include "cli/backend_report.hpp"
#include "pt/synthetic_source.hpp"
#include "pt_catch.hpp"

TEST_CASE("--cuda-search auto searches a live source's pupils on the device and a recording's on the host") {
  CHECK(pt::cli::cuda_search_on_device("auto", true));
  CHECK_FALSE(pt::cli::cuda_search_on_device("auto", false));
  for (const bool live : {true, false}) {
    CHECK(pt::cli::cuda_search_on_device("device", live));
    CHECK_FALSE(pt::cli::cuda_search_on_device("host", live));
  }
  CHECK_THROWS_AS(pt::cli::cuda_search_on_device("gpu", true), std::invalid_argument);
}

TEST_CASE("the synthetic camera counts as live, as a camera does") {
  const pt::SyntheticSource source(pt::SyntheticConfig{}, 10);
  CHECK(source.live());
}
