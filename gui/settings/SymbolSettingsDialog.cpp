#include "SymbolSettingsDialog.h"

#include "identity/BuildIdCache.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace perfglass {

namespace {
QStringList lines(const QPlainTextEdit *edit) {
    QStringList out;
    for (const QString &line : edit->toPlainText().split(QLatin1Char('\n')))
        if (!line.trimmed().isEmpty()) out << line.trimmed();
    return out;
}
} // namespace

SymbolSettingsDialog::SymbolSettingsDialog(const SymbolSettings &settings, QWidget *parent)
    : QDialog(parent)
    , sysroot_(new QLineEdit(this))
    , libraryPaths_(listEdit(QStringLiteral("libraryPaths"), tr("/opt/app/lib")))
    , debugPaths_(listEdit(QStringLiteral("debugPaths"), tr("/home/me/debug")))
    , kallsyms_(new QLineEdit(this))
    , debuginfod_(new QLineEdit(this))
    , sourcePaths_(listEdit(QStringLiteral("sourcePaths"), tr("/home/me/src/app")))
    , buildIdDirectory_(new QLineEdit(this))
    , ignoreBuildIdCache_(new QCheckBox(tr("&Ignore the build-id cache"), this)) {
    setObjectName(QStringLiteral("symbolSettingsDialog"));
    setWindowTitle(tr("Symbol Settings"));
    sysroot_->setObjectName(QStringLiteral("sysroot"));
    sysroot_->setPlaceholderText(tr("none: binaries are read where they were recorded"));
    kallsyms_->setObjectName(QStringLiteral("kallsyms"));
    kallsyms_->setPlaceholderText(tr("/proc/kallsyms when the session is from this kernel"));
    debuginfod_->setObjectName(QStringLiteral("debuginfod"));
    const QString environment = qEnvironmentVariable("DEBUGINFOD_URLS");
    debuginfod_->setPlaceholderText(environment.isEmpty() ? tr("none: no server is asked")
                                                          : tr("from DEBUGINFOD_URLS: %1").arg(environment));

    auto *intro = new QLabel(
        tr("Where Perfglass looks for what names the frames of a session, for sessions from another "
           "machine or binaries that moved. Lists take one directory per line. The session is opened "
           "again when you press OK."),
        this);
    intro->setWordWrap(true);
    auto *form = new QFormLayout;
    form->addRow(tr("&Sysroot:"), withBrowseButton(sysroot_, true, tr("Sysroot")));
    form->addRow(tr("&Library paths:"), libraryPaths_);
    form->addRow(tr("&Debug file paths:"), debugPaths_);
    form->addRow(tr("&Kernel symbols (kallsyms):"), withBrowseButton(kallsyms_, false, tr("Kernel Symbols")));
    form->addRow(tr("Debuginfod &URLs:"), debuginfod_);
    form->addRow(tr("S&ource paths:"), sourcePaths_);
    addBuildIdCacheRows(form);
    sysroot_->setToolTip(
        tr("A binary recorded at /usr/lib/x.so is read as SYSROOT/usr/lib/x.so when that exists"));
    libraryPaths_->setToolTip(
        tr("A binary not found where it was recorded is looked for by its file name here"));
    debugPaths_->setToolTip(tr("Separate debug files, by build id (.build-id/ab/cdef.debug) or by "
                               ".gnu_debuglink, besides /usr/lib/debug"));
    debuginfod_->setToolTip(tr("Servers asked for the debug files of modules with samples, space-separated; "
                               "downloads are kept in debuginfod's cache"));
    sourcePaths_->setToolTip(tr("Source files are looked for here by their whole recorded path, then by "
                                "shorter tails of it"));

    auto *buttons =
        new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel | QDialogButtonBox::Reset, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    buttons->button(QDialogButtonBox::Reset)->setText(tr("&Clear All"));
    connect(buttons->button(QDialogButtonBox::Reset), &QPushButton::clicked, this,
            [this] { setSettings({}); });
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(buttons);
    setSettings(settings);
    resize(640, sizeHint().height());
}

QPlainTextEdit *SymbolSettingsDialog::listEdit(const QString &objectName, const QString &placeholder) {
    auto *edit = new QPlainTextEdit(this);
    edit->setObjectName(objectName);
    edit->setPlaceholderText(placeholder);
    edit->setTabChangesFocus(true);
    edit->setFixedHeight(edit->fontMetrics().lineSpacing() * 3 + 12);
    return edit;
}

// The user's build-id cache, as perf's --buildid-dir and --ignore-buildid-cache: perf record fills it, and
// the files that ran are found there by build id before their recorded paths.
void SymbolSettingsDialog::addBuildIdCacheRows(QFormLayout *form) {
    buildIdDirectory_->setObjectName(QStringLiteral("buildIdDirectory"));
    ignoreBuildIdCache_->setObjectName(QStringLiteral("ignoreBuildIdCache"));
    const QString standard = QString::fromStdString(BuildIdCache::userRoot());
    buildIdDirectory_->setPlaceholderText(standard.isEmpty()
                                              ? tr("none: neither PERF_BUILDID_DIR nor HOME is set")
                                              : tr("%1 (as perf record fills it)").arg(standard));
    buildIdDirectory_->setToolTip(
        tr("The files that ran are looked for here by build id first, in perf's layout "
           "(perf's --buildid-dir)"));
    ignoreBuildIdCache_->setToolTip(tr("Do not look in the build-id cache (perf's --ignore-buildid-cache); "
                                       "archives opened with the session are still used"));
    QWidget *directory = withBrowseButton(buildIdDirectory_, true, tr("Build-id Cache"));
    connect(ignoreBuildIdCache_, &QCheckBox::toggled, directory, &QWidget::setDisabled);
    form->addRow(tr("&Build-id cache:"), directory);
    form->addRow(QString(), ignoreBuildIdCache_);
}

QWidget *SymbolSettingsDialog::withBrowseButton(QLineEdit *edit, bool directory, const QString &title) {
    auto *box = new QWidget(this);
    auto *layout = new QHBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(edit);
    auto *browse = new QPushButton(tr("Browse…"), box);
    layout->addWidget(browse);
    connect(browse, &QPushButton::clicked, this, [this, edit, directory, title] {
        const QString chosen = directory ? QFileDialog::getExistingDirectory(this, title, edit->text())
                                         : QFileDialog::getOpenFileName(this, title, edit->text());
        if (!chosen.isEmpty()) edit->setText(chosen);
    });
    return box;
}

SymbolSettings SymbolSettingsDialog::settings() const {
    SymbolSettings s;
    s.sysroot = sysroot_->text().trimmed();
    s.libraryPaths = lines(libraryPaths_);
    s.debugPaths = lines(debugPaths_);
    s.kallsyms = kallsyms_->text().trimmed();
    s.debuginfodUrls = debuginfod_->text().simplified();
    s.sourcePaths = lines(sourcePaths_);
    s.buildIdDirectory = buildIdDirectory_->text().trimmed();
    s.ignoreBuildIdCache = ignoreBuildIdCache_->isChecked();
    return s;
}

void SymbolSettingsDialog::setSettings(const SymbolSettings &settings) {
    sysroot_->setText(settings.sysroot);
    libraryPaths_->setPlainText(settings.libraryPaths.join(QLatin1Char('\n')));
    debugPaths_->setPlainText(settings.debugPaths.join(QLatin1Char('\n')));
    kallsyms_->setText(settings.kallsyms);
    debuginfod_->setText(settings.debuginfodUrls);
    sourcePaths_->setPlainText(settings.sourcePaths.join(QLatin1Char('\n')));
    buildIdDirectory_->setText(settings.buildIdDirectory);
    ignoreBuildIdCache_->setChecked(settings.ignoreBuildIdCache);
}

} // namespace perfglass
