#include <algorithm>
#include <stdexcept>
#include <thread>
#include <vector>

#include "cli/backend_report.hpp"
#include "pt_catch.hpp"

TEST_CASE("--cuda-search auto searches tracked pupils on the device, as device does; host on the host") {
  CHECK(pt::cli::cuda_search_on_device("auto"));
  CHECK(pt::cli::cuda_search_on_device("device"));
  CHECK_FALSE(pt::cli::cuda_search_on_device("host"));
  CHECK_THROWS_AS(pt::cli::cuda_search_on_device("gpu"), std::invalid_argument);
}

TEST_CASE("a replay left to choose is cut into as many stretches as its backend keeps busy") {
  const auto cores = static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
  pt::DetectorParams full;
  full.window.enabled = false;
  pt::DetectorParams windowed;
  windowed.window.enabled = true;
  const std::vector<pt::EyeRegion> one{{pt::EyeSide::Single, {0, 0, 640, 480}}};
  const std::vector<pt::EyeRegion> two{{pt::EyeSide::Left, {0, 0, 640, 1024}}, {pt::EyeSide::Right, {640, 0, 640, 1024}}};
  // The CPU: a core for each eye of each stretch, from 1 to 16 stretches.
  for (const pt::DetectorParams& params : {full, windowed}) {
    CHECK(pt::cli::replay_stretches(pt::Backend::Cpu, params, one) == std::clamp(cores, 1, 16));
    CHECK(pt::cli::replay_stretches(pt::Backend::Cpu, params, two) == std::clamp(cores / 2, 1, 16));
  }
#if defined(PT_CLI_HAS_CUDA)
  // CUDA: the best counts measured, 24 stretches of whole regions and 32 with a tracking window
  // (one stream each, filling the device's 32 hardware queues), whatever the host's cores, where
  // the device's memory holds them.
  constexpr std::size_t kGiB = std::size_t{1} << 30;
  CHECK(pt::cli::cuda_replay_stretches(full, two, 80 * kGiB) == 24);
  CHECK(pt::cli::cuda_replay_stretches(windowed, two, 80 * kGiB) == 32);
  CHECK(pt::cli::cuda_replay_stretches(windowed, one, 80 * kGiB) == 32);
  // Fewer where three quarters of the free memory hold fewer detectors: two 640x1024 regions at
  // 128 bytes a pixel are 160 MiB a frame in flight.
  CHECK(pt::cli::cuda_replay_stretches(windowed, two, 4 * kGiB) == 19);  // 3 GiB / 160 MiB
  CHECK(pt::cli::cuda_replay_stretches(full, two, 4 * kGiB) == 9);       // 3 GiB / 320 MiB
  CHECK(pt::cli::cuda_replay_stretches(full, two, 100 * std::size_t{1} << 20) == 1);  // at least one
#endif
}

TEST_CASE("stretches' CUDA detectors yield their cores only when the stretches outnumber the cores") {
  const int cores = static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
  CHECK_FALSE(pt::cli::stretches_outnumber_cores(1));
  CHECK_FALSE(pt::cli::stretches_outnumber_cores(cores));
  CHECK(pt::cli::stretches_outnumber_cores(cores + 1));
  CHECK(pt::cli::stretches_outnumber_cores(2 * cores));
}
