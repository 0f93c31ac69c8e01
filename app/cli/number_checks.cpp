#include "cli/number_checks.hpp"

#include <cmath>
#include <cstdlib>
#include <string>

namespace pt::cli {
namespace {

// The number `text` holds, whole and finite, or nothing.
bool finite_number(const std::string& text, double& value) {
  if (text.empty()) return false;
  char* end = nullptr;
  value = std::strtod(text.c_str(), &end);
  return end == text.c_str() + text.size() && std::isfinite(value);
}

CLI::Validator number_check(bool zero_allowed, const char* wanted) {
  return CLI::Validator(
      [zero_allowed, wanted](std::string& text) -> std::string {
        double value = 0.0;
        if (!finite_number(text, value)) return "'" + text + "' is not a number";
        if (value < 0.0 || (value == 0.0 && !zero_allowed)) return std::string("must be ") + wanted + ", not " + text;
        return {};
      },
      zero_allowed ? "NUMBER >= 0" : "NUMBER > 0");
}

}  // namespace

CLI::Validator positive_number() { return number_check(false, "above 0"); }
CLI::Validator non_negative_number() { return number_check(true, "0 or more"); }

}  // namespace pt::cli
