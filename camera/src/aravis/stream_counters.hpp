#pragma once
#include <cstdint>

#include <arv.h>

namespace pt::camera::aravis {

// The counters a stream keeps of what it could not deliver.
struct StreamCounters {
  std::uint64_t underruns = 0;        // frames that arrived while no buffer was queued
  std::uint64_t missing_packets = 0;  // GigE Vision only
  std::uint64_t resent_packets = 0;   // GigE Vision only

  StreamCounters& operator+=(const StreamCounters& o) noexcept {
    underruns += o.underruns;
    missing_packets += o.missing_packets;
    resent_packets += o.resent_packets;
    return *this;
  }
};

// Streams of different transports keep different counters; one a stream lacks reads as 0.
[[nodiscard]] StreamCounters read_stream_counters(ArvStream* stream);

}  // namespace pt::camera::aravis
