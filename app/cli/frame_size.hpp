#pragma once
#include <string>
#include <utility>

namespace pt::cli {

// "WIDTHxHEIGHT", from 64x64 to 16384x16384; throws std::invalid_argument naming the option.
std::pair<int, int> parse_frame_size(const std::string& text, const char* option);

}  // namespace pt::cli
