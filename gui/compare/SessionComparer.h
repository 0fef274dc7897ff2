// What the main window offers for comparing: File ▸ Compare With… (and `perfglass BASELINE --compare
// COMPARISON`) loads another session off the UI thread (its own LoadJob) and compares the open session with
// it in a CompareWindow, which follows the main window's filter; Edit ▸ Use Selection as Baseline keeps what
// the views show now (a time range or threads picked in the timeline, with the rest of the filter), and
// Edit ▸ Compare Selection with Baseline compares what they show then with it.
#pragma once

#include "SessionAnalysis.h"

#include "SymbolSettings.h"
#include "analysis/Heatmap.h"

#include <QObject>
#include <QPointer>

#include <memory>

class QAction;

namespace perfglass {

class CompareWindow;
class LoadJob;
class MainWindow;

class SessionComparer : public QObject {
    Q_OBJECT
public:
    // The actions are the window's to put in its menus.
    explicit SessionComparer(MainWindow *window);

    // The comparison window, once one was opened (and while it exists).
    CompareWindow *compareWindow() const;
    QAction *compareAction() const { return compareAction_; }
    QAction *pinAction() const { return pinAction_; }
    QAction *compareSelectionAction() const { return compareSelectionAction_; }
    bool hasPinnedSelection() const { return pinned_ != nullptr; }
    // How compareWith() reads the other session: with the application's symbol settings, as every page.
    void setLoadOptions(LoadOptions options, const SymbolSettings &settings);

public slots:
    void showCompareDialog();
    // Loads PATH and compares the open session with it; failed() says why not.
    void compareWith(const QString &path);
    // Compares the open session with OTHER, a session open in another page.
    void compareWithSession(std::shared_ptr<const perfglass::SessionAnalysis> other);
    void pinSelection();
    void compareSelection();
    // The heat map's Ctrl-drag: what the views show now becomes the baseline, START..END the filter of the
    // page shown, and once that is applied the comparison window compares the two.
    void compareWithTimes(const perfglass::TimeSelection &times);
    void updateActions();

signals:
    void failed(const QString &message);
    // The comparison window shows a new comparison.
    void compared();

private:
    CompareWindow *openWindow();
    void sessionChanged();

    MainWindow *main_;
    LoadJob *loader_;
    QPointer<CompareWindow> compareWindow_;
    QAction *compareAction_ = nullptr;
    QAction *pinAction_ = nullptr;
    QAction *compareSelectionAction_ = nullptr;
    std::shared_ptr<const SessionAnalysis> pinned_;
    QString pinnedLabel_;
};

} // namespace perfglass
