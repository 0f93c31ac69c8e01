#pragma once
// The newest frame, kept in proportion, with switchable overlays drawn in frame coordinates.
// The mouse draws eye regions (in region mode) and points the tracker at a pupil (Ctrl+click).
#include <QImage>
#include <QTransform>
#include <QWidget>
#include <optional>

#include "pt/ui/latest_frame_slot.hpp"

namespace pt::ui {

struct OverlayOptions {
  bool pupil = true;          // fitted ellipse and centre per eye
  bool regions = true;        // the eye regions
  bool search_window = true;  // the part of the region searched (the tracking window)
  bool no_pupil = true;       // a marker on an eye with no pupil (blink, closed eye, lost)
  bool reflections = false;   // the corneal reflections removed before the edge search
  bool search = false;        // the Starburst rays and the border points they found
};

class VideoView : public QWidget {
  Q_OBJECT
 public:
  explicit VideoView(QWidget* parent = nullptr);
  void show_frame(FrameSnapshot frame);
  void set_overlays(const OverlayOptions& options);
  [[nodiscard]] const OverlayOptions& overlays() const noexcept { return overlays_; }
  [[nodiscard]] const std::optional<FrameSnapshot>& frame() const noexcept { return frame_; }
  [[nodiscard]] QSize sizeHint() const override { return {640, 512}; }

  // In region mode a drag draws eye 0's region, a Shift+drag eye 1's (two-eye sources).
  void set_region_mode(bool on);
  [[nodiscard]] bool region_mode() const noexcept { return region_mode_; }
  // Frame pixels to widget pixels for the frame on show (identity before the first frame).
  [[nodiscard]] QTransform frame_to_widget() const;

 signals:
  void region_drawn(int eye, pt::RectI rect);      // frame pixels, inside the frame
  void pupil_pointed(int eye, pt::Point2f centre);  // frame pixels, inside that eye's region

 protected:
  void paintEvent(QPaintEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;

 private:
  void paint_overlays(QPainter& p, double scale) const;
  void paint_search(QPainter& p, double scale) const;
  void paint_region_mode(QPainter& p, double scale) const;
  [[nodiscard]] QPointF to_frame(QPointF widget_point) const;
  [[nodiscard]] int drawn_eye(Qt::KeyboardModifiers modifiers) const;

  std::optional<FrameSnapshot> frame_;
  QImage image_;  // a view of frame_'s pixels, no copy
  QImage mask_;   // a view of frame_'s reflection mask, red where set
  OverlayOptions overlays_;
  bool region_mode_ = false;
  std::optional<QPointF> drag_from_;  // frame pixels
  QPointF drag_to_;
  int drag_eye_ = 0;
};

}  // namespace pt::ui
