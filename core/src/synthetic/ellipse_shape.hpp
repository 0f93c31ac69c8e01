#pragma once
// An ellipse prepared for drawing: which columns a pixel row crosses, and the signed distance of
// a pixel centre from the boundary for antialiasing.
namespace pt::synthetic {

struct RealSpan {
  double x0 = 0.0;
  double x1 = -1.0;
  [[nodiscard]] bool empty() const noexcept { return x1 < x0; }
};

class EllipseShape {
 public:
  // Semi-axis a lies at angle_rad from +x (y down), b perpendicular to it.
  EllipseShape(double cx, double cy, double a, double b, double angle_rad) noexcept;

  // The interior's extent along row y (along column x for column_interval).
  [[nodiscard]] RealSpan row_interval(double y) const noexcept;
  [[nodiscard]] RealSpan column_interval(double x) const noexcept;
  // Negative inside. Exact for a circle; for the nearly round pupils here the error within a
  // few pixels of the boundary is far below a hundredth of a pixel.
  [[nodiscard]] double signed_distance(double x, double y) const noexcept;

 private:
  double cx_, cy_, a_, b_, cos_, sin_;
  double qa_, qb_, qc_;  // the interior is qa x^2 + qb x y + qc y^2 <= 1 about the centre
};

}  // namespace pt::synthetic
