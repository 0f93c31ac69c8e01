// pupiltrack-cli with camera input, as a user runs it: the in-process fake camera, and the GigE
// Vision simulator on 127.0.0.1 unplugged and plugged back in mid-run.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <thread>

#include "cli_runner.hpp"
#include "gige_simulator.hpp"
#include "pt_catch.hpp"
#include "test_data.hpp"

using pt::test::run_cli;
using pt::test::slurp;

std::string pt::test::skip_reason() {
  if (!gige_simulator_binary().empty()) return {};
  return "arv-fake-gv-camera-0.8 not found on PATH (Debian/Ubuntu package aravis-tools)";
}

namespace {

// pupiltrack-cli running in the background, stopped with Ctrl-C as a user would.
class BackgroundCli {
 public:
  BackgroundCli(const std::string& args, const std::filesystem::path& dir) : log_(dir / "cli_output.txt") {
    const std::string cmd = "cd '" + dir.string() + "' && exec '" + PT_CLI_PATH + "' " + args + " > '" + log_.string() + "' 2>&1";
    pid_ = ::fork();
    REQUIRE(pid_ >= 0);
    if (pid_ == 0) {
      ::execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
      ::_exit(127);
    }
  }
  ~BackgroundCli() {
    if (pid_ > 0) interrupt();
  }
  BackgroundCli(const BackgroundCli&) = delete;
  BackgroundCli& operator=(const BackgroundCli&) = delete;

  // Waits until the output holds `text`; false after `seconds`.
  bool wait_for(const std::string& text, int seconds) const {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
    while (std::chrono::steady_clock::now() < deadline) {
      if (output().find(text) != std::string::npos) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return false;
  }

  // Ctrl-C; returns the exit code.
  int interrupt() {
    ::kill(pid_, SIGINT);
    int status = 0;
    ::waitpid(pid_, &status, 0);
    pid_ = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

  [[nodiscard]] std::string output() const { return slurp(log_); }

 private:
  std::filesystem::path log_;
  pid_t pid_ = -1;
};

}  // namespace

TEST_CASE("track --input camera:Fake_1 applies the camera options and reports its frame counters") {
  pt::test::ScratchDir dir("camera_fake");
  // 50 frames/s: one CPU thread searches the fake camera's pupil-less frames at about 100 a second
  // on a 2-core CI machine, and at 100 frames/s a busy moment there cost a frame.
  BackgroundCli cli("track --input camera:Fake_1 --fps 50 --exposure-us 2000 --camera-region 0,0,320,240 --csv t.csv "
                    "--record r.mkv",
                    dir.path());
  REQUIRE(cli.wait_for("frames", 20));
  std::this_thread::sleep_for(std::chrono::seconds(1));
  const int code = cli.interrupt();
  const std::string out = cli.output();
  INFO(out);
  CHECK(code == 0);
  CHECK(out.find("input: camera Fake_1 (Aravis Fake), 320x240 Mono8, 50 fps, exposure 2000 us") != std::string::npos);
  CHECK(out.find("delivered, 0 dropped") != std::string::npos);
  const std::string trace = slurp(dir.path() / "t.csv");
  CHECK(trace.find(",camera:Fake_1#0,single,") != std::string::npos);
  CHECK(trace.find(",camera:Fake_1#20,single,") != std::string::npos);
  CHECK(out.find("recording: r.mkv (") != std::string::npos);
  CHECK(slurp(dir.path() / "r.json").find("\"camera\": {\"exposure_us\": 2000, \"gain\": 0, \"fps\": 50, "
                                          "\"region\": [0, 0, 320, 240], \"pixel_format\": \"Mono8\"") != std::string::npos);
}

TEST_CASE("camera options are refused by name where they cannot apply") {
  pt::test::ScratchDir dir("camera_refusals");
  auto r = run_cli("track --input synthetic --frames 5 --exposure-us 100 -q", dir.path());
  CHECK(r.exit_code == 1);
  CHECK(r.output.find("error: --exposure-us applies to --input camera:<id> only") != std::string::npos);
  r = run_cli("track --input camera:Fake_1 --pixel-format BayerRG8 -q", dir.path());
  CHECK(r.exit_code == 1);
  CHECK(r.output.find("error: pixel format BayerRG8 is not supported (supported: Mono8, Mono10, Mono12, Mono16)") !=
        std::string::npos);
  r = run_cli("track --input camera: -q", dir.path());
  CHECK(r.exit_code == 1);
  CHECK(r.output.find("needs a camera id or address") != std::string::npos);
}

TEST_CASE("a GigE camera unplugged mid-run is waited for and tracked on once it is back") {
  pt::test::GigeSimulator simulator;
  pt::test::ScratchDir dir("camera_replug");
  BackgroundCli cli("track --input camera:127.0.0.1 --fps 30 --camera-region 0,0,320,240 --packet-size 8000 --csv t.csv",
                    dir.path());
  REQUIRE(cli.wait_for("input: camera 127.0.0.1", 20));
  std::this_thread::sleep_for(std::chrono::seconds(1));
  simulator.kill();
  REQUIRE(cli.wait_for("waiting for the camera to come back", 30));
  simulator.start();
  REQUIRE(cli.wait_for("camera 127.0.0.1 is back", 30));
  std::this_thread::sleep_for(std::chrono::seconds(1));
  const int code = cli.interrupt();
  const std::string out = cli.output();
  INFO(out);
  CHECK(code == 0);
  CHECK(out.find("camera 127.0.0.1 lost after") != std::string::npos);
  CHECK(out.find("camera lost 1 times, back 1 times") != std::string::npos);
  // Frame numbers carry on across the loss, in one trace.
  const std::string trace = slurp(dir.path() / "t.csv");
  CHECK(trace.find(",camera:127.0.0.1#0,single,") != std::string::npos);
  const auto last_row = trace.rfind("\n", trace.size() - 2);
  const std::string last = trace.substr(last_row + 1);
  CHECK(std::stoi(last.substr(0, last.find(','))) >= 40);
}
