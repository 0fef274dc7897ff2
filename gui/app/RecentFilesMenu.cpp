#include "RecentFilesMenu.h"

#include <QFileInfo>
#include <QSettings>

namespace perfglass {

namespace {
constexpr int kMaxRecentFiles = 10;
const QString kRecentKey = QStringLiteral("recentFiles");
} // namespace

RecentFilesMenu::RecentFilesMenu(const QString &title, QWidget *parent)
    : QMenu(title, parent) {
    setObjectName(QStringLiteral("recentFilesMenu"));
    fill();
}

QStringList RecentFilesMenu::files() const {
    return QSettings().value(kRecentKey).toStringList();
}

void RecentFilesMenu::add(const QString &path) {
    QStringList recent = files();
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > kMaxRecentFiles)
        recent.removeLast();
    QSettings().setValue(kRecentKey, recent);
    fill();
}

void RecentFilesMenu::fill() {
    clear();
    const QStringList recent = files();
    for (qsizetype i = 0; i < recent.size(); ++i) {
        const QString &path = recent[i];
        const QString name = QFileInfo(path).fileName();
        const QString label = i < 9 ? QStringLiteral("&%1 %2").arg(i + 1).arg(name) : name;
        QAction *action = addAction(label, this, [this, path] { emit fileChosen(path); });
        action->setToolTip(path);
        action->setStatusTip(path);
    }
    if (!recent.isEmpty()) {
        addSeparator();
        addAction(tr("&Clear List"), this, [this] {
            QSettings().remove(kRecentKey);
            fill();
        });
    }
    setEnabled(!recent.isEmpty());
}

} // namespace perfglass
