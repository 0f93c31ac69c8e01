#pragma once
#include <filesystem>
#include <random>
#include <stdexcept>
#include <string>

namespace pt::test {

// A fresh, empty directory under the system temp path, removed with everything in it when the
// object dies, so each test case starts from a known state and leaves nothing behind.
class TempDir {
 public:
  TempDir() {
    std::random_device entropy;
    for (int attempt = 0; attempt < 100; ++attempt) {
      const auto candidate = std::filesystem::temp_directory_path() /
                             ("pt_test_" + std::to_string(entropy()) + std::to_string(entropy()));
      if (std::filesystem::create_directory(candidate)) {
        path_ = candidate;
        return;
      }
    }
    throw std::runtime_error("could not create a temporary directory");
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  [[nodiscard]] const std::filesystem::path& path() const noexcept { return path_; }
  [[nodiscard]] std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

 private:
  std::filesystem::path path_;
};

}  // namespace pt::test
