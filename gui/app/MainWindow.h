// The main window, the application's shell: menus, recent files, Record, the Events and Recording docks,
// symbol settings, the status bar, and one SessionPage per open session, as tabs (the tab bar shows once two
// sessions are open). Each page has its own SessionDocument: its filter, undo stack, analyses and exports;
// Edit ▸ Undo/Redo, the event picker and the grouping act on the page shown. File ▸ Open adds a page (or
// fills the empty one); opening a file that a page shows reads it again there, keeping its filter. The
// layout of the docks is remembered between runs.
#pragma once

#include "ExportJob.h"
#include "SearchEverywhere.h"
#include "SessionAnalysis.h"
#include "SymbolSettings.h"
#include "record/Recorder.h"

#include <QHash>
#include <QMainWindow>
#include <QPointer>

#include <memory>

class QDockWidget;
class QMenu;
class QUndoGroup;

namespace perfglass {

class EventsView;
class ExportMenu;
class FrameActions;
class ProcessGroupingActions;
class RecentFilesMenu;
class RecordingDock;
class ReviewExporter;
class SessionComparer;
class SessionDocument;
class SessionPage;
class SessionStatusBar;
class SessionTabs;
class SessionToolBar;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // The page shown, and its session (null while nothing is open there).
    SessionPage *currentPage() const;
    QList<SessionPage *> pages() const;
    const std::shared_ptr<const SessionAnalysis> &session() const;
    // The filter asked for last on the page shown (the one shown may still be computing).
    const SampleFilter &filter() const;
    ReviewExporter *reviewExporter() const { return reviewExporter_; }
    QString lastError() const { return lastError_; }
    QStringList recentFiles() const;
    // File ▸ Compare With… and comparing selections (Edit menu).
    SessionComparer *comparer() const { return comparer_; }
    const SymbolSettings &symbolSettings() const { return symbolSettings_; }

public slots:
    void openFile(const QString &path);
    void showOpenDialog();
    // File ▸ Close: the page shown closes (the last one empties).
    void closeSession();
    // File ▸ Reload: reads the session's file again, keeping its filter.
    void reloadSession();
    // File ▸ Export: the page's session as its views count it, to PATH, off the UI thread.
    void exportSession(perfglass::ExportJob::Format format, const QString &path);
    void showExportDialog(perfglass::ExportJob::Format format);
    void showRecordDialog();
    // Records in the Recording dock, off the UI thread; the session opens when it ends well.
    void startRecording(const RecordOptions &options);
    void resetLayout();
    void showSymbolSettings();
    // Where symbols are looked for from now on: kept in QSettings when persist, for this run only otherwise.
    // Open sessions read with other settings are read again.
    void setSymbolSettings(const perfglass::SymbolSettings &settings, bool persist);
    // Filter steps on the page shown (undoable).
    void selectTimeRange(uint64_t start, uint64_t end);
    void selectEvent(int event);
    void clearFilter();
    void addTransform(const perfglass::Transform &transform, const QString &text);
    void setHideKernel(bool hide);
    void setReadableNames(bool shown);

signals:
    void sessionLoaded();
    void sessionClosed();
    void loadFailed(const QString &message);
    // The views of a page show a new analysis of its session (after a filter change).
    void filterApplied();
    void exportFinished(const QString &path);
    void exportFailed(const QString &message);
    // The page shown changed (another tab, or one opened or closed).
    void currentPageChanged();

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void connectPage(SessionPage *page);
    void connectDocument(SessionPage *page);
    void closePage(SessionPage *page);
    void pageChanged();
    void createMenus();
    void createFileMenu();
    void createEditMenu();
    void createViewMenu();
    void createEventsDock();
    void createRecordingDock();
    void createToolBar();
    void createStatusBar();
    void createSessionActions(QMenu *file);
    void createCompareMenu(QMenu *file);
    void updateSessionActions();
    void updateFilterActions();
    void updateTitle();
    void onLoaded(SessionPage *page, bool reloaded);
    void onFailed(SessionPage *page, const QString &message);
    void applyGrouping();
    void showLiveRecording(const QString &path, const QString &host);
    void openRecordedSession(const QString &path, const QString &host);
    void saveSettings();
    void restoreSettings();
    void offerToSaveSourceFolder(const QString &folder);
    LoadOptions loadOptions() const;
    SessionStatusBar *sessionStatusBar() const;

    SymbolSettings symbolSettings_;
    QUndoGroup *undoGroup_;
    FrameActions *frameActions_;
    QAction *clearFilterAction_;
    QAction *stopFollowingAction_ = nullptr; // File ▸ Stop Following the Stream, and its status bar button
    SessionTabs *tabs_;
    ProcessGroupingActions *grouping_;
    SessionComparer *comparer_ = nullptr;
    ReviewExporter *reviewExporter_;
    SearchEverywhere *searchEverywhere_ = nullptr;
    SessionToolBar *toolBar_ = nullptr;
    RecentFilesMenu *recentMenu_ = nullptr;
    EventsView *eventsView_ = nullptr;
    RecordingDock *recordingDock_ = nullptr;
    QHash<QString, QPointer<SessionPage>> livePages_; // the pages showing the recording in progress, by file
    ExportMenu *exportMenu_ = nullptr;
    QList<QAction *> sessionActions_; // enabled while the page shown has a session
    QByteArray defaultState_;
    QString lastError_;
};

} // namespace perfglass
