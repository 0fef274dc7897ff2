#include "CallerCalleeView.h"

#include "BackgroundJob.h"
#include "CallerCalleeModel.h"
#include "CostBarDelegate.h"
#include "FrameDetails.h"
#include "FunctionColumnSizer.h"
#include "FunctionListModel.h"
#include "FunctionNames.h"
#include "SandwichWidget.h"

#include <QAction>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStyle>
#include <QTimer>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

namespace perfglass {

CallerCalleeView::CallerCalleeView(QWidget *parent)
    : QWidget(parent)
    , heading_(new QLabel(this))
    , callers_(new CallerCalleeModel(CallerCalleeModel::Side::Callers, this))
    , callees_(new CallerCalleeModel(CallerCalleeModel::Side::Callees, this))
    , functions_(new FunctionListModel(this))
    , callersView_(makeTable(callers_, tr("Callers of the selected function")))
    , calleesView_(makeTable(callees_, tr("Callees of the selected function")))
    , sandwich_(new SandwichWidget(this))
    , job_(new BackgroundJob(this)) {
    // A function the filter no longer knows shows empty tables.
    connect(job_, &BackgroundJob::failed, this, [this] { showResult({}); });
    heading_->setTextFormat(Qt::RichText);
    heading_->setWordWrap(true);
    heading_->setContentsMargins(6, 4, 6, 4);
    sandwichArea_ = new QScrollArea(this);
    QScrollArea *sandwichArea = sandwichArea_;
    sandwichArea->setWidget(sandwich_);
    sandwichArea->setWidgetResizable(true);
    sandwichArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    connect(sandwich_, &SandwichWidget::functionActivated, this, &CallerCalleeView::moveTo);
    tables_ = new QSplitter(Qt::Vertical, this);
    tables_->setObjectName(QStringLiteral("callerCalleeTables"));
    callersAndCallees_ = new QSplitter(Qt::Horizontal, tables_);
    callersAndCallees_->hide();
    tables_->addWidget(callersAndCallees_);
    tables_->addWidget(callersView_);
    tables_->addWidget(sandwichArea);
    tables_->addWidget(calleesView_);
    tables_->setSizes({0, 120, 300, 120});
    tables_->installEventFilter(this);
    // Small minimums, so that the dock may be as short as the other docks of its area.
    for (QWidget *part : {static_cast<QWidget *>(callersView_), static_cast<QWidget *>(sandwichArea),
                          static_cast<QWidget *>(calleesView_)})
        part->setMinimumHeight(fontMetrics().height() * 2);
    auto *right = new QWidget(this);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->setSpacing(0);
    rightLayout->addWidget(makeNavigation());
    rightLayout->addWidget(tables_, 1);
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(makeFunctionList());
    splitter->addWidget(right);
    splitter->setSizes({540, 900});
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);
    heading_->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(heading_, &QWidget::customContextMenuRequested, this, [this](const QPoint &pos) {
        if (function_ && result_) emit contextMenuRequested(*function_, heading_->mapToGlobal(pos));
    });
    updateHeading();
    updateNavigation();
}

QWidget *CallerCalleeView::makeNavigation() {
    auto *bar = new QWidget(this);
    auto *layout = new QHBoxLayout(bar);
    layout->setContentsMargins(2, 0, 2, 0);
    layout->setSpacing(2);
    backAction_ = new QAction(style()->standardIcon(QStyle::SP_ArrowBack), tr("Back"), this);
    backAction_->setObjectName(QStringLiteral("callerCalleeBack"));
    backAction_->setToolTip(tr("Back to the function shown before (Alt+Left)"));
    backAction_->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Left));
    backAction_->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(backAction_, &QAction::triggered, this, &CallerCalleeView::goBack);
    forwardAction_ = new QAction(style()->standardIcon(QStyle::SP_ArrowForward), tr("Forward"), this);
    forwardAction_->setObjectName(QStringLiteral("callerCalleeForward"));
    forwardAction_->setToolTip(tr("Forward again (Alt+Right)"));
    forwardAction_->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Right));
    forwardAction_->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(forwardAction_, &QAction::triggered, this, &CallerCalleeView::goForward);
    addAction(backAction_);
    addAction(forwardAction_);
    for (QAction *action : {backAction_, forwardAction_}) {
        auto *button = new QToolButton(bar);
        button->setDefaultAction(action);
        button->setAutoRaise(true);
        layout->addWidget(button, 0, Qt::AlignTop);
    }
    layout->addWidget(heading_, 1);
    return bar;
}

QWidget *CallerCalleeView::makeFunctionList() {
    auto *panel = new QWidget(this);
    search_ = new QLineEdit(panel);
    search_->setObjectName(QStringLiteral("callerCalleeSearch"));
    search_->setPlaceholderText(tr("Search functions and modules…"));
    search_->setClearButtonEnabled(true);
    search_->setAccessibleName(tr("Search functions"));
    functionsProxy_ = new QSortFilterProxyModel(this);
    functionsProxy_->setSourceModel(functions_);
    functionsProxy_->setSortRole(FunctionListModel::SortRole);
    functionsProxy_->setFilterRole(FunctionListModel::FilterRole);
    functionsProxy_->setFilterCaseSensitivity(Qt::CaseInsensitive);
    functionsProxy_->setFilterKeyColumn(FunctionListModel::FunctionColumn);
    connect(search_, &QLineEdit::textChanged, functionsProxy_, &QSortFilterProxyModel::setFilterFixedString);
    functionsView_ = new QTreeView(panel);
    functionsView_->setObjectName(QStringLiteral("callerCalleeFunctions"));
    functionsView_->setModel(functionsProxy_);
    functionsView_->setRootIsDecorated(false);
    functionsView_->setUniformRowHeights(true);
    functionsView_->setAlternatingRowColors(true);
    functionsView_->setAllColumnsShowFocus(true);
    functionsView_->setSortingEnabled(true);
    functionsView_->sortByColumn(FunctionListModel::SelfColumn, Qt::DescendingOrder);
    functionsView_->setAccessibleName(tr("All functions"));
    for (int column : {int(FunctionListModel::SelfColumn), int(FunctionListModel::InclusiveColumn)})
        functionsView_->setItemDelegateForColumn(
            column, new CostBarDelegate(FunctionListModel::ShareRole, functionsView_));
    QHeaderView *header = functionsView_->header();
    header->setStretchLastSection(false);
    header->resizeSection(FunctionListModel::ModuleColumn, 100);
    for (int column : {int(FunctionListModel::SelfColumn), int(FunctionListModel::InclusiveColumn),
                       int(FunctionListModel::SamplesColumn)})
        header->resizeSection(column, 64);
    new FunctionColumnSizer(functionsView_, FunctionListModel::FunctionColumn, 200);
    connect(functionsView_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (syncingList_ || !current.isValid()) return;
                showFunction(current.data(FunctionListModel::FunctionRole).toUInt());
            });
    functionsView_->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(functionsView_, &QWidget::customContextMenuRequested, this, [this](const QPoint &pos) {
        const QModelIndex index = functionsView_->indexAt(pos);
        if (index.isValid())
            emit contextMenuRequested(index.data(FunctionListModel::FunctionRole).toUInt(),
                                      functionsView_->viewport()->mapToGlobal(pos));
    });
    auto *layout = new QVBoxLayout(panel);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(search_);
    layout->addWidget(functionsView_, 1);
    functionsView_->setMinimumHeight(fontMetrics().height() * 2);
    return panel;
}

QTreeView *CallerCalleeView::makeTable(CallerCalleeModel *model, const QString &accessibleName) {
    auto *proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(model);
    proxy->setSortRole(CallerCalleeModel::SortRole);
    auto *view = new QTreeView(this);
    view->setModel(proxy);
    view->setRootIsDecorated(false);
    view->setUniformRowHeights(true);
    view->setAlternatingRowColors(true);
    view->setAllColumnsShowFocus(true);
    view->setSortingEnabled(true);
    view->sortByColumn(CallerCalleeModel::ShareColumn, Qt::DescendingOrder);
    view->setAccessibleName(accessibleName);
    view->setItemDelegateForColumn(CallerCalleeModel::ShareColumn,
                                   new CostBarDelegate(CallerCalleeModel::ShareRole, view));
    QHeaderView *header = view->header();
    header->setStretchLastSection(false);
    header->resizeSection(CallerCalleeModel::ModuleColumn, 140);
    header->resizeSection(CallerCalleeModel::ShareColumn, 100);
    header->resizeSection(CallerCalleeModel::CostColumn, 100);
    header->resizeSection(CallerCalleeModel::LocationColumn, 170);
    view->setColumnHidden(CallerCalleeModel::LocationColumn, true); // until a profile has source locations
    new FunctionColumnSizer(view, CallerCalleeModel::FunctionColumn);
    connect(model, &QAbstractItemModel::modelReset, view, [model, view] {
        view->setColumnHidden(CallerCalleeModel::LocationColumn, !model->hasLocations());
    });
    view->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(view, &QWidget::customContextMenuRequested, this, [this, view](const QPoint &pos) {
        const QModelIndex index = view->indexAt(pos);
        if (index.isValid())
            emit contextMenuRequested(index.data(CallerCalleeModel::FunctionRole).toUInt(),
                                      view->viewport()->mapToGlobal(pos));
    });
    connect(view, &QTreeView::activated, this, [this](const QModelIndex &index) {
        moveTo(index.data(CallerCalleeModel::FunctionRole).toUInt());
    });
    return view;
}

void CallerCalleeView::moveTo(FunctionId function) {
    showFunction(function);
    emit functionActivated(function);
}

// Wide and short (a dock under the flame graph on a wide screen), the callers and callees sit side by side
// above the sandwich, so that each shows rows enough to be read; otherwise callers, sandwich and callees are
// stacked.
bool CallerCalleeView::eventFilter(QObject *watched, QEvent *event) {
    if (watched == tables_ && event->type() == QEvent::Resize) {
        const bool roomy = tables_->height() >= 3 * (kReadableRows + 1) * tableRowHeight();
        setSideBySide(!roomy && tables_->width() >= 2 * kMinTableWidth);
    }
    return QWidget::eventFilter(watched, event);
}

void CallerCalleeView::setSideBySide(bool sideBySide) {
    if (sideBySide == callersAndCallees_->isVisible()) return;
    if (sideBySide) {
        callersAndCallees_->addWidget(callersView_);
        callersAndCallees_->addWidget(calleesView_);
        callersAndCallees_->show();
        tables_->setSizes(
            {tables_->height() * 11 / 20, tables_->height() * 9 / 20}); // the pair, the sandwich
    } else {
        tables_->insertWidget(1, callersView_);
        tables_->insertWidget(3, calleesView_);
        callersAndCallees_->hide();
        tables_->setSizes({0, tables_->height() / 4, tables_->height() / 2, tables_->height() / 4});
    }
}

// A table row's height, from the font (the tables may be empty).
int CallerCalleeView::tableRowHeight() const {
    return callersView_->fontMetrics().lineSpacing() + 6;
}

int CallerCalleeView::heightNeeded() const {
    const int row = tableRowHeight();
    const int tables = (kReadableRows + 2) * row;                          // a header, rows and a margin
    const int sandwich = kReadableRows * sandwich_->rowHeight() + 2 * row; // and the area's frame
    return height() - tables_->height() + tables + sandwich + 2 * tables_->handleWidth();
}

bool CallerCalleeView::isSideBySide() const {
    return callersAndCallees_->isVisible();
}

void CallerCalleeView::setSession(std::shared_ptr<const SessionAnalysis> session) {
    const bool sameProfile = session_ && session && session_->profile() == session->profile();
    session_ = std::move(session);
    if (!sameProfile) {
        function_.reset();
        back_.clear();
        forward_.clear();
    }
    listFunctions();
    recompute();
    updateNavigation();
}

void CallerCalleeView::showFunction(uint32_t function) {
    if (function_ == function && (result_ || job_->isRunning())) return;
    if (function_ && function_ != function) {
        back_.push_back(*function_);
        forward_.clear();
    }
    function_ = function;
    recompute();
    selectInList();
    updateNavigation();
}

void CallerCalleeView::goBack() {
    if (back_.empty()) return;
    if (function_) forward_.push_back(*function_);
    function_ = back_.back();
    back_.pop_back();
    recompute();
    selectInList();
    updateNavigation();
}

void CallerCalleeView::goForward() {
    if (forward_.empty()) return;
    if (function_) back_.push_back(*function_);
    function_ = forward_.back();
    forward_.pop_back();
    recompute();
    selectInList();
    updateNavigation();
}

void CallerCalleeView::searchFunctions(const QString &text) {
    search_->setText(text);
}

void CallerCalleeView::updateNavigation() {
    backAction_->setEnabled(!back_.empty());
    forwardAction_->setEnabled(!forward_.empty());
}

bool CallerCalleeView::isBusy() const {
    return job_->isRunning();
}

// The analysis carries the flat profile of its filter (AnalysisJob): the list shows that one, not one of its
// own.
void CallerCalleeView::listFunctions() {
    if (!session_) {
        functions_->setFlatProfile({}, {}, CostUnit::Count);
        return;
    }
    functions_->setFlatProfile(std::shared_ptr<const FlatProfile>(session_, &session_->flat),
                               session_->profile(), session_->costUnit);
    selectInList();
    emit functionsListed();
}

// Marks the shown function in the list, without moving to it again.
void CallerCalleeView::selectInList() {
    if (!function_) return;
    const int row = functions_->rowOf(*function_);
    if (row < 0) return;
    const QModelIndex index = functionsProxy_->mapFromSource(functions_->index(row, 0));
    if (!index.isValid()) return;
    syncingList_ = true;
    functionsView_->setCurrentIndex(index);
    functionsView_->scrollTo(index);
    syncingList_ = false;
}

void CallerCalleeView::recompute() {
    job_->abandon();
    result_.reset();
    if (!session_ || !function_) {
        callers_->setResult({}, {}, CostUnit::Count);
        callees_->setResult({}, {}, CostUnit::Count);
        sandwich_->setResult({}, {}, CostUnit::Count);
        updateHeading();
        return;
    }
    job_->start(
        [session = session_, function = *function_](const std::stop_token &stop,
                                                    const BackgroundJob::ReportProgress &) {
            if (!session->topDown) return std::make_shared<const CallerCallee>();
            return std::make_shared<const CallerCallee>(
                CallerCallee::fromTree(*session->topDown, function, stop));
        },
        [this](std::shared_ptr<const CallerCallee> result) { showResult(std::move(result)); });
    updateHeading();
}

void CallerCalleeView::showResult(std::shared_ptr<const CallerCallee> result) {
    result_ = std::move(result);
    callers_->setResult(result_, session_->profile(), session_->costUnit);
    callees_->setResult(result_, session_->profile(), session_->costUnit);
    sandwich_->setResult(result_, session_->profile(), session_->costUnit);
    // The function's own frame in the middle of the view: its callees above, callers below.
    QTimer::singleShot(0, this, [this] {
        sandwichArea_->verticalScrollBar()->setValue(sandwich_->middleY() + sandwich_->rowHeight() / 2 -
                                                     sandwichArea_->viewport()->height() / 2);
    });
    updateHeading();
    emit updated();
}

void CallerCalleeView::updateHeading() {
    if (!session_ || !function_) {
        heading_->setText(
            tr("Select a function in the list, the flame graph or a call tree to see its callers "
               "and callees."));
        heading_->setToolTip({});
        return;
    }
    if (!result_) {
        heading_->setText(job_->isRunning() ? tr("Computing…") : tr("This function has no samples here."));
        return;
    }
    const Profile &profile = *session_->profile();
    const std::string &full = result_->stacks ? result_->stacks->functionName(profile, *function_)
                                              : profile.functionName(*function_);
    const QString name = displayName(readableNamesOf(session_->profile()).get(), *function_, full);
    heading_->setToolTip(QString::fromStdString(full).toHtmlEscaped());
    QString text =
        tr("<b>%1</b> — inclusive %2 (%3), self %4 (%5)")
            .arg(name.toHtmlEscaped(), formatPercent(result_->inclusive, result_->total),
                 formatCost(result_->inclusive, session_->costUnit),
                 formatPercent(result_->self, result_->total), formatCost(result_->self, session_->costUnit));
    if (result_->inlinedSelf > 0)
        text +=
            tr(", own code inlined into callers %1").arg(formatPercent(result_->inlinedSelf, result_->total));
    const QString location =
        locationText(profile, *sourceLocationsOf(session_->profile()), *function_, false);
    if (!location.isEmpty()) text += QStringLiteral(" — ") + location.toHtmlEscaped();
    heading_->setText(text);
}

} // namespace perfglass
