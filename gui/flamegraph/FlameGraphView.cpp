#include "FlameGraphView.h"

#include "FlameGraphWidget.h"
#include "FrameDetails.h"
#include "FunctionNames.h"

#include <QAction>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QStyle>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace perfglass {

namespace {
const QString kIcicleKey = QStringLiteral("flameGraph/icicle");
const QString kBottomUpKey = QStringLiteral("flameGraph/bottomUp");
const QString kThresholdKey = QStringLiteral("flameGraph/mergeThresholdPercent");
constexpr int kMinimumRows = 8;
} // namespace

FlameGraphView::FlameGraphView(FlameGraphModel *model, QWidget *parent)
    : QWidget(parent)
    , model_(model)
    , graph_(new FlameGraphWidget(model, this))
    , scroll_(new QScrollArea(this))
    , back_(new QToolButton(this))
    , reset_(new QToolButton(this))
    , breadcrumb_(new QLabel(this))
    , search_(new QLineEdit(this))
    , matches_(new QLabel(this))
    , growth_(new QLabel(this))
    , status_(new QLabel(this))
    , legend_(new QLabel(this))
    , icicle_(new QToolButton(this))
    , bottomUp_(new QToolButton(this))
    , threshold_(new QDoubleSpinBox(this))
    , hint_(tr("Click a frame to zoom in, right-click it to focus, merge or hide it; Escape goes back.")) {
    back_->setIcon(style()->standardIcon(QStyle::SP_ArrowBack));
    back_->setText(tr("Back"));
    back_->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    back_->setToolTip(tr("Back to the previous zoom (Escape, or a right click off the frames)"));
    back_->setAccessibleName(tr("Back"));
    back_->setAutoRaise(true);
    reset_->setText(tr("Show All"));
    reset_->setToolTip(tr("Show all samples (Home)"));
    reset_->setAccessibleName(tr("Reset zoom"));
    reset_->setAutoRaise(true);
    breadcrumb_->setTextFormat(Qt::RichText);
    breadcrumb_->setTextInteractionFlags(Qt::LinksAccessibleByMouse | Qt::LinksAccessibleByKeyboard);
    breadcrumb_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    breadcrumb_->setToolTip(tr("The zoomed call path; click a caller to zoom out to it"));
    search_->setPlaceholderText(tr("Search functions (Ctrl+F)"));
    search_->setClearButtonEnabled(true);
    search_->setAccessibleName(tr("Search functions"));
    search_->setMinimumWidth(220);
    search_->setMaximumWidth(360);
    search_->installEventFilter(this);
    createOptions();

    scroll_->setWidget(graph_); // as tall as the viewport at least: the root row stays at the view's edge
    scroll_->setWidgetResizable(true);
    scroll_->setMinimumHeight(kMinimumRows * graph_->rowHeight()); // in the smallest window too
    scroll_->viewport()->setBackgroundRole(QPalette::Base);
    scroll_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll_->setFrameShape(QFrame::NoFrame);
    scroll_->setFocusProxy(graph_);
    setFocusProxy(graph_);

    growth_->setObjectName(QStringLiteral("growthMarkLabel"));
    growth_->setTextFormat(Qt::PlainText);
    growth_->setStyleSheet(QStringLiteral("QLabel { color: palette(highlighted-text); background: "
                                          "palette(highlight); padding: 1px 6px; border-radius: 3px; }"));
    growth_->hide();
    status_->setTextFormat(Qt::PlainText);
    status_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    legend_->setText(legendHtml());
    legend_->setTextFormat(Qt::RichText);
    connect(model_, &FlameGraphModel::treeChanged, this, [this] { legend_->setText(legendHtml()); });

    createLayout();

    auto *find = new QAction(this);
    find->setShortcut(QKeySequence::Find);
    find->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(find, &QAction::triggered, this, &FlameGraphView::focusSearch);
    addAction(find);

    connect(back_, &QToolButton::clicked, model_, &FlameGraphModel::back);
    connect(reset_, &QToolButton::clicked, model_, &FlameGraphModel::resetZoom);
    connect(breadcrumb_, &QLabel::linkActivated, this, [this](const QString &link) {
        bool ok = false;
        const uint32_t node = link.toUInt(&ok);
        if (!ok) return;
        if (node == CallTree::kRoot)
            model_->resetZoom();
        else
            model_->zoomTo(node);
    });
    connect(search_, &QLineEdit::textChanged, model_, &FlameGraphModel::setSearchText);
    connect(model_, &FlameGraphModel::zoomChanged, this, &FlameGraphView::updateNavigation);
    connect(model_, &FlameGraphModel::searchChanged, this, &FlameGraphView::updateMatches);
    connect(model_, &FlameGraphModel::treeChanged, this, [this] {
        if (search_->text() != model_->searchText()) search_->setText(model_->searchText());
        showHovered(false, 0);
        bottomUp_->setEnabled(model_->offersBottomUp());
        // Let the scroll area take the new minimum height first.
        QTimer::singleShot(0, this, &FlameGraphView::scrollToRoot);
    });
    connect(graph_, &FlameGraphWidget::hoverChanged, this, &FlameGraphView::showHovered);
    connectScrolling();
    restoreOptions();
    updateNavigation();
    updateMatches();
    showHovered(false, 0);
}

void FlameGraphView::createLayout() {
    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(4, 2, 4, 2);
    bar->addWidget(back_);
    bar->addWidget(reset_);
    bar->addWidget(breadcrumb_, 1);
    bar->addWidget(growth_);
    bar->addWidget(icicle_);
    bar->addWidget(bottomUp_);
    bar->addWidget(threshold_);
    bar->addWidget(search_);
    bar->addWidget(matches_);
    auto *bottom = new QHBoxLayout;
    bottom->setContentsMargins(6, 2, 6, 2);
    bottom->addWidget(status_, 1);
    bottom->addWidget(legend_);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(bar);
    layout->addWidget(scroll_, 1);
    layout->addLayout(bottom);
}

// The scroll area keeps the root row in view (keepRootInView) at the distance the user scrolled to.
void FlameGraphView::connectScrolling() {
    QScrollBar *vertical = scroll_->verticalScrollBar();
    connect(vertical, &QScrollBar::rangeChanged, this, &FlameGraphView::keepRootInView);
    connect(vertical, &QScrollBar::valueChanged, this, [this, vertical](int value) {
        distanceFromRoot_ = graph_->isIcicle() ? value : vertical->maximum() - value;
    });
}

void FlameGraphView::setHint(const QString &hint) {
    hint_ = hint;
    showHovered(false, 0);
}

void FlameGraphView::setGrowthMark(const GrowthMark &mark, bool partialFile) {
    graph_->setPartial(partialFile);
    growth_->setVisible(!mark.isEmpty());
    growth_->setText(mark.badge);
    growth_->setToolTip(mark.toolTip);
}

void FlameGraphView::focusSearch() {
    search_->setFocus(Qt::ShortcutFocusReason);
    search_->selectAll();
}

void FlameGraphView::createOptions() {
    icicle_->setText(tr("Icicle"));
    icicle_->setCheckable(true);
    icicle_->setAutoRaise(true);
    icicle_->setToolTip(tr("Draw the root on top and callees below it (an icicle graph)"));
    bottomUp_->setText(tr("Bottom-Up"));
    bottomUp_->setCheckable(true);
    bottomUp_->setAutoRaise(true);
    bottomUp_->setToolTip(tr("A bottom-up flame graph: the functions samples end in next to the root, their "
                             "callers beyond them"));
    threshold_->setRange(0.0, 20.0);
    threshold_->setDecimals(2);
    threshold_->setSingleStep(0.1);
    threshold_->setPrefix(tr("Merge < "));
    threshold_->setSuffix(tr(" %"));
    threshold_->setAccessibleName(tr("Merge threshold"));
    threshold_->setToolTip(tr("Frames cheaper than this share of the shown frame are drawn as one hatched "
                              "\"small frames\" block, whose tooltip names them. At 0 only frames narrower "
                              "than a pixel merge."));
    connect(icicle_, &QToolButton::toggled, this, &FlameGraphView::setIcicle);
    connect(bottomUp_, &QToolButton::toggled, this, &FlameGraphView::setBottomUp);
    connect(threshold_, &QDoubleSpinBox::valueChanged, this, [this](double percent) {
        model_->setMergeThreshold(percent / 100.0);
        QSettings().setValue(kThresholdKey, percent);
    });
}

void FlameGraphView::restoreOptions() {
    const QSettings settings;
    threshold_->setValue(
        settings.value(kThresholdKey, FlameGraphModel::kDefaultMergeThreshold * 100.0).toDouble());
    model_->setMergeThreshold(threshold_->value() / 100.0);
    icicle_->setChecked(settings.value(kIcicleKey, false).toBool());
    bottomUp_->setChecked(settings.value(kBottomUpKey, false).toBool());
}

void FlameGraphView::setIcicle(bool icicle) {
    icicle_->setChecked(icicle);
    QSettings().setValue(kIcicleKey, icicle);
    graph_->setIcicle(icicle);
    scrollToRoot();
}

void FlameGraphView::setBottomUp(bool bottomUp) {
    bottomUp_->setChecked(bottomUp);
    QSettings().setValue(kBottomUpKey, bottomUp);
    model_->setBottomUp(bottomUp);
}

// Escape and Home mean in the search field what they mean on the graph: back (or, with nothing to go back
// to, clear the search) and show all (the cursor still moves to the start).
bool FlameGraphView::eventFilter(QObject *watched, QEvent *event) {
    if (watched == search_ && event->type() == QEvent::KeyPress) {
        const auto *key = static_cast<QKeyEvent *>(event);
        if (key->modifiers() == Qt::NoModifier || key->modifiers() == Qt::KeypadModifier)
            return searchKey(key->key());
    }
    return QWidget::eventFilter(watched, event);
}

bool FlameGraphView::searchKey(int key) {
    if (key == Qt::Key_Escape) {
        if (!model_->back()) search_->clear();
        return true;
    }
    if (key == Qt::Key_Home) model_->resetZoom();
    return false;
}

void FlameGraphView::scrollToRoot() {
    distanceFromRoot_ = 0;
    keepRootInView();
}

// After a resize or a new graph, the view keeps its distance from the root row: at 0, the root stays at the
// bottom edge (the top edge for an icicle), however tall the graph or the view.
void FlameGraphView::keepRootInView() {
    QScrollBar *vertical = scroll_->verticalScrollBar();
    const int distance = std::min(distanceFromRoot_, vertical->maximum());
    vertical->setValue(graph_->isIcicle() ? distance : vertical->maximum() - distance);
    distanceFromRoot_ = distance;
}

void FlameGraphView::updateNavigation() {
    back_->setEnabled(model_->canGoBack());
    reset_->setEnabled(model_->isZoomed());
    QStringList parts;
    const QList<uint32_t> path = model_->pathTo(model_->zoomRoot());
    for (qsizetype i = 0; i < path.size(); ++i) {
        const uint32_t node = path[i];
        const QString name = unqualifiedName(withoutParameters(model_->name(node))).toHtmlEscaped();
        if (i + 1 == path.size())
            parts << QStringLiteral("<b>%1</b>").arg(name);
        else
            parts << QStringLiteral("<a href=\"%1\">%2</a>").arg(node).arg(name);
    }
    // Long paths keep their start and their end.
    if (parts.size() > 6)
        parts = parts.mid(0, 2) + QStringList{QStringLiteral("…")} + parts.mid(parts.size() - 3);
    breadcrumb_->setText(parts.join(QStringLiteral(" › ")));
}

void FlameGraphView::updateMatches() {
    if (model_->searchText().trimmed().isEmpty()) {
        matches_->clear();
        return;
    }
    if (model_->matchedFrameCount() == 0) {
        matches_->setText(tr("No match"));
        return;
    }
    matches_->setText(
        tr("%1 of samples match").arg(formatPercent(model_->matchedCost(), model_->totalCost())));
}

void FlameGraphView::showHovered(bool hovered, uint32_t node) {
    if (!hovered) {
        if (model_->isEmpty())
            status_->clear();
        else if (model_->isBottomUp())
            status_->setText(tr("Bottom-up: the functions samples end in, their callers beyond them."));
        else
            status_->setText(hint_);
        return;
    }
    if (node == CallTree::kRoot) {
        status_->setText(tr("All samples: %1").arg(formatCost(model_->totalCost(), model_->costUnit())));
        return;
    }
    const QString name = model_->isInlined(node) ? model_->name(node) + inlinedSuffix() : model_->name(node);
    QString text =
        tr("%1 — %2 — %3 (%4)")
            .arg(name, model_->moduleName(node), formatPercent(model_->cost(node), model_->totalCost()),
                 formatCost(model_->cost(node), model_->costUnit()));
    const QString location = model_->location(node);
    if (!location.isEmpty()) text += QStringLiteral(" — ") + location;
    status_->setText(text);
}

QString FlameGraphView::legendSwatch(const QColor &color, const QString &labelHtml) {
    return QStringLiteral("<span style=\"color:%1; font-size:large\">■</span>&nbsp;%2")
        .arg(color.name(), labelHtml);
}

QString FlameGraphView::legendHtml() const {
    const auto swatch = &FlameGraphView::legendSwatch;
    auto ofCategory = [swatch](FrameCategory category, const QString &label) {
        return swatch(toQColor(FramePalette::frameColour(category, "legend")).darker(110),
                      label.toHtmlEscaped());
    };
    const Rgb application = FramePalette::frameColour(FrameCategory::Application, "legend");
    QStringList groups; // the process and idle boxes, when the stacks are grouped by process
    const auto &tree = model_->tree();
    if (tree && !tree->node(CallTree::kRoot).children.empty()) {
        const FunctionId first = tree->node(tree->node(CallTree::kRoot).children.front()).function;
        const ModuleId module = tree->functionModule(first);
        if (module == kProcessModule || module == kIdleModule)
            groups << ofCategory(FrameCategory::Process, tr("Process"))
                   << ofCategory(FrameCategory::Idle, tr("Idle"));
    }
    return (groups +
            QStringList{
                ofCategory(FrameCategory::Application, tr("Application")),
                ofCategory(FrameCategory::SystemLibrary, tr("System library")),
                ofCategory(FrameCategory::Kernel, tr("Kernel")), ofCategory(FrameCategory::Jit, tr("JIT")),
                ofCategory(FrameCategory::Unknown, tr("Unknown")),
                swatch(toQColor(FramePalette::kBrokenStack), tr("Broken stack").toHtmlEscaped()),
                swatch(
                    toQColor(FramePalette::inlinedColour(application)).darker(110),
                    QStringLiteral("<i>%1</i>").arg(tr("Inlined (paler, dashed outline)").toHtmlEscaped()))})
        .join(QStringLiteral("&nbsp;&nbsp; "));
}

} // namespace perfglass
