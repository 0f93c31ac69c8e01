#include "test_data.hpp"

#include <cstdlib>

namespace pt::test {

std::filesystem::path shared_data_dir() {
  if (const char* env = std::getenv("PT_SHARED_DATA_DIR"); env != nullptr && *env != '\0') return env;
  return PT_SHARED_DATA_DIR;
}

std::string require_shared_data(const std::string& relative) {
  const auto p = shared_data_dir() / relative;
  if (std::filesystem::exists(p)) return {};
  return "shared test data not found at " + p.string() + " (set PT_SHARED_DATA_DIR)";
}

// Executables without a precondition link this default.
__attribute__((weak)) std::string skip_reason() { return {}; }

}  // namespace pt::test
