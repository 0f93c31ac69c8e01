#pragma once
// Reads one number out of the JSON that `eval --json` writes, without a JSON library: the
// value of `key` in the first object that follows `"section":`.
#include <cmath>
#include <cstdlib>
#include <string>

namespace pt::test {

// NaN when the section or key is missing or the value is null.
inline double json_number(const std::string& json, const std::string& section, const std::string& key) {
  const std::size_t at = json.find("\"" + section + "\":");
  if (at == std::string::npos) return std::nan("");
  const std::string needle = "\"" + key + "\": ";
  const std::size_t k = json.find(needle, at);
  if (k == std::string::npos || json.compare(k + needle.size(), 4, "null") == 0) return std::nan("");
  return std::strtod(json.c_str() + k + needle.size(), nullptr);
}

}  // namespace pt::test
