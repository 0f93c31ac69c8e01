// A frame's eye regions copied to the device at once where they tile a box (throughput mode's two
// halves): which rect sets qualify, and that the box arrives intact whether its rows are the
// frame's whole rows or part of them, at any width. The detector's use of it is checked by
// test_gpu_tracking's untimed two-stream sections, which track pinned frames in halves against
// the CPU.
#include <optional>
#include <vector>

#include "frame_box_upload.hpp"
#include "gpu_test_support.hpp"
#include "pt_catch.hpp"

namespace {

using pt::RectI;

std::optional<RectI> box_of(std::vector<RectI> rects) { return pt::gpu::tiled_box(rects); }

}  // namespace

TEST_CASE("Eye regions that tile a box are copied as one") {
  CHECK(box_of({{0, 0, 640, 1024}, {640, 0, 640, 1024}}) == RectI{0, 0, 1280, 1024});
  CHECK(box_of({{320, 0, 321, 515}, {0, 0, 320, 515}}) == RectI{0, 0, 641, 515});
  CHECK(box_of({{16, 0, 624, 64}, {640, 0, 640, 64}}) == RectI{16, 0, 1264, 64});
  // Three pieces: one across the top, two side by side below it.
  CHECK(box_of({{10, 5, 96, 20}, {10, 25, 32, 30}, {42, 25, 64, 30}}) == RectI{10, 5, 96, 50});
  SECTION("not where the copy would move pixels no eye needs, or fewer than two eyes") {
    CHECK_FALSE(box_of({{0, 0, 640, 1024}}).has_value());
    CHECK_FALSE(box_of({}).has_value());
    // Two tracking windows, far apart.
    CHECK_FALSE(box_of({{100, 300, 176, 176}, {900, 310, 176, 176}}).has_value());
    // A column between the halves left out.
    CHECK_FALSE(box_of({{0, 0, 639, 1024}, {640, 0, 640, 1024}}).has_value());
    // Two regions that overlap by as much as a third leaves uncovered: their areas sum to the box's.
    CHECK_FALSE(box_of({{0, 0, 60, 10}, {40, 0, 60, 10}, {0, 10, 80, 10}}).has_value());
    // Halves of a frame 1282 wide: the right eye would start 641 bytes into the box, off the
    // word and chunk boundaries its own buffer keeps.
    CHECK_FALSE(box_of({{0, 0, 641, 64}, {641, 0, 641, 64}}).has_value());
    // An empty region beside a whole one.
    CHECK_FALSE(box_of({{0, 0, 100, 20}, {0, 0, 0, 5}}).has_value());
  }
}

TEST_CASE("A frame's box arrives on the device intact") {
  const pt::gpu::Stream stream;
  pt::gpu::FrameBoxUpload upload;
  // Whole rows of a width the device's rows match, of one they do not (641, rows padded to 656), a
  // box inside a wider frame, and one whose rows end at the frame's right edge and whose padded
  // device rows are as long as the frame's; the later ones in the memory the first left.
  struct Case {
    int frame_w, frame_h;
    RectI box;
  };
  for (const Case c : {Case{1280, 64, {0, 0, 1280, 64}}, Case{641, 37, {0, 0, 641, 37}}, Case{700, 90, {13, 7, 555, 61}},
                      Case{1280, 24, {8, 0, 1272, 24}}}) {
    CAPTURE(c.frame_w, c.frame_h, c.box.x, c.box.y, c.box.w, c.box.h);
    pt::gpu::PinnedImageU8 frame(c.frame_w, c.frame_h);
    const pt::ImageU8 noise = pt::test::noise_image(c.frame_w, c.frame_h, static_cast<std::uint64_t>(c.frame_w));
    pt::copy_pixels(noise.view(), frame.view());
    const pt::gpu::DeviceViewU8 on_device = upload(stream.get(), pt::CViewU8(frame.view()).sub(c.box));
    REQUIRE(on_device.width == c.box.w);
    REQUIRE(on_device.height == c.box.h);
    CHECK(on_device.pitch % 16 == 0);
    const pt::ImageU8 back = pt::test::to_host(on_device, stream);
    const pt::test::PixelDiff diff = pt::test::compare(back.view(), noise.view().sub(c.box));
    CHECK(diff.pixels == static_cast<long long>(c.box.w) * c.box.h);
    CHECK(diff.differing == 0);
  }
}
