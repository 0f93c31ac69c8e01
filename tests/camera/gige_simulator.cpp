#include "gige_simulator.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <thread>

#include "pt/camera/aravis_source.hpp"
#include "pt_catch.hpp"

namespace pt::test {
namespace {

constexpr const char* kBinary = "arv-fake-gv-camera-0.8";

// The simulator reports a failed start (its port taken) on stderr and still exits 0, so being
// ready is judged by a camera answering.
bool answers() {
  try {
    pt::camera::AravisSource probe(GigeSimulator::kAddress, {});
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

}  // namespace

std::string gige_simulator_binary() {
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path != nullptr ? path : "");
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    const auto candidate = std::filesystem::path(dir) / kBinary;
    if (::access(candidate.c_str(), X_OK) == 0) return candidate.string();
  }
  return {};
}

GigeSimulator::GigeSimulator() {
  lock_fd_ = ::open("/tmp/pupiltrack-gige-simulator.lock", O_CREAT | O_RDWR | O_CLOEXEC, 0666);
  REQUIRE(lock_fd_ >= 0);
  REQUIRE(::flock(lock_fd_, LOCK_EX) == 0);
  start();
}

GigeSimulator::~GigeSimulator() {
  kill();
  if (lock_fd_ >= 0) ::close(lock_fd_);
}

void GigeSimulator::start() {
  const std::string binary = gige_simulator_binary();
  REQUIRE_FALSE(binary.empty());
  pid_ = ::fork();
  REQUIRE(pid_ >= 0);
  if (pid_ == 0) {
    const int null = ::open("/dev/null", O_WRONLY);
    ::dup2(null, STDOUT_FILENO);
    ::dup2(null, STDERR_FILENO);
    ::execl(binary.c_str(), kBinary, "-i", kAddress, static_cast<char*>(nullptr));
    ::_exit(127);
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(15);
  while (!answers()) {
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      FAIL("the GigE Vision simulator stopped at once: is another one listening on 127.0.0.1:3956?");
    }
    REQUIRE(std::chrono::steady_clock::now() < deadline);
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
}

void GigeSimulator::kill() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGKILL);
  ::waitpid(pid_, nullptr, 0);
  pid_ = -1;
}

}  // namespace pt::test
