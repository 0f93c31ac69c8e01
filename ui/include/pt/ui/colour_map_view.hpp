#pragma once
// A float map in false colour (dark blue through yellow, low to high), kept in proportion, with
// a colour scale labelled with the map's range.
#include <QImage>
#include <QWidget>

#include "pt/image.hpp"

namespace pt::ui {

class ColourMapView : public QWidget {
  Q_OBJECT
 public:
  explicit ColourMapView(QWidget* parent = nullptr);
  void show_map(const Image<float>& map);
  [[nodiscard]] const QImage& image() const noexcept { return image_; }
  [[nodiscard]] float low() const noexcept { return low_; }
  [[nodiscard]] float high() const noexcept { return high_; }
  [[nodiscard]] QSize sizeHint() const override { return {320, 260}; }

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  QImage image_;
  float low_ = 0.0F;
  float high_ = 0.0F;
};

// The colour of t in [0, 1] on the scale.
[[nodiscard]] QRgb colour_scale(float t);

}  // namespace pt::ui
