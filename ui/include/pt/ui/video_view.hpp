#pragma once
// The newest frame, kept in proportion, with switchable overlays drawn in frame coordinates.
#include <QImage>
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

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  void paint_overlays(QPainter& p, double scale) const;

  std::optional<FrameSnapshot> frame_;
  QImage image_;  // a view of frame_'s pixels, no copy
  QImage mask_;   // a view of frame_'s reflection mask, red where set
  OverlayOptions overlays_;
};

}  // namespace pt::ui
