#pragma once
// The pupil trace as CSV, one row per eye per frame, flushed frame by frame so an interrupted
// run keeps every row it tracked. Columns are documented in the README.
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>

#include "pt/io/result_sink.hpp"

namespace pt {

struct TraceLabels {
  std::string algorithm = "starburst";
  std::string backend = "cpu";
  std::optional<double> mm_per_px;  // diameter_mm stays empty without it
};

class CsvTraceWriter final : public ResultSink {
 public:
  static constexpr const char* kHeader =
      "frame_index,timestamp_s,source,eye,detected,confidence,center_x_px,center_y_px,axis_major_px,"
      "axis_minor_px,angle_deg,diameter_px,diameter_mm,algorithm,backend,latency_us";

  // Throws std::runtime_error naming the path when the file cannot be created.
  CsvTraceWriter(const std::filesystem::path& path, TraceLabels labels);
  ~CsvTraceWriter() override;
  CsvTraceWriter(const CsvTraceWriter&) = delete;
  CsvTraceWriter& operator=(const CsvTraceWriter&) = delete;

  void on_frame(const TrackedFrame& frame) override;
  [[nodiscard]] std::uint64_t rows() const noexcept { return rows_; }

  // One frame's rows as text, for writers and tests alike.
  [[nodiscard]] static std::string format_rows(const TrackedFrame& frame, const TraceLabels& labels);
  // The same appended to `out`.
  static void append_rows(std::string& out, const TrackedFrame& frame, const TraceLabels& labels);

 private:
  std::FILE* file_ = nullptr;
  std::filesystem::path path_;
  TraceLabels labels_;
  std::uint64_t rows_ = 0;
  std::string rows_text_;  // one frame's rows; kept so its capacity serves every frame
};

}  // namespace pt
