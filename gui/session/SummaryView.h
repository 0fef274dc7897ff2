// The Summary dock's content, as hotspot's summary page: what was recorded and how (file, size, the tool,
// command line, events, samples, duration), on which machine (host, kernel, architecture, CPU model, CPUs,
// memory: perf.data's feature sections), what went wrong (lost samples, unmapped frames, frames without a
// symbol, broken stacks) with what each number means and what to do about it, what could not be named, by
// module, and the ten functions with the highest self cost. Every value has a tooltip that says what it
// counts; problems are explained in the text. Clicking a hotspot asks to show it.
#pragma once

#include "SessionAnalysis.h"

#include <QWidget>

#include <memory>

class QTextBrowser;

namespace perfglass {

class SummaryView : public QWidget {
    Q_OBJECT
public:
    explicit SummaryView(QWidget *parent = nullptr);

    // A hidden view only keeps the session: its text is laid out when it is shown (or asked for), so that
    // filtering a big session does not lay out the summary behind another dock on every change (issue 16).
    void setSession(std::shared_ptr<const SessionAnalysis> session);
    QTextBrowser *browser() const;
    QString plainText() const;

protected:
    void showEvent(QShowEvent *event) override;

signals:
    // The user clicked a hotspot.
    void functionActivated(const QString &name);
    // The user clicked "Symbol Settings…" under modules without symbols.
    void symbolSettingsRequested();

private:
    void refresh() const;
    QString html() const;
    QString sessionHtml() const;
    QString eventsText() const;
    QString machineHtml() const;
    QString diagnosticsHtml() const;
    QString problemsHtml() const;
    QString unresolvedHtml() const;
    QString settingsHintHtml() const;
    QString hotspotsHtml() const;

    std::shared_ptr<const SessionAnalysis> session_;
    QTextBrowser *browser_;
    mutable bool stale_ = false; // the browser shows an earlier session than session_
};

} // namespace perfglass
