#pragma once
// Checks of numeric options with messages a user reads at a glance: CLI11's own print the range
// as 0 to 1.79e308 written out in 300 digits, and let "nan" through.
#include <CLI/CLI.hpp>

namespace pt::cli {

// A finite number above zero.
[[nodiscard]] CLI::Validator positive_number();
// A finite number of zero or more (seeds too: CLI11 wraps -1 round to 2^64 - 1).
[[nodiscard]] CLI::Validator non_negative_number();
// Any finite number.
[[nodiscard]] CLI::Validator finite_number();

}  // namespace pt::cli
