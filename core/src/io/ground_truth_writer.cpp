#include "pt/io/ground_truth_writer.hpp"

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include "pt/io/csv_format.hpp"

namespace pt {
namespace {

std::string_view openness_name(EyeOpenness o) {
  switch (o) {
    case EyeOpenness::Open: return "open";
    case EyeOpenness::Partial: return "partial";
    case EyeOpenness::Closed: return "closed";
    case EyeOpenness::Invalid: break;
  }
  return "invalid";
}

}  // namespace

GroundTruthWriter::GroundTruthWriter(const std::filesystem::path& path, std::uint64_t seed)
    : file_(std::fopen(path.c_str(), "wb")), path_(path), subject_("synthetic-seed" + std::to_string(seed)) {
  if (file_ == nullptr) throw std::runtime_error("cannot write '" + path.string() + "': " + std::strerror(errno));
  std::fputs(kHeader, file_);
  std::fputc('\n', file_);
}

GroundTruthWriter::~GroundTruthWriter() {
  if (file_ != nullptr) std::fclose(file_);
}

void GroundTruthWriter::write(const SyntheticFrameTruth& truth, const FrameInfo& info) {
  std::string out;
  for (int i = 0; i < truth.eye_count; ++i) {
    const SyntheticEyeTruth& eye = truth.eyes[static_cast<std::size_t>(i)];
    const Ellipse& e = eye.pupil;
    out += csv_field(info.source) + ",," + subject_ + ',';
    out += to_string(eye.side);
    out += ',' + std::to_string(truth.index);
    out += eye.openness == EyeOpenness::Closed ? ",0" : ",1";
    out += ',' + csv_number(e.cx, 3) + ',' + csv_number(e.cy, 3);
    out += ',' + csv_number(2.0 * e.a, 3) + ',' + csv_number(2.0 * e.b, 3) + ',' + csv_number(axis_angle_degrees(e.angle_rad), 3);
    out += ',' + csv_number(e.cx, 3) + ',' + csv_number(e.cy, 3);
    out += ',' + csv_number(e.equivalent_diameter(), 3) + ',' + csv_number(e.area(), 1);
    out += ',';
    out += openness_name(eye.openness);
    out += ',' + csv_number(eye.visible_fraction, 3) + '\n';
  }
  if (std::fwrite(out.data(), 1, out.size(), file_) != out.size() || std::fflush(file_) != 0) {
    throw std::runtime_error("writing '" + path_.string() + "' failed: " + std::strerror(errno));
  }
}

}  // namespace pt
