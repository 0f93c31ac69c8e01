#include "pt/ui/eye_region_controller.hpp"

#include <QAction>
#include <QMenu>
#include <QSettings>
#include <utility>

#include "pt/ui/region_settings.hpp"
#include "pt/ui/tracking_worker.hpp"
#include "pt/ui/video_view.hpp"

namespace pt::ui {

EyeRegionController::EyeRegionController(VideoView& view, QMenu& menu, std::function<TrackingWorker*()> worker,
                                         std::function<void(const QString&)> notify, QObject* parent)
    : QObject(parent), view_(view), worker_(std::move(worker)), notify_(std::move(notify)) {
  draw_ = menu.addAction(tr("&Draw eye regions"));
  draw_->setCheckable(true);
  draw_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
  connect(draw_, &QAction::toggled, &view_, &VideoView::set_region_mode);
  menu.addAction(tr("Reset eye &regions"), this, &EyeRegionController::reset);
  connect(&view_, &VideoView::region_drawn, this, &EyeRegionController::change);
  connect(&view_, &VideoView::pupil_pointed, this, &EyeRegionController::point);
}

QString EyeRegionController::settings_group() const { return QStringLiteral("regions/") + kind_; }

std::vector<EyeRegion> EyeRegionController::regions_for(const QString& input, int frame_width, int frame_height,
                                                        std::vector<EyeRegion> defaults) {
  kind_ = source_kind(input);
  frame_width_ = frame_width;
  frame_height_ = frame_height;
  defaults_ = std::move(defaults);
  const std::optional<std::vector<RectI>> kept = read_rects(QSettings(), settings_group());
  regions_ = kept ? fitting(*kept).value_or(defaults_) : defaults_;
  return regions_;
}

void EyeRegionController::change(int eye, RectI rect) {
  if (eye < 0 || static_cast<std::size_t>(eye) >= regions_.size()) return;
  std::vector<EyeRegion> regions = regions_;
  regions[static_cast<std::size_t>(eye)].rect = rect;
  apply(std::move(regions), true);
  notify_(tr("eye region %1: %2×%3 at (%4, %5)").arg(eye + 1).arg(rect.w).arg(rect.h).arg(rect.x).arg(rect.y));
}

std::optional<std::vector<EyeRegion>> EyeRegionController::fitting(const std::vector<RectI>& rects) const {
  if (rects.size() != defaults_.size()) return std::nullopt;
  const RectI frame{0, 0, frame_width_, frame_height_};
  std::vector<EyeRegion> regions = defaults_;
  for (std::size_t i = 0; i < rects.size(); ++i) {
    if (rects[i].empty() || !frame.contains(rects[i])) return std::nullopt;
    regions[i].rect = rects[i];
  }
  return regions;
}

bool EyeRegionController::replace(const std::vector<RectI>& rects) {
  std::optional<std::vector<EyeRegion>> regions = fitting(rects);
  if (!regions) return false;
  apply(std::move(*regions), true);
  return true;
}

std::vector<RectI> EyeRegionController::rects() const {
  std::vector<RectI> out;
  for (const EyeRegion& r : regions_) out.push_back(r.rect);
  return out;
}

void EyeRegionController::reset() {
  QSettings().remove(settings_group());
  apply(defaults_, false);
  notify_(tr("eye regions reset"));
}

void EyeRegionController::apply(std::vector<EyeRegion> regions, bool keep) {
  regions_ = std::move(regions);
  if (keep) {
    QSettings settings;
    write_rects(settings, settings_group(), rects());
  }
  if (TrackingWorker* w = worker_()) w->set_regions(regions_);
}

void EyeRegionController::point(int eye, Point2f centre) {
  TrackingWorker* w = worker_();
  if (w == nullptr) return;
  w->hint_pupil(static_cast<std::size_t>(eye), centre);
  notify_(tr("eye %1: searching from (%2, %3)").arg(eye + 1).arg(centre.x, 0, 'f', 0).arg(centre.y, 0, 'f', 0));
}

}  // namespace pt::ui
