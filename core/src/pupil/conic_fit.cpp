#include "pt/pupil/conic_fit.hpp"

namespace pt {
namespace {

std::optional<Ellipse> optional_of(const MaybeEllipse& e) {
  return e.ok ? std::optional<Ellipse>(e.ellipse) : std::nullopt;
}

}  // namespace

std::optional<Ellipse> fit_circle_taubin(std::span<const Point2f> points) {
  return optional_of(conic_math::circle_taubin(points));
}

std::optional<Ellipse> fit_ellipse_direct(std::span<const Point2f> points) {
  return optional_of(conic_math::ellipse_direct(points));
}

}  // namespace pt
