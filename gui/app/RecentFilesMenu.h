// File ▸ Open Recent: the sessions opened last, newest first, kept in QSettings between runs; the first nine
// with a number to type.
#pragma once

#include <QMenu>
#include <QStringList>

namespace perfglass {

class RecentFilesMenu : public QMenu {
    Q_OBJECT
public:
    explicit RecentFilesMenu(const QString &title, QWidget *parent = nullptr);

    QStringList files() const;
    // PATH first, once.
    void add(const QString &path);

signals:
    void fileChosen(const QString &path);

private:
    void fill();
};

} // namespace perfglass
