#include "cli/pipeline_stages_bench.hpp"

#include <memory>
#include <optional>
#include <utility>

#include "pt/imgproc/gaussian_filter.hpp"
#include "pt/pupil/dark_blob_locator.hpp"
#include "pt/pupil/reflection_remover.hpp"
#include "pt/pupil/pupil_search.hpp"

namespace pt::cli {

std::vector<StageTiming> time_pipeline_stages(const std::vector<ImageU8>& frames, const std::vector<EyeRegion>& regions,
                                              const DetectorParams& params, int count) {
  struct EyeStages {
    ReflectionRemover reflections;
    GaussianFilter gaussian;
    DarkBlobLocator locator;
    std::unique_ptr<PupilSearch> search;
    ImageU8 cleaned;
    ImageU8 mask;
    ImageU8 smooth;
    std::optional<Point2f> previous;
  };
  std::vector<EyeStages> eyes;
  eyes.reserve(regions.size());
  for (const EyeRegion& r : regions) {
    eyes.push_back({{}, GaussianFilter(params.smoothing.gaussian_size, params.smoothing.gaussian_sigma), {},
                    make_pupil_search(params.algorithm, params), ImageU8(r.rect.w, r.rect.h),
                    ImageU8(r.rect.w, r.rect.h), ImageU8(r.rect.w, r.rect.h), std::nullopt});
  }
  std::vector<StageTiming> t{{"stage: reflection removal", {}}, {"stage: gaussian 5/2", {}}, {"stage: pupil search+fit", {}}};
  for (int i = 0; i < count; ++i) {
    const ImageU8& frame = frames[static_cast<std::size_t>(i) % frames.size()];
    double refl = 0.0;
    double smooth = 0.0;
    double search = 0.0;
    for (std::size_t e = 0; e < regions.size(); ++e) {
      EyeStages& s = eyes[e];
      const CViewU8 pixels = frame.view().sub(regions[e].rect);
      refl += time_us([&] { s.reflections.apply(pixels, s.cleaned.view(), s.mask.view(), params.reflections); });
      smooth += time_us([&] { s.gaussian.apply(std::as_const(s.cleaned).view(), s.smooth.view()); });
      search += time_us([&] {
        const CViewU8 img = std::as_const(s.smooth).view();
        const StarburstParams& sp = params.starburst;
        const Point2f seed =
            s.previous ? *s.previous : s.locator.locate(img, sp.min_radius_px, sp.max_radius_px).front();
        const SearchOutcome& out = s.search->run(img, std::as_const(s.mask).view(), seed, params);
        s.previous = out.fit ? std::optional(Point2f{out.fit->ellipse.cx, out.fit->ellipse.cy}) : std::nullopt;
      });
    }
    t[0].add(refl);
    t[1].add(smooth);
    t[2].add(search);
  }
  return t;
}

}  // namespace pt::cli
