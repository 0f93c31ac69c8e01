#include "pt/camera/image_folder_source.hpp"

#include <cmath>
#include <utility>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>

#include "frame_fill.hpp"
#include "grey_converter.hpp"
#include "image_file_list.hpp"
#include "in_quotes.hpp"
#include "opencv_logging.hpp"
#include "pt/camera/input_error.hpp"

namespace pt::camera {
namespace {

std::string size_text(int width, int height) { return std::to_string(width) + "x" + std::to_string(height); }

// Keeps 16-bit depth and colour as stored, so that the converter can choose a constant shift and
// say what it converted; the decoder's own reduction would be silent.
cv::Mat decode(const std::filesystem::path& file) {
  return cv::imread(file.string(), cv::IMREAD_ANYDEPTH | cv::IMREAD_ANYCOLOR);
}

std::string no_images_message(const std::filesystem::path& folder, const ImageFolderOptions& options) {
  std::string message = "no images in folder " + in_quotes(folder);
  if (!options.include_glob.empty()) message += " matching '" + options.include_glob + "'";
  if (!options.exclude_glob.empty()) message += " once '" + options.exclude_glob + "' is excluded";
  return message + " (looked for png, jpg, jpeg, bmp, tif, tiff, pgm, ppm)";
}

}  // namespace

struct ImageFolderSource::State {
  std::filesystem::path folder;
  ImageFolderOptions options;
  std::vector<std::filesystem::path> files;
  cv::Mat first;  // decoded to learn the geometry; handed out by the first read
  int width = 0;
  int height = 0;
  std::size_t next = 0;
  GreyConverter converter{"images"};
  cv::Mat grey;
  std::string error;

  pt::ReadStatus fail(std::string message) {
    error = std::move(message);
    return pt::ReadStatus::Error;
  }
};

ImageFolderSource::ImageFolderSource(const std::filesystem::path& folder, ImageFolderOptions options)
    : state_(std::make_unique<State>()) {
  quiet_opencv_logging_once();
  if (!std::isfinite(options.fps) || options.fps <= 0.0) {
    throw InputError("frame rate for image folder " + in_quotes(folder) + " must be positive, got " +
                     std::to_string(options.fps));
  }
  std::error_code ec;
  if (!std::filesystem::exists(folder, ec)) {
    throw InputError("image folder " + in_quotes(folder) + " does not exist");
  }
  if (!std::filesystem::is_directory(folder, ec)) throw InputError(in_quotes(folder) + " is not a folder");

  State& s = *state_;
  s.folder = folder;
  s.options = std::move(options);
  s.files = list_image_files(folder, s.options.include_glob, s.options.exclude_glob);
  if (s.files.empty()) throw InputError(no_images_message(folder, s.options));
  s.first = decode(s.files.front());
  if (s.first.empty()) {
    throw InputError("cannot read the first image " + in_quotes(s.files.front()) +
                     " (unreadable or not an image)");
  }
  s.width = s.first.cols;
  s.height = s.first.rows;
}

ImageFolderSource::~ImageFolderSource() = default;

std::string ImageFolderSource::describe() const {
  return "image folder " + in_quotes(state_->folder) + " (" + std::to_string(state_->files.size()) +
         " images, " + size_text(state_->width, state_->height) + ")";
}

int ImageFolderSource::width() const { return state_->width; }
int ImageFolderSource::height() const { return state_->height; }
double ImageFolderSource::nominal_fps() const { return state_->options.fps; }

std::optional<std::int64_t> ImageFolderSource::frame_count() const {
  return static_cast<std::int64_t>(state_->files.size());
}

pt::ReadStatus ImageFolderSource::read(pt::Frame& into) {
  State& s = *state_;
  if (!s.error.empty()) return pt::ReadStatus::Error;
  if (s.next >= s.files.size()) return pt::ReadStatus::EndOfStream;

  const std::filesystem::path& file = s.files[s.next];
  const cv::Mat decoded = s.next == 0 ? std::exchange(s.first, cv::Mat()) : decode(file);
  if (decoded.empty()) {
    return s.fail("cannot read image " + in_quotes(file) + " (unreadable or not an image)");
  }
  if (decoded.cols != s.width || decoded.rows != s.height) {
    return s.fail("image " + in_quotes(file) + " is " + size_text(decoded.cols, decoded.rows) +
                  " but the sequence is " + size_text(s.width, s.height) + " (the size of " +
                  in_quotes(s.files.front().filename()) + ")");
  }
  const std::string name = file.filename().string();
  std::string problem;
  if (!s.converter.convert(decoded, in_quotes(file.filename()), s.grey, problem) ||
      !fill_frame(s.grey, into, problem)) {
    return s.fail("image " + in_quotes(file) + ": " + problem);
  }
  into.info().index = s.next;
  into.info().timestamp_s = static_cast<double>(s.next) / s.options.fps;
  into.info().source = name;
  ++s.next;
  return pt::ReadStatus::Ok;
}

std::string ImageFolderSource::error() const { return state_->error; }

std::vector<std::string> ImageFolderSource::notices() const { return state_->converter.notices(); }

}  // namespace pt::camera
