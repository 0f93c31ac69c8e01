#include "cli/hessian_image_io.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <stdexcept>

#if defined(PT_HAVE_OPENCV)
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#endif

namespace pt::cli {

namespace {

std::string lower_extension(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext;
}

bool is_float_format(const std::string& ext) { return ext == ".tif" || ext == ".tiff"; }

bool is_8bit_format(const std::string& ext) {
  return ext == ".png" || ext == ".jpg" || ext == ".jpeg" || ext == ".bmp" || ext == ".pgm";
}

}  // namespace

void check_map_format(const std::string& path) {
  const std::string ext = lower_extension(path);
  if (!is_float_format(ext) && !is_8bit_format(ext)) {
    throw std::runtime_error("cannot tell the format of '" + path +
                             "': use .tif/.tiff (float32) or .png/.jpg/.bmp/.pgm (8-bit)");
  }
}

void check_mask_format(const std::string& path) {
  if (!is_8bit_format(lower_extension(path))) {
    throw std::runtime_error("a mask is written as .png, .jpg, .bmp or .pgm, not '" + path + "'");
  }
}

#if defined(PT_HAVE_OPENCV)

Image<float> read_image_as_float(const std::string& path, const std::string& channel, std::vector<std::string>& notes) {
  if (std::filesystem::is_directory(path)) throw std::runtime_error("'" + path + "' is a folder: --input takes one image");
  if (!std::filesystem::is_regular_file(path)) throw std::runtime_error("no such file: '" + path + "'");
  const cv::Mat m = cv::imread(path, cv::IMREAD_ANYDEPTH | cv::IMREAD_ANYCOLOR);
  if (m.empty()) throw std::runtime_error("cannot read '" + path + "' as an image");
  if (m.depth() != CV_8U && m.depth() != CV_16U) {
    throw std::runtime_error("'" + path + "' is neither 8- nor 16-bit; only those are read");
  }
  cv::Mat one;
  if (m.channels() == 1) {
    if (channel != "grey") notes.push_back("'" + path + "' is grey: --channel " + channel + " ignored");
    one = m;
  } else if (channel == "grey") {
    cv::cvtColor(m, one, m.channels() == 4 ? cv::COLOR_BGRA2GRAY : cv::COLOR_BGR2GRAY);
    notes.push_back("colour converted to grey (--channel green often shows vessels best)");
  } else {
    const int index = channel == "blue" ? 0 : channel == "green" ? 1 : 2;  // OpenCV stores BGR
    cv::extractChannel(m, one, index);
    notes.push_back("using the " + channel + " channel of a colour image");
  }
  cv::Mat as_float;
  one.convertTo(as_float, CV_32F);
  Image<float> out(as_float.cols, as_float.rows);
  for (int y = 0; y < as_float.rows; ++y) std::copy_n(as_float.ptr<float>(y), as_float.cols, out.view().row(y));
  return out;
}

void write_map(const std::string& path, ImageView<const float> map, std::vector<std::string>& notes) {
  check_map_format(path);
  const cv::Mat m(map.height, map.width, CV_32F, const_cast<float*>(map.data), static_cast<std::size_t>(map.stride) * sizeof(float));
  cv::Mat out = m;
  if (!is_float_format(lower_extension(path))) {
    double lo = 0.0;
    double hi = 0.0;
    cv::minMaxLoc(m, &lo, &hi);
    const double scale = hi > lo ? 255.0 / (hi - lo) : 0.0;
    m.convertTo(out, CV_8U, scale, -lo * scale);
    notes.push_back("map values " + std::to_string(lo) + " .. " + std::to_string(hi) + " stretched over 0..255 in '" +
                    path + "'");
  }
  if (!cv::imwrite(path, out)) throw std::runtime_error("cannot write '" + path + "'");
}

void write_mask(const std::string& path, CViewU8 mask) {
  check_mask_format(path);
  const cv::Mat m(mask.height, mask.width, CV_8U, const_cast<std::uint8_t*>(mask.data), static_cast<std::size_t>(mask.stride));
  if (!cv::imwrite(path, m)) throw std::runtime_error("cannot write '" + path + "'");
}

#else

namespace {
[[noreturn]] void no_opencv() {
  throw std::runtime_error("reading and writing images needs OpenCV, which this build lacks (PT_WITH_OPENCV)");
}
}  // namespace

Image<float> read_image_as_float(const std::string&, const std::string&, std::vector<std::string>&) { no_opencv(); }
void write_map(const std::string&, ImageView<const float>, std::vector<std::string>&) { no_opencv(); }
void write_mask(const std::string&, CViewU8) { no_opencv(); }

#endif

}  // namespace pt::cli
