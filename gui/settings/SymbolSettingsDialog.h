// Edit ▸ Symbol Settings: where binaries, libraries, debug files, kernel symbols and sources are looked for,
// the user's build-id cache (or none), and which debuginfod servers are asked. Lists take one directory per
// line. The window keeps what is accepted (QSettings) and opens the session again with it.
#pragma once

#include "SymbolSettings.h"

#include <QDialog>

class QCheckBox;
class QFormLayout;
class QLineEdit;
class QPlainTextEdit;

namespace perfglass {

class SymbolSettingsDialog : public QDialog {
    Q_OBJECT
public:
    explicit SymbolSettingsDialog(const SymbolSettings &settings, QWidget *parent = nullptr);

    SymbolSettings settings() const;
    void setSettings(const SymbolSettings &settings);

private:
    QWidget *withBrowseButton(QLineEdit *edit, bool directory, const QString &title);
    void addBuildIdCacheRows(QFormLayout *form);
    QPlainTextEdit *listEdit(const QString &objectName, const QString &placeholder);

    QLineEdit *sysroot_;
    QPlainTextEdit *libraryPaths_;
    QPlainTextEdit *debugPaths_;
    QLineEdit *kallsyms_;
    QLineEdit *debuginfod_;
    QPlainTextEdit *sourcePaths_;
    QLineEdit *buildIdDirectory_;
    QCheckBox *ignoreBuildIdCache_;
};

} // namespace perfglass
