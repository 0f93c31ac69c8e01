#pragma once
// A command's outputs are checked before anything is read or written, so that a mistake costs
// nothing: an output must not overwrite an input or another output (a trace written over the
// video it is read from would destroy the recording; two outputs on one path would leave a
// mixture), and every output's folder must exist and take files, so that no output is begun
// that a later one's failure would leave behind half made.
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

// Throws std::invalid_argument naming the option (both, for a clash) when an output's folder is
// missing or not writable, or when an output is one file with an input or with another output
// (the same path, through links too). Empty paths are left out.
void check_outputs(std::span<const NamedPath> inputs, std::span<const NamedPath> outputs);

}  // namespace pt::cli
