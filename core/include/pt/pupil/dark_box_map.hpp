#pragma once
// How dark every box of an image is, on a copy shrunk into cells: the darkest box of a size
// away from areas set aside, and the middle of the dark cells around it.
#include <cstdint>
#include <optional>
#include <vector>

#include "pt/geometry.hpp"
#include "pt/image.hpp"

namespace pt {

class DarkBoxMap {
 public:
  struct Box {
    std::uint32_t sum = 0;  // of the cells' greys
    int x = 0;              // top-left cell
    int y = 0;
    int size = 0;  // side in cells
  };
  // Areas set aside: for good (dealt with), or only while looking at one box size.
  enum class Aside : unsigned char { ForGood, ForThisSize };

  // `cells` is the image shrunk into cells of `factor` x `factor` pixels (it must outlive the
  // use of the map). Nothing is set aside.
  void build(CViewU8 cells, int factor);
  [[nodiscard]] int width() const noexcept { return cells_.width; }
  [[nodiscard]] int height() const noexcept { return cells_.height; }

  // The darkest box of `size` x `size` cells clear of the areas set aside; nothing when none
  // is. Boxes are tried a quarter of a box apart, fine enough for dark_centroid to find the
  // middle.
  [[nodiscard]] std::optional<Box> darkest(int size);
  // Many boxes fit inside a large dark area equally well; the centroid of the dark cells around
  // the box (in image pixels) sits at the area's middle instead of one of its edges.
  [[nodiscard]] Point2f dark_centroid(const Box& b) const;

  // Sets aside the cells overlapping rectangle `r` of image pixels, from the next darkest() on.
  void set_aside(const RectI& r, Aside how);
  // Ends a box size: what was set aside for it only is taken back.
  void next_size();

 private:
  // Marked cells with a summed-area table of them, brought up to date lazily.
  class CellMask {
   public:
    void reset(int w, int h);
    void clear();
    void mark(int x0, int y0, int x1, int y1);       // cells [x0, x1) x [y0, y1)
    void update();                                   // brings the table up to the marks
    [[nodiscard]] bool touches(const Box& b) const;  // as of the last update()

   private:
    ImageU8 marks_;
    std::vector<std::uint32_t> table_;
    int stale_from_ = -1;  // first row marked since the last update
    bool any_ = false;
  };

  int factor_ = 1;
  CViewU8 cells_;
  std::vector<std::uint32_t> integral_;  // summed-area table of cells_
  CellMask for_good_;
  CellMask for_this_size_;
};

}  // namespace pt
