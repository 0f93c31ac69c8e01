#include "cli/number_checks.hpp"

#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>

namespace pt::cli {
namespace {

// The number `text` holds, whole and finite, or nothing.
bool read_number(const std::string& text, double& value) {
  if (text.empty()) return false;
  char* end = nullptr;
  value = std::strtod(text.c_str(), &end);
  return end == text.c_str() + text.size() && std::isfinite(value);
}

// Numbers from `least` on (above it, unless `least_allowed`); `wanted` says so in words.
CLI::Validator number_check(double least, bool least_allowed, const char* wanted, const char* shown) {
  return CLI::Validator(
      [=](std::string& text) -> std::string {
        double value = 0.0;
        if (!read_number(text, value)) return "'" + text + "' is not a number";
        if (value < least || (value == least && !least_allowed)) return std::string("must be ") + wanted + ", not " + text;
        return {};
      },
      shown);
}

}  // namespace

CLI::Validator positive_number() { return number_check(0.0, false, "above 0", "NUMBER > 0"); }
CLI::Validator non_negative_number() { return number_check(0.0, true, "0 or more", "NUMBER >= 0"); }
CLI::Validator finite_number() {
  return number_check(-std::numeric_limits<double>::max(), true, "a number", "NUMBER");
}

}  // namespace pt::cli
