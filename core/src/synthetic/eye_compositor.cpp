#include "eye_compositor.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstring>

#include "ellipse_shape.hpp"

namespace pt::synthetic {
namespace {

// A faint dark line where the lid margin meets the eye, at most this many grey levels.
constexpr double kLidRimDarkening = 30.0;
constexpr double kFixedOne = 65536.0;

std::uint8_t round_grey(double v) noexcept { return static_cast<std::uint8_t>(std::clamp(v + 0.5, 0.0, 255.0)); }

// v / 255, rounded, for v in [0, 255 * 255].
constexpr int div255(int v) noexcept { return (v + 128 + ((v + 128) >> 8)) >> 8; }

PixelSpan inner_pixels(const RealSpan& s) noexcept {
  if (s.empty()) return {};
  return {static_cast<int>(std::ceil(s.x0)), static_cast<int>(std::floor(s.x1))};
}

PixelSpan outer_pixels(const RealSpan& s) noexcept {
  if (s.empty()) return {};
  return {static_cast<int>(std::floor(s.x0)), static_cast<int>(std::ceil(s.x1))};
}

PixelSpan clip(PixelSpan s, int x0, int x1) noexcept { return {std::max(s.x0, x0), std::min(s.x1, x1)}; }

// Composes sclera, iris, pupil and glints of one eye into a row of the line buffer.
class RowPainter {
 public:
  explicit RowPainter(const EyeScene& scene)
      : scene_(scene),
        pose_(scene.pose),
        pupil_(pose_.pupil_x, pose_.pupil_y, pose_.pupil_radius, pose_.pupil_radius * pose_.foreshortening(),
               pose_.major_axis_angle()),
        pupil_outer_(pose_.pupil_x, pose_.pupil_y, pose_.pupil_radius + kPupilBand,
                     pose_.pupil_radius * pose_.foreshortening() + kPupilBand, pose_.major_axis_angle()),
        pupil_inner_(pose_.pupil_x, pose_.pupil_y, std::max(pose_.pupil_radius - kPupilBand, 0.5),
                     std::max(pose_.pupil_radius * pose_.foreshortening() - kPupilBand, 0.5),
                     pose_.major_axis_angle()),
        iris_outer_(pose_.pupil_x, pose_.pupil_y, scene.layout.iris_radius + kIrisBand,
                    scene.layout.iris_radius * pose_.foreshortening() + kIrisBand, pose_.major_axis_angle()) {
    // The sprite is the iris seen straight on: stretching screen offsets along the gaze
    // displacement by 1 / cos(eccentricity) undoes the foreshortening.
    const double c = std::cos(pose_.direction_rad);
    const double s = std::sin(pose_.direction_rad);
    const double k = 1.0 / pose_.foreshortening() - 1.0;
    m00_ = 1.0 + k * c * c;
    m01_ = k * c * s;
    m11_ = 1.0 + k * s * s;
    has_inner_ = pose_.pupil_radius * pose_.foreshortening() > kPupilBand + 0.5;
    // Iris rows end at the grown ellipse; mapped into the sprite they must stay in its margin.
    assert(kIrisBand / pose_.foreshortening() + 1.0 < IrisTexture::margin());
  }

  void paint(int y, int x0, int x1, std::uint8_t* line) const noexcept {
    const PixelSpan inner = has_inner_ ? clip(inner_pixels(pupil_inner_.row_interval(y)), x0, x1) : PixelSpan{};
    const bool inner_empty = inner.x1 < inner.x0;
    const PixelSpan iris = clip(inner_pixels(iris_outer_.row_interval(y)), x0, x1);
    if (inner_empty) {
      paint_iris(y, iris.x0, iris.x1, line);
    } else {
      paint_iris(y, iris.x0, std::min(iris.x1, inner.x0 - 1), line);
      paint_iris(y, std::max(iris.x0, inner.x1 + 1), iris.x1, line);
    }
    const PixelSpan outer = clip(outer_pixels(pupil_outer_.row_interval(y)), x0, x1);
    if (inner_empty) {
      paint_pupil_edge(y, outer.x0, outer.x1, line);
    } else {
      paint_pupil_edge(y, outer.x0, std::min(outer.x1, inner.x0 - 1), line);
      std::memset(line + inner.x0, kPupilGrey, static_cast<std::size_t>(inner.x1 - inner.x0 + 1));
      paint_pupil_edge(y, std::max(outer.x0, inner.x1 + 1), outer.x1, line);
    }
    if (scene_.glints) paint_glints(y, x0, x1, line);
  }

 private:
  // Beyond the border by this much a pixel is surely all pupil or all iris.
  static constexpr double kPupilBand = 0.5 * kPupilEdgeWidth + 1.0;
  static constexpr double kIrisBand = 1.5;  // the sprite's alpha reaches 1 px past the radius

  void paint_iris(int y, int xa, int xb, std::uint8_t* line) const noexcept {
    if (xa > xb) return;
    const double ox = xa - pose_.pupil_x;
    const double oy = y - pose_.pupil_y;
    // 16.16 fixed-point texel coordinates, +0.5 so truncation rounds to the nearest texel.
    const double centre = scene_.iris.centre() + 0.5;
    auto u = static_cast<std::int32_t>(std::lround((centre + m00_ * ox + m01_ * oy) * kFixedOne));
    auto v = static_cast<std::int32_t>(std::lround((centre + m01_ * ox + m11_ * oy) * kFixedOne));
    const auto du = static_cast<std::int32_t>(std::lround(m00_ * kFixedOne));
    const auto dv = static_cast<std::int32_t>(std::lround(m01_ * kFixedOne));
    const IrisTexel* texels = scene_.iris.texels();
    const std::ptrdiff_t stride = scene_.iris.size();
    for (int x = xa; x <= xb; ++x, u += du, v += dv) {
      const IrisTexel t = texels[(v >> 16) * stride + (u >> 16)];
      line[x] = static_cast<std::uint8_t>(div255(line[x] * (255 - t.alpha) + t.grey * t.alpha));
    }
  }

  void paint_pupil_edge(int y, int xa, int xb, std::uint8_t* line) const noexcept {
    for (int x = xa; x <= xb; ++x) {
      const double coverage = std::clamp(0.5 - pupil_.signed_distance(x, y) / kPupilEdgeWidth, 0.0, 1.0);
      line[x] = round_grey(line[x] + (kPupilGrey - line[x]) * coverage);
    }
  }

  void paint_glints(int y, int x0, int x1, std::uint8_t* line) const noexcept {
    for (const GlintSpot& g : pose_.glints) {
      const double dy = y - g.y;
      const double reach = glint_reach(g.radius);
      if (std::abs(dy) >= reach) continue;
      const double half = std::sqrt(reach * reach - dy * dy);
      const int xa = std::max(x0, static_cast<int>(std::ceil(g.x - half)));
      const int xb = std::min(x1, static_cast<int>(std::floor(g.x + half)));
      for (int x = xa; x <= xb; ++x) {
        const double weight = glint_weight(std::hypot(x - g.x, dy), g.radius);
        line[x] = round_grey(line[x] + (g.peak - line[x]) * weight);
      }
    }
  }

  const EyeScene& scene_;
  const EyePose& pose_;
  EllipseShape pupil_;
  EllipseShape pupil_outer_;
  EllipseShape pupil_inner_;
  EllipseShape iris_outer_;
  double m00_ = 1.0;
  double m01_ = 0.0;
  double m11_ = 1.0;
  bool has_inner_ = false;
};

// Pixels on a lid edge: skin and eye mixed by the lid's coverage, darkened at the margin.
void blend_lid_edge(int y, int xa, int xb, const LidShape& lids, const std::uint8_t* skin, const std::uint8_t* line,
                    std::uint8_t* out) noexcept {
  for (int x = xa; x <= xb; ++x) {
    const double c = lids.coverage(x, y);
    out[x] = round_grey(skin[x] + (line[x] - skin[x]) * c - 4.0 * kLidRimDarkening * c * (1.0 - c));
  }
}

}  // namespace

void EyeCompositor::draw(ViewU8 frame, const EyeScene& scene) {
  const LidShape& lids = scene.pose.lids;
  const RectI& region = scene.layout.region;
  const int clip_x0 = region.x;
  const int clip_x1 = region.x + region.w - 1;
  const double margin = lids.edge_margin();
  const int y_top = std::max(region.y, static_cast<int>(std::floor(lids.centre_y - std::max(lids.upper, 0.0) - margin)));
  const int y_bottom = std::min(region.y + region.h - 1, static_cast<int>(std::ceil(lids.centre_y + lids.lower + margin)));
  line_.resize(static_cast<std::size_t>(frame.width));
  std::uint8_t* line = line_.data();
  const RowPainter painter(scene);
  const int layer_width = scene.background.skin.width();
  for (int y = y_top; y <= y_bottom; ++y) {
    const RowSpans visible = lids.row_spans(y, -margin, clip_x0, clip_x1);
    if (visible.count == 0) continue;
    const int x0 = visible.span[0].x0;
    const int x1 = visible.span[static_cast<std::size_t>(visible.count - 1)].x1;
    const std::ptrdiff_t layer_row = static_cast<std::ptrdiff_t>(y) * layer_width;
    const std::uint8_t* sclera = scene.background.sclera.data() + layer_row;
    const std::uint8_t* skin = scene.background.skin.data() + layer_row;
    std::memcpy(line + x0, sclera + x0, static_cast<std::size_t>(x1 - x0 + 1));
    painter.paint(y, x0, x1, line);

    // Columns well inside both lids are copied; the rest of the visible spans is lid edge.
    const RowSpans open = lids.row_spans(y, margin, clip_x0, clip_x1);
    std::uint8_t* out = frame.row(y);
    for (int i = 0; i < visible.count; ++i) {
      const PixelSpan& v = visible.span[static_cast<std::size_t>(i)];
      int x = v.x0;
      for (int j = 0; j < open.count; ++j) {
        const PixelSpan o = clip(open.span[static_cast<std::size_t>(j)], x, v.x1);
        if (o.x0 > o.x1) continue;
        blend_lid_edge(y, x, o.x0 - 1, lids, skin, line, out);
        std::memcpy(out + o.x0, line + o.x0, static_cast<std::size_t>(o.x1 - o.x0 + 1));
        x = o.x1 + 1;
      }
      blend_lid_edge(y, x, v.x1, lids, skin, line, out);
    }
  }
}

}  // namespace pt::synthetic
