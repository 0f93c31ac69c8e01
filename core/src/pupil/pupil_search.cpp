#include "pt/pupil/pupil_search.hpp"

#include <stdexcept>

#include "pt/pupil/canny_hough_search.hpp"
#include "pt/pupil/starburst.hpp"
#include "pt/pupil/threshold_labeling_search.hpp"

namespace pt {

std::unique_ptr<PupilSearch> make_pupil_search(Algorithm algorithm, const DetectorParams& params) {
  switch (algorithm) {
    case Algorithm::Starburst: return std::make_unique<StarburstSearch>(params.ransac);
    case Algorithm::ThresholdLabeling: return std::make_unique<ThresholdLabelingSearch>(params.ransac);
    case Algorithm::CannyHough: return std::make_unique<CannyHoughSearch>();
    case Algorithm::Invalid: break;
  }
  throw std::invalid_argument("unknown pupil detection algorithm");
}

}  // namespace pt
