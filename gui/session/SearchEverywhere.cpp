#include "SearchEverywhere.h"

#include "BackgroundJob.h"
#include "FrameDetails.h"
#include "FunctionNames.h"

#include <QAction>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QStyle>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace perfglass {

namespace {
constexpr int kKindRole = Qt::UserRole + 1;
constexpr int kIdRole = Qt::UserRole + 2;
constexpr int kTextRole = Qt::UserRole + 3;
constexpr int kTypingDelayMs = 150;
} // namespace

SearchEverywhere::SearchEverywhere(QWidget *parent)
    : QDialog(parent)
    , action_(new QAction(tr("Search &Everywhere…"), this))
    , field_(new QLineEdit(this))
    , summary_(new QLabel(this))
    , results_(new QTreeWidget(this))
    , delay_(new QTimer(this))
    , job_(new BackgroundJob(this)) {
    setWindowTitle(tr("Search Everywhere"));
    setObjectName(QStringLiteral("searchEverywhere"));
    createAction();
    field_->setPlaceholderText(tr("Functions, modules, source files…"));
    field_->setClearButtonEnabled(true);
    field_->setAccessibleName(tr("Search everywhere"));
    results_->setColumnCount(2);
    results_->setHeaderLabels({tr("Match"), tr("Samples with it")});
    results_->setRootIsDecorated(false);
    results_->setUniformRowHeights(true);
    results_->header()->setStretchLastSection(false);
    results_->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    results_->header()->resizeSection(1, 130);
    summary_->setWordWrap(true);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(field_);
    layout->addWidget(summary_);
    layout->addWidget(results_, 1);
    resize(720, 480);
    delay_->setSingleShot(true);
    delay_->setInterval(kTypingDelayMs);
    connect(delay_, &QTimer::timeout, this, &SearchEverywhere::start);
    connect(field_, &QLineEdit::textChanged, delay_, qOverload<>(&QTimer::start));
    connect(field_, &QLineEdit::returnPressed, this, [this] {
        QTreeWidgetItem *item = results_->currentItem();
        if (!item && results_->topLevelItemCount() > 0 && results_->topLevelItem(0)->childCount() > 0)
            item = results_->topLevelItem(0)->child(0);
        choose(item);
    });
    connect(results_, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem *item) { choose(item); });
    connect(job_, &BackgroundJob::failed, this, [this] { showResult({}); });
    showResult({});
}

void SearchEverywhere::createAction() {
    action_->setObjectName(QStringLiteral("searchEverywhereAction"));
    action_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_K));
    action_->setIcon(style()->standardIcon(QStyle::SP_FileDialogContentsView));
    action_->setToolTip(
        tr("Find functions, modules and source files in every view, and how much of the profile they take "
           "(Ctrl+K)"));
    connect(action_, &QAction::triggered, this, &SearchEverywhere::present);
}

void SearchEverywhere::present() {
    show();
    raise();
    activateWindow();
    field()->setFocus();
    field()->selectAll();
}

void SearchEverywhere::setSession(std::shared_ptr<const SessionAnalysis> session) {
    session_ = std::move(session);
    start();
}

bool SearchEverywhere::isBusy() const {
    return job_->isRunning() || delay_->isActive();
}

void SearchEverywhere::search(const QString &text) {
    field_->setText(text);
    delay_->stop();
    start();
}

void SearchEverywhere::start() {
    job_->abandon();
    const std::string text = field_->text().trimmed().toStdString();
    if (!session_ || text.empty()) {
        showResult({});
        return;
    }
    job_->start(
        [session = session_, text](const std::stop_token &stop, const BackgroundJob::ReportProgress &) {
            if (!session->topDown) return std::make_shared<const ProfileSearch>();
            const auto names = readableNamesOf(session->profile());
            const auto locations = sourceLocationsOf(session->profile());
            return std::make_shared<const ProfileSearch>(
                ProfileSearch::fromTree(*session->topDown, text, names.get(), locations.get(), stop));
        },
        [this](std::shared_ptr<const ProfileSearch> result) { showResult(std::move(result)); });
}

QString SearchEverywhere::matchText(Kind kind, uint32_t id, bool full) const {
    const Profile &profile = *session_->profile();
    switch (kind) {
    case Kind::Function: {
        const std::string &name = result_->stacks->functionName(profile, id);
        if (full) return QString::fromStdString(name);
        const QString module =
            QString::fromStdString(profile.moduleName(result_->stacks->functionModule(profile, id)));
        return tr("%1  [%2]").arg(displayName(readableNamesOf(session_->profile()).get(), id, name), module);
    }
    case Kind::Module:
        return QString::fromStdString(full ? profile.modulePath(id) : profile.moduleName(id));
    case Kind::File:
        return QString::fromStdString(profile.strings[id]);
    }
    return {};
}

void SearchEverywhere::addGroup(const QString &title, Kind kind, const std::vector<SearchMatch> &matches) {
    if (matches.empty()) return;
    auto *group = new QTreeWidgetItem(results_, {tr("%1 (%2)").arg(title).arg(matches.size())});
    group->setFlags(Qt::ItemIsEnabled);
    QFont bold = group->font(0);
    bold.setBold(true);
    group->setFont(0, bold);
    const size_t shown = std::min<size_t>(matches.size(), kMaxRowsPerGroup);
    for (size_t i = 0; i < shown; ++i) {
        const SearchMatch &match = matches[i];
        auto *item = new QTreeWidgetItem(
            group, {matchText(kind, match.id, false), formatPercent(match.cost, result_->total)});
        item->setData(0, kKindRole, static_cast<int>(kind));
        item->setData(0, kIdRole, match.id);
        // What the views filter by: a function's full name, a module's file name, a source file's path.
        item->setData(0, kTextRole,
                      kind == Kind::Module ? matchText(kind, match.id, false)
                                           : matchText(kind, match.id, true));
        item->setToolTip(0, matchText(kind, match.id, true));
        item->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
    }
    if (matches.size() > shown)
        new QTreeWidgetItem(group, {tr("… and %n more", nullptr, static_cast<int>(matches.size() - shown))});
    group->setExpanded(true);
}

void SearchEverywhere::showResult(std::shared_ptr<const ProfileSearch> result) {
    result_ = std::move(result);
    results_->clear();
    if (!result_ || !session_) {
        summary_->setText(field_->text().trimmed().isEmpty()
                              ? tr("Type part of a function, module or source file name.")
                              : tr("Searching…"));
        emit searched();
        return;
    }
    addGroup(tr("Functions"), Kind::Function, result_->functions);
    addGroup(tr("Modules"), Kind::Module, result_->modules);
    addGroup(tr("Source files"), Kind::File, result_->files);
    if (results_->topLevelItemCount() > 0 && results_->topLevelItem(0)->childCount() > 0)
        results_->setCurrentItem(results_->topLevelItem(0)->child(0));
    summary_->setText(result_->matchedCost == 0
                          ? tr("Nothing in this session matches.")
                          : tr("%1 of the samples (%2) have a match on their stack: %n function(s), %3 "
                               "module(s), %4 source "
                               "file(s). Enter shows the selected match in the view that had the focus.",
                               nullptr, static_cast<int>(result_->functions.size()))
                                .arg(formatPercent(result_->matchedCost, result_->total),
                                     formatCost(result_->matchedCost, session_->costUnit))
                                .arg(result_->modules.size())
                                .arg(result_->files.size()));
    emit searched();
}

void SearchEverywhere::choose(QTreeWidgetItem *item) {
    if (!item || !item->data(0, kKindRole).isValid()) return;
    emit chosen(static_cast<Kind>(item->data(0, kKindRole).toInt()), item->data(0, kIdRole).toUInt(),
                item->data(0, kTextRole).toString());
    accept();
}

} // namespace perfglass
