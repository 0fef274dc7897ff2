// The Summary dock's content, as hotspot's summary page: what was recorded and how (file, size, the tool,
// command line, events, samples, duration), on which machine (host, kernel, architecture, CPU model, CPUs,
// memory: perf.data's feature sections), what went wrong (lost samples, unmapped frames, frames without a
// symbol, broken stacks) with what each number means and what to do about it, what could not be named, by
// module, and the ten functions with the highest self cost. Every value has a tooltip that says what it
// counts; problems are explained in the text. Clicking a hotspot asks to show it.
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
    // The user clicked "Symbol Settings…" under modules without symbols.
    void symbolSettingsRequested();

private:
    QString html() const;
    QString sessionHtml() const;
    QString eventsText() const;
    QString machineHtml() const;
    QString diagnosticsHtml() const;
    QString problemsHtml() const;
    QString unresolvedHtml() const;
    QString settingsHintHtml() const;
    QString hotspotsHtml() const;

    std::shared_ptr<const LoadedSession> session_;
    QTextBrowser *browser_;
};

} // namespace perfglass
