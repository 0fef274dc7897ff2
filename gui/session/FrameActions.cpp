#include "FrameActions.h"

#include "CallTreeModel.h"
#include "CallTreeView.h"
#include "CallerCalleeView.h"
#include "FlameGraphWidget.h"
#include "FunctionNames.h"
#include "analysis/TransformedStacks.h"

#include <QAction>
#include <QClipboard>
#include <QGuiApplication>
#include <QMenu>

#include <algorithm>

namespace perfglass {

namespace {
constexpr int kMaxShortName = 60;

} // namespace

QString FrameActions::shortName(const QString &name) {
    QString result = unqualifiedName(withoutParameters(name));
    if (result.isEmpty()) result = name;
    if (result.size() > kMaxShortName) result = result.left(kMaxShortName - 1) + QChar(0x2026);
    return result;
}

FrameTarget FrameTarget::fromTreeNode(const CallTree &tree, uint32_t node) {
    const Profile &profile = tree.profile();
    const CallTreeNode &n = tree.node(node);
    FrameTarget target = fromFunction(profile, &tree.stacks(), n.function);
    if (tree.kind() != CallTree::Kind::TopDown) return target;
    if (target.group) return target;
    for (uint32_t walk = node; walk != CallTree::kRoot; walk = tree.node(walk).parent) {
        const ModuleId module = tree.functionModule(tree.node(walk).function);
        if (module == kProcessModule || module == kIdleModule) break; // transforms apply below the groups
        target.callPath.push_back(tree.node(walk).function);
        target.callPathNames.prepend(
            FrameActions::shortName(QString::fromStdString(tree.functionName(tree.node(walk).function))));
    }
    std::reverse(target.callPath.begin(), target.callPath.end());
    return target;
}

FrameTarget FrameTarget::fromFunction(const Profile &profile, const TransformedStacks *stacks,
                                      FunctionId function) {
    FrameTarget target;
    target.function = function;
    const bool synthetic = stacks && stacks->isSynthetic(function);
    target.collapsed = synthetic;
    target.name = QString::fromStdString(stacks ? stacks->functionName(profile, function)
                                                : profile.functionName(function));
    target.module = stacks ? stacks->functionModule(profile, function) : profile.functions[function].module;
    target.moduleName = QString::fromStdString(profile.moduleName(target.module));
    target.group = target.module == kProcessModule || target.module == kIdleModule;
    target.kernel = !target.group && profile.modules[target.module].kernel;
    return target;
}

FrameActions::FrameActions(QObject *parent)
    : QObject(parent)
    , hideKernel_(new QAction(tr("Hide &Kernel Frames"), this)) {
    hideKernel_->setObjectName(QStringLiteral("hideKernel"));
    hideKernel_->setCheckable(true);
    hideKernel_->setToolTip(tr("Remove kernel frames from every stack; their cost goes to the user-space "
                               "function that entered the kernel"));
    connect(hideKernel_, &QAction::triggered, this, &FrameActions::hideKernelToggled);
}

void FrameActions::addTransformAction(QMenu *menu, const QString &objectName, const QString &label,
                                      Transform transform, const QString &undoText) {
    QAction *action = menu->addAction(label);
    action->setObjectName(objectName);
    connect(action, &QAction::triggered, this, [this, transform = std::move(transform), undoText] {
        emit transformRequested(transform, undoText);
    });
}

QMenu *FrameActions::createMenu(const FrameTarget &target, QWidget *parent) {
    auto *menu = new QMenu(parent);
    const QString name = shortName(target.name);
    menu->setTitle(name);
    QAction *title = menu->addSection(name);
    title->setToolTip(target.name);
    if (target.group) { // transforms rewrite stacks, the groups are above them
        addCopyAction(menu, target);
        return menu;
    }

    if (!target.collapsed) {
        QAction *source = menu->addAction(tr("Sho&w Source && Disassembly"));
        source->setObjectName(QStringLiteral("showSource"));
        source->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
        connect(source, &QAction::triggered, this,
                [this, function = target.function] { emit sourceRequested(function); });
        menu->addSeparator();
    }
    addTransformAction(menu, QStringLiteral("focusFunction"), tr("&Focus on Function"),
                       Transform::focusFunction(target.function), tr("Focus on %1").arg(name));
    if (!target.callPath.empty()) {
        const QString path = target.callPathNames.join(QStringLiteral(" > "));
        addTransformAction(menu, QStringLiteral("focusPath"), tr("Focus on This &Call Path"),
                           Transform::focusSubtree(target.callPath), tr("Focus on call path %1").arg(path));
    }
    addTransformAction(menu, QStringLiteral("mergeFunction"), tr("&Merge Function"),
                       Transform::mergeFunction(target.function), tr("Merge %1").arg(name));
    addTransformAction(menu, QStringLiteral("dropFunction"), tr("&Drop Samples with Function"),
                       Transform::dropFunction(target.function), tr("Drop samples with %1").arg(name));
    menu->addSeparator();
    if (!target.collapsed)
        addTransformAction(
            menu, QStringLiteral("collapseModule"), tr("Collapse &Library %1").arg(target.moduleName),
            Transform::collapseModule(target.module), tr("Collapse library %1").arg(target.moduleName));
    addTransformAction(menu, QStringLiteral("collapseRecursion"), tr("Collapse &Recursion"),
                       Transform::collapseRecursion(target.function),
                       tr("Collapse recursion of %1").arg(name));
    addTransformAction(menu, QStringLiteral("collapseDirectRecursion"), tr("Collapse Direct Recursion &Only"),
                       Transform::collapseDirectRecursion(target.function),
                       tr("Collapse direct recursion of %1").arg(name));
    menu->addAction(hideKernel_);
    menu->addSeparator();
    addCopyAction(menu, target);
    return menu;
}

void FrameActions::addCopyAction(QMenu *menu, const FrameTarget &target) {
    QAction *copy = menu->addAction(tr("Cop&y Name"));
    copy->setObjectName(QStringLiteral("copyName"));
    connect(copy, &QAction::triggered, this,
            [full = target.name] { QGuiApplication::clipboard()->setText(full); });
}

QMenu *FrameActions::popup(const FrameTarget &target, const QPoint &globalPos, QWidget *parent) {
    QMenu *menu = createMenu(target, parent);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->popup(globalPos);
    return menu;
}

void FrameActions::attach(FlameGraphWidget *graph) {
    connect(graph, &FlameGraphWidget::contextMenuRequested, this,
            [this, graph](uint32_t node, const QPoint &pos) {
                const auto &tree = graph->model()->tree();
                if (tree && node != CallTree::kRoot && node < tree->nodes().size())
                    popup(FrameTarget::fromTreeNode(*tree, node), pos, graph);
            });
}

void FrameActions::attach(CallTreeView *view) {
    connect(view, &CallTreeView::contextMenuRequested, this, [this, view](uint32_t node, const QPoint &pos) {
        const CallTreeModel *model = view->callTreeModel();
        if (!model) return;
        const auto &tree = model->tree();
        if (tree && node != CallTree::kRoot && node < tree->nodes().size())
            popup(FrameTarget::fromTreeNode(*tree, node), pos, view);
    });
}

void FrameActions::attach(CallerCalleeView *view) {
    connect(view, &CallerCalleeView::contextMenuRequested, this,
            [this, view](uint32_t function, const QPoint &pos) {
                if (!view->session() || !view->result()) return;
                const TransformedStacks *stacks = view->result()->stacks.get();
                const Profile &profile = *view->session()->profile();
                const size_t count = stacks ? stacks->functionCount() : profile.functions.size();
                if (function < count) popup(FrameTarget::fromFunction(profile, stacks, function), pos, view);
            });
}

} // namespace perfglass
