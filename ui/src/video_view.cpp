#include "pt/ui/video_view.hpp"

#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <cmath>
#include <numbers>

#include "pt/ui/eye_colours.hpp"

namespace pt::ui {
namespace {

// A drag shorter than this (frame pixels, either side) draws no region: a slip of the hand.
constexpr double kMinRegionPx = 16.0;

}  // namespace

VideoView::VideoView(QWidget* parent) : QWidget(parent) {
  setAttribute(Qt::WA_OpaquePaintEvent);
  setMinimumSize(320, 240);
  setToolTip(tr("Ctrl+click on a pupil to point its eye's tracker at it"));
}

void VideoView::set_region_mode(bool on) {
  region_mode_ = on;
  drag_from_.reset();
  setCursor(on ? Qt::CrossCursor : Qt::ArrowCursor);
  update();
}

QTransform VideoView::frame_to_widget() const {
  if (image_.isNull()) return {};
  const double scale = std::min(static_cast<double>(width()) / image_.width(), static_cast<double>(height()) / image_.height());
  const double ox = (width() - image_.width() * scale) / 2.0;
  const double oy = (height() - image_.height() * scale) / 2.0;
  return QTransform(scale, 0.0, 0.0, scale, ox, oy);
}

QPointF VideoView::to_frame(QPointF widget_point) const { return frame_to_widget().inverted().map(widget_point); }

int VideoView::drawn_eye(Qt::KeyboardModifiers modifiers) const {
  return (modifiers & Qt::ShiftModifier) && frame_ && frame_->regions.size() > 1 ? 1 : 0;
}

void VideoView::mousePressEvent(QMouseEvent* event) {
  if (!frame_ || event->button() != Qt::LeftButton) return QWidget::mousePressEvent(event);
  const QPointF at = to_frame(event->position());
  if (event->modifiers() & Qt::ControlModifier) {
    for (std::size_t i = 0; i < frame_->regions.size(); ++i) {
      const RectI& r = frame_->regions[i].rect;
      if (at.x() >= r.x && at.y() >= r.y && at.x() < r.x + r.w && at.y() < r.y + r.h) {
        emit pupil_pointed(static_cast<int>(i), Point2f{static_cast<float>(at.x()), static_cast<float>(at.y())});
        return;
      }
    }
    return;
  }
  if (!region_mode_) return QWidget::mousePressEvent(event);
  drag_from_ = at;
  drag_to_ = at;
  drag_eye_ = drawn_eye(event->modifiers());
  update();
}

void VideoView::mouseMoveEvent(QMouseEvent* event) {
  if (!drag_from_) return QWidget::mouseMoveEvent(event);
  drag_to_ = to_frame(event->position());
  update();
}

void VideoView::mouseReleaseEvent(QMouseEvent* event) {
  if (!drag_from_ || event->button() != Qt::LeftButton) return QWidget::mouseReleaseEvent(event);
  const QPointF from = *drag_from_;
  const QPointF to = to_frame(event->position());
  drag_from_.reset();
  update();
  // Whole pixels inside the frame, whichever way the drag went.
  const double w = image_.width();
  const double h = image_.height();
  const int x0 = static_cast<int>(std::floor(std::clamp(std::min(from.x(), to.x()), 0.0, w)));
  const int y0 = static_cast<int>(std::floor(std::clamp(std::min(from.y(), to.y()), 0.0, h)));
  const int x1 = static_cast<int>(std::ceil(std::clamp(std::max(from.x(), to.x()), 0.0, w)));
  const int y1 = static_cast<int>(std::ceil(std::clamp(std::max(from.y(), to.y()), 0.0, h)));
  if (x1 - x0 < kMinRegionPx || y1 - y0 < kMinRegionPx) return;
  emit region_drawn(drag_eye_, RectI{x0, y0, x1 - x0, y1 - y0});
}

void VideoView::show_frame(FrameSnapshot frame) {
  frame_ = std::move(frame);
  const ImageU8& px = frame_->pixels;
  image_ = QImage(px.data(), px.width(), px.height(), px.width(), QImage::Format_Grayscale8);
  mask_ = QImage();
  if (const ImageU8& m = frame_->reflection_mask; !m.empty()) {
    mask_ = QImage(m.data(), m.width(), m.height(), m.width(), QImage::Format_Indexed8);
    QList<QRgb> colours(256, qRgba(255, 40, 40, 160));
    colours[0] = qRgba(0, 0, 0, 0);
    mask_.setColorTable(colours);
  }
  update();
}

void VideoView::set_overlays(const OverlayOptions& options) {
  overlays_ = options;
  update();
}

void VideoView::paintEvent(QPaintEvent* /*event*/) {
  QPainter p(this);
  p.fillRect(rect(), Qt::black);
  if (image_.isNull()) {
    p.setPen(Qt::gray);
    p.drawText(rect(), Qt::AlignCenter, QStringLiteral("waiting for frames…"));
    return;
  }
  const QTransform to_widget = frame_to_widget();
  const double scale = to_widget.m11();
  p.setTransform(to_widget);
  p.setRenderHint(QPainter::SmoothPixmapTransform);
  p.drawImage(QPointF(0, 0), image_);
  if (overlays_.reflections && !mask_.isNull()) p.drawImage(QPointF(0, 0), mask_);
  p.setRenderHint(QPainter::Antialiasing);
  paint_overlays(p, scale);
  if (overlays_.search) paint_search(p, scale);
  if (region_mode_) paint_region_mode(p, scale);
}

void VideoView::paint_search(QPainter& p, double scale) const {
  const double line = 1.0 / scale;
  const double dot = 2.0 / scale;
  for (std::size_t i = 0; i < frame_->searches.size() && i < frame_->eyes.size(); ++i) {
    const EyeSearchPoints& s = frame_->searches[i];
    const PupilMeasurement& m = frame_->eyes[i];
    // The rays run from the centre they settled on to the border points they found.
    if (m.detected) {
      p.setPen(QPen(QColor(255, 220, 80, 70), line));
      for (const Point2f& e : s.edges) p.drawLine(QPointF(m.ellipse.cx, m.ellipse.cy), QPointF(e.x, e.y));
    }
    p.setPen(Qt::NoPen);
    for (std::size_t k = 0; k < s.edges.size(); ++k) {
      const bool kept = k < s.inlier.size() && s.inlier[k] != 0;
      p.setBrush(kept ? QColor(90, 255, 120) : QColor(255, 140, 40));
      p.drawEllipse(QPointF(s.edges[k].x, s.edges[k].y), dot, dot);
    }
  }
}

void VideoView::paint_region_mode(QPainter& p, double scale) const {
  if (drag_from_) {
    p.setPen(QPen(eye_colour(drag_eye_), 2.0 / scale, Qt::DashLine));
    p.setBrush(Qt::NoBrush);
    p.drawRect(QRectF(*drag_from_, drag_to_).normalized());
  }
  p.resetTransform();
  const QString hint = frame_->regions.size() > 1
                           ? tr("Drag: left eye region · Shift+drag: right eye region · Ctrl+click: point at a pupil")
                           : tr("Drag: eye region · Ctrl+click: point at the pupil");
  const QRect band(0, 0, width(), fontMetrics().height() + 8);
  p.fillRect(band, QColor(0, 0, 0, 170));
  p.setPen(Qt::white);
  p.drawText(band, Qt::AlignCenter, hint);
}

void VideoView::paint_overlays(QPainter& p, double scale) const {
  const double line = 1.5 / scale;  // constant on screen whatever the zoom
  for (std::size_t i = 0; i < frame_->regions.size(); ++i) {
    const RectI& r = frame_->regions[i].rect;
    const QColor colour = eye_colour(static_cast<int>(i));
    if (overlays_.regions) {
      p.setPen(QPen(QColor(200, 200, 200, 140), line, Qt::DashLine));
      p.setBrush(Qt::NoBrush);
      p.drawRect(QRectF(r.x, r.y, r.w, r.h));
    }
    if (i >= frame_->eyes.size()) continue;
    const PupilMeasurement& m = frame_->eyes[i];
    if (overlays_.search_window && !(m.searched == r) && !m.searched.empty()) {
      p.setPen(QPen(QColor(120, 220, 120, 200), line));
      p.drawRect(QRectF(m.searched.x, m.searched.y, m.searched.w, m.searched.h));
    }
    if (m.detected && overlays_.pupil) {
      const Ellipse& e = m.ellipse;
      p.save();
      p.translate(e.cx, e.cy);
      p.rotate(e.angle_rad * 180.0 / std::numbers::pi);
      p.setPen(QPen(colour, 2.0 * line));
      p.drawEllipse(QPointF(0, 0), e.a, e.b);
      p.restore();
      p.setPen(QPen(colour, line));
      const double arm = 8.0 / scale;
      p.drawLine(QPointF(e.cx - arm, e.cy), QPointF(e.cx + arm, e.cy));
      p.drawLine(QPointF(e.cx, e.cy - arm), QPointF(e.cx, e.cy + arm));
    } else if (!m.detected && overlays_.no_pupil) {
      QFont font = p.font();
      font.setPointSizeF(14.0 / scale);
      font.setBold(true);
      p.setFont(font);
      p.setPen(QColor(255, 80, 80));
      p.drawText(QRectF(r.x, r.y + r.h * 0.05, r.w, r.h * 0.2), Qt::AlignHCenter | Qt::AlignTop,
                 QStringLiteral("no pupil / blink"));
    }
  }
}

}  // namespace pt::ui
