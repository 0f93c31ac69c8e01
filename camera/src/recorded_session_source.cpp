#include "pt/camera/recorded_session_source.hpp"

#include <charconv>
#include <fstream>
#include <sstream>
#include <system_error>

#include "in_quotes.hpp"
#include "pt/camera/input_error.hpp"
#include "pt/camera/recording_files.hpp"
#include "pt/camera/video_file_source.hpp"
#include "pt/io/csv_reader.hpp"

namespace pt::camera {
namespace {

template <class T>
T parse_field(const std::string& text, const std::filesystem::path& table, std::size_t line) {
  T value{};
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) {
    throw InputError("frame table " + in_quotes(table) + " line " + std::to_string(line) + ": '" + text +
                     "' is not a number");
  }
  return value;
}

std::vector<pt::FrameInfo> read_frame_table(const std::filesystem::path& table) {
  std::ifstream in(table);
  if (!in) throw InputError("cannot read the frame table " + in_quotes(table));
  std::stringstream text;
  text << in.rdbuf();
  std::vector<pt::CsvRecord> records;
  try {
    records = pt::parse_csv(text.str());
  } catch (const std::invalid_argument& e) {
    throw InputError("frame table " + in_quotes(table) + ": " + e.what());
  }
  const std::vector<std::string> header{"frame_index", "timestamp_s", "host_ns", "source"};
  if (records.empty() || records.front().fields != header) {
    throw InputError("frame table " + in_quotes(table) + " does not start with frame_index,timestamp_s,host_ns,source");
  }
  std::vector<pt::FrameInfo> rows;
  for (std::size_t i = 1; i < records.size(); ++i) {
    const pt::CsvRecord& r = records[i];
    if (r.fields.size() != header.size()) {
      throw InputError("frame table " + in_quotes(table) + " line " + std::to_string(r.line) + ": expected 4 fields");
    }
    rows.push_back({parse_field<std::uint64_t>(r.fields[0], table, r.line), parse_field<double>(r.fields[1], table, r.line),
                    parse_field<std::int64_t>(r.fields[2], table, r.line), r.fields[3]});
  }
  return rows;
}

}  // namespace

struct RecordedSessionSource::State {
  RecordingFiles files;
  VideoFileSource video;
  std::vector<pt::FrameInfo> rows;
  std::size_t next = 0;
  std::string error;

  explicit State(const std::filesystem::path& path)
      : files(recording_files(path)), video(path), rows(read_frame_table(files.frames)) {}

  pt::ReadStatus fail(std::string message) {
    error = std::move(message);
    return pt::ReadStatus::Error;
  }
};

RecordedSessionSource::RecordedSessionSource(const std::filesystem::path& video) : state_(std::make_unique<State>(video)) {}
RecordedSessionSource::~RecordedSessionSource() = default;

std::string RecordedSessionSource::describe() const {
  return "recording " + in_quotes(state_->files.video) + " (" + std::to_string(state_->rows.size()) + " frames)";
}
int RecordedSessionSource::width() const { return state_->video.width(); }
int RecordedSessionSource::height() const { return state_->video.height(); }
double RecordedSessionSource::nominal_fps() const { return state_->video.nominal_fps(); }
std::optional<std::int64_t> RecordedSessionSource::frame_count() const {
  return static_cast<std::int64_t>(state_->rows.size());
}

pt::ReadStatus RecordedSessionSource::read(pt::Frame& into) {
  State& s = *state_;
  const pt::ReadStatus status = s.video.read(into);
  if (status == pt::ReadStatus::Error) return s.fail(s.video.error());
  if (status == pt::ReadStatus::EndOfStream) {
    if (s.next == s.rows.size()) return status;
    return s.fail("recording " + in_quotes(s.files.video) + " ends after " + std::to_string(s.next) +
                  " frames; its frame table lists " + std::to_string(s.rows.size()));
  }
  if (s.next == s.rows.size()) {
    return s.fail("recording " + in_quotes(s.files.video) + " holds more frames than the " +
                  std::to_string(s.rows.size()) + " its frame table lists");
  }
  into.info() = s.rows[s.next++];
  return pt::ReadStatus::Ok;
}

bool RecordedSessionSource::seek(std::int64_t position) {
  State& s = *state_;
  if (!s.error.empty() || position < 0 || position >= static_cast<std::int64_t>(s.rows.size())) return false;
  if (!s.video.seek(position)) {
    if (!s.video.error().empty()) s.fail(s.video.error());
    return false;
  }
  s.next = static_cast<std::size_t>(position);
  return true;
}

std::string RecordedSessionSource::error() const { return state_->error; }
std::vector<std::string> RecordedSessionSource::notices() const { return state_->video.notices(); }

bool is_recorded_session(const std::filesystem::path& video) {
  std::error_code ec;
  return std::filesystem::is_regular_file(video, ec) && std::filesystem::is_regular_file(recording_files(video).frames, ec);
}

}  // namespace pt::camera
