#pragma once
// One algorithm plug-in as a panel: its parameter form, the map it computes with a colour scale,
// and its figures. It runs on the tracker's current frame or a loaded image, on a pool thread,
// one run at a time; with "follow live frames" it runs again shortly after the previous run ends.
#include <QFutureWatcher>
#include <QWidget>
#include <functional>
#include <memory>

#include "pt/image.hpp"
#include "pt/plugins/algorithm_plugin.hpp"

class QCheckBox;
class QLabel;

namespace pt::ui {

class ColourMapView;
class ParamForm;

class AlgorithmPanel : public QWidget {
  Q_OBJECT
 public:
  // `current_frame` gives the frame on show (empty when there is none); called on the GUI thread.
  AlgorithmPanel(std::unique_ptr<plugins::AlgorithmPlugin> plugin, std::function<ImageU8()> current_frame,
                 QWidget* parent = nullptr);
  ~AlgorithmPanel() override;

  [[nodiscard]] QString title() const;
  [[nodiscard]] const ColourMapView& map_view() const noexcept { return *map_; }
  // The last run's result (an empty map before the first).
  [[nodiscard]] const plugins::AlgorithmOutput& last_output() const noexcept { return last_output_; }
  // Computes on the newest frame again and again, each run shortly after the previous one ends.
  void follow_live_frames(bool on);
  // Runs on `image` (a copy is kept); false when a run is still going.
  bool run_on(ImageU8 image);

 signals:
  void finished();  // a run ended (its map, or an error in the read-out)

 private:
  bool run_on_current_frame();  // false when there is no frame or a run is going
  void follow_next();
  void load_image();
  void show_output();

  std::unique_ptr<plugins::AlgorithmPlugin> plugin_;
  QFutureWatcher<plugins::AlgorithmOutput> watcher_;  // the run in flight; waited for on destruction
  ImageU8 input_;                                       // what the run in flight reads
  plugins::AlgorithmOutput last_output_;
  std::function<ImageU8()> current_frame_;
  ParamForm* form_ = nullptr;
  ColourMapView* map_ = nullptr;
  QLabel* readout_ = nullptr;
  QCheckBox* follow_ = nullptr;
};

}  // namespace pt::ui
