#include "pt/io/blink_events.hpp"

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include "pt/io/csv_format.hpp"

namespace pt {

std::vector<BlinkEvent> BlinkEventDetector::on_frame(const TrackedFrame& frame) {
  std::vector<BlinkEvent> ended;
  if (eyes_.size() < frame.eyes.size()) eyes_.resize(frame.eyes.size());
  const FrameInfo& info = frame.frame.info();
  for (std::size_t i = 0; i < frame.eyes.size(); ++i) {
    EyeState& st = eyes_[i];
    if (!frame.eyes[i].detected) {
      // A loss only counts once the eye has been seen open: a sequence that starts closed has
      // no blink start to report.
      if (st.seen_open && !st.closing) st.closing = BlinkEvent{frame.eyes[i].eye, info.index, 0, info.timestamp_s, 0.0};
      continue;
    }
    if (st.closing) {
      BlinkEvent e = *st.closing;
      e.end_frame = info.index;
      e.end_s = info.timestamp_s;
      const double duration = e.end_s - e.start_s;
      if (duration >= limits_.min_s && duration <= limits_.max_s) ended.push_back(e);
      st.closing.reset();
    }
    st.seen_open = true;
  }
  return ended;
}

BlinkCsvWriter::BlinkCsvWriter(const std::filesystem::path& path, BlinkLimits limits)
    : file_(std::fopen(path.c_str(), "wb")), path_(path), detector_(limits) {
  if (file_ == nullptr) throw std::runtime_error("cannot write '" + path.string() + "': " + std::strerror(errno));
  // A run without blinks writes nothing more: a full disk must show here, not pass unseen.
  if (std::fputs(kHeader, file_) < 0 || std::fputc('\n', file_) == EOF || std::fflush(file_) != 0) {
    const int error = errno;
    std::fclose(file_);
    file_ = nullptr;
    throw std::runtime_error("writing '" + path.string() + "' failed: " + std::strerror(error));
  }
}

BlinkCsvWriter::~BlinkCsvWriter() {
  if (file_ != nullptr) std::fclose(file_);
}

void BlinkCsvWriter::on_frame(const TrackedFrame& frame) {
  for (const BlinkEvent& e : detector_.on_frame(frame)) {
    std::string row(to_string(e.eye));
    row += ',' + std::to_string(e.start_frame) + ',' + std::to_string(e.end_frame);
    row += ',' + csv_number(e.start_s, 6) + ',' + csv_number(e.end_s, 6);
    row += ',' + csv_number((e.end_s - e.start_s) * 1000.0, 1) + '\n';
    if (std::fwrite(row.data(), 1, row.size(), file_) != row.size() || std::fflush(file_) != 0) {
      throw std::runtime_error("writing '" + path_.string() + "' failed: " + std::strerror(errno));
    }
    ++events_;
  }
}

}  // namespace pt
