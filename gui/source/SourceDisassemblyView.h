// The Source & Disassembly dock's content: one function of the session annotated (Annotator, off the UI
// thread, with the session's filter): its source lines (left) and instructions (right) side by side, each
// with self and inclusive cost bars; selecting a line selects its instructions and the reverse; jump to the
// hottest line, search, activating a call goes to the callee, back and forward through the functions shown.
// When a source file is missing the heading says which and offers to choose a folder to look in; a binary
// without debug information shows its disassembly with a note.
#pragma once

#include "SessionAnalysis.h"
#include "annotate/Disassembler.h"
#include "annotate/FunctionAnnotation.h"
#include "load/LoadProfile.h"

#include <QStringList>
#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QToolButton;
class QTreeView;

namespace perfglass {

class AnnotationModel;
class BackgroundJob;

class SourceDisassemblyView : public QWidget {
    Q_OBJECT
public:
    explicit SourceDisassemblyView(QWidget *parent = nullptr);

    QTreeView *sourceView() const { return sourceView_; }
    QTreeView *disassemblyView() const { return asmView_; }
    AnnotationModel *sourceModel() const { return sourceModel_; }
    AnnotationModel *disassemblyModel() const { return asmModel_; }
    QLabel *heading() const { return heading_; }
    std::optional<FunctionId> function() const { return function_; }
    bool isBusy() const;
    const std::shared_ptr<const FunctionAnnotation> &annotation() const { return annotation_; }
    // The symbol settings (Edit ▸ Symbol Settings) the module and its source files are found with: sysroot,
    // library and debug paths, source paths.
    void setSymbolOptions(const LoadOptions &options);
    // Folders chosen with "Choose Source Folder…" for this window only (not saved into the settings).
    void setSourcePaths(const QStringList &paths);
    const QStringList &sourcePaths() const { return sourcePaths_; }
    // Adds folder to the folders looked in, annotates again and offers to keep it (sourceFolderChosen).
    void addSourceFolder(const QString &folder);

public slots:
    // A new aggregation of the session (another filter): the costs follow it for the same function.
    void setSession(std::shared_ptr<const SessionAnalysis> session);
    // Shows FUNCTION (a function of the session's profile), remembered for back and forward.
    void showFunction(uint32_t function);
    void goBack();
    void goForward();
    // Selects the hottest source line (or instruction, without source lines) and its instructions.
    void selectHottest();
    // Selects the next row after the current one, in the view with focus (disassembly by default), that
    // contains TEXT; wraps around.
    void findNext(const QString &text);
    // Goes to the function the instruction at ROW calls, when the profile knows it.
    void followCall(int row);

signals:
    // The annotation shown changed (or failed: then annotation() is empty).
    void updated();
    // The user chose folder with "Choose Source Folder…": the window offers to save it into the settings.
    void sourceFolderChosen(const QString &folder);

private:
    QTreeView *makeTable(AnnotationModel *model, const QString &accessibleName);
    QWidget *makeToolBar();
    void show(uint32_t function);
    void recompute();
    void showResult(std::shared_ptr<const FunctionAnnotation> annotation);
    void updateHeading();
    void updateNavigation();
    void linkSelections();
    void selectLine(int line);
    void selectInstructionsOf(int line, bool scroll);
    void chooseSourceFolder();

    std::shared_ptr<const SessionAnalysis> session_;
    std::optional<FunctionId> function_;
    std::shared_ptr<const FunctionAnnotation> annotation_;
    QString error_;
    std::vector<FunctionId> history_;
    size_t historyPosition_ = 0;
    LoadOptions symbolOptions_;
    QStringList sourcePaths_;
    bool linking_ = false;

    QLabel *heading_;
    QPushButton *chooseFolder_;
    QToolButton *back_;
    QToolButton *forward_;
    QLineEdit *search_;
    QComboBox *syntax_;
    AnnotationModel *sourceModel_;
    AnnotationModel *asmModel_;
    QTreeView *sourceView_;
    QTreeView *asmView_;
    BackgroundJob *job_;
};

} // namespace perfglass
