// File ▸ Export for Review, the choice: what the archive for another machine holds (the session, and each
// file the samples ran in, by build id), what could not be archived and why, and the size of the two forms:
// symbols only (names, source lines, unwinding and disassembly of the sampled functions) or the full
// binaries.
#pragma once

#include "ReviewExportJob.h"

#include <QDialog>

class QFormLayout;
class QVBoxLayout;

namespace perfglass {

class ReviewExportDialog : public QDialog {
    Q_OBJECT
public:
    enum class Choice { None, SymbolsOnly, Full };

    // measured: the symbols-only archive already written, with the full archive's size.
    explicit ReviewExportDialog(const ReviewArchiveInfo &measured, QWidget *parent = nullptr);
    Choice choice() const { return choice_; }

private:
    void addSizes(QFormLayout *form, const ReviewArchiveInfo &measured);
    void addFileList(QVBoxLayout *layout, const ReviewArchiveInfo &measured);
    void addButtons(QVBoxLayout *layout);

    Choice choice_ = Choice::None;
};

} // namespace perfglass
