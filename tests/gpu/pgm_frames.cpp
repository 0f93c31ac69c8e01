#include "pgm_frames.hpp"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <stdexcept>
#include <string>

namespace pt::test {
namespace {

ImageU8 read_pgm(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::string magic;
  int width = 0;
  int height = 0;
  int max_value = 0;
  in >> magic >> width >> height >> max_value;
  in.get();  // the single whitespace before the pixels
  if (!in || magic != "P5" || width <= 0 || height <= 0 || max_value != 255) {
    throw std::runtime_error(path.string() + ": not an 8-bit binary PGM");
  }
  ImageU8 image(width, height);
  for (int y = 0; y < height; ++y) in.read(reinterpret_cast<char*>(image.view().row(y)), width);
  if (!in) throw std::runtime_error(path.string() + ": truncated");
  return image;
}

}  // namespace

std::vector<ImageU8> read_pgm_folder(const std::filesystem::path& folder) {
  std::vector<std::filesystem::path> paths;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    if (entry.path().extension() == ".pgm") paths.push_back(entry.path());
  }
  std::ranges::sort(paths);
  std::vector<ImageU8> images;
  for (const auto& p : paths) {
    images.push_back(read_pgm(p));
    if (images.back().width() != images.front().width() || images.back().height() != images.front().height()) {
      throw std::runtime_error(p.string() + ": size differs from the folder's first image");
    }
  }
  return images;
}

std::optional<std::vector<RealEye>> real_eyes(std::size_t frames) {
  const char* dir = std::getenv("PT_GPU_REAL_FRAMES");
  if (dir == nullptr) return std::nullopt;
  const std::vector<ImageU8> all = read_pgm_folder(dir);
  std::vector<RealEye> eyes;
  if (all.empty()) return eyes;
  const int w = all.front().width();
  const int h = all.front().height();
  for (std::size_t f = 0; f < all.size(); f += std::max<std::size_t>(1, all.size() / std::max<std::size_t>(1, frames))) {
    for (const RectI half : {RectI{0, 0, w / 2, h}, RectI{w / 2, 0, w - w / 2, h}}) {
      ImageU8 eye(half.w, half.h);
      copy_pixels(all[f].view().sub(half), eye.view());
      eyes.push_back({"real frame " + std::to_string(f), std::move(eye)});
    }
  }
  return eyes;
}

}  // namespace pt::test
