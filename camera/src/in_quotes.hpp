#pragma once
#include <filesystem>
#include <string>

namespace pt::camera {

// A path in single quotes for messages, so that names with spaces read unambiguously. Built by
// appending because GCC 12 warns falsely (-Wrestrict) on "'" + std::string at -O3.
inline std::string in_quotes(const std::filesystem::path& p) {
  std::string text;
  text += '\'';
  text += p.string();
  text += '\'';
  return text;
}

}  // namespace pt::camera
