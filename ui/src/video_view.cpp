#include "pt/ui/video_view.hpp"

#include <QPainter>
#include <QPainterPath>
#include <numbers>

#include "pt/ui/eye_colours.hpp"

namespace pt::ui {

VideoView::VideoView(QWidget* parent) : QWidget(parent) {
  setAttribute(Qt::WA_OpaquePaintEvent);
  setMinimumSize(320, 240);
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
  const double scale = std::min(static_cast<double>(width()) / image_.width(), static_cast<double>(height()) / image_.height());
  const double ox = (width() - image_.width() * scale) / 2.0;
  const double oy = (height() - image_.height() * scale) / 2.0;
  p.translate(ox, oy);
  p.scale(scale, scale);
  p.setRenderHint(QPainter::SmoothPixmapTransform);
  p.drawImage(QPointF(0, 0), image_);
  if (overlays_.reflections && !mask_.isNull()) p.drawImage(QPointF(0, 0), mask_);
  p.setRenderHint(QPainter::Antialiasing);
  paint_overlays(p, scale);
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
