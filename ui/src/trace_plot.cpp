#include "pt/ui/trace_plot.hpp"

#include <QPainter>
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "pt/ui/eye_colours.hpp"

namespace pt::ui {
namespace {

float value_of(const TraceSample& s, PlotQuantity q, double mm_per_px) {
  switch (q) {
    case PlotQuantity::Diameter:
      return mm_per_px > 0.0 ? static_cast<float>(s.diameter_px * mm_per_px) : s.diameter_px;
    case PlotQuantity::CenterX: return s.center_x;
    case PlotQuantity::CenterY: return s.center_y;
  }
  return 0.0F;
}

QString title_of(PlotQuantity q, double mm_per_px) {
  switch (q) {
    case PlotQuantity::Diameter:
      return mm_per_px > 0.0 ? QStringLiteral("pupil diameter (mm)") : QStringLiteral("pupil diameter (px)");
    case PlotQuantity::CenterX: return QStringLiteral("pupil centre x in the eye region (px)");
    case PlotQuantity::CenterY: return QStringLiteral("pupil centre y in the eye region (px)");
  }
  return {};
}

struct Column {
  float lo = std::numeric_limits<float>::max();
  float hi = std::numeric_limits<float>::lowest();
  bool any = false;
  bool blink = false;
};

}  // namespace

TracePlot::TracePlot(const TraceHistory& history, PlotQuantity quantity, QWidget* parent)
    : QWidget(parent), history_(history), quantity_(quantity) {
  setMinimumHeight(80);
}

void TracePlot::set_mm_per_px(double mm_per_px) {
  mm_per_px_ = mm_per_px > 0.0 ? mm_per_px : 0.0;
  update();
}

void TracePlot::paintEvent(QPaintEvent* /*event*/) {
  QPainter p(this);
  p.fillRect(rect(), QColor(24, 26, 30));
  const QRect area = rect().adjusted(44, 18, -8, -6);
  p.setPen(QColor(200, 200, 200));
  p.drawText(QRect(area.left(), 0, area.width(), 18), Qt::AlignLeft | Qt::AlignVCenter, title_of(quantity_, mm_per_px_));
  for (int e = 0; e < history_.eyes(); ++e) {
    const QRect key(area.right() - 70 * (history_.eyes() - e), 0, 70, 18);
    p.fillRect(QRect(key.left(), 8, 14, 3), eye_colour(e));
    p.drawText(key.adjusted(18, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
               e == 0 ? (history_.eyes() == 1 ? QStringLiteral("eye") : QStringLiteral("left")) : QStringLiteral("right"));
  }
  const int w = std::max(1, area.width());
  const double t1 = history_.latest_t();
  const double t0 = t1 - history_.window_s();

  // One column per pixel and eye: its value range and whether the eye blinked there.
  std::vector<std::vector<Column>> columns(static_cast<std::size_t>(history_.eyes()), std::vector<Column>(w));
  float lo = std::numeric_limits<float>::max();
  float hi = std::numeric_limits<float>::lowest();
  for (int e = 0; e < history_.eyes(); ++e) {
    for (const TraceSample& s : history_.eye(e)) {
      const int x = std::clamp(static_cast<int>((s.t_s - t0) / history_.window_s() * w), 0, w - 1);
      Column& c = columns[static_cast<std::size_t>(e)][static_cast<std::size_t>(x)];
      if (!s.detected) {
        c.blink = true;
        continue;
      }
      const float v = value_of(s, quantity_, mm_per_px_);
      c.lo = std::min(c.lo, v);
      c.hi = std::max(c.hi, v);
      c.any = true;
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
  }
  points_drawn_ = 0;
  if (lo > hi) {
    p.drawText(area, Qt::AlignCenter, QStringLiteral("no data"));
    return;
  }
  // At least a pixel's worth either side, or a tenth of a millimetre: a steady pupil's line
  // stays off the frame.
  const float pad = std::max(mm_per_px_ > 0.0 ? 0.1F : 1.0F, (hi - lo) * 0.1F);
  lo -= pad;
  hi += pad;
  axis_range_ = {lo, hi};
  const int decimals = mm_per_px_ > 0.0 ? 2 : 0;
  const auto y_of = [&](float v) { return area.bottom() - static_cast<double>(v - lo) / (hi - lo) * area.height(); };

  p.setPen(QColor(70, 74, 80));
  p.drawRect(area);
  p.setPen(QColor(160, 160, 160));
  p.drawText(QRect(0, area.top() - 6, 40, 14), Qt::AlignRight, QString::number(hi, 'f', decimals));
  p.drawText(QRect(0, area.bottom() - 8, 40, 14), Qt::AlignRight, QString::number(lo, 'f', decimals));

  for (int e = 0; e < history_.eyes(); ++e) {
    QColor shade = eye_colour(e);
    shade.setAlpha(45);
    const auto& cols = columns[static_cast<std::size_t>(e)];
    for (int x = 0; x < w; ++x) {
      if (cols[static_cast<std::size_t>(x)].blink) p.fillRect(area.left() + x, area.top(), 1, area.height(), shade);
    }
  }
  for (int e = 0; e < history_.eyes(); ++e) {
    // The eyes usually move together and their lines coincide: the first is drawn wider, so
    // that it shows as a border around the second.
    p.setPen(QPen(eye_colour(e), e == 0 ? 3.5 : 1.5));
    const auto& cols = columns[static_cast<std::size_t>(e)];
    QPointF last;
    bool have_last = false;
    for (int x = 0; x < w; ++x) {
      const Column& c = cols[static_cast<std::size_t>(x)];
      if (!c.any) {
        have_last = have_last && !c.blink;  // a blink breaks the line
        continue;
      }
      const double px = area.left() + x;
      const QPointF top(px, y_of(c.hi));
      const QPointF bottom(px, y_of(c.lo));
      if (have_last) p.drawLine(last, QPointF(px, (top.y() + bottom.y()) / 2));
      p.drawLine(top, bottom);
      last = QPointF(px, (top.y() + bottom.y()) / 2);
      have_last = true;
      ++points_drawn_;
    }
  }
}

}  // namespace pt::ui
