// The Caller/Callee dock: on the left, every function of the session in a searchable, sortable list (self and
// inclusive cost, samples); on the right, for the function selected there or in any other view, its self and
// inclusive cost, the functions that call it and those it calls, each with its cost, and between them its
// sandwich flame graph (callees above, callers below: SandwichWidget). Choosing a caller or callee (double
// click in a table, click in the sandwich) moves to it; Back and Forward (Alt+Left, Alt+Right) retrace the
// moves. Everything is computed off the UI thread with the session's filter and follows it; a right click on
// a row or on the heading asks for that function's context menu.
#pragma once

#include "SessionAnalysis.h"
#include "analysis/CallerCallee.h"
#include "analysis/FlatProfile.h"

#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

class QAction;
class QLabel;
class QLineEdit;
class QScrollArea;
class QSortFilterProxyModel;
class QSplitter;
class QToolButton;
class QTreeView;

namespace perfglass {

class BackgroundJob;
class CallerCalleeModel;
class FunctionListModel;
class SandwichWidget;

class CallerCalleeView : public QWidget {
    Q_OBJECT
public:
    explicit CallerCalleeView(QWidget *parent = nullptr);

    CallerCalleeModel *callersModel() const { return callers_; }
    CallerCalleeModel *calleesModel() const { return callees_; }
    QTreeView *callersView() const { return callersView_; }
    QTreeView *calleesView() const { return calleesView_; }
    FunctionListModel *functionsModel() const { return functions_; }
    QTreeView *functionsView() const { return functionsView_; }
    QLineEdit *functionSearch() const { return search_; }
    SandwichWidget *sandwich() const { return sandwich_; }
    QLabel *heading() const { return heading_; }
    std::optional<FunctionId> function() const { return function_; }
    bool isBusy() const;
    const std::shared_ptr<const SessionAnalysis> &session() const { return session_; }
    // The callers and callees shown (names synthetic functions through its stacks), or nothing.
    const std::shared_ptr<const CallerCallee> &result() const { return result_; }
    bool canGoBack() const { return !back_.empty(); }
    bool canGoForward() const { return !forward_.empty(); }
    // Whether the callers and callees are side by side above the sandwich (wide and short) or stacked.
    bool isSideBySide() const;
    // The height at which each part shows kReadableRows rows, side by side.
    int heightNeeded() const;

    static constexpr int kReadableRows = 8; // rows each part shows at least where the dock has the room

public slots:
    // A new aggregation of the session (another filter): the list and tables follow it for the same function.
    void setSession(std::shared_ptr<const SessionAnalysis> session);
    // Shows FUNCTION; the function shown before goes onto the Back history.
    void showFunction(uint32_t function);
    void goBack();
    void goForward();
    // Puts TEXT into the function list's search field (the list shows the functions that match).
    void searchFunctions(const QString &text);

signals:
    // The tables show the function's callers and callees.
    void updated();
    // The function list shows the session's functions (after a new session or filter).
    void functionsListed();
    // The user moved to a caller or callee (tables or sandwich).
    void functionActivated(uint32_t function);
    // The user asked for the context menu of FUNCTION (a row or the heading's function).
    void contextMenuRequested(uint32_t function, const QPoint &globalPos);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    static constexpr int kMinTableWidth = 420;

    void setSideBySide(bool sideBySide);
    int tableRowHeight() const;
    QTreeView *makeTable(CallerCalleeModel *model, const QString &accessibleName);
    QWidget *makeFunctionList();
    QWidget *makeNavigation();
    void moveTo(FunctionId function);
    void recompute();
    void listFunctions();
    void showResult(std::shared_ptr<const CallerCallee> result);
    void selectInList();
    void updateHeading();
    void updateNavigation();

    std::shared_ptr<const SessionAnalysis> session_;
    std::optional<FunctionId> function_;
    std::shared_ptr<const CallerCallee> result_;
    std::vector<FunctionId> back_;
    std::vector<FunctionId> forward_;
    QLabel *heading_;
    CallerCalleeModel *callers_;
    CallerCalleeModel *callees_;
    FunctionListModel *functions_;
    QSortFilterProxyModel *functionsProxy_ = nullptr;
    QTreeView *callersView_;
    QTreeView *calleesView_;
    QTreeView *functionsView_ = nullptr;
    QLineEdit *search_ = nullptr;
    SandwichWidget *sandwich_;
    QScrollArea *sandwichArea_ = nullptr;
    QSplitter *tables_ = nullptr;
    QSplitter *callersAndCallees_ = nullptr; // holds the two tables while they are side by side
    QAction *backAction_ = nullptr;
    QAction *forwardAction_ = nullptr;
    BackgroundJob *job_;
    bool syncingList_ = false;
};

} // namespace perfglass
