#include "gui/hessian_plugin.hpp"

#include <cmath>

#include "cli/hessian_compute.hpp"
#include "pt/hessian/derivative_taps.hpp"
#include "pt/hessian/hessian_maps.hpp"

namespace pt::gui {
namespace {

using plugins::ParamKind;
using plugins::ParamValue;

constexpr cli::HessianMapKind kMaps[] = {cli::HessianMapKind::Lambda1, cli::HessianMapKind::Lambda2,
                                         cli::HessianMapKind::Blob, cli::HessianMapKind::Vesselness};
constexpr hessian::Polarity kPolarities[] = {hessian::Polarity::Bright, hessian::Polarity::Dark};

// `count` scales from `first` to `last`, evenly spaced in log-scale as Frangi samples them.
std::vector<double> scale_range(double first, double last, int count) {
  if (count <= 1 || last <= first) return {first};
  std::vector<double> out;
  for (int i = 0; i < count; ++i) out.push_back(first * std::pow(last / first, static_cast<double>(i) / (count - 1)));
  return out;
}

class HessianPlugin final : public plugins::AlgorithmPlugin {
 public:
  std::string id() const override { return "hessian"; }
  std::string display_name() const override { return "Hessian: blobs and vessels"; }

  plugins::ParamSchema schema() const override {
    return {
        {"map", "Map", "λ1, λ2: the Hessian's eigenvalues (|λ1| ≥ |λ2|) at σ; blob: both strongly of one sign; "
                       "vesselness: Frangi's ridge measure, maximum over the scales",
         ParamKind::Enum, 0, 3, 1, ParamValue{std::int64_t{2}}, {"λ1", "λ2", "blob", "vesselness"}},
        {"sigma", "σ (px)", "Gaussian scale of the second derivatives; the smallest scale of a multi-scale map",
         ParamKind::Float, 0.5, hessian::kMaxSigma, 0.25, ParamValue{2.0}, {}},
        {"max_sigma", "Largest σ (px)", "Blob and vesselness: the largest scale", ParamKind::Float, 0.5,
         hessian::kMaxSigma, 0.25, ParamValue{4.0}, {}},
        {"scales", "Scales", "Blob and vesselness: scales from σ to the largest, evenly spaced in log-scale",
         ParamKind::Int, 1, 8, 1, ParamValue{std::int64_t{3}}, {}},
        {"polarity", "Structures", "Bright (corneal reflections) or dark (vessels, the pupil)", ParamKind::Enum, 0, 1, 1,
         ParamValue{std::int64_t{0}}, {"bright", "dark"}},
        {"use_cuda", "Use CUDA", "Compute on the GPU when one is usable", ParamKind::Bool, 0, 1, 1, ParamValue{true}, {}},
    };
  }

  plugins::AlgorithmOutput run(CViewU8 frame, const plugins::ParamSet& params) override {
    const plugins::ParamSchema s = schema();
    cli::HessianRequest request;
    request.map = kMaps[plugins::int_param(s, params, "map")];
    request.polarity = kPolarities[plugins::int_param(s, params, "polarity")];
    const double sigma = plugins::float_param(s, params, "sigma");
    const bool multi = request.map == cli::HessianMapKind::Blob || request.map == cli::HessianMapKind::Vesselness;
    request.scales = multi ? scale_range(sigma, plugins::float_param(s, params, "max_sigma"),
                                         static_cast<int>(plugins::int_param(s, params, "scales")))
                           : std::vector<double>{sigma};

    const Image<float> input = hessian::to_float_image(frame);
    std::string why_cpu = plugins::bool_param(s, params, "use_cuda") ? cli::cuda_unavailable_reason() : "CUDA switched off";
    const bool on_cuda = why_cpu.empty();
    cli::ComputedMap computed = on_cuda ? cli::compute_on_cuda(input.view(), request) : cli::compute_on_cpu(input.view(), request);

    plugins::AlgorithmOutput out;
    out.map = std::move(computed.values);
    out.scalars = {{"compute ms", computed.compute_ms}, {"scales", static_cast<double>(request.scales.size())}};
    out.note = on_cuda ? "backend: CUDA" : "backend: CPU (" + why_cpu + ")";
    return out;
  }
};

}  // namespace

std::unique_ptr<plugins::AlgorithmPlugin> make_hessian_plugin() { return std::make_unique<HessianPlugin>(); }

}  // namespace pt::gui
