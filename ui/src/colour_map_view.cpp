#include "pt/ui/colour_map_view.hpp"

#include <QLinearGradient>
#include <QPainter>
#include <algorithm>
#include <array>
#include <cmath>

namespace pt::ui {

QRgb colour_scale(float t) {
  // A few stops of a perceptually ordered ramp (close to matplotlib's viridis), linearly joined.
  static constexpr std::array<std::array<float, 3>, 5> kStops{{
      {68, 1, 84}, {59, 82, 139}, {33, 145, 140}, {94, 201, 98}, {253, 231, 37}}};
  const float x = std::clamp(t, 0.0F, 1.0F) * static_cast<float>(kStops.size() - 1);
  const auto i = std::min(static_cast<std::size_t>(x), kStops.size() - 2);
  const float f = x - static_cast<float>(i);
  const auto mix = [&](int c) { return static_cast<int>(kStops[i][c] + f * (kStops[i + 1][c] - kStops[i][c])); };
  return qRgb(mix(0), mix(1), mix(2));
}

ColourMapView::ColourMapView(QWidget* parent) : QWidget(parent) { setMinimumSize(200, 160); }

void ColourMapView::show_map(const Image<float>& map) {
  const float* v = map.data();
  const std::size_t n = static_cast<std::size_t>(map.width()) * static_cast<std::size_t>(map.height());
  low_ = std::numeric_limits<float>::max();
  high_ = std::numeric_limits<float>::lowest();
  for (std::size_t i = 0; i < n; ++i) {
    if (!std::isfinite(v[i])) continue;
    low_ = std::min(low_, v[i]);
    high_ = std::max(high_, v[i]);
  }
  if (low_ > high_) low_ = high_ = 0.0F;
  const float span = high_ > low_ ? high_ - low_ : 1.0F;
  image_ = QImage(map.width(), map.height(), QImage::Format_RGB32);
  for (int y = 0; y < map.height(); ++y) {
    auto* row = reinterpret_cast<QRgb*>(image_.scanLine(y));
    const float* src = v + static_cast<std::ptrdiff_t>(y) * map.width();
    for (int x = 0; x < map.width(); ++x) row[x] = colour_scale((src[x] - low_) / span);
  }
  update();
}

void ColourMapView::paintEvent(QPaintEvent* /*event*/) {
  QPainter p(this);
  p.fillRect(rect(), QColor(24, 26, 30));
  if (image_.isNull()) {
    p.setPen(Qt::gray);
    p.drawText(rect(), Qt::AlignCenter, tr("no map yet"));
    return;
  }
  const QRect bar(width() - 58, 10, 14, height() - 20);
  const QRect area = rect().adjusted(4, 4, -66, -4);
  const QSize fitted = image_.size().scaled(area.size(), Qt::KeepAspectRatio);
  const QRect target(area.left() + (area.width() - fitted.width()) / 2, area.top() + (area.height() - fitted.height()) / 2,
                     fitted.width(), fitted.height());
  p.setRenderHint(QPainter::SmoothPixmapTransform);
  p.drawImage(target, image_);
  QLinearGradient ramp(bar.bottomLeft(), bar.topLeft());
  for (int i = 0; i <= 8; ++i) ramp.setColorAt(i / 8.0, QColor(colour_scale(static_cast<float>(i) / 8.0F)));
  p.fillRect(bar, ramp);
  p.setPen(QColor(200, 200, 200));
  p.drawText(QRect(bar.right() + 3, bar.top() - 2, 44, 14), Qt::AlignLeft, QString::number(high_, 'g', 3));
  p.drawText(QRect(bar.right() + 3, bar.bottom() - 12, 44, 14), Qt::AlignLeft, QString::number(low_, 'g', 3));
}

}  // namespace pt::ui
