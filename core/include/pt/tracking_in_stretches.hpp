#pragma once
// An offline replay tracked as several stretches at once. One pass tracks a recording frame after
// frame, each seeded by the one before, so a backend works on one search at a time; cut into
// stretches of consecutive frames, each tracked from its own start by its own detector, the
// recording keeps as many searches going as there are stretches. A stretch may first track a few
// frames before its start, unreported, so that its tracker is seeded where the stretch begins.
#include <cstdint>
#include <functional>
#include <memory>
#include <span>

#include "pt/frame_source.hpp"
#include "pt/io/result_sink.hpp"
#include "pt/pupil/pupil_detector.hpp"
#include "pt/tracking_run.hpp"

namespace pt {

// A lead-in that seeds a stretch as one pass would be: the pupil prior remembers a confident
// pupil for 1 s and follows it with a 0.3 s time constant (PupilPriorParams), so after 2 s of
// frames a stretch's tracker holds what one pass's would, to a few parts in a thousand.
constexpr double kStretchLeadInS = 2.0;

// `seconds` of a source running at `fps` frames a second, in whole frames (none without a rate).
[[nodiscard]] std::int64_t lead_in_frames(double seconds, double fps) noexcept;

struct StretchPlan {
  int stretches = 2;
  std::int64_t lead_in = 0;  // frames tracked before each stretch's first, their results dropped
};

using SourceOpener = std::function<std::unique_ptr<FrameSource>()>;
using DetectorMaker = std::function<std::unique_ptr<PupilDetector>()>;

// Cuts the frames of the source `open` gives into plan.stretches runs of consecutive frames (fewer
// when there are fewer frames) and tracks them at once, each on a thread of its own with a
// source of its own from `open`, sought to the stretch's start less the lead-in, and a detector
// of its own from `make`. `make` is called on the calling thread, once per stretch, before any
// stretch starts (a detector that cannot be made throws from here); `open` on the stretches'
// threads, and once before on the calling thread. The sinks see every frame once, in order, on the calling thread, but
// without its pixels (Frame::valid() is false; info() is kept): a later stretch's results wait in
// memory until the earlier ones have gone to the sinks. Progress counts the frames all stretches
// have tracked. options.stop ends every stretch early; what was tracked before reaches the sinks
// in order as far as it is unbroken. A stretch that fails ends the run at its failure: the frames
// before it reach the sinks, the later stretches stop, and the summary carries the error.
// Throws std::invalid_argument when the source cannot seek or does not know its length, or when
// plan.stretches is below 1 or the lead-in negative; a sink's exception stops the stretches and
// goes on.
RunSummary run_tracking_in_stretches(const SourceOpener& open, const DetectorMaker& make,
                                     std::span<const EyeRegion> regions, const DetectorParams& params,
                                     std::span<ResultSink* const> sinks, const RunOptions& options,
                                     const StretchPlan& plan);

}  // namespace pt
