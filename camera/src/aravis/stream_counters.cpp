#include "stream_counters.hpp"

#include <string_view>

namespace pt::camera::aravis {

StreamCounters read_stream_counters(ArvStream* stream) {
  StreamCounters c;
  const guint n = arv_stream_get_n_infos(stream);
  for (guint i = 0; i < n; ++i) {
    const char* name = arv_stream_get_info_name(stream, i);
    if (name == nullptr || arv_stream_get_info_type(stream, i) != G_TYPE_UINT64) continue;
    const std::string_view key(name);
    if (key == "n_underruns") c.underruns = arv_stream_get_info_uint64(stream, i);
    if (key == "n_missing_packets") c.missing_packets = arv_stream_get_info_uint64(stream, i);
    if (key == "n_resent_packets") c.resent_packets = arv_stream_get_info_uint64(stream, i);
  }
  return c;
}

}  // namespace pt::camera::aravis
