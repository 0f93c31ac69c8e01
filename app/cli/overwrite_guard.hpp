#pragma once
// A command's outputs must not overwrite its inputs or one another: a trace written over the
// video it is read from would destroy the recording, and two outputs on one path would leave
// one file holding a mixture of both.
#include <filesystem>
#include <span>
#include <string>
#include <vector>

namespace pt::cli {

struct NamedPath {
  std::string option;  // as the user wrote it, e.g. "--csv"
  std::filesystem::path path;
};

// The files of a recording named by `option` (--input, --record): the video and, in a build
// that records, its frame table and sidecar. Also right for an input that is no recording: the
// other two then do not exist.
[[nodiscard]] std::vector<NamedPath> recording_files(const std::string& option, const std::string& path);

// Throws std::invalid_argument, naming both options, when an output is one file with an input or
// with another output (the same path, through links too). Empty paths are left out.
void refuse_overwrites(std::span<const NamedPath> inputs, std::span<const NamedPath> outputs);

}  // namespace pt::cli
