#include "pt/io/csv_trace_writer.hpp"

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <utility>

#include "pt/io/csv_format.hpp"

namespace pt {
namespace {

std::FILE* open_for_writing(const std::filesystem::path& path) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) {
    throw std::runtime_error("cannot write '" + path.string() + "': " + std::strerror(errno));
  }
  return f;
}

}  // namespace

CsvTraceWriter::CsvTraceWriter(const std::filesystem::path& path, TraceLabels labels)
    : file_(open_for_writing(path)), path_(path), labels_(std::move(labels)) {
  std::fputs(kHeader, file_);
  std::fputc('\n', file_);
  std::fflush(file_);
}

CsvTraceWriter::~CsvTraceWriter() {
  if (file_ != nullptr) std::fclose(file_);
}

std::string CsvTraceWriter::format_rows(const TrackedFrame& frame, const TraceLabels& labels) {
  std::string out;
  const FrameInfo& info = frame.frame.info();
  for (const PupilMeasurement& m : frame.eyes) {
    out += std::to_string(info.index);
    out += ',' + csv_number(info.timestamp_s, 6);
    out += ',' + csv_field(info.source);
    out += ',';
    out += to_string(m.eye);
    out += m.detected ? ",1," : ",0,";
    out += csv_number(m.confidence, 3);
    if (m.detected) {
      const Ellipse& e = m.ellipse;
      const double diameter = e.equivalent_diameter();
      out += ',' + csv_number(e.cx, 3) + ',' + csv_number(e.cy, 3);
      out += ',' + csv_number(2.0 * e.a, 3) + ',' + csv_number(2.0 * e.b, 3);
      out += ',' + csv_number(axis_angle_degrees(e.angle_rad), 2);
      out += ',' + csv_number(diameter, 3);
      out += ',' + (labels.mm_per_px ? csv_number(diameter * *labels.mm_per_px, 4) : std::string());
    } else {
      out += ",,,,,,,";
    }
    out += ',' + csv_field(labels.algorithm) + ',' + csv_field(labels.backend);
    out += ',' + csv_number(frame.latency_us, 1);
    out += '\n';
  }
  return out;
}

void CsvTraceWriter::on_frame(const TrackedFrame& frame) {
  const std::string rows = format_rows(frame, labels_);
  if (std::fwrite(rows.data(), 1, rows.size(), file_) != rows.size() || std::fflush(file_) != 0) {
    throw std::runtime_error("writing '" + path_.string() + "' failed: " + std::strerror(errno));
  }
  rows_ += frame.eyes.size();
}

}  // namespace pt
