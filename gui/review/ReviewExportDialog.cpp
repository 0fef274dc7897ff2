#include "ReviewExportDialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace perfglass {

ReviewExportDialog::ReviewExportDialog(const ReviewArchiveInfo &measured, QWidget *parent)
    : QDialog(parent) {
    setWindowTitle(tr("Export for Review"));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("One file holds the session and the code it ran, found by build id, so that "
                                "it opens with every function named on another machine: in Perfglass "
                                "(File ▸ Open), or in perf after <tt>perfglass-cli archive --unpack</tt>."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto *form = new QFormLayout;
    addSizes(form, measured);
    layout->addLayout(form);
    addFileList(layout, measured);
    addButtons(layout);
    resize(640, 420);
}

void ReviewExportDialog::addSizes(QFormLayout *form, const ReviewArchiveInfo &measured) {
    const QLocale locale;
    form->addRow(tr("Symbols only:"),
                 new QLabel(tr("%1 — names, source lines, unwinding and disassembly of the sampled functions")
                                .arg(locale.formattedDataSize(static_cast<qint64>(measured.bytes))),
                            this));
    const QString full = measured.fullBytes > 0
                             ? locale.formattedDataSize(static_cast<qint64>(measured.fullBytes))
                             : tr("unknown");
    form->addRow(tr("Full binaries:"), new QLabel(tr("%1 — every byte of each file").arg(full), this));
    if (measured.fullBytes > measured.bytes && measured.fullBytes > 0)
        form->addRow(
            QString(),
            new QLabel(tr("Symbols only is %1% smaller.")
                           .arg(qRound(100.0 * (1.0 - double(measured.bytes) / double(measured.fullBytes)))),
                       this));
}

void ReviewExportDialog::addFileList(QVBoxLayout *layout, const ReviewArchiveInfo &measured) {
    layout->addWidget(new QLabel(tr("%n file(s) of code:", nullptr, int(measured.entries.size())), this));
    auto *files = new QPlainTextEdit(measured.entries.join(QLatin1Char('\n')), this);
    files->setReadOnly(true);
    files->setLineWrapMode(QPlainTextEdit::NoWrap);
    files->setObjectName(QStringLiteral("archiveEntries"));
    layout->addWidget(files, 1);
    if (measured.missing.isEmpty()) return;
    QStringList escaped;
    for (const QString &line : measured.missing)
        escaped.push_back(line.toHtmlEscaped());
    auto *missing = new QLabel(tr("<b>Not archived</b> (frames in these files stay unnamed elsewhere):<br>%1")
                                   .arg(escaped.join(QStringLiteral("<br>"))),
                               this);
    missing->setWordWrap(true);
    missing->setObjectName(QStringLiteral("archiveMissing"));
    layout->addWidget(missing);
}

void ReviewExportDialog::addButtons(QVBoxLayout *layout) {
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    QPushButton *symbols = buttons->addButton(tr("Save &Symbols Only…"), QDialogButtonBox::AcceptRole);
    QPushButton *full = buttons->addButton(tr("Save &Full…"), QDialogButtonBox::AcceptRole);
    symbols->setDefault(true);
    connect(symbols, &QPushButton::clicked, this, [this] {
        choice_ = Choice::SymbolsOnly;
        accept();
    });
    connect(full, &QPushButton::clicked, this, [this] {
        choice_ = Choice::Full;
        accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
}

} // namespace perfglass
