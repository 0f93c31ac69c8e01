#include "pt/ui/algorithm_panel.hpp"

#include <QCheckBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QImage>
#include <QLabel>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>
#include <exception>

#include "pt/ui/colour_map_view.hpp"
#include "pt/ui/param_form.hpp"

namespace pt::ui {
namespace {

// Pause between runs that follow the live frames: a panel refreshes a few times a second and
// leaves the tracker most of the processor.
constexpr int kFollowPauseMs = 300;

ImageU8 to_grey_image(const QImage& loaded) {
  const QImage grey = loaded.convertToFormat(QImage::Format_Grayscale8);
  ImageU8 out(grey.width(), grey.height());
  for (int y = 0; y < grey.height(); ++y) {
    std::copy_n(grey.constScanLine(y), grey.width(), out.data() + static_cast<std::ptrdiff_t>(y) * grey.width());
  }
  return out;
}

}  // namespace

AlgorithmPanel::AlgorithmPanel(std::unique_ptr<plugins::AlgorithmPlugin> plugin, std::function<ImageU8()> current_frame,
                               QWidget* parent)
    : QWidget(parent), plugin_(std::move(plugin)), current_frame_(std::move(current_frame)) {
  auto* layout = new QVBoxLayout(this);
  form_ = new ParamForm(plugin_->schema(), this);
  layout->addWidget(form_);

  auto* buttons = new QHBoxLayout;
  auto* run_frame = new QPushButton(tr("Current frame"), this);
  run_frame->setToolTip(tr("Compute the map of the frame on show"));
  auto* load = new QPushButton(tr("Load image…"), this);
  load->setToolTip(tr("Compute the map of an image file (e.g. a fundus photograph)"));
  follow_ = new QCheckBox(tr("Follow live frames"), this);
  follow_->setToolTip(tr("Compute again on the newest frame as soon as the previous map is done"));
  buttons->addWidget(run_frame);
  buttons->addWidget(load);
  buttons->addWidget(follow_);
  layout->addLayout(buttons);

  map_ = new ColourMapView(this);
  layout->addWidget(map_, 1);
  readout_ = new QLabel(this);
  readout_->setWordWrap(true);
  readout_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(readout_);

  connect(run_frame, &QPushButton::clicked, this, &AlgorithmPanel::run_on_current_frame);
  connect(load, &QPushButton::clicked, this, &AlgorithmPanel::load_image);
  connect(follow_, &QCheckBox::toggled, this, [this](bool on) {
    if (on) follow_next();
  });
  connect(&watcher_, &QFutureWatcher<plugins::AlgorithmOutput>::finished, this, [this] {
    last_output_ = watcher_.result();
    show_output();
    emit finished();
    if (follow_->isChecked()) QTimer::singleShot(kFollowPauseMs, this, &AlgorithmPanel::follow_next);
  });
}

AlgorithmPanel::~AlgorithmPanel() { watcher_.waitForFinished(); }

QString AlgorithmPanel::title() const { return QString::fromStdString(plugin_->display_name()); }

void AlgorithmPanel::follow_live_frames(bool on) { follow_->setChecked(on); }

bool AlgorithmPanel::run_on(ImageU8 image) {
  if (watcher_.isRunning() || image.empty()) return false;
  input_ = std::move(image);
  const plugins::ParamSet params = form_->values();
  readout_->setText(tr("computing…"));
  watcher_.setFuture(QtConcurrent::run([this, params] {
    try {
      return plugin_->run(input_.view(), params);
    } catch (const std::exception& e) {
      plugins::AlgorithmOutput failed;
      failed.note = std::string("error: ") + e.what();
      return failed;
    }
  }));
  return true;
}

void AlgorithmPanel::follow_next() {
  if (!follow_->isChecked() || watcher_.isRunning()) return;
  if (!run_on_current_frame()) QTimer::singleShot(kFollowPauseMs, this, &AlgorithmPanel::follow_next);
}

bool AlgorithmPanel::run_on_current_frame() {
  ImageU8 frame = current_frame_();
  if (frame.empty()) {
    readout_->setText(tr("no frame on show yet"));
    return false;
  }
  return run_on(std::move(frame));
}

void AlgorithmPanel::load_image() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Image for %1").arg(title()), QString(),
                                                    tr("Images (*.png *.jpg *.jpeg *.tif *.tiff *.bmp *.pgm)"));
  if (path.isEmpty()) return;
  const QImage loaded(path);
  if (loaded.isNull()) {
    readout_->setText(tr("error: cannot read %1").arg(path));
    return;
  }
  follow_->setChecked(false);
  run_on(to_grey_image(loaded));
}

void AlgorithmPanel::show_output() {
  const plugins::AlgorithmOutput& out = last_output_;
  if (!out.map.empty()) map_->show_map(out.map);
  QStringList lines;
  for (const auto& [name, value] : out.scalars) lines << QStringLiteral("%1: %2").arg(QString::fromStdString(name)).arg(value, 0, 'g', 4);
  if (!out.map.empty()) lines << tr("range %1 … %2").arg(map_->low(), 0, 'g', 3).arg(map_->high(), 0, 'g', 3);
  if (!out.note.empty()) lines << QString::fromStdString(out.note);
  readout_->setText(lines.join(QLatin1Char('\n')));
}

}  // namespace pt::ui
