#include "pt/camera/camera_list.hpp"

#include <arv.h>

namespace pt::camera {
namespace {

std::string text_of(const char* text) { return text != nullptr ? text : ""; }

}  // namespace

std::vector<CameraListing> list_cameras() {
  arv_update_device_list();
  std::vector<CameraListing> out;
  const unsigned n = arv_get_n_devices();
  for (unsigned i = 0; i < n; ++i) {
    out.push_back({text_of(arv_get_device_id(i)), text_of(arv_get_device_address(i)), text_of(arv_get_device_protocol(i)),
                   text_of(arv_get_device_vendor(i)), text_of(arv_get_device_model(i)),
                   text_of(arv_get_device_serial_nbr(i))});
  }
  return out;
}

}  // namespace pt::camera
