#include "pt/camera/aravis_source.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <thread>
#include <utility>

#include "aravis/configure_camera.hpp"
#include "aravis/create_stream.hpp"
#include "aravis/frame_id_gaps.hpp"
#include "aravis/open_camera.hpp"
#include "aravis/stream_buffers.hpp"
#include "aravis/stream_counters.hpp"
#include "pt/camera/input_error.hpp"
#include "pt/camera_buffering.hpp"

namespace pt::camera {
namespace {

using Clock = std::chrono::steady_clock;
using aravis::GObjectPtr;

// How often a wait for the next frame looks at the camera's state.
constexpr guint64 kPopTimeoutUs = 100'000;
constexpr auto kReconnectPause = std::chrono::milliseconds(200);

std::string size_text(int w, int h) { return std::to_string(w) + "x" + std::to_string(h); }

std::string text_or_empty(const char* text) { return text != nullptr ? text : ""; }

// The camera's whole state depends on the device still answering: reading its first register
// (the bootstrap version on GigE Vision and USB3 Vision) asks exactly that.
std::optional<std::string> unreachable(ArvCamera* camera) {
  aravis::ErrorSlot error;
  guint32 value = 0;
  if (arv_device_read_register(arv_camera_get_device(camera), 0, &value, error.out()) != FALSE) return std::nullopt;
  return error.failed() ? error.message() : std::string("no answer");
}

std::size_t resolved_buffer_count(std::size_t asked, std::optional<double> fps) {
  if (asked != 0) return std::max<std::size_t>(asked, 2);
  return camera_buffers_for(fps.value_or(0.0));
}

bool whole_image(ArvBuffer* buffer, int width, int height) {
  if (arv_buffer_get_status(buffer) != ARV_BUFFER_STATUS_SUCCESS) return false;
  const ArvBufferPayloadType type = arv_buffer_get_payload_type(buffer);
  if (type != ARV_BUFFER_PAYLOAD_TYPE_IMAGE && type != ARV_BUFFER_PAYLOAD_TYPE_EXTENDED_CHUNK_DATA) return false;
  return arv_buffer_get_image_width(buffer) == width && arv_buffer_get_image_height(buffer) == height;
}

// An open camera whose stream fills the source's buffers. Aravis' heartbeat thread reports a
// lost control channel through a signal, hence the atomic and the fixed address.
struct Connection {
  GObjectPtr<ArvCamera> camera;
  GObjectPtr<ArvStream> stream;
  gulong control_lost_handler = 0;
  std::atomic<bool> control_lost{false};

  Connection() = default;
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;
  ~Connection() {
    if (control_lost_handler != 0) g_signal_handler_disconnect(arv_camera_get_device(camera.get()), control_lost_handler);
    stream.reset();  // joins the stream thread before the camera goes
  }
};

extern "C" void on_control_lost(ArvDevice* /*device*/, gpointer flag) {
  static_cast<std::atomic<bool>*>(flag)->store(true);
}

}  // namespace

struct AravisSource::State {
  std::string id;
  std::string label_prefix;  // frames are "camera:<id>#<n>"
  AravisSourceOptions options;
  AppliedCameraSettings applied;
  aravis::MonoFormat format;
  std::string model;
  std::size_t payload = 0;
  std::size_t buffer_count = 0;
  std::vector<std::string> notices;
  CameraState state = CameraState::Streaming;
  std::string last_error;
  aravis::FrameIdGaps gaps;
  AcquisitionCounters counters;
  aravis::StreamCounters closed_streams;  // what streams of earlier connections counted
  // Declared before the connection: the stream must stop before the memory it writes into goes.
  std::unique_ptr<aravis::StreamBuffers> buffers;
  std::unique_ptr<Connection> connection;

  State(std::string camera_id, AravisSourceOptions o)
      : id(std::move(camera_id)), label_prefix("camera:" + id), options(std::move(o)) {
    if (!options.allocator) options.allocator = make_host_allocator();
  }

  [[nodiscard]] int width() const noexcept { return applied.region.w; }
  [[nodiscard]] int height() const noexcept { return applied.region.h; }

  static void paint(ArvBuffer* buffer, void* self, guint32 /*exposure*/, guint32 /*gain*/, ArvPixelFormat /*format*/) {
    const State& s = *static_cast<const State*>(self);
    FakeFrame frame;
    // The fake camera fills the buffer we gave it; Aravis only hands it out as const.
    frame.data = static_cast<std::uint8_t*>(const_cast<void*>(arv_buffer_get_data(buffer, nullptr)));
    frame.width = arv_buffer_get_image_width(buffer);
    frame.height = arv_buffer_get_image_height(buffer);
    frame.bytes_per_pixel = s.format.bytes_per_pixel();
    frame.frame_id = arv_buffer_get_frame_id(buffer);
    s.options.fake_fill(frame);
  }

  // The first connection fixes what the source delivers; a camera that comes back must match.
  void adopt(const AppliedCameraSettings& got, ArvCamera* camera) {
    const auto format_found = aravis::find_mono_format(got.pixel_format);
    if (!format_found) throw InputError("camera " + id + " delivers " + got.pixel_format + " after configuration");
    if (buffers) {
      if (got.region.w != width() || got.region.h != height() || got.pixel_format != applied.pixel_format) {
        throw InputError("camera " + id + " came back delivering " + size_text(got.region.w, got.region.h) + " " +
                         got.pixel_format + " instead of " + size_text(width(), height()) + " " + applied.pixel_format);
      }
      applied = got;
      return;
    }
    applied = got;
    format = *format_found;
    payload = arv_camera_get_payload(camera, nullptr);
    buffer_count = resolved_buffer_count(options.buffers, applied.fps);
    model = text_or_empty(arv_camera_get_vendor_name(camera, nullptr)) + " " +
            text_or_empty(arv_camera_get_model_name(camera, nullptr));
    buffers = aravis::make_stream_buffers(format, width(), height(), payload, buffer_count, options.allocator);
    if (format.bits > 8) {
      notices.push_back(applied.pixel_format + " frames keep their 8 most significant bits");
    }
  }

  void connect() {
    const bool first = !buffers;
    auto c = std::make_unique<Connection>();
    c->camera = aravis::open_camera(id);
    ArvCamera* camera = c->camera.get();
    adopt(aravis::configure_camera(camera, options.settings), camera);
    if (options.fake_fill && !ARV_IS_FAKE_DEVICE(arv_camera_get_device(camera))) {
      throw InputError("camera " + id + " is not Aravis' fake camera: only the fake's frames can be painted");
    }
    if (options.fake_fill) {
      arv_fake_camera_set_fill_pattern(arv_fake_device_get_fake_camera(ARV_FAKE_DEVICE(arv_camera_get_device(camera))),
                                       &State::paint, this);
    }
    aravis::StreamSetup setup = aravis::create_stream(camera, payload, buffer_count);
    if (first) notices.insert(notices.end(), setup.notices.begin(), setup.notices.end());
    c->stream = std::move(setup.stream);
    c->control_lost_handler =
        g_signal_connect(arv_camera_get_device(camera), "control-lost", G_CALLBACK(on_control_lost), &c->control_lost);
    buffers->queue_free(c->stream.get());
    aravis::ErrorSlot error;
    arv_camera_start_acquisition(camera, error.out());
    if (error.failed()) {
      c.reset();
      buffers->forget_queued();
      throw InputError("camera " + id + " does not start: " + error.message());
    }
    gaps.restart();
    connection = std::move(c);
  }

  void disconnect(bool camera_answers) {
    if (!connection) return;
    closed_streams += aravis::read_stream_counters(connection->stream.get());
    // A camera that no longer answers would only make each command wait for its timeout.
    if (camera_answers) arv_camera_stop_acquisition(connection->camera.get(), nullptr);
    connection.reset();
    buffers->forget_queued();
  }

  void notify(CameraState now, const std::string& message) {
    state = now;
    if (options.on_state) options.on_state(now, message);
  }

  pt::ReadStatus lose(const std::string& reason) {
    disconnect(false);
    last_error = "camera " + id + " lost after " + std::to_string(counters.delivered) + " frames: " + reason;
    ++counters.losses;
    notify(CameraState::Lost, last_error);
    return pt::ReadStatus::Error;
  }

  bool reconnect() {
    const auto lost_since = Clock::now();
    const auto deadline = lost_since + std::chrono::duration<double>(options.reconnect_wait_s);
    for (;;) {
      try {
        connect();
        ++counters.reconnects;
        notify(CameraState::Streaming, "camera " + id + " is back");
        return true;
      } catch (const std::exception& e) {
        last_error = "camera " + id + " is still away: " + e.what();
      }
      if (Clock::now() >= deadline) return false;
      std::this_thread::sleep_for(kReconnectPause);
    }
  }

  void trigger_if_software() {
    if (applied.trigger == "Software") arv_camera_software_trigger(connection->camera.get(), nullptr);
  }

  [[nodiscard]] Clock::duration liveness_interval() const {
    const double frame_s = applied.fps && *applied.fps > 0.0 ? 1.0 / *applied.fps : 0.0;
    return std::chrono::duration_cast<Clock::duration>(
        std::chrono::duration<double>(std::max(options.liveness_check_s, 2.0 * frame_s)));
  }

  void describe_frame(pt::Frame& into, ArvBuffer* buffer) {
    FrameInfo& info = into.info();
    info.index = counters.delivered++;
    info.timestamp_s = static_cast<double>(arv_buffer_get_timestamp(buffer)) * 1e-9;
    info.host_ns = std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch()).count();
    set_indexed_label(info.source, label_prefix, info.index);
  }

  pt::ReadStatus next_frame(pt::Frame& into) {
    ArvStream* stream = connection->stream.get();
    buffers->queue_free(stream);
    trigger_if_software();
    auto idle_since = Clock::now();
    for (;;) {
      if (connection->control_lost.load()) return lose("it stopped answering its heartbeat");
      const GObjectPtr<ArvBuffer> buffer(arv_stream_timeout_pop_buffer(stream, kPopTimeoutUs));
      if (!buffer) {
        buffers->queue_free(stream);  // the pipeline may have given frames back meanwhile
        if (Clock::now() - idle_since < liveness_interval()) continue;
        if (const auto why = unreachable(connection->camera.get())) return lose(*why);
        idle_since = Clock::now();
        continue;
      }
      counters.skipped_ids += gaps.observe(arv_buffer_get_frame_id(buffer.get()));
      if (whole_image(buffer.get(), width(), height())) {
        buffers->deliver(stream, buffer.get(), into);
        describe_frame(into, buffer.get());
        return pt::ReadStatus::Ok;
      }
      buffers->requeue(stream, buffer.get());
      ++counters.incomplete;
      trigger_if_software();
    }
  }

  [[nodiscard]] AcquisitionCounters current_counters() const {
    AcquisitionCounters c = counters;
    aravis::StreamCounters stream = closed_streams;
    if (connection) stream += aravis::read_stream_counters(connection->stream.get());
    c.underruns = stream.underruns;
    c.missing_packets = stream.missing_packets;
    c.resent_packets = stream.resent_packets;
    return c;
  }
};

AravisSource::AravisSource(const std::string& id, AravisSourceOptions options)
    : state_(std::make_unique<State>(id, std::move(options))) {
  state_->connect();
}

AravisSource::~AravisSource() {
  if (state_->state == CameraState::Streaming) state_->disconnect(true);
}

std::string AravisSource::describe() const {
  const State& s = *state_;
  const AppliedCameraSettings& a = s.applied;
  std::string text = "camera " + s.id + " (" + s.model + "), " + size_text(a.region.w, a.region.h) + " " + a.pixel_format;
  if (a.fps) text += ", " + std::to_string(static_cast<long>(*a.fps + 0.5)) + " fps";
  if (a.exposure_us) text += ", exposure " + std::to_string(static_cast<long>(*a.exposure_us + 0.5)) + " us";
  if (a.trigger != "off") text += ", trigger " + a.trigger;
  return text;
}

int AravisSource::width() const { return state_->width(); }
int AravisSource::height() const { return state_->height(); }
double AravisSource::nominal_fps() const { return state_->applied.fps.value_or(0.0); }

pt::ReadStatus AravisSource::read(pt::Frame& into) {
  if (!reconnect()) return pt::ReadStatus::Error;
  return state_->next_frame(into);
}

bool AravisSource::reconnect() { return state_->connection != nullptr || state_->reconnect(); }

std::string AravisSource::error() const { return state_->last_error; }
std::vector<std::string> AravisSource::notices() const { return state_->notices; }
CameraState AravisSource::state() const { return state_->state; }
const AppliedCameraSettings& AravisSource::applied() const { return state_->applied; }
AcquisitionCounters AravisSource::counters() const { return state_->current_counters(); }
std::size_t AravisSource::buffers() const { return state_->buffer_count; }

}  // namespace pt::camera
