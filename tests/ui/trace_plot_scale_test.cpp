// The diameter plot in millimetres once a scale is set, and the scale kept between runs.
#include <QSettings>
#include <vector>

#include "pt/ui/main_window.hpp"
#include "pt/ui/trace_history.hpp"
#include "pt/ui/trace_plot.hpp"
#include "pt_catch.hpp"
#include "qt_test_app.hpp"
#include "test_sources.hpp"

namespace {

pt::ui::TraceHistory steady_pupil(float diameter_px, float centre_x) {
  pt::ui::TraceHistory history;
  std::vector<pt::ui::TraceSample> samples;
  for (int i = 0; i < 200; ++i) {
    pt::ui::TraceSample s;
    s.t_s = 0.01 * i;
    s.detected = true;
    s.diameter_px = diameter_px + 0.5F * static_cast<float>(i % 3);
    s.center_x = centre_x;
    s.center_y = 50.0F;
    samples.push_back(s);
  }
  history.append(samples);
  return history;
}

}  // namespace

TEST_CASE("the diameter plot shows millimetres once a scale is set; centres stay in pixels") {
  pt::test::qt_app();
  const pt::ui::TraceHistory history = steady_pupil(40.0F, 120.0F);
  pt::ui::TracePlot diameter(history, pt::ui::PlotQuantity::Diameter);
  pt::ui::TracePlot centre(history, pt::ui::PlotQuantity::CenterX);
  for (pt::ui::TracePlot* plot : {&diameter, &centre}) plot->resize(400, 120);

  diameter.grab();
  CHECK(diameter.axis_range().first < 40.0F);
  CHECK(diameter.axis_range().second > 41.0F);

  diameter.set_mm_per_px(0.05);
  centre.set_mm_per_px(0.05);
  diameter.grab();
  centre.grab();
  // 40-41 px at 0.05 mm/px: 2.0-2.05 mm, with the axis padded by a tenth of a millimetre.
  CHECK(diameter.axis_range().first == Approx(1.9).margin(0.02));
  CHECK(diameter.axis_range().second == Approx(2.15).margin(0.02));
  CHECK(centre.axis_range().first < 120.0F);
  CHECK(centre.axis_range().second > 120.0F);
  CHECK(diameter.points_drawn() > 50);

  diameter.set_mm_per_px(0.0);
  diameter.grab();
  CHECK(diameter.axis_range().second > 41.0F);
}

TEST_CASE("the window applies the pupil scale to its diameter plot and keeps it between runs") {
  pt::test::qt_app();
  QSettings().clear();
  {
    pt::ui::MainWindow window(pt::test::test_services());
    CHECK(window.mm_per_px() == 0.0);
    window.set_mm_per_px(0.04);
    window.close();
  }
  pt::ui::MainWindow again(pt::test::test_services());
  CHECK(again.mm_per_px() == Approx(0.04));
  again.set_mm_per_px(-1.0);  // nonsense turns the scale off rather than flipping the plot
  CHECK(again.mm_per_px() == 0.0);
}
