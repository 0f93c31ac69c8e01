#pragma once
// The eye opening: upper and lower lid as parabolas through the two canthi
// (centre_x +- half_width, centre_y). Both lids share the profile 1 - t^2, so the constraint
// "row y lies between the lids" is linear in the profile and solves in closed form per row.
#include <array>

namespace pt::synthetic {

// Inclusive pixel columns; empty when x1 < x0.
struct PixelSpan {
  int x0 = 0;
  int x1 = -1;
};

// At most two spans: the opening's row is one span, except while a blink bends the upper lid
// below the canthus line, when a row can cut the opening at both corners.
struct RowSpans {
  std::array<PixelSpan, 2> span{};
  int count = 0;
};

// Width of the antialiasing ramp of the lid edges, px.
inline constexpr double kLidEdgeWidth = 1.6;

struct LidShape {
  double centre_x = 0.0;
  double centre_y = 0.0;
  double half_width = 1.0;
  double upper = 0.0;  // apex of the upper lid above centre_y; negative once a blink bends it below
  double lower = 0.0;  // apex of the lower lid below centre_y

  [[nodiscard]] double profile(double x) const noexcept {
    const double t = (x - centre_x) / half_width;
    return 1.0 - t * t;
  }
  [[nodiscard]] double upper_y(double x) const noexcept { return centre_y - upper * profile(x); }
  [[nodiscard]] double lower_y(double x) const noexcept { return centre_y + lower * profile(x); }
  // Strictly between the lids: the point is seen.
  [[nodiscard]] bool reveals(double x, double y) const noexcept {
    return profile(x) > 0.0 && upper_y(x) < y && y < lower_y(x);
  }
  // Share of the pixel centred at (x, y) that shows the eye rather than the lid: a linear ramp
  // of kLidEdgeWidth across each lid edge, and the coverage of a slab between two edges, so a
  // shut eye (both lids on one curve) shows nothing.
  [[nodiscard]] double coverage(double x, double y) const noexcept;
  // Vertical distance from a lid edge beyond which a pixel's coverage is surely 0 or 1.
  [[nodiscard]] double edge_margin() const noexcept;
  // Columns in [clip_x0, clip_x1] of row y whose centre lies at least `margin` px inside both
  // lids, measured vertically (negative: up to -margin outside).
  [[nodiscard]] RowSpans row_spans(int y, double margin, int clip_x0, int clip_x1) const noexcept;
};

}  // namespace pt::synthetic
