// The transport's commands as the tracking thread takes them: steps add up (also onto a seek
// not yet taken), a single step forward is just the next read, new parameters while paused show
// the same frame again, and every command raises the interrupt that next() lowers.
#include <atomic>
#include <thread>

#include "pt/ui/playback_control.hpp"
#include "pt_catch.hpp"

using pt::ui::PlaybackControl;

TEST_CASE("transport commands reach the tracking thread merged as a user means them") {
  std::atomic<bool> interrupt{false};
  PlaybackControl control(interrupt);

  SECTION("playing, the thread reads on without seeking") {
    const auto c = control.next(10);
    REQUIRE(c.has_value());
    CHECK_FALSE(c->seek_to.has_value());
    CHECK_FALSE(c->one_frame);
  }
  SECTION("one step forward is the next read, alone") {
    control.step(+1);
    CHECK(interrupt.load());
    const auto c = control.next(10);
    CHECK_FALSE(interrupt.load());
    CHECK(control.paused());
    CHECK_FALSE(c->seek_to.has_value());
    CHECK(c->one_frame);
  }
  SECTION("three quick steps forward go three frames on") {
    for (int i = 0; i < 3; ++i) control.step(+1);
    const auto c = control.next(10);  // frame 9 on show
    CHECK(c->seek_to == 12);
    CHECK(c->one_frame);
  }
  SECTION("a step back shows the frame before the one on show") {
    control.step(-1);
    CHECK(control.next(10)->seek_to == 8);
    control.step(-1);
    CHECK(control.next(1)->seek_to == 0);  // not before the start
  }
  SECTION("a step after a seek not yet taken goes on from the seek") {
    control.pause();
    control.seek(0);
    control.step(+1);
    const auto c = control.next(30);
    CHECK(c->seek_to == 1);
    CHECK(c->one_frame);
  }
  SECTION("new parameters while paused show the frame on show again; playing, nothing changes") {
    control.show_again();
    CHECK_FALSE(control.next(10)->seek_to.has_value());
    control.pause();
    control.show_again();
    const auto c = control.next(10);
    CHECK(c->seek_to == 9);
    CHECK(c->one_frame);
  }
  SECTION("paused, the thread waits until a command comes, and not after shut-down") {
    control.pause();
    std::thread later([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      control.seek(4);
    });
    const auto c = control.next(10);
    later.join();
    CHECK(c->seek_to == 4);
    control.shut_down();
    CHECK_FALSE(control.next(10).has_value());
  }
}
