#pragma once
#include <cstddef>
#include <functional>
#include <memory>
#include <span>

#include "pt/pupil/pupil_detector.hpp"

namespace pt::ui {

// Makes the detector for `eyes` regions with `params`, on the backend the application chose (the
// CPU or a CUDA device), for one of `stretches` stretches of a file tracked at once (1: the only
// detector running); may throw std::exception, e.g. when the device can no longer be used.
// Called on the tracking or export thread whenever new parameters restart the detector.
using DetectorFactory =
    std::function<std::unique_ptr<PupilDetector>(const DetectorParams& params, std::size_t eyes, int stretches)>;

// How many stretches of a seekable file an export tracks at once with `params` in `regions`.
using StretchCount = std::function<int(const DetectorParams& params, std::span<const EyeRegion> regions)>;

}  // namespace pt::ui
