#pragma once
// An image algorithm shown as a panel of the desktop application: it declares its parameters and
// turns one 8-bit frame into a float map and a few named figures. Nothing here knows about Qt.
#include <string>
#include <utility>
#include <vector>

#include "pt/image.hpp"
#include "pt/plugins/param_schema.hpp"

namespace pt::plugins {

struct AlgorithmOutput {
  Image<float> map;                                    // empty when the algorithm draws no image
  std::vector<std::pair<std::string, double>> scalars;  // e.g. {"compute ms", 3.2}
  std::string note;                                    // e.g. which backend ran and why
};

class AlgorithmPlugin {
 public:
  virtual ~AlgorithmPlugin() = default;
  [[nodiscard]] virtual std::string id() const = 0;
  [[nodiscard]] virtual std::string display_name() const = 0;
  [[nodiscard]] virtual ParamSchema schema() const = 0;
  // Called from a worker thread, one call at a time per instance. Throws std::exception with a
  // one-line message for parameters or images it cannot handle.
  [[nodiscard]] virtual AlgorithmOutput run(CViewU8 frame, const ParamSet& params) = 0;
};

}  // namespace pt::plugins
