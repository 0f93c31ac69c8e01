#pragma once
// The eye regions the user draws on the view (View → Draw eye regions) and the pupils pointed at
// with Ctrl+click: both reach the tracking worker between two frames, and the regions are kept
// in the settings per kind of source until reset.
#include <QObject>
#include <QString>
#include <functional>
#include <optional>
#include <vector>

#include "pt/pupil/pupil_detector.hpp"

class QAction;
class QMenu;

namespace pt::ui {

class TrackingWorker;
class VideoView;

class EyeRegionController : public QObject {
  Q_OBJECT
 public:
  // Adds the region entries to `menu`. `worker` gives the worker tracking now (or nullptr);
  // `notify` shows a passing line to the user.
  EyeRegionController(VideoView& view, QMenu& menu, std::function<TrackingWorker*()> worker,
                      std::function<void(const QString&)> notify, QObject* parent = nullptr);

  // A new source: the regions kept for its kind of source when they fit its frame, else
  // `defaults`. Returns the regions to track it with.
  std::vector<EyeRegion> regions_for(const QString& input, int frame_width, int frame_height,
                                     std::vector<EyeRegion> defaults);
  [[nodiscard]] const std::vector<EyeRegion>& regions() const noexcept { return regions_; }
  [[nodiscard]] std::vector<RectI> rects() const;
  // Replaces every region (e.g. from a preset); false, changing nothing, when they are not one
  // per eye of the current source or leave its frame.
  bool replace(const std::vector<RectI>& rects);
  void reset();
  [[nodiscard]] QAction* draw_action() const noexcept { return draw_; }

 private:
  // One region per eye of the current source, each inside its frame; nothing otherwise.
  [[nodiscard]] std::optional<std::vector<EyeRegion>> fitting(const std::vector<RectI>& rects) const;
  void change(int eye, RectI rect);
  // To the worker, and with `keep` to the settings.
  void apply(std::vector<EyeRegion> regions, bool keep);
  void point(int eye, Point2f centre);
  [[nodiscard]] QString settings_group() const;

  VideoView& view_;
  std::function<TrackingWorker*()> worker_;
  std::function<void(const QString&)> notify_;
  QAction* draw_ = nullptr;
  QString kind_;
  int frame_width_ = 0;
  int frame_height_ = 0;
  std::vector<EyeRegion> defaults_;
  std::vector<EyeRegion> regions_;
};

}  // namespace pt::ui
