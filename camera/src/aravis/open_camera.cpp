#include "open_camera.hpp"

#include "local_route.hpp"
#include "pt/camera/input_error.hpp"

namespace pt::camera::aravis {
namespace {

constexpr std::string_view kFakePrefix = "Fake_";

GObjectPtr<GInetAddress> inet_address(const std::string& text) {
  return GObjectPtr<GInetAddress>(g_inet_address_new_from_string(text.c_str()));
}

// Opening the device ourselves keeps Aravis from falling back to a discovery broadcast when
// nothing answers at the address (arv_camera_new does that).
GObjectPtr<ArvDevice> open_gige_device(const std::string& address) {
  const auto local = local_address_towards(address);
  if (!local) throw InputError("camera " + address + ": no route to this address");
  ErrorSlot error;
  GObjectPtr<ArvDevice> device(arv_gv_device_new(inet_address(*local).get(), inet_address(address).get(), error.out()));
  if (!device) throw InputError("camera " + address + " does not answer: " + error.message());
  return device;
}

GObjectPtr<ArvDevice> open_fake_device(const std::string& id) {
  ErrorSlot error;
  GObjectPtr<ArvDevice> device(arv_fake_device_new(id.substr(kFakePrefix.size()).c_str(), error.out()));
  if (!device) throw InputError("fake camera " + id + ": " + error.message());
  return device;
}

GObjectPtr<ArvCamera> camera_on(GObjectPtr<ArvDevice> device, const std::string& id) {
  ErrorSlot error;
  // The camera takes its own reference to the device.
  GObjectPtr<ArvCamera> camera(arv_camera_new_with_device(device.get(), error.out()));
  if (!camera) throw InputError("camera " + id + ": " + error.message());
  return camera;
}

}  // namespace

bool is_fake_camera_id(const std::string& id) {
  return id.size() > kFakePrefix.size() && id.starts_with(kFakePrefix);
}

GObjectPtr<ArvCamera> open_camera(const std::string& id) {
  if (is_ipv4_address(id)) return camera_on(open_gige_device(id), id);
  if (is_fake_camera_id(id)) return camera_on(open_fake_device(id), id);
  ErrorSlot error;
  GObjectPtr<ArvCamera> camera(arv_camera_new(id.c_str(), error.out()));
  if (!camera) {
    throw InputError("camera '" + id + "' not found" + (error.failed() ? ": " + error.message() : std::string()) +
                     " (pupiltrack-cli cameras lists the cameras Aravis sees)");
  }
  return camera;
}

}  // namespace pt::camera::aravis
