#include "pt/ui/main_window.hpp"

#include <QAction>
#include <QCloseEvent>
#include <QDateTime>
#include <QDockWidget>
#include <QFileDialog>
#include <QInputDialog>
#include <QLabel>
#include <QMenuBar>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTimer>
#include <QVBoxLayout>
#include <exception>
#include <stdexcept>

#include "pt/plugins/detector_param_schema.hpp"
#include "pt/ui/eye_region_controller.hpp"
#include "pt/ui/panel_host.hpp"
#include "pt/ui/param_form.hpp"
#include "pt/ui/preset_actions.hpp"
#include "pt/ui/recording_control.hpp"
#include "pt/ui/settings_values.hpp"
#include "pt/ui/trace_export_control.hpp"
#include "pt/ui/trace_plot.hpp"
#include "pt/ui/tracking_worker.hpp"
#include "pt/ui/transport_bar.hpp"
#include "pt/ui/video_view.hpp"

namespace pt::ui {
namespace {

constexpr int kPollMs = 33;        // ~30 Hz: smooth to the eye, cheap whatever the camera's rate
constexpr int kStatusEveryTicks = 15;  // rates over half a second

}  // namespace

MainWindow::MainWindow(MainWindowServices services, QWidget* parent)
    : QMainWindow(parent), services_(std::move(services)) {
  setWindowTitle(tr("pupiltrack"));
  resize(1280, 860);  // the first start; later ones restore the saved geometry
  setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks);

  video_ = new VideoView;
  auto* plots = new QWidget;
  auto* plot_layout = new QVBoxLayout(plots);
  plot_layout->setContentsMargins(0, 0, 0, 0);
  plot_layout->setSpacing(2);
  for (const PlotQuantity q : {PlotQuantity::Diameter, PlotQuantity::CenterX, PlotQuantity::CenterY}) {
    auto* plot = new TracePlot(history_, q);
    plot_layout->addWidget(plot);
    plots_.push_back(plot);
  }
  transport_ = new TransportBar([this] { return worker_.get(); });
  auto* video_and_transport = new QWidget;
  auto* video_layout = new QVBoxLayout(video_and_transport);
  video_layout->setContentsMargins(0, 0, 0, 0);
  video_layout->addWidget(video_, 1);
  video_layout->addWidget(transport_);
  auto* split = new QSplitter(Qt::Vertical);
  split->addWidget(video_and_transport);
  split->addWidget(plots);
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 2);
  setCentralWidget(split);

  backend_label_ = new QLabel;
  backend_label_->setObjectName(QStringLiteral("backend"));
  rates_label_ = new QLabel;
  error_label_ = new QLabel;
  error_label_->setStyleSheet(QStringLiteral("color: #ff6060"));
  statusBar()->addWidget(backend_label_);
  statusBar()->addWidget(rates_label_, 1);
  statusBar()->addPermanentWidget(error_label_);

  export_ = new TraceExportControl(
      *statusBar(),
      {[this]() -> std::optional<TraceExportRequest> {
         if (!worker_ || worker_->live()) return std::nullopt;
         const DetectorParams params = plugins::detector_params_from(detector_form_->values());
         return TraceExportRequest{[open = services_.open_source, input = source_input_] { return open(input).source; },
                                   worker_->regions(), params, {}, services_.make_detector,
                                   services_.export_stretches(params, worker_->regions())};
       },
       [this](const QString& text) { statusBar()->showMessage(text, 10000); },
       [this](const QString& text) { show_error(text); }},
      this);
  recording_ = new RecordingControl(
      *statusBar(),
      {[this] { return worker_.get(); },
       [this](const std::filesystem::path& video, TrackingWorker& worker) -> std::unique_ptr<SessionRecordingSink> {
         if (!services_.start_recording) throw std::runtime_error("this build cannot record");
         return services_.start_recording(video, worker.opened_source(), worker.regions(), worker.params());
       },
       [this](const QString& text) { statusBar()->showMessage(text, 10000); },
       [this](const QString& text) { show_error(text); }},
      this);
  addDockWidget(Qt::LeftDockWidgetArea, build_detector_dock());
  build_menus();
  if (services_.registry != nullptr) {
    panels_ = add_algorithm_panels(*this, *view_menu_, *services_.registry, [this] {
      return video_->frame() ? video_->frame()->pixels : ImageU8{};
    });
  }

  poll_timer_ = new QTimer(this);
  connect(poll_timer_, &QTimer::timeout, this, &MainWindow::poll);
  poll_timer_->start(kPollMs);
  restore_settings();
}

MainWindow::~MainWindow() = default;

QDockWidget* MainWindow::build_detector_dock() {
  auto* dock = new QDockWidget(tr("Pupil detector"), this);
  dock->setObjectName(QStringLiteral("detector"));
  auto* body = new QWidget;
  auto* layout = new QVBoxLayout(body);
  detector_form_ = new ParamForm(plugins::detector_param_schema(), body);
  layout->addWidget(detector_form_);
  layout->addStretch(1);
  dock->setWidget(body);
  connect(detector_form_, &ParamForm::changed, this, &MainWindow::apply_detector_params);
  return dock;
}

void MainWindow::build_menus() {
  QMenu* source = menuBar()->addMenu(tr("&Source"));
  source->addAction(tr("&Synthetic binocular camera"), this, [this] { open_source(QStringLiteral("synthetic")); });
  source->addAction(tr("&Video file…"), QKeySequence::Open, this, &MainWindow::choose_video);
  source->addAction(tr("&Image folder…"), this, &MainWindow::choose_folder);
  if (services_.extend_window) services_.extend_window(*this, *source, services_);
  source->addSeparator();
  recording_->add_action_to(*source);
  source->addAction(tr("Save &snapshot…"), QKeySequence(Qt::Key_F12), this, &MainWindow::save_snapshot);
  source->addSeparator();
  source->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

  QMenu* playback = menuBar()->addMenu(tr("&Playback"));
  transport_->add_actions_to(*playback);
  playback->addSeparator();
  export_->add_action_to(*playback);

  view_menu_ = menuBar()->addMenu(tr("&View"));
  struct Toggle {
    QString key;  // in the settings
    QString label;
    bool OverlayOptions::*flag;
  };
  const Toggle toggles[] = {{QStringLiteral("pupil"), tr("Pupil ellipse and centre"), &OverlayOptions::pupil},
                            {QStringLiteral("regions"), tr("Eye regions"), &OverlayOptions::regions},
                            {QStringLiteral("window"), tr("Tracking window"), &OverlayOptions::search_window},
                            {QStringLiteral("no_pupil"), tr("No pupil / blink marker"), &OverlayOptions::no_pupil},
                            {QStringLiteral("reflections"), tr("Corneal reflections"), &OverlayOptions::reflections},
                            {QStringLiteral("search"), tr("Starburst rays and edge points"), &OverlayOptions::search}};
  for (const Toggle& t : toggles) {
    QAction* a = view_menu_->addAction(t.label);
    overlay_actions_.emplace_back(t.key, a);
    a->setCheckable(true);
    a->setChecked(video_->overlays().*t.flag);
    connect(a, &QAction::toggled, this, [this, flag = t.flag](bool on) {
      OverlayOptions o = video_->overlays();
      o.*flag = on;
      video_->set_overlays(o);
      if (worker_) worker_->show_reflections(o.reflections);
      if (worker_) worker_->show_search(o.search);
    });
  }
  view_menu_->addSeparator();
  view_menu_->addAction(tr("Pupil &scale (mm per pixel)…"), this, [this] {
    bool ok = false;
    const double mm = QInputDialog::getDouble(this, tr("Pupil scale"),
                                              tr("Millimetres per image pixel at the pupil (0: plot pixels)"),
                                              mm_per_px_, 0.0, 1.0, 5, &ok);
    if (ok) set_mm_per_px(mm);
  });
  view_menu_->addSeparator();
  const auto message = [this](const QString& text) { statusBar()->showMessage(text, 5000); };
  regions_ = new EyeRegionController(*video_, *view_menu_, [this] { return worker_.get(); }, message, this);
  view_menu_->addSeparator();
  new PresetActions(*menuBar()->addMenu(tr("&Presets")), *this, *detector_form_, *regions_, message,
                    [this](const QString& text) { show_error(text); });
}

bool MainWindow::open_source(const QString& input) {
  try {
    track(input, services_.open_source(input));
    return true;
  } catch (const std::exception& e) {
    show_error(tr("cannot open %1: %2").arg(input, QString::fromStdString(e.what())));
    return false;
  }
}

void MainWindow::track(const QString& input, OpenedSource opened) {
  opened.regions = regions_->regions_for(input, opened.source->width(), opened.source->height(), std::move(opened.regions));
  worker_.reset();  // joins the previous tracking thread before the new one starts
  history_.clear();
  worker_ = std::make_unique<TrackingWorker>(std::move(opened.source), std::move(opened.regions), opened.live,
                                             plugins::detector_params_from(detector_form_->values()),
                                             services_.make_detector);
  worker_->show_reflections(video_->overlays().reflections);
  worker_->show_search(video_->overlays().search);
  source_input_ = input;
  last_rates_ = {};
  end_reported_ = false;
  error_label_->clear();
  const QString described = QString::fromStdString(worker_->source_description());
  setWindowTitle(tr("pupiltrack — %1").arg(described));
  if (services_.log_info) services_.log_info(tr("tracking %1").arg(described));
}

void MainWindow::close_source() { worker_.reset(); }

void MainWindow::choose_video() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Video file"), QString(),
                                                    tr("Videos (*.mp4 *.avi *.mkv *.mov);;All files (*)"));
  if (!path.isEmpty()) open_source(path);
}

void MainWindow::choose_folder() {
  const QString path = QFileDialog::getExistingDirectory(this, tr("Folder of eye images"));
  if (!path.isEmpty()) open_source(path);
}

void MainWindow::save_snapshot() {
  const QString path = QFileDialog::getSaveFileName(this, tr("Snapshot of the view"), QStringLiteral("snapshot.png"),
                                                    tr("PNG images (*.png)"));
  if (!path.isEmpty() && !video_->grab().save(path)) show_error(tr("cannot write %1").arg(path));
}

void MainWindow::apply_detector_params() {
  if (worker_) worker_->set_params(plugins::detector_params_from(detector_form_->values()));
}

void MainWindow::show_error(const QString& text) {
  if (services_.log_error) services_.log_error(text);
  error_label_->setText(text);
}

void MainWindow::clear_error() { error_label_->clear(); }

QString MainWindow::error_text() const { return error_label_->text(); }

QString MainWindow::rates_text() const { return rates_label_->text(); }

void MainWindow::poll() {
  if (!worker_) return;
  if (auto frame = worker_->latest().take()) video_->show_frame(std::move(*frame));
  const std::vector<TraceSample> samples = worker_->trace().drain();
  if (!samples.empty()) {
    history_.append(samples);
    for (TracePlot* p : plots_) p->update();
  }
  if (++ticks_ % kStatusEveryTicks == 0) update_status();
}

void MainWindow::update_status() {
  const WorkerCounters c = worker_->counters();
  const qint64 now = QDateTime::currentMSecsSinceEpoch();
  const double dt = last_rates_.at_ms > 0 ? static_cast<double>(now - last_rates_.at_ms) / 1000.0 : 0.0;
  const std::uint64_t tracked = c.frames_tracked - last_rates_.tracked;
  if (dt > 0.0) {
    const double latency_ms =
        tracked > 0 ? (c.latency_us_sum - last_rates_.latency_us_sum) / static_cast<double>(tracked) / 1000.0 : 0.0;
    rates_label_->setText(tr("camera %1 fps · tracking %2 fps · latency %3 ms · dropped %4")
                              .arg(static_cast<double>(c.frames_read - last_rates_.read) / dt, 0, 'f', 0)
                              .arg(static_cast<double>(tracked) / dt, 0, 'f', 0)
                              .arg(latency_ms, 0, 'f', 2)
                              .arg(c.frames_dropped));
  }
  last_rates_ = {c.frames_read, c.frames_tracked, c.latency_us_sum, now};
  // Whole in the tooltip; cut short on the bar, where the rates must keep their room.
  const QString backend =
      tr("%1 — %2").arg(QString::fromStdString(worker_->detector_description()), services_.backend_reason);
  constexpr int kBackendWidth = 320;
  backend_label_->setToolTip(backend);
  backend_label_->setText(backend_label_->fontMetrics().elidedText(backend, Qt::ElideRight, kBackendWidth));
  if (c.finished && !end_reported_) {
    end_reported_ = true;
    if (!c.error.empty()) {
      show_error(tr("the source failed: %1").arg(QString::fromStdString(c.error)));
    } else {
      statusBar()->showMessage(tr("the source ended"));
      if (services_.log_info) services_.log_info(tr("the source ended"));
    }
  }
}

void MainWindow::closeEvent(QCloseEvent* event) {
  save_settings();
  poll_timer_->stop();
  worker_.reset();
  event->accept();
}

void MainWindow::set_mm_per_px(double mm_per_px) {
  mm_per_px_ = mm_per_px > 0.0 ? mm_per_px : 0.0;
  for (TracePlot* plot : plots_) plot->set_mm_per_px(mm_per_px_);
}

void MainWindow::save_settings() const {
  QSettings s;
  s.setValue(QStringLiteral("plots/mm_per_px"), mm_per_px_);
  s.setValue(QStringLiteral("window/geometry"), saveGeometry());
  s.setValue(QStringLiteral("window/state"), saveState());
  s.setValue(QStringLiteral("source"), source_input_);
  write_params(s, QStringLiteral("detector"), detector_form_->values());
  for (const auto& [key, action] : overlay_actions_) s.setValue(QStringLiteral("overlays/") + key, action->isChecked());
}

void MainWindow::restore_settings() {
  const QSettings s;
  restoreGeometry(s.value(QStringLiteral("window/geometry")).toByteArray());
  restoreState(s.value(QStringLiteral("window/state")).toByteArray());
  set_mm_per_px(s.value(QStringLiteral("plots/mm_per_px"), 0.0).toDouble());
  detector_form_->set_values(read_params(s, QStringLiteral("detector"), plugins::detector_param_schema()));
  source_input_ = s.value(QStringLiteral("source"), QStringLiteral("synthetic")).toString();
  for (const auto& [key, action] : overlay_actions_) {
    action->setChecked(s.value(QStringLiteral("overlays/") + key, action->isChecked()).toBool());
  }
}

}  // namespace pt::ui
