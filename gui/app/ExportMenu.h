// File ▸ Export: the formats a session exports to (what the views show, with the current filter).
#pragma once

#include "ExportJob.h"

#include <QMenu>

namespace perfglass {

class ExportMenu : public QMenu {
    Q_OBJECT
public:
    explicit ExportMenu(QWidget *parent = nullptr);

    // Asks where to export the session read from SESSIONPATH as FORMAT (proposing its name beside it); empty
    // when the user cancels.
    static QString askForPath(QWidget *parent, ExportJob::Format format, const QString &sessionPath);

signals:
    void formatChosen(perfglass::ExportJob::Format format);
};

} // namespace perfglass
