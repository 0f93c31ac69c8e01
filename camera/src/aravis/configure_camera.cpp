#include "configure_camera.hpp"

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "mono_format.hpp"
#include "pt/camera/input_error.hpp"

namespace pt::camera::aravis {
namespace {

struct GFreeDeleter {
  void operator()(void* p) const noexcept { g_free(p); }
};

std::string number(double value) {
  std::string text = std::to_string(value);
  text.erase(text.find_last_not_of('0') + 1);
  if (text.back() == '.') text.pop_back();
  return text;
}

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& item : items) out += (out.empty() ? "" : ", ") + item;
  return out;
}

// Runs one Aravis call that reports through a GError, turning a failure into an InputError.
template <class Call>
auto checked(const std::string& what, Call call) {
  ErrorSlot error;
  auto result = call(error.out());
  if (error.failed()) throw InputError("camera: " + what + ": " + error.message());
  return result;
}

template <class Call>
void checked_void(const std::string& what, Call call) {
  checked(what, [&](GError** e) {
    call(e);
    return 0;
  });
}

bool available(ArvCamera* camera, const char* feature) {
  ErrorSlot error;
  return arv_camera_is_feature_available(camera, feature, error.out()) != FALSE && !error.failed();
}

std::vector<std::string> strings_from(const char** list, guint n) {
  const std::unique_ptr<const char*, GFreeDeleter> owner(list);
  std::vector<std::string> out;
  for (guint i = 0; i < n; ++i) out.emplace_back(list[i]);
  return out;
}

std::vector<std::string> offered_pixel_formats(ArvCamera* camera) {
  guint n = 0;
  const char** list = checked("listing pixel formats", [&](GError** e) {
    return arv_camera_dup_available_pixel_formats_as_strings(camera, &n, e);
  });
  return strings_from(list, n);
}

bool contains(const std::vector<std::string>& list, const std::string& item) {
  for (const std::string& s : list) {
    if (s == item) return true;
  }
  return false;
}

std::string current_pixel_format(ArvCamera* camera) {
  return checked("reading the pixel format", [&](GError** e) {
    const char* name = arv_camera_get_pixel_format_as_string(camera, e);
    return std::string(name != nullptr ? name : "");
  });
}

void apply_pixel_format(ArvCamera* camera, const std::string& wanted) {
  const std::vector<std::string> offered = offered_pixel_formats(camera);
  std::string format = wanted;
  if (format.empty()) {
    const std::string current = current_pixel_format(camera);
    if (find_mono_format(current)) return;
    format = "Mono8";
    if (!contains(offered, format)) {
      throw InputError("camera delivers pixel format " + current + ", which is not supported, and offers no Mono8 (it offers " +
                       joined(offered) + "; supported: " + mono_format_names() + ")");
    }
  } else if (!find_mono_format(format)) {
    throw InputError("pixel format " + format + " is not supported (supported: " + mono_format_names() + ")");
  } else if (!contains(offered, format)) {
    throw InputError("camera does not offer pixel format " + format + " (it offers " + joined(offered) + ")");
  }
  checked_void("setting pixel format " + format,
               [&](GError** e) { arv_camera_set_pixel_format_from_string(camera, format.c_str(), e); });
}

RectI read_region(ArvCamera* camera) {
  RectI r;
  checked_void("reading the region", [&](GError** e) { arv_camera_get_region(camera, &r.x, &r.y, &r.w, &r.h, e); });
  return r;
}

std::string rect_text(const RectI& r) {
  return std::to_string(r.x) + "," + std::to_string(r.y) + "," + std::to_string(r.w) + "," + std::to_string(r.h);
}

void apply_region(ArvCamera* camera, const RectI& wanted) {
  int sensor_w = 0;
  int sensor_h = 0;
  checked_void("reading the sensor size", [&](GError** e) { arv_camera_get_sensor_size(camera, &sensor_w, &sensor_h, e); });
  if (wanted.empty() || !RectI{0, 0, sensor_w, sensor_h}.contains(wanted)) {
    throw InputError("camera region " + rect_text(wanted) + " does not fit the " + std::to_string(sensor_w) + "x" +
                     std::to_string(sensor_h) + " sensor");
  }
  checked_void("setting region " + rect_text(wanted),
               [&](GError** e) { arv_camera_set_region(camera, wanted.x, wanted.y, wanted.w, wanted.h, e); });
  const RectI got = read_region(camera);
  if (got.x != wanted.x || got.y != wanted.y || got.w != wanted.w || got.h != wanted.h) {
    const int step_w = arv_camera_get_width_increment(camera, nullptr);
    const int step_x = arv_camera_get_x_offset_increment(camera, nullptr);
    throw InputError("camera region " + rect_text(wanted) + " is not possible; the camera set " + rect_text(got) +
                     " (width in steps of " + std::to_string(step_w) + ", x offset in steps of " +
                     std::to_string(step_x) + ")");
  }
}

void apply_trigger(ArvCamera* camera, const std::string& wanted) {
  const bool offered = available(camera, "TriggerMode");
  if (wanted == "off") {
    if (offered) checked_void("switching triggers off", [&](GError** e) { arv_camera_clear_triggers(camera, e); });
    return;
  }
  if (!offered) throw InputError("camera offers no trigger (asked for trigger " + wanted + ")");
  guint n = 0;
  const char** list =
      checked("listing trigger sources", [&](GError** e) { return arv_camera_dup_available_trigger_sources(camera, &n, e); });
  const std::vector<std::string> sources = strings_from(list, n);
  if (!contains(sources, wanted)) {
    throw InputError("camera offers no trigger source " + wanted + " (it offers off, " + joined(sources) + ")");
  }
  checked_void("setting trigger " + wanted, [&](GError** e) { arv_camera_set_trigger(camera, wanted.c_str(), e); });
}

// A value outside the camera's range is refused rather than clamped, so that what the user asked
// is what the recording's settings say.
void require_within(const std::string& what, double value, double lo, double hi) {
  if (value < lo || value > hi) {
    throw InputError("camera " + what + " " + number(value) + " is outside the camera's range " + number(lo) + " to " +
                     number(hi));
  }
}

// A floating-point control with its range, and with an automatic mode that would override a
// value set by hand when the camera has one.
struct FloatControl {
  const char* name;
  gboolean (*available)(ArvCamera*, GError**);
  gboolean (*auto_available)(ArvCamera*, GError**);
  void (*set_auto)(ArvCamera*, ArvAuto, GError**);
  void (*bounds)(ArvCamera*, double*, double*, GError**);
  void (*set)(ArvCamera*, double, GError**);
};

constexpr FloatControl kExposure{"exposure (µs)", arv_camera_is_exposure_time_available,
                                 arv_camera_is_exposure_auto_available, arv_camera_set_exposure_time_auto,
                                 arv_camera_get_exposure_time_bounds, arv_camera_set_exposure_time};
constexpr FloatControl kGain{"gain", arv_camera_is_gain_available, arv_camera_is_gain_auto_available,
                             arv_camera_set_gain_auto, arv_camera_get_gain_bounds, arv_camera_set_gain};
constexpr FloatControl kFrameRate{"frame rate (fps)", arv_camera_is_frame_rate_available, nullptr, nullptr,
                                  arv_camera_get_frame_rate_bounds, arv_camera_set_frame_rate};

void apply_control(ArvCamera* camera, const FloatControl& control, double value) {
  const std::string name = control.name;
  if (control.available(camera, nullptr) == FALSE) throw InputError("camera has no " + name + " control");
  if (control.auto_available != nullptr && control.auto_available(camera, nullptr) != FALSE) {
    checked_void("switching automatic " + name + " off", [&](GError** e) { control.set_auto(camera, ARV_AUTO_OFF, e); });
  }
  double lo = 0.0;
  double hi = 0.0;
  checked_void("reading the " + name + " range", [&](GError** e) { control.bounds(camera, &lo, &hi, e); });
  require_within(name, value, lo, hi);
  checked_void("setting " + name + " " + number(value), [&](GError** e) { control.set(camera, value, e); });
}

void apply_packet_size(ArvCamera* camera, const std::optional<int>& bytes) {
  if (arv_camera_is_gv_device(camera) == FALSE) {
    if (bytes) throw InputError("camera: a stream packet size applies to GigE Vision cameras only");
    return;
  }
  if (bytes) {
    checked_void("setting packet size " + std::to_string(*bytes),
                 [&](GError** e) { arv_camera_gv_set_packet_size(camera, *bytes, e); });
  } else {
    checked("negotiating the packet size", [&](GError** e) { return arv_camera_gv_auto_packet_size(camera, e); });
  }
}

std::optional<double> read_float(ArvCamera* camera, gboolean offered, double (*getter)(ArvCamera*, GError**)) {
  if (offered == FALSE) return std::nullopt;
  ErrorSlot error;
  const double value = getter(camera, error.out());
  return error.failed() ? std::nullopt : std::optional(value);
}

std::string read_trigger(ArvCamera* camera) {
  if (!available(camera, "TriggerMode")) return "off";
  ErrorSlot error;
  const char* mode = arv_camera_get_string(camera, "TriggerMode", error.out());
  if (error.failed() || mode == nullptr || std::string(mode) != "On") return "off";
  const char* source = arv_camera_get_trigger_source(camera, error.out());
  return source != nullptr ? source : "on";
}

AppliedCameraSettings read_back(ArvCamera* camera) {
  AppliedCameraSettings s;
  s.exposure_us = read_float(camera, arv_camera_is_exposure_time_available(camera, nullptr), arv_camera_get_exposure_time);
  s.gain = read_float(camera, arv_camera_is_gain_available(camera, nullptr), arv_camera_get_gain);
  s.fps = read_float(camera, arv_camera_is_frame_rate_available(camera, nullptr), arv_camera_get_frame_rate);
  s.region = read_region(camera);
  s.pixel_format = current_pixel_format(camera);
  s.trigger = read_trigger(camera);
  if (arv_camera_is_gv_device(camera) != FALSE) {
    s.packet_size = static_cast<int>(arv_camera_gv_get_packet_size(camera, nullptr));
  }
  return s;
}

}  // namespace

AppliedCameraSettings configure_camera(ArvCamera* camera, const CameraSettings& wanted) {
  apply_pixel_format(camera, wanted.pixel_format);
  if (wanted.region) apply_region(camera, *wanted.region);
  if (!wanted.trigger.empty()) apply_trigger(camera, wanted.trigger);
  if (wanted.exposure_us) apply_control(camera, kExposure, *wanted.exposure_us);
  if (wanted.gain) apply_control(camera, kGain, *wanted.gain);
  if (wanted.fps) apply_control(camera, kFrameRate, *wanted.fps);
  apply_packet_size(camera, wanted.packet_size);
  return read_back(camera);
}

}  // namespace pt::camera::aravis
