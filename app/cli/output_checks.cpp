#include "cli/output_checks.hpp"

#include <iterator>
#include <stdexcept>
#include <system_error>

#include <unistd.h>

#include "cli/session_recording.hpp"

namespace pt::cli {
namespace {

namespace fs = std::filesystem;

// The path with links and dot segments resolved as far as it exists.
fs::path resolved(const fs::path& p) {
  std::error_code ec;
  const fs::path absolute = fs::absolute(p, ec);
  if (ec) return p.lexically_normal();
  const fs::path canonical = fs::weakly_canonical(absolute, ec);
  return ec ? absolute.lexically_normal() : canonical;
}

bool same_file(const fs::path& a, const fs::path& b) {
  std::error_code ec;
  if (fs::equivalent(a, b, ec)) return true;  // hard links; an error (a file not there yet) is no match
  return resolved(a) == resolved(b);
}

// A file there already must take writing; a new one needs a folder that takes files.
void refuse_unwritable(const NamedPath& out) {
  const std::string what = "cannot write '" + out.path.string() + "' (" + out.option + "): ";
  std::error_code ec;
  if (fs::exists(out.path, ec)) {
    if (::access(out.path.c_str(), W_OK) != 0) throw std::invalid_argument(what + "the file is not writable");
    return;
  }
  const fs::path folder = out.path.has_parent_path() ? out.path.parent_path() : fs::path(".");
  if (!fs::is_directory(folder, ec)) throw std::invalid_argument(what + "there is no folder '" + folder.string() + "'");
  if (::access(folder.c_str(), W_OK | X_OK) != 0) {
    throw std::invalid_argument(what + "the folder '" + folder.string() + "' is not writable");
  }
}

}  // namespace

std::vector<NamedPath> recording_files(const std::string& option, const std::string& path) {
  if (path.empty()) return {};
  const std::vector<fs::path> files = SessionRecording::files_for(path);
  const std::string parts[] = {option, option + "'s frame table", option + "'s sidecar"};
  std::vector<NamedPath> named;
  for (std::size_t i = 0; i < files.size() && i < std::size(parts); ++i) named.push_back({parts[i], files[i]});
  return named;
}

void check_outputs(std::span<const NamedPath> inputs, std::span<const NamedPath> outputs) {
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    const NamedPath& out = outputs[i];
    if (out.path.empty()) continue;
    for (const NamedPath& in : inputs) {
      if (!in.path.empty() && same_file(out.path, in.path)) {
        throw std::invalid_argument(out.option + " '" + out.path.string() + "' would overwrite " + in.option + " '" +
                                    in.path.string() + "'");
      }
    }
    for (std::size_t j = 0; j < i; ++j) {
      if (!outputs[j].path.empty() && same_file(out.path, outputs[j].path)) {
        throw std::invalid_argument(out.option + " '" + out.path.string() + "' is also " + outputs[j].option +
                                    ": give each output a file of its own");
      }
    }
    refuse_unwritable(out);
  }
}

}  // namespace pt::cli
