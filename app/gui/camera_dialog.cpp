#include "gui/camera_dialog.hpp"

#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace pt::gui {
namespace {

const QString kFake = QStringLiteral("Fake_1");

}  // namespace

CameraDialog::CameraDialog(QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("Camera"));
  auto* layout = new QVBoxLayout(this);
  list_ = new QListWidget;
  auto* fake = new QListWidgetItem(tr("In-process fake camera (Aravis test pattern, no network)"));
  fake->setData(Qt::UserRole, kFake);
  list_->addItem(fake);
  layout->addWidget(list_);
  search_ = new QPushButton(tr("Search for cameras"));
  search_->setToolTip(tr("Asks every network interface for GigE Vision cameras, and the USB3 Vision bus"));
  layout->addWidget(search_);
  note_ = new QLabel;
  layout->addWidget(note_);
  id_ = new QLineEdit;
  id_->setPlaceholderText(tr("Camera address (e.g. 192.168.1.20) or id"));
  layout->addWidget(id_);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel);
  layout->addWidget(buttons);

  connect(list_, &QListWidget::currentItemChanged, this, [this](QListWidgetItem* item) {
    if (item != nullptr) id_->setText(item->data(Qt::UserRole).toString());
  });
  connect(list_, &QListWidget::itemDoubleClicked, this, &QDialog::accept);
  connect(search_, &QPushButton::clicked, this, &CameraDialog::search);
  connect(&found_, &QFutureWatcherBase::finished, this, &CameraDialog::show_found);
  connect(buttons, &QDialogButtonBox::accepted, this, [this] {
    if (!camera_id().isEmpty()) accept();
  });
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

QString CameraDialog::camera_id() const { return id_->text().trimmed(); }

void CameraDialog::search() {
  search_->setEnabled(false);
  note_->setText(tr("searching…"));
  found_.setFuture(QtConcurrent::run(camera::list_cameras));
}

void CameraDialog::show_found() {
  search_->setEnabled(true);
  const std::vector<camera::CameraListing> cameras = found_.result();
  while (list_->count() > 1) delete list_->takeItem(1);  // the fake camera stays first
  for (const camera::CameraListing& c : cameras) {
    if (c.protocol == "Fake") continue;  // listed above already
    auto* item = new QListWidgetItem(QStringLiteral("%1 %2 (%3) — %4 [%5]")
                                         .arg(QString::fromStdString(c.vendor), QString::fromStdString(c.model),
                                              QString::fromStdString(c.serial), QString::fromStdString(c.address),
                                              QString::fromStdString(c.protocol)));
    item->setData(Qt::UserRole, QString::fromStdString(c.id));
    list_->addItem(item);
  }
  note_->setText(cameras.empty() ? tr("no camera found") : tr("%n camera(s) found", nullptr, static_cast<int>(cameras.size())));
}

}  // namespace pt::gui
