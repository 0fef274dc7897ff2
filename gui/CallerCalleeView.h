// The Caller/Callee dock's content: for the function selected in any view, its self and inclusive cost, the
// functions that call it and those it calls, each with its cost. Computed off the UI thread
// (CallerCallee::compute with the session's filter); double-clicking a row moves to that function; a right
// click on a row or on the heading asks for that function's context menu.
#pragma once

#include "LoadedSession.h"
#include "analysis/CallerCallee.h"

#include <QWidget>

#include <memory>
#include <optional>

class QLabel;
class QSortFilterProxyModel;
class QTreeView;

namespace perfglass {

class BackgroundJob;
class CallerCalleeModel;

class CallerCalleeView : public QWidget {
    Q_OBJECT
public:
    explicit CallerCalleeView(QWidget *parent = nullptr);

    CallerCalleeModel *callersModel() const { return callers_; }
    CallerCalleeModel *calleesModel() const { return callees_; }
    QTreeView *callersView() const { return callersView_; }
    QTreeView *calleesView() const { return calleesView_; }
    QLabel *heading() const { return heading_; }
    std::optional<FunctionId> function() const { return function_; }
    bool isBusy() const;
    const std::shared_ptr<const LoadedSession> &session() const { return session_; }
    // The callers and callees shown (names synthetic functions through its stacks), or nothing.
    const std::shared_ptr<const CallerCallee> &result() const { return result_; }

public slots:
    // A new aggregation of the session (another filter): the tables follow it for the same function.
    void setSession(std::shared_ptr<const LoadedSession> session);
    void showFunction(uint32_t function);

signals:
    // The tables show the function's callers and callees.
    void updated();
    // The user double-clicked a caller or callee.
    void functionActivated(uint32_t function);
    // The user asked for the context menu of FUNCTION (a row or the heading's function).
    void contextMenuRequested(uint32_t function, const QPoint &globalPos);

private:
    QTreeView *makeTable(CallerCalleeModel *model, const QString &accessibleName);
    void recompute();
    void showResult(std::shared_ptr<const CallerCallee> result);
    void updateHeading();

    std::shared_ptr<const LoadedSession> session_;
    std::optional<FunctionId> function_;
    std::shared_ptr<const CallerCallee> result_;
    QLabel *heading_;
    CallerCalleeModel *callers_;
    CallerCalleeModel *callees_;
    QTreeView *callersView_;
    QTreeView *calleesView_;
    BackgroundJob *job_;
};

} // namespace perfglass
