// The main window: every view is a dock (movable, tabbable, floatable) and the layout is remembered between
// runs. File ▸ Open and the recent-files menu open sessions through a SessionLoader, off the UI thread, with
// a progress bar and a Cancel button in the status bar.
#pragma once

#include "LoadedSession.h"

#include <QMainWindow>

#include <memory>

class QDockWidget;
class QLabel;
class QMenu;
class QProgressBar;
class QPushButton;

namespace perfglass {

class CallTreeModel;
class FlameGraphModel;
class FlameGraphView;
class SessionLoader;
class SummaryView;
class TopDownView;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    const std::shared_ptr<const LoadedSession> &session() const { return session_; }
    QString lastError() const { return lastError_; }
    SessionLoader *loader() const { return loader_; }
    CallTreeModel *callTreeModel() const { return callTreeModel_; }
    FlameGraphModel *flameGraphModel() const { return flameGraphModel_; }
    FlameGraphView *flameGraphView() const { return flameGraphView_; }
    TopDownView *topDownView() const { return topDownView_; }
    SummaryView *summaryView() const { return summaryView_; }
    QDockWidget *flameGraphDock() const { return flameGraphDock_; }
    QDockWidget *topDownDock() const { return topDownDock_; }
    QDockWidget *summaryDock() const { return summaryDock_; }
    QStringList recentFiles() const;

public slots:
    void openFile(const QString &path);
    void showOpenDialog();
    void resetLayout();

signals:
    void sessionLoaded();
    void loadFailed(const QString &message);

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void createDocks();
    void createMenus();
    void createStatusBar();
    QDockWidget *addDock(const QString &title, const QString &objectName, QWidget *content);
    void onLoaded(std::shared_ptr<const LoadedSession> session);
    void onFailed(const QString &path, const QString &message);
    void onCancelled(const QString &path);
    void setLoading(bool loading);
    void addRecentFile(const QString &path);
    void updateRecentMenu();
    void saveSettings() const;
    void restoreSettings();
    void showFunctionInFlameGraph(const QString &name);

    SessionLoader *loader_;
    CallTreeModel *callTreeModel_;
    FlameGraphModel *flameGraphModel_;
    FlameGraphView *flameGraphView_ = nullptr;
    TopDownView *topDownView_ = nullptr;
    SummaryView *summaryView_ = nullptr;
    QDockWidget *flameGraphDock_ = nullptr;
    QDockWidget *topDownDock_ = nullptr;
    QDockWidget *summaryDock_ = nullptr;
    QMenu *recentMenu_ = nullptr;
    QProgressBar *progress_ = nullptr;
    QPushButton *cancel_ = nullptr;
    QLabel *sessionLabel_ = nullptr;
    QByteArray defaultState_;
    std::shared_ptr<const LoadedSession> session_;
    QString lastError_;
};

} // namespace perfglass
