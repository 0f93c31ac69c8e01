#pragma once
// A coarse first guess of where the pupil is, for frames without a previous centre. The pupil is
// a dark area enclosed by brighter iris, so the darkest box inscribed in a pupil finds it
// wherever it sits, and eyelashes (dark but thin) average away. Boxes of every size from the
// smallest pupil's to the largest's are tried, since a small dark spot can be darker than a
// large pupil. From the darkest box of each size a dark region is grown (DarkRegionGrower), on
// the image halved until the pupils looked for span a set number of pixels, so that each size
// costs about the same. Areas that are not enclosed (black borders of a cropped or digitised
// frame, shadows running out of the picture) give way to the next darkest box of that size. Of
// the enclosed regions the one with the most darkness (area times depth below its
// surroundings) is most likely the pupil; a region holding a darker one found before (the iris
// around the pupil) does not compete.
#include <span>
#include <vector>

#include "pt/geometry.hpp"
#include "pt/image.hpp"
#include "pt/pupil/dark_box_map.hpp"
#include "pt/pupil/dark_region.hpp"
#include "pt/pupil/halving_pyramid.hpp"

namespace pt {

class DarkBlobLocator {
 public:
  // Seeds inside the dark regions found, the likeliest pupil first; never empty (without any
  // enclosed region, the darkest box, or the image's centre). Radii in pixels: the smallest
  // and largest pupils looked for. Valid until the next call.
  [[nodiscard]] std::span<const Point2f> locate(CViewU8 image, float min_radius_px, float max_radius_px);

 private:
  struct Found {
    Point2f seed;       // image pixels
    DarkRegion region;  // in the pixels of the halving it was grown on
    int scale = 1;      // image pixels per pixel of that halving
  };

  // Adds the region just grown from `seed` on a halving of `scale` pixels per pixel to found_,
  // unless it holds a found one whose wall is a fair part of its own (it is the iris around that
  // pupil); found ones it holds with a shallow wall (darker patches of its floor) are dropped.
  void consider(Point2f seed, const DarkRegion& region, int scale);
  // Sets aside on the box map what the last flood reached.
  void set_aside_flooded(DarkBoxMap::Aside how);
  // Whether the last flood reached image pixel `image_px`.
  [[nodiscard]] bool flooded(Point2f image_px) const;

  DarkBoxMap boxes_;
  HalvingPyramid pyramid_;
  DarkRegionGrower region_;
  CViewU8 halving_;  // that the last flood ran on
  int scale_ = 1;    // its image pixels per pixel
  std::vector<Found> found_;  // enclosed regions, none inside another
  std::vector<Point2f> seeds_;
};

}  // namespace pt
