// The actions a user can take on one frame of a profile, as in hotspot and the Firefox Profiler: focus on
// its function or its call path, merge it away, drop the samples that contain it, collapse its library or
// its recursion, hide kernel frames, copy its name. The flame graph, the call trees and Caller/Callee build
// their context menus here; every transform is handed to the main window (transformRequested), which
// pushes it as an undoable filter change. "Hide kernel frames" is also one checkable action for menus and
// toolbars (hideKernelAction).
#pragma once

#include "analysis/CallTree.h"
#include "analysis/Transform.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <vector>

class QAction;
class QMenu;
class QWidget;

namespace perfglass {

class CallTreeView;
class CallerCalleeView;
class FlameGraphWidget;
class TransformedStacks;

// What a context menu is about: one function, maybe reached by a call path.
struct FrameTarget {
    FunctionId function = 0;
    QString name;                     // the function's full (demangled) name
    ModuleId module = 0;              // the function's module
    QString moduleName;               // "libc.so.6"
    bool collapsed = false;           // the frame a collapsed library became (a synthetic function)
    bool kernel = false;              // kernel code
    bool group = false;               // a process or thread box of a tree grouped by process, or idle
    std::vector<FunctionId> callPath; // outermost caller first, ending in function; empty: not a call path
    QStringList callPathNames;        // the short names of callPath

    // A node of a call tree (not the root). Top-down nodes are call paths; bottom-up nodes are not.
    static FrameTarget fromTreeNode(const CallTree &tree, uint32_t node);
    // A function of PROFILE, named through STACKS where it is synthetic (STACKS may be null).
    static FrameTarget fromFunction(const Profile &profile, const TransformedStacks *stacks,
                                    FunctionId function);
};

class FrameActions : public QObject {
    Q_OBJECT
public:
    explicit FrameActions(QObject *parent = nullptr);

    // Checkable: the filter hides kernel frames. Toggling asks for the transform to be added or removed.
    QAction *hideKernelAction() const { return hideKernel_; }
    // A new menu (owned by PARENT) with the actions for TARGET. Object names (for tests and automation):
    // focusFunction, focusPath, mergeFunction, dropFunction, collapseModule, collapseRecursion,
    // collapseDirectRecursion, hideKernel, copyName, showSource.
    QMenu *createMenu(const FrameTarget &target, QWidget *parent);
    // Opens the menu of TARGET at GLOBALPOS without blocking; it deletes itself when closed.
    QMenu *popup(const FrameTarget &target, const QPoint &globalPos, QWidget *parent);

    // Opens the menus of these views' frames and rows when the user asks for them.
    void attach(FlameGraphWidget *graph);
    void attach(CallTreeView *view);
    void attach(CallerCalleeView *view);

    // The short name shown for a function in menus and filter labels: "spinFor" for
    // "(anonymous namespace)::spinFor(std::chrono::duration<long>)", elided when very long.
    static QString shortName(const QString &name);

signals:
    // Add TRANSFORM to the filter; TEXT names the step for Edit ▸ Undo.
    void transformRequested(const perfglass::Transform &transform, const QString &text);
    // The Hide kernel frames action was toggled to CHECKED.
    void hideKernelToggled(bool checked);
    // Show FUNCTION in the Source & Disassembly dock.
    void sourceRequested(perfglass::FunctionId function);

private:
    void addCopyAction(QMenu *menu, const FrameTarget &target);
    void addTransformAction(QMenu *menu, const QString &objectName, const QString &label, Transform transform,
                            const QString &undoText);

    QAction *hideKernel_;
};

} // namespace perfglass
