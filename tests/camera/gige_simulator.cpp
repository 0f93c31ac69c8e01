#include "gige_simulator.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <thread>

#include "pt_catch.hpp"

namespace pt::test {
namespace {

constexpr const char* kBinary = "arv-fake-gv-camera-0.8";

constexpr std::uint16_t kGvcpPort = 3956;

// Whether something holds the GigE Vision control port on loopback: a bind without address reuse
// fails then. It sends nothing and takes no control of the camera, which another process (a
// pupiltrack-cli waiting for it) may be about to take.
bool port_taken() {
  const int fd = ::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  REQUIRE(fd >= 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(kGvcpPort);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  const bool taken = ::bind(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0 && errno == EADDRINUSE;
  ::close(fd);
  return taken;
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
  // Another simulator (of a test run that does not take turns) would answer in ours' place.
  REQUIRE_FALSE(port_taken());
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
  while (!port_taken()) {
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      FAIL("the GigE Vision simulator stopped at once");
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
