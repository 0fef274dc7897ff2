#include "FlameGraphView.h"

#include "FlameGraphWidget.h"
#include "FrameDetails.h"
#include "FunctionNames.h"

#include <QAction>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QStyle>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace perfglass {

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
    , status_(new QLabel(this))
    , legend_(new QLabel(this)) {
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

    scroll_->setWidget(graph_);
    scroll_->setWidgetResizable(true);
    scroll_->setAlignment(Qt::AlignTop | Qt::AlignLeft); // a shallow graph sits at the top, under the bar
    scroll_->viewport()->setBackgroundRole(QPalette::Base);
    scroll_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll_->setFrameShape(QFrame::NoFrame);
    scroll_->setFocusProxy(graph_);
    setFocusProxy(graph_);

    status_->setTextFormat(Qt::PlainText);
    status_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    legend_->setText(legendHtml());
    legend_->setTextFormat(Qt::RichText);

    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(4, 2, 4, 2);
    bar->addWidget(back_);
    bar->addWidget(reset_);
    bar->addWidget(breadcrumb_, 1);
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
        // Let the scroll area take the new minimum height first.
        QTimer::singleShot(0, this, &FlameGraphView::scrollToRoot);
    });
    connect(graph_, &FlameGraphWidget::hoverChanged, this, &FlameGraphView::showHovered);
    updateNavigation();
    updateMatches();
    showHovered(false, 0);
}

void FlameGraphView::focusSearch() {
    search_->setFocus(Qt::ShortcutFocusReason);
    search_->selectAll();
}

void FlameGraphView::scrollToRoot() {
    scroll_->verticalScrollBar()->setValue(scroll_->verticalScrollBar()->maximum());
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
        status_->setText(model_->isEmpty() ? QString()
                                           : tr("Click a frame to zoom in, right-click it to focus, merge or "
                                                "hide it; Escape goes back."));
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

QString FlameGraphView::legendHtml() const {
    auto swatch = [](const QColor &color, const QString &label) {
        return QStringLiteral("<span style=\"color:%1; font-size:large\">■</span>&nbsp;%2")
            .arg(color.name(), label);
    };
    auto ofCategory = [&swatch](FrameCategory category, const QString &label) {
        return swatch(toQColor(FramePalette::frameColour(category, "legend")).darker(110),
                      label.toHtmlEscaped());
    };
    const Rgb application = FramePalette::frameColour(FrameCategory::Application, "legend");
    return QStringList{
        ofCategory(FrameCategory::Application, tr("Application")),
        ofCategory(FrameCategory::SystemLibrary, tr("System library")),
        ofCategory(FrameCategory::Kernel, tr("Kernel")),
        ofCategory(FrameCategory::Jit, tr("JIT")),
        ofCategory(FrameCategory::Unknown, tr("Unknown")),
        swatch(toQColor(FramePalette::kBrokenStack), tr("Broken stack").toHtmlEscaped()),
        swatch(toQColor(FramePalette::inlinedColour(application)).darker(110),
               QStringLiteral("<i>%1</i>").arg(tr("Inlined (paler, dashed outline)").toHtmlEscaped()))}
        .join(QStringLiteral("&nbsp;&nbsp; "));
}

int FlameGraphView::preferredHeight() const {
    constexpr int kChrome = 8; // frame and spacing
    return back_->sizeHint().height() + graph_->contentHeight() + status_->sizeHint().height() +
           legend_->sizeHint().height() / 2 + kChrome + 24; // 24: the dock's title bar
}

} // namespace perfglass
