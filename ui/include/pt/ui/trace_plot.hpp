#pragma once
// One quantity of both eyes' traces over the history's time window, newest at the right, with
// the stretches where an eye had no pupil (blinks) shaded in its colour. Columns are drawn as
// min-max bars, so the cost does not grow with the camera's frame rate.
#include <QWidget>

#include "pt/ui/trace_history.hpp"

namespace pt::ui {

enum class PlotQuantity { Diameter, CenterX, CenterY };

class TracePlot : public QWidget {
  Q_OBJECT
 public:
  TracePlot(const TraceHistory& history, PlotQuantity quantity, QWidget* parent = nullptr);
  [[nodiscard]] QSize sizeHint() const override { return {480, 110}; }
  // Points drawn at the last repaint, for tests.
  [[nodiscard]] int points_drawn() const noexcept { return points_drawn_; }

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  const TraceHistory& history_;
  PlotQuantity quantity_;
  int points_drawn_ = 0;
};

}  // namespace pt::ui
