#pragma once
// The application's window: the live view with overlays, the per-eye plots, the detector's
// parameters, the status bar and the algorithm panels. Tracking runs on a TrackingWorker; a
// timer polls its latest frame and trace at ~30 Hz, so the window never waits on it.
#include <QMainWindow>
#include <filesystem>
#include <functional>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "pt/frame_source.hpp"
#include "pt/plugins/algorithm_registry.hpp"
#include "pt/pupil/pupil_detector.hpp"
#include "pt/ui/detector_factory.hpp"
#include "pt/ui/session_recording_sink.hpp"
#include "pt/ui/trace_history.hpp"

class QAction;
class QDockWidget;
class QLabel;
class QMenu;
class QTimer;

namespace pt::ui {

class EyeRegionController;
class MainWindow;
struct MainWindowServices;
class ParamForm;
class RecordingControl;
class TracePlot;
class TraceExportControl;
class TrackingWorker;
class TransportBar;
class VideoView;

struct OpenedSource {
  std::unique_ptr<FrameSource> source;
  std::vector<EyeRegion> regions;
  bool live = false;  // a camera: frames missed by a slow tracker are dropped, not delayed
};

// What the window needs from the application and cannot know itself.
struct MainWindowServices {
  // "synthetic", a video file or an image folder; throws std::exception with a one-line message.
  std::function<OpenedSource(const QString& input)> open_source;
  // The detectors of live tracking and exports, and why that backend, e.g. "auto: no usable CUDA
  // device (…)"; both show in the status bar.
  DetectorFactory make_detector = [](const DetectorParams& params, std::size_t eyes, int /*stretches*/) {
    return make_cpu_detector(params, static_cast<int>(eyes));
  };
  // How many stretches an export of a seekable file tracks at once, each on a detector of its own.
  StretchCount export_stretches = [](const DetectorParams& /*params*/, std::span<const EyeRegion> /*regions*/) {
    return 1;
  };
  QString backend_reason;
  const plugins::AlgorithmRegistry* registry = nullptr;
  std::function<void(const QString&)> log_error;  // every error the window shows, e.g. to a log file
  std::function<void(const QString&)> log_info;   // sources opened and ended
  // A recording of `source` (video, frame table, sidecar, pupil trace); throws with a one-line
  // message. Without it the window cannot record.
  std::function<std::unique_ptr<SessionRecordingSink>(const std::filesystem::path& video, const FrameSource& source,
                                                      std::span<const EyeRegion> regions, const DetectorParams& params)>
      start_recording;
  // Adds what the application has beyond files and the synthetic camera (e.g. cameras) to the
  // window, once its menus exist.
  std::function<void(MainWindow&, QMenu& source_menu, const MainWindowServices&)> extend_window;
};

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  explicit MainWindow(MainWindowServices services, QWidget* parent = nullptr);
  ~MainWindow() override;

  // Stops the current source and tracks `input`; on failure the error shows in the window (not
  // modal) and the previous source keeps running.
  bool open_source(const QString& input);
  // Tracks a source opened elsewhere (e.g. a camera opened off the GUI thread) as open_source
  // would; throws std::exception when tracking cannot start.
  void track(const QString& input, OpenedSource opened);
  // Stops tracking and closes the source, e.g. to open the same camera again with new settings.
  void close_source();
  // A visible, non-modal error, also in the log; it stays until the next source or clear_error(),
  // beside the rates rather than over them.
  void show_error(const QString& text);
  void clear_error();

  [[nodiscard]] TrackingWorker* worker() const noexcept { return worker_.get(); }
  [[nodiscard]] const TraceHistory& history() const noexcept { return history_; }
  [[nodiscard]] const std::vector<TracePlot*>& plots() const noexcept { return plots_; }
  [[nodiscard]] ParamForm& detector_form() const noexcept { return *detector_form_; }
  [[nodiscard]] VideoView& video() const noexcept { return *video_; }
  [[nodiscard]] const QList<QDockWidget*>& panels() const noexcept { return panels_; }
  [[nodiscard]] QString error_text() const;
  // The diameter plot in millimetres at this scale (0: pixels); kept between runs.
  void set_mm_per_px(double mm_per_px);
  [[nodiscard]] double mm_per_px() const noexcept { return mm_per_px_; }
  // The status bar's rates: camera and tracking fps over the last half second, latency, drops.
  [[nodiscard]] QString rates_text() const;
  // The source of the previous session (QSettings), "synthetic" on a first start.
  [[nodiscard]] QString remembered_source() const noexcept { return source_input_; }

 protected:
  void closeEvent(QCloseEvent* event) override;

 private:
  void build_menus();
  QDockWidget* build_detector_dock();
  void poll();
  void update_status();
  void apply_detector_params();
  void choose_video();
  void choose_folder();
  void save_snapshot();  // the view with its overlays, as shown
  void save_settings() const;
  void restore_settings();

  MainWindowServices services_;
  std::unique_ptr<TrackingWorker> worker_;
  QString source_input_;
  TraceHistory history_;
  VideoView* video_ = nullptr;
  std::vector<TracePlot*> plots_;
  ParamForm* detector_form_ = nullptr;
  TransportBar* transport_ = nullptr;
  TraceExportControl* export_ = nullptr;
  RecordingControl* recording_ = nullptr;
  EyeRegionController* regions_ = nullptr;
  QList<QDockWidget*> panels_;
  QMenu* view_menu_ = nullptr;
  std::vector<std::pair<QString, QAction*>> overlay_actions_;  // settings key, menu entry
  QTimer* poll_timer_ = nullptr;
  double mm_per_px_ = 0.0;

  QLabel* backend_label_ = nullptr;
  QLabel* rates_label_ = nullptr;
  QLabel* error_label_ = nullptr;
  struct RateWindow {
    std::uint64_t read = 0;
    std::uint64_t tracked = 0;
    double latency_us_sum = 0.0;
    qint64 at_ms = 0;
  } last_rates_;
  qint64 ticks_ = 0;
  bool end_reported_ = false;
};

}  // namespace pt::ui
