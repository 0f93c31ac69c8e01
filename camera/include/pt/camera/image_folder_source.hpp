#pragma once
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "pt/frame_source.hpp"

namespace pt::camera {

struct ImageFolderOptions {
  double fps = 30.0;         // a folder has no clock: timestamps are index / fps
  std::string include_glob;  // on the file name; empty reads every image
  std::string exclude_glob;  // on the file name, e.g. "*m.png" for masks beside the images
};

// Every image file directly in a folder (png, jpg, jpeg, bmp, tif, tiff, pgm, ppm), in natural
// order ("img2.png" before "img10.png"), as one sequence whose geometry is the first image's.
// info().source is the file name alone, which is what ground-truth files name images by.
class ImageFolderSource final : public pt::FrameSource {
 public:
  // Throws InputError when the folder is missing or not a folder, when no image matches, when
  // fps is not positive, or when the first image cannot be read.
  explicit ImageFolderSource(const std::filesystem::path& folder, ImageFolderOptions options = {});
  ~ImageFolderSource() override;
  ImageFolderSource(const ImageFolderSource&) = delete;
  ImageFolderSource& operator=(const ImageFolderSource&) = delete;

  [[nodiscard]] std::string describe() const override;
  [[nodiscard]] int width() const override;
  [[nodiscard]] int height() const override;
  [[nodiscard]] double nominal_fps() const override;
  [[nodiscard]] std::optional<std::int64_t> frame_count() const override;
  // An unreadable image or one whose size differs from the first ends the sequence with Error;
  // every later call returns Error too.
  pt::ReadStatus read(pt::Frame& into) override;
  [[nodiscard]] std::string error() const override;
  [[nodiscard]] std::vector<std::string> notices() const override;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace pt::camera
