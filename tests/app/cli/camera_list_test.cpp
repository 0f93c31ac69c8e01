// pupiltrack-cli cameras finds cameras by broadcasting a discovery request on every network. It
// runs here only inside a network namespace of its own with nothing but loopback, next to the
// GigE Vision simulator, so that no request leaves the machine.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>

#include <string>

#include "cli_runner.hpp"
#include "gige_simulator.hpp"
#include "pt_catch.hpp"
#include "test_data.hpp"

std::string pt::test::skip_reason() {
  if (::geteuid() != 0) return "needs root for a network namespace of its own (unshare --net)";
  if (std::system("unshare --net true > /dev/null 2>&1") != 0) return "unshare --net is not available";
  if (gige_simulator_binary().empty()) return "arv-fake-gv-camera-0.8 not found on PATH (package aravis-tools)";
  return {};
}

TEST_CASE("cameras lists the simulator on an isolated loopback network") {
  pt::test::ScratchDir dir("camera_list");
  const std::string script = "ip link set lo up && (" + pt::test::gige_simulator_binary() +
                             " -i 127.0.0.1 > /dev/null 2>&1 & sim=\\$!; sleep 1; '" + PT_CLI_PATH +
                             "' cameras; code=\\$?; kill \\$sim; exit \\$code)";
  const auto log = dir.path() / "cameras.txt";
  const int status = std::system(("unshare --net sh -c \"" + script + "\" > '" + log.string() + "' 2>&1").c_str());
  const std::string output = pt::test::slurp(log);
  INFO(output);
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  CHECK(output.find("camera:Aravis-Fake-GV01  Aravis Fake  serial GV01  GigEVision 127.0.0.1") != std::string::npos);
}
