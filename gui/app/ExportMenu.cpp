#include "ExportMenu.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>

namespace perfglass {

ExportMenu::ExportMenu(QWidget *parent)
    : QMenu(tr("&Export"), parent) {
    setObjectName(QStringLiteral("exportMenu"));
    setToolTipsVisible(true);
    const std::initializer_list<std::pair<ExportJob::Format, QString>> formats = {
        {ExportJob::Format::SvgFlameGraph, tr("Flame Graph as &SVG…")},
        {ExportJob::Format::Speedscope, tr("speedscope &JSON…")},
        {ExportJob::Format::CollapsedStacks, tr("&Collapsed Stacks…")},
        {ExportJob::Format::Pprof, tr("&pprof Profile…")},
        {ExportJob::Format::FirefoxProfiler, tr("&Firefox Profiler…")},
        {ExportJob::Format::HeatmapPage, tr("&Heat Map Page (HTML)…")},
    };
    for (const auto &[format, text] : formats) {
        QAction *action = addAction(text, this, [this, f = format] { emit formatChosen(f); });
        action->setToolTip(tr("Export what the views show, with the current filter"));
    }
}

QString ExportMenu::askForPath(QWidget *parent, ExportJob::Format format, const QString &sessionPath) {
    const QFileInfo source(sessionPath);
    const QString proposed = source.absoluteDir().filePath(source.completeBaseName() + QLatin1Char('.') +
                                                           ExportJob::suffix(format));
    return QFileDialog::getSaveFileName(parent, tr("Export"), proposed, ExportJob::fileFilter(format));
}

} // namespace perfglass
