#pragma once
#include <filesystem>
#include <string>

namespace pt::test {

// Root of ../shared/data (or PT_SHARED_DATA_DIR in the environment).
std::filesystem::path shared_data_dir();

// A test executable that needs something the machine may lack defines this; a non-empty
// answer makes the executable print it and exit 77, which CTest counts as skipped.
std::string skip_reason();

// The usual precondition: a path under shared_data_dir() must exist.
std::string require_shared_data(const std::string& relative);

}  // namespace pt::test
