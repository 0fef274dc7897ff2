// The main window: every view is a dock (movable, tabbable, floatable) and the layout is remembered between
// runs. File ▸ Open and the recent-files menu open sessions through a LoadJob, off the UI thread, with
// a progress bar and a Cancel button in the status bar. What the views count (time range, threads and
// processes picked in the timeline, CPUs and transforms from the filter bar and the views' context menus,
// FrameActions; event picked in the toolbar) is a SampleFilter on an undo stack (Edit ▸ Undo/Redo, Clear
// Filter), shown by the FilterBar; a change re-aggregates the session off the UI thread (AnalysisJob)
// and every view follows.
#pragma once

#include "ExportJob.h"
#include "LoadedSession.h"
#include "SearchEverywhere.h"
#include "SymbolSettings.h"
#include "record/Recorder.h"

#include <QMainWindow>
#include <QPointer>

#include <memory>

class QAction;
class QComboBox;
class QDockWidget;
class QLabel;
class QToolBar;
class QUndoStack;
class QMenu;
class QProgressBar;
class QPushButton;

namespace perfglass {

class ReviewExporter;

class CallTreeModel;
class CallTreeView;
class CallerCalleeView;
class SourceDisassemblyView;
class CountersView;
class DockHeightKeeper;
class EventsView;
class FilterBar;
class FrameActions;
class ProcessGroupingActions;
class FlameGraphModel;
class FlameGraphView;
class RecordingView;
class AnalysisJob;
class LoadJob;
class SessionComparer;
class SummaryView;
class TimelineView;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    const std::shared_ptr<const LoadedSession> &session() const { return session_; }
    ReviewExporter *reviewExporter() const { return reviewExporter_; }
    QString lastError() const { return lastError_; }
    // The filter asked for last (the one shown may still be computing).
    const SampleFilter &filter() const { return filter_; }
    QStringList recentFiles() const;
    // File ▸ Compare With… and comparing selections (Edit menu).
    SessionComparer *comparer() const { return comparer_; }
    const SymbolSettings &symbolSettings() const { return symbolSettings_; }

public slots:
    void openFile(const QString &path);
    void showOpenDialog();
    // File ▸ Close: back to the empty window.
    void closeSession();
    // File ▸ Reload: reads the session's file again (it may have grown, or been recorded anew).
    void reloadSession();
    // File ▸ Export: writes the session as the views count it (filters applied) to PATH, off the UI thread;
    // exportFinished or exportFailed follows.
    void exportSession(perfglass::ExportJob::Format format, const QString &path);
    void showExportDialog(perfglass::ExportJob::Format format);
    // File ▸ Record…: the Record dialog (not modal); Start records with its options.
    void showRecordDialog();
    // Records in the Recording dock, off the UI thread; the session opens when it ends well.
    void startRecording(const RecordOptions &options);
    void resetLayout();
    // Edit ▸ Symbol Settings: the dialog (window-modal); OK keeps the settings and opens the session again.
    void showSymbolSettings();
    // Where symbols are looked for from now on: kept in QSettings when persist, for this run only otherwise
    // (perfglass's command-line options). An open session is read again when they change.
    void setSymbolSettings(const perfglass::SymbolSettings &settings, bool persist);
    // Filter every view to [start, end) (undoable).
    void selectTimeRange(uint64_t start, uint64_t end);
    // Count EVENT (an index into the profile's events) in every view (undoable); events without samples
    // (counted only) are refused.
    void selectEvent(int event);
    // Back to the whole session (undoable); the event stays.
    void clearFilter();
    // Add TRANSFORM to the filter's chain (undoable; TEXT names the step), unless it is there already.
    void addTransform(const perfglass::Transform &transform, const QString &text);
    // Add or remove the Hide Kernel Frames transform (undoable).
    void setHideKernel(bool hide);
    // View ▸ Readable Names: readable or full function names in every view (persisted).
    void setReadableNames(bool shown);

signals:
    void sessionLoaded();
    void sessionClosed();
    void loadFailed(const QString &message);
    // The views show a new aggregation of the session (after a filter change).
    void filterApplied();
    void exportFinished(const QString &path);
    void exportFailed(const QString &message);

protected:
    void closeEvent(QCloseEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void nameParts();
    void createDocks();
    void createEventsDock();
    void createMenus();
    void createNamesAction(QMenu *view);
    void createSearchEverywhere(QMenu *edit);
    void showSearchMatch(perfglass::SearchEverywhere::Kind kind, uint32_t id, const QString &text);
    void createToolBar();
    void createRecordingDock();
    void createRecordAction(QMenu *file);
    void createSessionActions(QMenu *file);
    void createExportMenu(QMenu *file);
    void connectExportJob();
    void updateSessionActions();
    QString filterAppliedMessage() const;
    void showNodeInFlameGraph(CallTree::Kind kind, uint32_t node);
    void createFilterBar();
    void connectThreadFilters();
    void updateFilterUi();
    void pushFilter(const QString &text, const SampleFilter &filter);
    void applyFilter(const SampleFilter &filter);
    void showAnalysis(std::shared_ptr<const LoadedSession> session);
    void updateEventPicker();
    void fitFlameGraphDock();
    void showDocksHiddenForCounters();
    void createStatusBar();
    QDockWidget *addDock(const QString &title, const QString &objectName, QWidget *content);
    void onLoaded(std::shared_ptr<const LoadedSession> session);
    void applyGrouping();
    void setOffCpu(bool on);
    void onFailed(const QString &message);
    void onCancelled();
    void setLoading(bool loading);
    void addRecentFile(const QString &path);
    void updateRecentMenu();
    void saveSettings() const;
    void restoreSettings();
    void showFunctionInFlameGraph(const QString &name);
    void createSourceDock();
    void showSource(FunctionId function);
    void offerToSaveSourceFolder(const QString &folder);

    QList<QDockWidget *> docks() const;

    LoadJob *loader_;
    SymbolSettings symbolSettings_;
    AnalysisJob *analyzer_;
    CallTreeModel *callTreeModel_;
    CallTreeModel *bottomUpModel_;
    FlameGraphModel *flameGraphModel_;
    QUndoStack *undoStack_;
    FlameGraphView *flameGraphView_ = nullptr;
    CallTreeView *topDownView_ = nullptr;
    CallTreeView *bottomUpView_ = nullptr;
    CallerCalleeView *callerCalleeView_ = nullptr;
    TimelineView *timelineView_ = nullptr;
    CountersView *countersView_ = nullptr;
    SummaryView *summaryView_ = nullptr;
    QDockWidget *flameGraphDock_ = nullptr;
    QDockWidget *topDownDock_ = nullptr;
    QDockWidget *bottomUpDock_ = nullptr;
    QDockWidget *callerCalleeDock_ = nullptr;
    SourceDisassemblyView *sourceView_ = nullptr;
    QDockWidget *sourceDock_ = nullptr;
    QDockWidget *timelineDock_ = nullptr;
    QDockWidget *countersDock_ = nullptr;
    QDockWidget *summaryDock_ = nullptr;
    EventsView *eventsView_ = nullptr;
    QDockWidget *eventsDock_ = nullptr;
    RecordingView *recordingView_ = nullptr;
    QDockWidget *recordingDock_ = nullptr;
    QAction *recordAction_ = nullptr;
    QAction *closeAction_ = nullptr;
    QAction *reloadAction_ = nullptr;
    QMenu *exportMenu_ = nullptr;
    bool liveLoad_ = false; // the load running or last finished shows a recording in progress
    QAction *clearFilterAction_ = nullptr;
    QAction *readableNamesAction_ = nullptr;
    QAction *searchEverywhereAction_ = nullptr;
    SearchEverywhere *searchEverywhere_ = nullptr;
    QPointer<QDockWidget> focusedDock_; // the dock that had the focus last, where search matches are shown
    QToolBar *sessionToolBar_ = nullptr;
    QComboBox *eventPicker_ = nullptr;
    FrameActions *frameActions_;
    ProcessGroupingActions *grouping_ = nullptr; // View ▸ Group Stacks, Hide Idle
    QAction *offCpuAction_ = nullptr;            // Off-CPU Time, for sessions with switch-out samples
    ExportJob *exporter_;
    ReviewExporter *reviewExporter_; // File ▸ Export for Review
    DockHeightKeeper *heightKeeper_ = nullptr;
    QList<QDockWidget *> hiddenForCounters_; // the sample views a counters-only session hid
    FilterBar *filterBar_ = nullptr;
    SessionComparer *comparer_ = nullptr;
    SampleFilter filter_;
    QMenu *recentMenu_ = nullptr;
    QProgressBar *progress_ = nullptr;
    QPushButton *cancel_ = nullptr;
    QLabel *sessionLabel_ = nullptr;
    QByteArray defaultState_;
    std::shared_ptr<const LoadedSession> session_;
    QString lastError_;
};

} // namespace perfglass
