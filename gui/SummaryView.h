// The Summary dock's content: what was recorded where (file, host, kernel, command line, event), how much
// (samples, duration, cost), what went wrong (lost samples, unresolved frames, the loader's notices), and the
// ten functions with the highest self cost. Clicking a hotspot asks to show it.
#pragma once

#include "LoadedSession.h"

#include <QWidget>

#include <memory>

class QTextBrowser;

namespace perfglass {

class SummaryView : public QWidget {
    Q_OBJECT
public:
    explicit SummaryView(QWidget *parent = nullptr);

    void setSession(std::shared_ptr<const LoadedSession> session);
    QTextBrowser *browser() const { return browser_; }
    QString plainText() const;

signals:
    // The user clicked a hotspot.
    void functionActivated(const QString &name);

private:
    QString html() const;
    QString diagnosticsHtml() const;
    QString hotspotsHtml() const;

    std::shared_ptr<const LoadedSession> session_;
    QTextBrowser *browser_;
};

} // namespace perfglass
