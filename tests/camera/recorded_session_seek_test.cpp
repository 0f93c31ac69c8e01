// Seeking in a recording: positions count the recorded frames, and the frame found there keeps
// the index, time and label it was recorded with, gaps included.
#include <cstdint>
#include <optional>

#include "frame_reading.hpp"
#include "pt/camera/recorded_session_source.hpp"
#include "pt/camera/session_recorder.hpp"
#include "pt/frame_pool.hpp"
#include "pt/host_allocator.hpp"
#include "pt/synthetic_source.hpp"
#include "pt_catch.hpp"
#include "temp_dir.hpp"

TEST_CASE("a recording seeks by position and replays the frames found there with their recorded indices") {
  const pt::test::TempDir dir;
  pt::SyntheticConfig config;
  config.width = 160;
  config.height = 120;
  pt::SyntheticSource live(config, 20);
  const auto video = dir / "gaps.mkv";
  {
    pt::camera::SessionRecorder recorder(video, config.width, config.height, {live.describe(), std::nullopt, {}, {}, 30.0},
                                         {4, true});
    pt::FramePool pool(config.width, config.height, 1, pt::make_host_allocator());
    for (int i = 0; i < 20; ++i) {
      auto frame = pool.try_acquire();
      REQUIRE(live.read(*frame) == pt::ReadStatus::Ok);
      frame->info().index *= 3;  // as if the two frames between had been left out
      recorder.record(*frame);
    }
    recorder.finish();
  }
  pt::camera::RecordedSessionSource replay(video);
  const pt::test::ReadOutcome whole = pt::test::read_all_frames(replay);
  REQUIRE(whole.infos.size() == 20);
  CHECK(replay.can_seek());

  for (const std::int64_t p : {11, 2, 19, 0}) {
    INFO("seek to " << p);
    REQUIRE(replay.seek(p));
    const pt::test::ReadOutcome got = pt::test::read_all_frames(replay);
    CHECK(got.last == pt::ReadStatus::EndOfStream);
    REQUIRE(got.infos.size() == static_cast<std::size_t>(20 - p));
    const auto& first = whole.infos[static_cast<std::size_t>(p)];
    CHECK(got.infos.front().index == first.index);
    CHECK(got.infos.front().index == static_cast<std::uint64_t>(3 * p));
    CHECK(got.infos.front().timestamp_s == first.timestamp_s);
    CHECK(got.infos.front().source == first.source);
    CHECK(pt::test::same_pixels(got.pixels.front(), whole.pixels[static_cast<std::size_t>(p)]));
    CHECK(pt::test::same_pixels(got.pixels.back(), whole.pixels.back()));
  }
  CHECK_FALSE(replay.seek(20));
  CHECK_FALSE(replay.seek(-1));
  CHECK(replay.error().empty());
}
