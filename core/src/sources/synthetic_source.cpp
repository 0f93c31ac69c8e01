#include "pt/synthetic_source.hpp"

#include <utility>

namespace pt {

SyntheticSource::SyntheticSource(const SyntheticConfig& config, std::optional<std::int64_t> frames,
                                 TruthObserver observer)
    : renderer_(config), frames_(frames), observer_(std::move(observer)) {}

std::string SyntheticSource::describe() const {
  const SyntheticConfig& c = renderer_.config();
  return "synthetic " + std::to_string(c.width) + "x" + std::to_string(c.height) + ", " + std::to_string(c.eyes) +
         (c.eyes == 1 ? " eye" : " eyes") + ", seed " + std::to_string(c.seed);
}

namespace {
constexpr std::string_view kLabelPrefix = "synthetic";
}  // namespace

std::string SyntheticSource::label(std::uint64_t index) {
  std::string out;
  set_indexed_label(out, kLabelPrefix, index);
  return out;
}

ReadStatus SyntheticSource::read(Frame& into) {
  if (frames_ && static_cast<std::int64_t>(next_) >= *frames_) return ReadStatus::EndOfStream;
  const SyntheticFrameTruth truth = renderer_.render_next(into.pixels());
  FrameInfo& info = into.info();
  info.index = truth.index;
  info.timestamp_s = truth.time_s;
  set_indexed_label(info.source, kLabelPrefix, truth.index);
  ++next_;
  if (observer_) observer_(truth, info);
  return ReadStatus::Ok;
}

}  // namespace pt
