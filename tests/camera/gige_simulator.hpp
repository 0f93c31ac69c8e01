#pragma once
// Aravis' GigE Vision camera simulator as a child process listening on 127.0.0.1 only, so that
// a test can pull the plug (SIGKILL) and plug it back in. The tests open it by address, which
// never broadcasts a discovery request.
#include <string>

#include <sys/types.h>

namespace pt::test {

// The simulator's path on PATH, or empty when aravis-tools is not installed.
std::string gige_simulator_binary();

class GigeSimulator {
 public:
  static constexpr const char* kAddress = "127.0.0.1";

  // Starts the simulator; REQUIREs that it listens within a few seconds. Runs of the tests on one
  // machine take turns through a lock file, as the simulator's port is fixed.
  GigeSimulator();
  ~GigeSimulator();
  GigeSimulator(const GigeSimulator&) = delete;
  GigeSimulator& operator=(const GigeSimulator&) = delete;

  void kill();   // as abrupt as an unplugged cable
  void start();  // the camera is back

 private:
  int lock_fd_ = -1;
  pid_t pid_ = -1;
};

}  // namespace pt::test
