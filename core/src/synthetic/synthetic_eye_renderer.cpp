#include <cmath>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <vector>

#include "background_layers.hpp"
#include "blink_dynamics.hpp"
#include "eye_compositor.hpp"
#include "eye_layout.hpp"
#include "eye_pose.hpp"
#include "eye_truth.hpp"
#include "eyelashes.hpp"
#include "gaze_dynamics.hpp"
#include "glints.hpp"
#include "iris_texture.hpp"
#include "pt/synthetic_eyes.hpp"
#include "pupil_dynamics.hpp"
#include "region_blur.hpp"
#include "rng.hpp"
#include "sensor_noise.hpp"

namespace pt {
namespace {

using namespace synthetic;

const SyntheticConfig& validated(const SyntheticConfig& c) {
  if (c.eyes != 1 && c.eyes != 2) throw std::invalid_argument("synthetic eyes: eyes must be 1 or 2");
  // Below this an eye's features (pupil, glints, lashes) shrink under a pixel or two.
  if (c.width < 64 * c.eyes || c.height < 48) throw std::invalid_argument("synthetic eyes: frame too small");
  if (!(c.fps > 0.0) || !std::isfinite(c.fps)) throw std::invalid_argument("synthetic eyes: fps must be positive");
  if (!(c.noise_sigma >= 0.0) || !(c.noise_sigma <= 40.0)) {
    throw std::invalid_argument("synthetic eyes: noise_sigma must be in [0, 40]");
  }
  if (!(c.blur_sigma >= 0.0) || !(c.blur_sigma <= 20.0)) {
    throw std::invalid_argument("synthetic eyes: blur_sigma must be in [0, 20]");
  }
  return c;
}

std::vector<EyeLayout> make_layouts(const SyntheticConfig& c) {
  if (c.eyes == 1) return {make_eye_layout({0, 0, c.width, c.height}, EyeSide::Single)};
  const int half = c.width / 2;
  return {make_eye_layout({0, 0, half, c.height}, EyeSide::Left),
          make_eye_layout({half, 0, c.width - half, c.height}, EyeSide::Right)};
}

// The still and textured parts of one eye, made once.
struct EyeAssets {
  IrisTexture iris;
  Eyelashes lashes;
  LedRing leds;
};

std::vector<EyeAssets> make_eye_assets(const SyntheticConfig& c, const std::vector<EyeLayout>& layouts) {
  std::vector<EyeAssets> assets;
  for (std::size_t i = 0; i < layouts.size(); ++i) {
    const EyeLayout& e = layouts[i];
    const int eye = static_cast<int>(i);
    Rng iris_rng(c.seed, stream_id(RngStream::Iris, eye));
    Rng lash_rng(c.seed, stream_id(RngStream::Eyelashes, eye));
    Rng glint_rng(c.seed, stream_id(RngStream::Glints, eye));
    const double brightness = vignetting(e.centre_x, e.centre_y, c.width, c.height);
    assets.push_back({IrisTexture(e.iris_radius, brightness, iris_rng), Eyelashes(e, lash_rng),
                      make_led_ring(e, glint_rng)});
  }
  return assets;
}

}  // namespace

struct SyntheticEyeRenderer::Impl {
  explicit Impl(const SyntheticConfig& c)
      : config(c),
        layouts(make_layouts(c)),
        background([&] {
          Rng rng(c.seed, stream_id(RngStream::Background));
          return make_background_layers(c.width, c.height, layouts, rng);
        }()),
        assets(make_eye_assets(c, layouts)),
        gaze(c.seed, c.gaze_motion),
        pupil(c.seed),
        blink(c.seed, c.blinks),
        noise_placement(c.seed, stream_id(RngStream::NoisePlacement)) {
    if (c.noise_sigma > 0.0) noise.emplace(c.noise_sigma, c.width, c.seed);
    if (c.blur_sigma > 0.0) blur.emplace(c.blur_sigma);
  }

  SyntheticFrameTruth render(ViewU8 out);

  SyntheticConfig config;
  std::vector<EyeLayout> layouts;
  BackgroundLayers background;
  std::vector<EyeAssets> assets;
  GazeModel gaze;
  PupilModel pupil;
  BlinkModel blink;
  Rng noise_placement;
  std::optional<SensorNoise> noise;
  std::optional<RegionBlur> blur;
  EyeCompositor compositor;
  std::uint64_t index = 0;
};

SyntheticFrameTruth SyntheticEyeRenderer::Impl::render(ViewU8 out) {
  if (out.width != config.width || out.height != config.height || out.data == nullptr) {
    throw std::invalid_argument("synthetic eyes: output view does not match the configured size");
  }
  SyntheticFrameTruth truth;
  truth.index = index;
  truth.time_s = static_cast<double>(index) / config.fps;
  truth.eye_count = static_cast<int>(layouts.size());

  const std::size_t row_bytes = static_cast<std::size_t>(config.width);
  for (int y = 0; y < config.height; ++y) {
    std::memcpy(out.row(y), background.skin.data() + static_cast<std::ptrdiff_t>(y) * config.width, row_bytes);
  }
  const GazeAngles g = gaze.current();
  const double pupil_size = pupil.size();
  const double closure = blink.closure();
  for (std::size_t i = 0; i < layouts.size(); ++i) {
    const EyeLayout& layout = layouts[i];
    const EyeAssets& a = assets[i];
    const EyePose pose = make_eye_pose(layout, a.leds, g, pupil_size, closure);
    truth.eyes[i] = make_eye_truth(layout, pose);
    compositor.draw(out, {layout, pose, a.iris, background, config.glints});
    if (config.eyelashes) a.lashes.draw(out, pose.lids, layout.region);
    if (blur) blur->apply(out.sub(moving_part(layout)));
  }
  if (noise) noise->apply(out, noise_placement);

  const double dt = 1.0 / config.fps;
  gaze.advance(dt);
  pupil.advance(dt);
  blink.advance(dt);
  ++index;
  return truth;
}

SyntheticEyeRenderer::SyntheticEyeRenderer(const SyntheticConfig& config)
    : impl_(std::make_unique<Impl>(validated(config))) {}

SyntheticEyeRenderer::~SyntheticEyeRenderer() = default;
SyntheticEyeRenderer::SyntheticEyeRenderer(SyntheticEyeRenderer&&) noexcept = default;
SyntheticEyeRenderer& SyntheticEyeRenderer::operator=(SyntheticEyeRenderer&&) noexcept = default;

const SyntheticConfig& SyntheticEyeRenderer::config() const noexcept { return impl_->config; }

RectI SyntheticEyeRenderer::eye_region(int eye) const noexcept {
  if (eye < 0 || eye >= static_cast<int>(impl_->layouts.size())) return {};
  return impl_->layouts[static_cast<std::size_t>(eye)].region;
}

SyntheticFrameTruth SyntheticEyeRenderer::render_next(ViewU8 out) { return impl_->render(out); }

}  // namespace pt
