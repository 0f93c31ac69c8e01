#pragma once
#include <optional>
#include <string>

namespace pt::camera::aravis {

// True for a dotted IPv4 address such as "192.168.1.20".
[[nodiscard]] bool is_ipv4_address(const std::string& text);

// The local address the kernel would send from to reach `ipv4`: the interface a GigE Vision
// camera at that address answers on. Asks the routing table only; nothing is sent.
[[nodiscard]] std::optional<std::string> local_address_towards(const std::string& ipv4);

}  // namespace pt::camera::aravis
