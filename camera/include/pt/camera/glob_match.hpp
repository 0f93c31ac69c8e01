#pragma once
#include <string_view>

namespace pt::camera {

// Shell-style match of a whole file name: '*' is any run of characters (also none), '?' exactly
// one character, everything else itself, case-sensitive as file names are on Linux.
[[nodiscard]] bool glob_match(std::string_view pattern, std::string_view name) noexcept;

}  // namespace pt::camera
