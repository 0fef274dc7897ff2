#include "SourceDisassemblyView.h"

#include "AnnotationModel.h"
#include "BackgroundJob.h"
#include "CostBarDelegate.h"
#include "JumpArrowDelegate.h"
#include "annotate/Annotator.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelection>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSplitter>
#include <QStyle>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

namespace perfglass {

SourceDisassemblyView::SourceDisassemblyView(QWidget *parent)
    : QWidget(parent)
    , heading_(new QLabel(this))
    , chooseFolder_(new QPushButton(tr("Choose Source &Folder…"), this))
    , back_(new QToolButton(this))
    , forward_(new QToolButton(this))
    , search_(new QLineEdit(this))
    , syntax_(new QComboBox(this))
    , sourceModel_(new AnnotationModel(AnnotationModel::Kind::Lines, this))
    , asmModel_(new AnnotationModel(AnnotationModel::Kind::Instructions, this))
    , sourceView_(makeTable(sourceModel_, tr("Source lines of the function")))
    , asmView_(makeTable(asmModel_, tr("Instructions of the function")))
    , job_(new BackgroundJob(this)) {
    connect(job_, &BackgroundJob::failed, this, [this](const QString &message) {
        error_ = message;
        showResult({});
    });
    heading_->setTextFormat(Qt::RichText);
    heading_->setWordWrap(true);
    heading_->setContentsMargins(6, 4, 6, 4);
    heading_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    chooseFolder_->setObjectName(QStringLiteral("chooseSourceFolder"));
    chooseFolder_->setToolTip(tr("Look for the missing source files in a folder of your choice"));
    chooseFolder_->hide();
    connect(chooseFolder_, &QPushButton::clicked, this, &SourceDisassemblyView::chooseSourceFolder);
    auto *headingRow = new QHBoxLayout;
    headingRow->addWidget(heading_, 1);
    headingRow->addWidget(chooseFolder_, 0, Qt::AlignTop);
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(sourceView_);
    splitter->addWidget(asmView_);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(makeToolBar());
    layout->addLayout(headingRow);
    layout->addWidget(splitter, 1);
    asmView_->setItemDelegateForColumn(AnnotationModel::LocationColumn, new JumpArrowDelegate(asmView_));
    asmView_->header()->resizeSection(AnnotationModel::LocationColumn, 130);
    linkSelections();
    connect(asmView_, &QTreeView::activated, this, [this](const QModelIndex &index) {
        if (!annotation_) return;
        const auto &instruction = annotation_->instructions[static_cast<size_t>(index.row())];
        if (instruction.jumpTarget != kNoIndex)
            asmView_->setCurrentIndex(asmModel_->index(static_cast<int>(instruction.jumpTarget), 0));
        else
            followCall(index.row());
    });
    updateHeading();
    updateNavigation();
}

QWidget *SourceDisassemblyView::makeToolBar() {
    auto *bar = new QWidget(this);
    auto *row = new QHBoxLayout(bar);
    row->setContentsMargins(4, 2, 4, 2);
    back_->setIcon(style()->standardIcon(QStyle::SP_ArrowBack));
    back_->setToolTip(tr("Back to the previous function"));
    back_->setObjectName(QStringLiteral("sourceBack"));
    forward_->setIcon(style()->standardIcon(QStyle::SP_ArrowForward));
    forward_->setToolTip(tr("Forward to the next function"));
    forward_->setObjectName(QStringLiteral("sourceForward"));
    connect(back_, &QToolButton::clicked, this, &SourceDisassemblyView::goBack);
    connect(forward_, &QToolButton::clicked, this, &SourceDisassemblyView::goForward);
    auto *hottest = new QPushButton(tr("&Hottest Line"), bar);
    hottest->setObjectName(QStringLiteral("sourceHottest"));
    hottest->setToolTip(tr("Select the line (and its instructions) with the highest self cost"));
    connect(hottest, &QPushButton::clicked, this, &SourceDisassemblyView::selectHottest);
    search_->setPlaceholderText(tr("Search instructions and lines (Enter: next)"));
    search_->setObjectName(QStringLiteral("sourceSearch"));
    search_->setClearButtonEnabled(true);
    connect(search_, &QLineEdit::returnPressed, this, [this] { findNext(search_->text()); });
    syntax_->addItem(tr("AT&&T syntax"), static_cast<int>(AsmSyntax::Att));
    syntax_->addItem(tr("Intel syntax"), static_cast<int>(AsmSyntax::Intel));
    syntax_->setObjectName(QStringLiteral("sourceSyntax"));
    connect(syntax_, &QComboBox::currentIndexChanged, this, [this] { recompute(); });
    row->addWidget(back_);
    row->addWidget(forward_);
    row->addWidget(hottest);
    row->addWidget(search_, 1);
    row->addWidget(syntax_);
    return bar;
}

QTreeView *SourceDisassemblyView::makeTable(AnnotationModel *model, const QString &accessibleName) {
    auto *view = new QTreeView(this);
    view->setModel(model);
    view->setRootIsDecorated(false);
    view->setUniformRowHeights(true);
    view->setAllColumnsShowFocus(true);
    view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    view->setAccessibleName(accessibleName);
    view->setItemDelegateForColumn(AnnotationModel::SelfColumn,
                                   new CostBarDelegate(AnnotationModel::SelfShareRole, view));
    view->setItemDelegateForColumn(AnnotationModel::InclusiveColumn,
                                   new CostBarDelegate(AnnotationModel::InclusiveShareRole, view));
    QHeaderView *header = view->header();
    header->setStretchLastSection(true);
    header->resizeSection(AnnotationModel::SelfColumn, 70);
    header->resizeSection(AnnotationModel::InclusiveColumn, 70);
    header->resizeSection(AnnotationModel::LocationColumn, 150);
    header->resizeSection(AnnotationModel::TextColumn, 330);
    return view;
}

void SourceDisassemblyView::setSymbolOptions(const LoadOptions &options) {
    symbolOptions_.sysroot = options.sysroot;
    symbolOptions_.libraryPaths = options.libraryPaths;
    symbolOptions_.debugPaths = options.debugPaths;
    symbolOptions_.debuginfodUrls = options.debuginfodUrls;
    symbolOptions_.sourcePaths = options.sourcePaths;
    symbolOptions_.userBuildIdCacheRoot = options.userBuildIdCacheRoot;
    symbolOptions_.userBuildIdCache = options.userBuildIdCache;
    symbolOptions_.buildIdCaches = options.buildIdCaches;
    recompute();
}

void SourceDisassemblyView::setSourcePaths(const QStringList &paths) {
    sourcePaths_ = paths;
    recompute();
}

void SourceDisassemblyView::addSourceFolder(const QString &folder) {
    if (!sourcePaths_.contains(folder)) sourcePaths_ << folder;
    recompute();
    emit sourceFolderChosen(folder);
}

void SourceDisassemblyView::setSession(std::shared_ptr<const SessionAnalysis> session) {
    const bool sameProfile = session_ && session && session_->profile() == session->profile();
    session_ = std::move(session);
    if (!sameProfile) {
        function_.reset();
        history_.clear();
        historyPosition_ = 0;
    }
    recompute();
    updateNavigation();
}

void SourceDisassemblyView::showFunction(uint32_t function) {
    if (function_ == function && (annotation_ || job_->isRunning())) return;
    if (historyPosition_ < history_.size()) history_.resize(historyPosition_ + 1);
    if (history_.empty() || history_.back() != function) history_.push_back(function);
    historyPosition_ = history_.size() - 1;
    show(function);
}

void SourceDisassemblyView::goBack() {
    if (historyPosition_ == 0 || history_.empty()) return;
    show(history_[--historyPosition_]);
}

void SourceDisassemblyView::goForward() {
    if (historyPosition_ + 1 >= history_.size()) return;
    show(history_[++historyPosition_]);
}

void SourceDisassemblyView::show(uint32_t function) {
    function_ = function;
    recompute();
    updateNavigation();
}

void SourceDisassemblyView::updateNavigation() {
    back_->setEnabled(historyPosition_ > 0 && !history_.empty());
    forward_->setEnabled(historyPosition_ + 1 < history_.size());
}

bool SourceDisassemblyView::isBusy() const {
    return job_->isRunning();
}

void SourceDisassemblyView::recompute() {
    job_->abandon();
    annotation_.reset();
    error_.clear();
    if (!session_ || !function_) {
        showResult({});
        return;
    }
    AnnotateOptions options;
    options.syntax = static_cast<AsmSyntax>(syntax_->currentData().toInt());
    options.symbols = symbolOptions_;
    // The session's own caches first (an archive's private one), as loading searched them.
    const auto &opened = session_->file->buildIdCaches;
    options.symbols.buildIdCaches.insert(options.symbols.buildIdCaches.begin(), opened.begin(), opened.end());
    for (const QString &path : sourcePaths_)
        options.symbols.sourcePaths.push_back(path.toStdString());
    job_->start(
        [session = session_, function = *function_, options](const std::stop_token &stop,
                                                             const BackgroundJob::ReportProgress &) {
            AggregationControl control;
            control.stop = stop;
            return std::make_shared<const FunctionAnnotation>(
                Annotator::annotate(*session->profile(), session->filter, function, options, control));
        },
        [this](std::shared_ptr<const FunctionAnnotation> result) { showResult(std::move(result)); });
    updateHeading();
}

void SourceDisassemblyView::showResult(std::shared_ptr<const FunctionAnnotation> annotation) {
    annotation_ = std::move(annotation);
    sourceModel_->setAnnotation(annotation_);
    asmModel_->setAnnotation(annotation_);
    sourceView_->setVisible(!annotation_ || annotation_->hasSourceLines);
    updateHeading();
    if (annotation_) selectHottest();
    emit updated();
}

void SourceDisassemblyView::updateHeading() {
    chooseFolder_->setVisible(annotation_ && !annotation_->missingFiles.empty());
    if (!session_ || !function_) {
        heading_->setText(tr("Choose Show Source && Disassembly in the context menu of a function (flame "
                             "graph, call trees, caller/callee) to see where in it the time goes."));
        return;
    }
    if (!annotation_) {
        heading_->setText(job_->isRunning()
                              ? tr("Disassembling…")
                              : tr("<b>Cannot annotate this function:</b> %1").arg(error_.toHtmlEscaped()));
        return;
    }
    const FunctionAnnotation &a = *annotation_;
    QString text =
        tr("<b>%1</b> in %2 — %3, %n sample(s) in the function", nullptr, static_cast<int>(a.selfSamples))
            .arg(QString::fromStdString(a.functionName).toHtmlEscaped(),
                 QFileInfo(QString::fromStdString(a.modulePath)).fileName().toHtmlEscaped(),
                 QString::fromStdString(a.event).toHtmlEscaped());
    for (const std::string &note : a.notes)
        text +=
            QStringLiteral("<br><i>") + QString::fromStdString(note).toHtmlEscaped() + QStringLiteral("</i>");
    for (const std::string &file : a.missingFiles)
        text += QStringLiteral("<br>") +
                tr("Source file not found: %1").arg(QString::fromStdString(file).toHtmlEscaped());
    heading_->setText(text);
}

void SourceDisassemblyView::linkSelections() {
    connect(sourceView_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (!linking_ && current.isValid()) selectInstructionsOf(current.row(), true);
            });
    connect(asmView_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (linking_ || !current.isValid() || !annotation_) return;
                const uint32_t line = annotation_->instructions[static_cast<size_t>(current.row())].line;
                if (line != kNoIndex) selectLine(static_cast<int>(line));
            });
}

void SourceDisassemblyView::selectLine(int line) {
    linking_ = true;
    const QModelIndex index = sourceModel_->index(line, 0);
    sourceView_->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect |
                                                              QItemSelectionModel::Rows);
    sourceView_->scrollTo(index);
    linking_ = false;
}

void SourceDisassemblyView::selectInstructionsOf(int line, bool scroll) {
    if (!annotation_ || line < 0 || static_cast<size_t>(line) >= annotation_->lines.size()) return;
    const auto &rows = annotation_->lines[static_cast<size_t>(line)].instructions;
    if (rows.empty()) return;
    linking_ = true;
    QItemSelection selection;
    for (uint32_t row : rows)
        selection.select(asmModel_->index(static_cast<int>(row), 0),
                         asmModel_->index(static_cast<int>(row), asmModel_->columnCount() - 1));
    QItemSelectionModel *model = asmView_->selectionModel();
    model->setCurrentIndex(asmModel_->index(static_cast<int>(rows.front()), 0),
                           QItemSelectionModel::NoUpdate);
    model->select(selection, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    if (scroll) asmView_->scrollTo(asmModel_->index(static_cast<int>(rows.front()), 0));
    linking_ = false;
}

void SourceDisassemblyView::selectHottest() {
    if (!annotation_) return;
    if (annotation_->hasSourceLines && annotation_->hottestLine() != kNoIndex) {
        sourceView_->setCurrentIndex(sourceModel_->index(static_cast<int>(annotation_->hottestLine()), 0));
        return;
    }
    if (annotation_->hottestInstruction() != kNoIndex) {
        const QModelIndex index = asmModel_->index(static_cast<int>(annotation_->hottestInstruction()), 0);
        asmView_->setCurrentIndex(index);
        asmView_->scrollTo(index);
    }
}

void SourceDisassemblyView::findNext(const QString &text) {
    if (text.isEmpty() || !annotation_) return;
    QTreeView *view = sourceView_->hasFocus() ? sourceView_ : asmView_;
    const auto *model = static_cast<AnnotationModel *>(view->model());
    const int rows = model->rowCount();
    const int start = view->currentIndex().isValid() ? view->currentIndex().row() : -1;
    for (int step = 1; step <= rows; ++step) {
        const int row = (start + step) % rows;
        const QModelIndex index = model->index(row, 0);
        if (index.data(AnnotationModel::SearchTextRole).toString().contains(text, Qt::CaseInsensitive)) {
            view->setCurrentIndex(index);
            view->scrollTo(index);
            return;
        }
    }
}

void SourceDisassemblyView::followCall(int row) {
    if (!annotation_ || !session_ || row < 0 || static_cast<size_t>(row) >= annotation_->instructions.size())
        return;
    std::string target = annotation_->instructions[static_cast<size_t>(row)].targetName;
    if (target.empty() || annotation_->instructions[static_cast<size_t>(row)].code.branch != BranchKind::Call)
        return;
    if (target.ends_with("@plt")) target.resize(target.size() - 4);
    const Profile &profile = *session_->profile();
    for (FunctionId f = 0; f < profile.functions.size(); ++f)
        if (profile.functionName(f) == target && !profile.modules[profile.functions[f].module].kernel) {
            showFunction(f);
            return;
        }
}

void SourceDisassemblyView::chooseSourceFolder() {
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Folder with the Source Files"));
    if (!folder.isEmpty()) addSourceFolder(folder);
}

} // namespace perfglass
