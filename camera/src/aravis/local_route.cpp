#include "local_route.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <array>
#include <cstdint>

namespace pt::camera::aravis {
namespace {

constexpr std::uint16_t kGvcpPort = 3956;

class SocketFd {
 public:
  SocketFd() : fd_(::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0)) {}
  ~SocketFd() {
    if (fd_ >= 0) ::close(fd_);
  }
  SocketFd(const SocketFd&) = delete;
  SocketFd& operator=(const SocketFd&) = delete;
  [[nodiscard]] int get() const noexcept { return fd_; }

 private:
  int fd_;
};

}  // namespace

bool is_ipv4_address(const std::string& text) {
  in_addr address{};
  return ::inet_pton(AF_INET, text.c_str(), &address) == 1;
}

std::optional<std::string> local_address_towards(const std::string& ipv4) {
  sockaddr_in remote{};
  remote.sin_family = AF_INET;
  remote.sin_port = htons(kGvcpPort);
  if (::inet_pton(AF_INET, ipv4.c_str(), &remote.sin_addr) != 1) return std::nullopt;
  const SocketFd socket;
  if (socket.get() < 0) return std::nullopt;
  // connect() on a datagram socket only picks the route and source address.
  if (::connect(socket.get(), reinterpret_cast<const sockaddr*>(&remote), sizeof remote) != 0) return std::nullopt;
  sockaddr_in local{};
  socklen_t length = sizeof local;
  if (::getsockname(socket.get(), reinterpret_cast<sockaddr*>(&local), &length) != 0) return std::nullopt;
  std::array<char, INET_ADDRSTRLEN> text{};
  if (::inet_ntop(AF_INET, &local.sin_addr, text.data(), text.size()) == nullptr) return std::nullopt;
  return std::string(text.data());
}

}  // namespace pt::camera::aravis
