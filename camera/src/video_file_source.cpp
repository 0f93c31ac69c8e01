#include "pt/camera/video_file_source.hpp"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <utility>

#include <opencv2/core.hpp>
#include <opencv2/videoio.hpp>

#include "frame_fill.hpp"
#include "grey_converter.hpp"
#include "in_quotes.hpp"
#include "opencv_logging.hpp"
#include "pt/camera/input_error.hpp"

namespace pt::camera {
namespace {

// FFmpeg's tags for grey pixel formats: "Y800", "Y8  ", "GREY", and 'Y','1' followed by the bit
// depth for deeper grey. The backend still hands such video out as three equal channels.
bool is_grey_pixel_format(double tag_value) {
  if (!(tag_value > 0.0)) return false;
  const auto tag = static_cast<unsigned>(tag_value);
  const auto byte = [tag](int i) { return static_cast<char>((tag >> (8 * i)) & 0xFFu); };
  if (byte(0) == 'Y' && byte(1) == '8') return true;
  if (byte(0) == 'G' && byte(1) == 'R' && byte(2) == 'E' && byte(3) == 'Y') return true;
  return byte(0) == 'Y' && byte(1) == '1' && (byte(2) == 0 || byte(3) == 0);
}

}  // namespace

struct VideoFileSource::State {
  struct Decoded {
    cv::Mat image;
    double timestamp_s = 0.0;
  };

  std::filesystem::path path;
  cv::VideoCapture capture;
  int width = 0;
  int height = 0;
  double fps = 0.0;
  std::optional<std::int64_t> count;
  std::uint64_t next = 0;     // index of the next frame read() hands out
  std::uint64_t decoded = 0;  // frames taken from the decoder, one ahead of `next`
  double last_timestamp_s = -1.0;
  bool started = false;
  bool have_ahead = false;
  bool ended = false;
  Decoded current;
  Decoded ahead;
  GreyConverter converter{"video frames"};
  cv::Mat grey;
  std::string error;

  pt::ReadStatus fail(std::string message) {
    error = std::move(message);
    return pt::ReadStatus::Error;
  }

  [[nodiscard]] bool short_of_count(std::uint64_t frames) const {
    return count && static_cast<std::int64_t>(frames) < *count;
  }

  // The decoder stopped with `index` the first frame not handed out: an end, or lost frames when
  // the container promised more.
  pt::ReadStatus stop_at(std::uint64_t index) {
    if (short_of_count(index)) {
      return fail("video " + in_quotes(path) + " ended early: decoding failed at frame " +
                  std::to_string(index) + " of " + std::to_string(*count) + " (file truncated or corrupt)");
    }
    ended = true;
    return pt::ReadStatus::EndOfStream;
  }

  bool decode(Decoded& into) {
    if (!capture.read(into.image) || into.image.empty()) return false;
    into.timestamp_s = timestamp_of_latest();
    last_timestamp_s = into.timestamp_s;
    ++decoded;
    return true;
  }

  // The container's clock when it runs forward; some demuxers report 0 or repeat a value near
  // the end, and then the nominal rate is the better guess.
  double timestamp_of_latest() {
    const double pos_s = capture.get(cv::CAP_PROP_POS_MSEC) / 1000.0;
    if (std::isfinite(pos_s) && pos_s >= 0.0 && (decoded == 0 || pos_s > last_timestamp_s)) return pos_s;
    return fps > 0.0 ? static_cast<double>(decoded) / fps : 0.0;
  }
};

VideoFileSource::VideoFileSource(const std::filesystem::path& path) : state_(std::make_unique<State>()) {
  quiet_opencv_logging_once();
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) {
    throw InputError("video file " + in_quotes(path) + " does not exist");
  }
  if (std::filesystem::is_directory(path, ec)) {
    throw InputError(in_quotes(path) + " is a folder, not a video file");
  }
  if (!std::ifstream(path, std::ios::binary)) {
    throw InputError("cannot read video file " + in_quotes(path));
  }

  State& s = *state_;
  s.path = path;
  if (!s.capture.open(path.string(), cv::CAP_FFMPEG)) {
    throw InputError(in_quotes(path) +
                     " is not a video FFmpeg can decode (not a video file, or an unsupported codec)");
  }
  s.width = static_cast<int>(s.capture.get(cv::CAP_PROP_FRAME_WIDTH));
  s.height = static_cast<int>(s.capture.get(cv::CAP_PROP_FRAME_HEIGHT));
  if (s.width <= 0 || s.height <= 0) throw InputError(in_quotes(path) + " holds no video picture");
  const double fps = s.capture.get(cv::CAP_PROP_FPS);
  s.fps = std::isfinite(fps) && fps > 0.0 ? fps : 0.0;
  const double count = s.capture.get(cv::CAP_PROP_FRAME_COUNT);
  if (std::isfinite(count) && count > 0.0) s.count = static_cast<std::int64_t>(count);
  s.converter.set_three_channels_are_grey(
      is_grey_pixel_format(s.capture.get(cv::CAP_PROP_CODEC_PIXEL_FORMAT)));
}

VideoFileSource::~VideoFileSource() = default;

std::string VideoFileSource::describe() const {
  const State& s = *state_;
  std::string text =
      "video " + in_quotes(s.path) + " (" + std::to_string(s.width) + "x" + std::to_string(s.height);
  if (s.fps > 0.0) {
    char fps[32];
    std::snprintf(fps, sizeof fps, "%g", s.fps);
    text += std::string(", ") + fps + " fps";
  }
  if (s.count) text += ", " + std::to_string(*s.count) + " frames";
  return text + ")";
}

int VideoFileSource::width() const { return state_->width; }
int VideoFileSource::height() const { return state_->height; }
double VideoFileSource::nominal_fps() const { return state_->fps; }
std::optional<std::int64_t> VideoFileSource::frame_count() const { return state_->count; }

pt::ReadStatus VideoFileSource::read(pt::Frame& into) {
  State& s = *state_;
  if (!s.error.empty()) return pt::ReadStatus::Error;
  if (s.ended) return pt::ReadStatus::EndOfStream;
  if (!s.started) {
    s.started = true;
    s.have_ahead = s.decode(s.ahead);
  }
  if (!s.have_ahead) return s.stop_at(s.next);

  // Decoding runs one frame ahead because codecs without checksums (FFV1 among them) turn the cut
  // last packet of a truncated file into a partly wrong picture without complaint. A frame that is
  // followed by a failure short of the frame count is therefore withheld, not handed out.
  std::swap(s.current, s.ahead);
  s.have_ahead = s.decode(s.ahead);
  if (!s.have_ahead && s.short_of_count(s.next + 1)) return s.stop_at(s.next);

  const std::string index = std::to_string(s.next);
  const cv::Mat& image = s.current.image;
  if (image.cols != s.width || image.rows != s.height) {
    return s.fail("video " + in_quotes(s.path) + ": frame " + index + " is " + std::to_string(image.cols) +
                  "x" + std::to_string(image.rows) + " but the video started at " + std::to_string(s.width) +
                  "x" + std::to_string(s.height));
  }
  std::string problem;
  if (!s.converter.convert(image, "frame " + index, s.grey, problem) || !fill_frame(s.grey, into, problem)) {
    return s.fail("video " + in_quotes(s.path) + ": frame " + index + ": " + problem);
  }
  into.info().index = s.next;
  into.info().timestamp_s = s.current.timestamp_s;
  into.info().source = s.path.string() + "#" + index;
  ++s.next;
  return pt::ReadStatus::Ok;
}

bool VideoFileSource::seek(std::int64_t position) {
  State& s = *state_;
  if (!s.error.empty() || position < 0 || (s.count && position >= *s.count)) return false;
  if (!s.capture.set(cv::CAP_PROP_POS_FRAMES, static_cast<double>(position))) {
    s.fail("video " + in_quotes(s.path) + ": cannot seek to frame " + std::to_string(position));
    return false;
  }
  // Decoding starts afresh at `position`, one frame ahead as before.
  s.next = static_cast<std::uint64_t>(position);
  s.decoded = s.next;
  s.last_timestamp_s = -1.0;
  s.started = false;
  s.have_ahead = false;
  s.ended = false;
  return true;
}

std::string VideoFileSource::error() const { return state_->error; }

std::vector<std::string> VideoFileSource::notices() const { return state_->converter.notices(); }

}  // namespace pt::camera
