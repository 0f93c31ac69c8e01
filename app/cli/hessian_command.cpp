#include "cli/hessian_command.hpp"

#include <cstdio>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "cli/hessian_compute.hpp"
#include "cli/hessian_image_io.hpp"
#include "cli/number_checks.hpp"
#include "cli/output_checks.hpp"
#include "pt/hessian/map_peaks.hpp"

namespace pt::cli {
namespace {

// Defaults by map: glints (bright spots of 1.5 to 5 px) and HRF-sized retinal vessels (3 to
// 25 px across); the eigenvalue maps at one middle scale.
const std::vector<double> kBlobScales = {1.0, 1.5, 2.0, 3.0};
const std::vector<double> kVesselScales = {2.0, 3.0, 4.5, 6.0, 8.0};
constexpr double kEigenSigma = 2.0;

HessianMapKind parse_map(const std::string& m) {
  if (m == "lambda1") return HessianMapKind::Lambda1;
  if (m == "lambda2") return HessianMapKind::Lambda2;
  if (m == "direction") return HessianMapKind::Direction;
  if (m == "blob") return HessianMapKind::Blob;
  return HessianMapKind::Vesselness;
}

std::vector<double> parse_scales(const std::string& text) {
  std::vector<double> scales;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    std::size_t used = 0;
    double v = 0.0;
    try {
      v = std::stod(item, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == 0 || used != item.size()) throw std::invalid_argument("--scales: '" + item + "' is not a number");
    scales.push_back(v);
  }
  if (scales.empty()) throw std::invalid_argument("--scales: no scale given");
  return scales;
}

HessianRequest make_request(const HessianOptions& o) {
  HessianRequest r;
  r.map = parse_map(o.map);
  const bool eigen = r.map != HessianMapKind::Blob && r.map != HessianMapKind::Vesselness;
  if (o.sigma > 0.0 && !o.scales.empty()) throw std::invalid_argument("give --sigma or --scales, not both");
  if (o.sigma > 0.0) {
    r.scales = {o.sigma};
  } else if (!o.scales.empty()) {
    r.scales = parse_scales(o.scales);
  } else {
    r.scales = eigen ? std::vector<double>{kEigenSigma} : r.map == HessianMapKind::Blob ? kBlobScales : kVesselScales;
  }
  if (eigen && r.scales.size() != 1) throw std::invalid_argument("--map " + o.map + " takes one scale");
  hessian::validate_scales(r.scales);
  const std::string polarity = o.polarity.empty() ? (r.map == HessianMapKind::Blob ? "bright" : "dark") : o.polarity;
  r.polarity = polarity == "bright" ? hessian::Polarity::Bright : hessian::Polarity::Dark;
  r.beta = o.beta;
  r.c = o.c;
  return r;
}

std::string choose_backend(const std::string& asked) {
  const std::string why_not = cuda_unavailable_reason();
  if (asked == "cuda" && !why_not.empty()) throw std::runtime_error("--backend cuda: " + why_not);
  if (!asked.empty()) return asked;
  if (!why_not.empty()) std::fprintf(stderr, "hessian: backend cpu: %s\n", why_not.c_str());
  return why_not.empty() ? "cuda" : "cpu";
}

std::string describe_scales(const std::vector<double>& scales) {
  std::ostringstream s;
  for (std::size_t i = 0; i < scales.size(); ++i) s << (i > 0 ? "," : "") << scales[i];
  return s.str();
}

}  // namespace

void add_hessian_command(CLI::App& app, HessianOptions& o, int& exit_code) {
  CLI::App* cmd = app.add_subcommand("hessian", "Hessian eigenvalue maps of an image: eigenvalues, blobs, vessels");
  cmd->add_option("--input,-i", o.input, "Image file (8 or 16 bit, grey or colour)")->required();
  cmd->add_option("--out,-o", o.out, "Map file: .tif/.tiff float32, or .png/.jpg/.bmp/.pgm 8-bit scaled")->required();
  cmd->add_option("--map", o.map, "lambda1, lambda2 (|lambda1| >= |lambda2|), direction (of lambda1), blob, vesselness")
      ->check(CLI::IsMember({"lambda1", "lambda2", "direction", "blob", "vesselness"}))
      ->capture_default_str();
  cmd->add_option("--sigma", o.sigma, "One scale in px, up to 8 (eigenvalue maps: default 2)")->check(positive_number());
  cmd->add_option("--scales", o.scales, "Scales s1,s2,... for blob (default 1,1.5,2,3) or vesselness (2,3,4.5,6,8)");
  cmd->add_option("--backend", o.backend, "cpu or cuda (default: cuda when a device is usable)")
      ->check(CLI::IsMember({"cpu", "cuda"}));
  cmd->add_option("--polarity", o.polarity, "bright or dark structures (default: bright blobs, dark vessels)")
      ->check(CLI::IsMember({"bright", "dark"}));
  cmd->add_option("--channel", o.channel, "Of a colour image: grey, red, green or blue")
      ->check(CLI::IsMember({"grey", "red", "green", "blue"}))
      ->capture_default_str();
  cmd->add_option("--beta", o.beta, "Frangi's beta (vesselness)")->check(positive_number())->capture_default_str();
  cmd->add_option("--c", o.c, "Frangi's c (vesselness); default: half the largest Hessian norm at each scale")
      ->check(positive_number());
  auto* threshold =
      cmd->add_option("--threshold", o.threshold, "Level of the mask written by --mask-out")->check(finite_number());
  auto* mask = cmd->add_option("--mask-out", o.mask_out, "Also write map >= --threshold as a 0/255 mask (.png)");
  // Each without the other would do nothing, or not what was meant: both or neither.
  mask->needs(threshold);
  threshold->needs(mask);
  cmd->callback([&o, &exit_code] { exit_code = run_hessian(o); });
}

int run_hessian(const HessianOptions& o) {
  try {
    check_outputs(std::vector<NamedPath>{{"--input", o.input}},
                      std::vector<NamedPath>{{"--out", o.out}, {"--mask-out", o.mask_out}});
    const HessianRequest request = make_request(o);
    check_map_format(o.out);
    if (!o.mask_out.empty()) check_mask_format(o.mask_out);
    std::vector<std::string> notes;
    const Image<float> image = read_image_as_float(o.input, o.channel, notes);
    for (const std::string& n : notes) std::fprintf(stderr, "note: %s\n", n.c_str());
    notes.clear();
    const std::string backend = choose_backend(o.backend);
    const ComputedMap map = backend == "cuda" ? compute_on_cuda(image.view(), request) : compute_on_cpu(image.view(), request);
    std::fprintf(stderr, "hessian: %s of %dx%d at scales %s on %s: %.2f ms\n", o.map.c_str(), image.width(),
                 image.height(), describe_scales(request.scales).c_str(), backend.c_str(), map.compute_ms);
    write_map(o.out, map.values.view(), notes);
    if (!o.mask_out.empty()) {
      ImageU8 mask(image.width(), image.height());
      hessian::threshold_mask(map.values.view(), static_cast<float>(o.threshold), mask.view());
      write_mask(o.mask_out, mask.view());
    }
    for (const std::string& n : notes) std::fprintf(stderr, "note: %s\n", n.c_str());
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
}

}  // namespace pt::cli
