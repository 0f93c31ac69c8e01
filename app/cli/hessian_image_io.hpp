#pragma once
// Images in and maps out for the `hessian` command, through OpenCV's imgcodecs. A build without
// OpenCV has the command but cannot read or write images; it says so instead.
#include <string>
#include <vector>

#include "pt/image.hpp"

namespace pt::cli {

// grey (the luminance), or one colour channel: red, green or blue. 8- and 16-bit images keep
// their values as floats; colour reduced to grey or to the channel is reported in notes.
// Throws std::runtime_error for a missing or unreadable file.
[[nodiscard]] Image<float> read_image_as_float(const std::string& path, const std::string& channel,
                                               std::vector<std::string>& notes);

// .tif/.tiff: the float32 values; .png, .jpg, .jpeg, .bmp, .pgm: 8-bit, the map's range stretched
// over 0..255 (reported in a note). Throws std::runtime_error for another extension or a failed
// write.
void write_map(const std::string& path, ImageView<const float> map, std::vector<std::string>& notes);
// A 0/255 mask; any extension the 8-bit maps take.
void write_mask(const std::string& path, CViewU8 mask);

// The checks the writers make of a file name, for use before a long computation.
void check_map_format(const std::string& path);
void check_mask_format(const std::string& path);

}  // namespace pt::cli
