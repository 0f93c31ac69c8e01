#pragma once
// A named set of detector parameters and eye regions, in an INI file the user picks.
#include <QString>
#include <stdexcept>
#include <vector>

#include "pt/geometry.hpp"
#include "pt/plugins/param_schema.hpp"

namespace pt::ui {

struct Preset {
  plugins::ParamSet detector;
  std::vector<RectI> regions;  // one per eye; empty when the preset keeps none
};

// A preset file that cannot be written, or read back as one; the message names the file and why.
class PresetError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

void save_preset(const QString& path, const Preset& preset);

// Every detector value must belong to `schema` and lie in its range: a file that is not wholly
// understood is refused rather than half applied.
[[nodiscard]] Preset load_preset(const QString& path, const plugins::ParamSchema& schema);

}  // namespace pt::ui
