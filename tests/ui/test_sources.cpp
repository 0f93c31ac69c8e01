#include "test_sources.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "pt/synthetic_source.hpp"

namespace pt::test {
namespace {

ImageU8 render_discs() {
  ImageU8 img(kDiscsWidth, kDiscsHeight);
  for (int y = 0; y < kDiscsHeight; ++y) {
    for (int x = 0; x < kDiscsWidth; ++x) {
      const bool left = x < kDiscsWidth / 2;
      const Disc& d = left ? kDarkerDisc : kPalerDisc;
      // A one-pixel ramp at the border, and a little texture so that the frame is not flat.
      const float distance = std::hypot(static_cast<float>(x) - d.cx, static_cast<float>(y) - d.cy);
      const float inside = std::clamp(d.r + 0.5F - distance, 0.0F, 1.0F);
      const float pupil = left ? 20.0F : 55.0F;
      const float around = 120.0F + static_cast<float>((x * 7 + y * 13) % 5);
      img.at(x, y) = static_cast<std::uint8_t>(std::lround(inside * pupil + (1.0F - inside) * around));
    }
  }
  return img;
}

class TwoDiscsSource final : public FrameSource {
 public:
  std::string describe() const override { return "two discs"; }
  int width() const override { return kDiscsWidth; }
  int height() const override { return kDiscsHeight; }
  double nominal_fps() const override { return 100.0; }
  std::optional<std::int64_t> frame_count() const override { return std::nullopt; }
  ReadStatus read(Frame& into) override {
    for (int y = 0; y < kDiscsHeight; ++y) std::copy_n(image_.view().row(y), kDiscsWidth, into.pixels().row(y));
    into.info().index = next_;
    into.info().timestamp_s = static_cast<double>(next_) / nominal_fps();
    ++next_;
    return ReadStatus::Ok;
  }
  std::string error() const override { return {}; }

 private:
  ImageU8 image_ = render_discs();
  std::uint64_t next_ = 0;
};

}  // namespace

ui::OpenedSource open_test_source(const QString& input) {
  ui::OpenedSource opened;
  opened.live = true;
  if (input == QStringLiteral("two discs")) {
    opened.source = std::make_unique<TwoDiscsSource>();
    opened.regions = {{EyeSide::Single, {0, 0, kDiscsWidth, kDiscsHeight}}};
    return opened;
  }
  if (input != QStringLiteral("synthetic")) throw std::runtime_error("no such input");
  SyntheticConfig config;
  config.width = 640;
  config.height = 256;
  config.seed = 3;
  config.fps = 200.0;
  auto source = std::make_unique<SyntheticSource>(config, std::nullopt);
  opened.regions = {{EyeSide::Left, source->eye_region(0)}, {EyeSide::Right, source->eye_region(1)}};
  opened.source = std::move(source);
  return opened;
}

ui::MainWindowServices test_services() {
  ui::MainWindowServices s;
  s.open_source = open_test_source;
  s.backend_reason = QStringLiteral("test: the CPU");
  return s;
}

}  // namespace pt::test
