#pragma once
// One quantity of both eyes' traces over the history's time window, newest at the right, with
// the stretches where an eye had no pupil (blinks) shaded in its colour. Columns are drawn as
// min-max bars, so the cost does not grow with the camera's frame rate.
#include <QWidget>
#include <utility>

#include "pt/ui/trace_history.hpp"

namespace pt::ui {

enum class PlotQuantity { Diameter, CenterX, CenterY };

class TracePlot : public QWidget {
  Q_OBJECT
 public:
  TracePlot(const TraceHistory& history, PlotQuantity quantity, QWidget* parent = nullptr);
  [[nodiscard]] QSize sizeHint() const override { return {480, 110}; }
  // Diameters in millimetres at this many mm per image pixel; 0 plots pixels. Centres stay in
  // pixels: they locate the pupil in the image rather than measure it.
  void set_mm_per_px(double mm_per_px);
  // Points drawn at the last repaint, and the value range of its axis, for tests.
  [[nodiscard]] int points_drawn() const noexcept { return points_drawn_; }
  [[nodiscard]] std::pair<float, float> axis_range() const noexcept { return axis_range_; }

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  const TraceHistory& history_;
  PlotQuantity quantity_;
  double mm_per_px_ = 0.0;
  int points_drawn_ = 0;
  std::pair<float, float> axis_range_{0.0F, 0.0F};
};

}  // namespace pt::ui
