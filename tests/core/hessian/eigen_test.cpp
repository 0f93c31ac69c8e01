// The closed-form eigen decomposition against a double-precision reference, and the per-pixel
// responses on Hessians whose answer is known.
#include <cmath>
#include <numbers>
#include <random>
#include <utility>

#include "pt/hessian/hessian_pixel.hpp"
#include "pt_catch.hpp"

using pt::hessian::EigenPair;
using pt::hessian::Polarity;

namespace {

// Eigenvalues of [[a, b], [b, c]] in double by a Jacobi rotation, ordered by magnitude: an
// independent route from the quadratic formula the code uses.
std::pair<double, double> jacobi_eigen(double a, double b, double c) {
  if (b == 0.0) return std::abs(a) >= std::abs(c) ? std::pair{a, c} : std::pair{c, a};
  const double theta = 0.5 * std::atan2(2.0 * b, a - c);
  const double cs = std::cos(theta);
  const double sn = std::sin(theta);
  const double e1 = cs * cs * a + 2.0 * cs * sn * b + sn * sn * c;
  const double e2 = sn * sn * a - 2.0 * cs * sn * b + cs * cs * c;
  return std::abs(e1) >= std::abs(e2) ? std::pair{e1, e2} : std::pair{e2, e1};
}

// lambda2 = det / lambda1 in double, exact for float inputs up to the final rounding: the
// rotation above loses lambda2's digits when |lambda2| << |lambda1|, this does not.
double reference_lambda2(double a, double b, double c, double lambda1) {
  return lambda1 == 0.0 ? 0.0 : (a * c - b * b) / lambda1;
}

void check_against_reference(float a, float b, float c) {
  const EigenPair e = pt::hessian::symmetric_eigen(a, b, c);
  auto [l1, l2_rotation] = jacobi_eigen(a, b, c);
  // Eigenvalues of equal magnitude and opposite sign come in either order.
  const bool tie = std::abs(std::abs(l1) - std::abs(l2_rotation)) <= 1e-6 * std::abs(l1);
  if (tie && (e.lambda1 < 0.0F) != (l1 < 0.0)) std::swap(l1, l2_rotation);
  const double l2 = reference_lambda2(a, b, c, l1);
  CAPTURE(a, b, c, e.lambda1, e.lambda2, l1, l2, l2_rotation);
  REQUIRE(std::abs(e.lambda1) >= std::abs(e.lambda2));
  CHECK(std::abs(e.lambda1 - l1) <= 1e-4 * std::abs(l1));
  CHECK(std::abs(e.lambda2 - l2) <= 1e-4 * std::abs(l2));
  // The two references agree where the rotation keeps lambda2's digits.
  CHECK(std::abs(l2 - l2_rotation) <= 1e-9 * std::abs(l1));
}

}  // namespace

TEST_CASE("eigenvalues match a double-precision reference within 1e-4 relative") {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> value(-300.0F, 300.0F);
  std::uniform_real_distribution<float> exponent(-20.0F, 20.0F);
  SECTION("random Hessians over a wide dynamic range") {
    for (int i = 0; i < 200000; ++i) {
      const float scale = std::exp2(exponent(rng));
      check_against_reference(value(rng) * scale, value(rng) * scale, value(rng) * scale);
    }
  }
  SECTION("near-singular Hessians: ridges, where lambda2 is a tiny difference") {
    for (int i = 0; i < 100000; ++i) {
      // [[u^2, uv], [uv, v^2]] + a small perturbation: one eigenvalue near zero.
      const float u = value(rng);
      const float v = value(rng);
      const float eps = value(rng) * 1e-5F;
      check_against_reference(u * u + eps, u * v, v * v - eps);
    }
  }
  SECTION("special cases") {
    check_against_reference(0.0F, 0.0F, 0.0F);
    check_against_reference(5.0F, 0.0F, 5.0F);
    check_against_reference(-5.0F, 0.0F, 5.0F);
    check_against_reference(1.0F, 1.0F, 1.0F);
    check_against_reference(0.0F, 3.0F, 0.0F);
    check_against_reference(1e-10F, 0.0F, -2e-10F);
    check_against_reference(1e15F, 1e15F, 1e15F);
  }
}

TEST_CASE("the determinant keeps its digits when the products nearly cancel") {
  // 16777217^2 is not a float: a plain a*c - b*b rounds both products to the same value.
  const float a = 4097.0F;
  const float b = 4097.0F;
  const float c = 4097.0F + 1.0F / 1024.0F;
  const double exact = static_cast<double>(a) * c - static_cast<double>(b) * b;
  CHECK(static_cast<double>(pt::hessian::determinant2(a, b, c)) == Approx(exact).epsilon(1e-6));
}

TEST_CASE("principal direction is lambda1's eigenvector") {
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> value(-100.0F, 100.0F);
  for (int i = 0; i < 20000; ++i) {
    const float a = value(rng);
    const float b = value(rng);
    const float c = value(rng);
    const EigenPair e = pt::hessian::symmetric_eigen(a, b, c);
    const double angle = pt::hessian::principal_direction(a, b, c, e.lambda1);
    CAPTURE(a, b, c, angle);
    REQUIRE(angle > -std::numbers::pi / 2 - 1e-6);
    REQUIRE(angle <= std::numbers::pi / 2 + 1e-6);
    const double vx = std::cos(angle);
    const double vy = std::sin(angle);
    // H v - lambda1 v, relative to the matrix's size.
    const double rx = a * vx + b * vy - e.lambda1 * vx;
    const double ry = b * vx + c * vy - e.lambda1 * vy;
    CHECK(std::hypot(rx, ry) <= 1e-5 * (std::abs(e.lambda1) + 1e-30));
  }
}

TEST_CASE("a bright spot answers the bright blob response only, a ridge answers neither") {
  const EigenPair bright_spot = pt::hessian::symmetric_eigen(-9.0F, 0.0F, -7.0F);
  const EigenPair dark_spot = pt::hessian::symmetric_eigen(9.0F, 1.0F, 7.0F);
  const EigenPair dark_ridge = pt::hessian::symmetric_eigen(9.0F, 0.0F, 0.0F);
  CHECK(pt::hessian::blob_response(bright_spot, Polarity::Bright) == Approx(7.0));
  CHECK(pt::hessian::blob_response(bright_spot, Polarity::Dark) == 0.0F);
  CHECK(pt::hessian::blob_response(dark_spot, Polarity::Dark) > 6.0F);
  CHECK(pt::hessian::blob_response(dark_ridge, Polarity::Dark) == 0.0F);
}

TEST_CASE("vesselness: strong on a ridge of its polarity, weak on a blob, zero on the other polarity") {
  const pt::hessian::VesselnessTerms terms{2.0F, 2.0F / (10.0F * 10.0F)};
  const EigenPair dark_ridge{10.0F, 0.1F};
  const EigenPair dark_blob{10.0F, 9.0F};
  const EigenPair bright_ridge{-10.0F, 0.1F};
  const float ridge = pt::hessian::vesselness(dark_ridge, Polarity::Dark, terms);
  CHECK(ridge > 0.8F);
  CHECK(pt::hessian::vesselness(dark_blob, Polarity::Dark, terms) < 0.25F * ridge);
  CHECK(pt::hessian::vesselness(bright_ridge, Polarity::Dark, terms) == 0.0F);
  CHECK(pt::hessian::vesselness(bright_ridge, Polarity::Bright, terms) == Approx(ridge));
}

TEST_CASE("mirror_index reflects without repeating the edge, however far out") {
  CHECK(pt::hessian::mirror_index(-1, 5) == 1);
  CHECK(pt::hessian::mirror_index(5, 5) == 3);
  CHECK(pt::hessian::mirror_index(-6, 5) == 2);  // -6 -> 6 -> 2
  CHECK(pt::hessian::mirror_index(13, 5) == 3);  // period 8: 13 -> 5 -> 3
  CHECK(pt::hessian::mirror_index(-3, 2) == 1);
  CHECK(pt::hessian::mirror_index(7, 1) == 0);
  for (int i = 0; i < 5; ++i) CHECK(pt::hessian::mirror_index(i, 5) == i);
}
