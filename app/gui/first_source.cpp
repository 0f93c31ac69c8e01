#include "gui/first_source.hpp"

#include <QObject>
#include <optional>
#include <string>

#include "cli/input_source.hpp"
#if defined(PT_HAVE_ARAVIS)
#include "gui/camera_opener.hpp"
#endif

namespace pt::gui {

void open_first_source(ui::MainWindow& window, const QString& input) {
  const QString synthetic = QStringLiteral("synthetic");
  // Tracking the synthetic camera clears the window's error, so the reason is shown once more.
  const auto fall_back = [&window, input, synthetic](const QString& why) {
    if (input == synthetic || !window.open_source(synthetic)) return;
    window.show_error(QObject::tr("%1 — tracking the synthetic camera instead").arg(why));
  };
#if defined(PT_HAVE_ARAVIS)
  auto* const opener = window.findChild<CameraOpener*>();
  const std::optional<std::string> id = cli::camera_id(input.toStdString());
  if (opener != nullptr && id && !id->empty()) {
    opener->open(QString::fromStdString(*id), fall_back);
    return;
  }
#endif
  if (!window.open_source(input)) fall_back(window.error_text());
}

}  // namespace pt::gui
