#pragma once
// A short lossless video of the synthetic binocular camera, for the replay, export and
// recording tests of the window.
#include <filesystem>

namespace pt::test {

// `frames` frames of 320x160 at `fps`, written losslessly to `file`.
void write_synthetic_video(const std::filesystem::path& file, int frames, double fps);

}  // namespace pt::test
