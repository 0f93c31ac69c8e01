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
  append_rows(out, frame, labels);
  return out;
}

void CsvTraceWriter::append_rows(std::string& out, const TrackedFrame& frame, const TraceLabels& labels) {
  const FrameInfo& info = frame.frame.info();
  for (const PupilMeasurement& m : frame.eyes) {
    append_csv_integer(out, info.index);
    out += ',';
    append_csv_number(out, info.timestamp_s, 6);
    out += ',';
    append_csv_field(out, info.source);
    out += ',';
    out += to_string(m.eye);
    out += m.detected ? ",1," : ",0,";
    append_csv_number(out, m.confidence, 3);
    if (m.detected) {
      const Ellipse& e = m.ellipse;
      const double diameter = e.equivalent_diameter();
      for (const double v : {static_cast<double>(e.cx), static_cast<double>(e.cy), 2.0 * e.a, 2.0 * e.b}) {
        out += ',';
        append_csv_number(out, v, 3);
      }
      out += ',';
      append_csv_number(out, axis_angle_degrees(e.angle_rad), 2);
      out += ',';
      append_csv_number(out, diameter, 3);
      out += ',';
      if (labels.mm_per_px) append_csv_number(out, diameter * *labels.mm_per_px, 4);
    } else {
      out += ",,,,,,,";
    }
    out += ',';
    append_csv_field(out, labels.algorithm);
    out += ',';
    append_csv_field(out, labels.backend);
    out += ',';
    append_csv_number(out, frame.latency_us, 1);
    out += '\n';
  }
}

void CsvTraceWriter::on_frame(const TrackedFrame& frame) {
  rows_text_.clear();
  append_rows(rows_text_, frame, labels_);
  if (std::fwrite(rows_text_.data(), 1, rows_text_.size(), file_) != rows_text_.size() || std::fflush(file_) != 0) {
    throw std::runtime_error("writing '" + path_.string() + "' failed: " + std::strerror(errno));
  }
  rows_ += frame.eyes.size();
}

}  // namespace pt
