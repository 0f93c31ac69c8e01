#pragma once
// The pupil detector's user-facing parameters as a schema, so that the desktop application's
// parameter panel is generated the same way as the algorithm panels' forms.
#include "pt/plugins/param_schema.hpp"
#include "pt/pupil/detector_params.hpp"

namespace pt::plugins {

[[nodiscard]] const ParamSchema& detector_param_schema();

// DetectorParams{} with the schema's parameters applied; keys missing from `params` keep their
// defaults.
[[nodiscard]] DetectorParams detector_params_from(const ParamSet& params);

}  // namespace pt::plugins
