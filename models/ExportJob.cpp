#include "ExportJob.h"

#include "export/CollapsedStacksExporter.h"
#include "export/FirefoxProfileExporter.h"
#include "export/HeatmapHtmlExporter.h"
#include "export/PprofExporter.h"
#include "export/SpeedscopeExporter.h"
#include "export/SvgFlameGraphExporter.h"

#include <QFileInfo>

namespace perfglass {

namespace {
std::string unitName(const SessionAnalysis &session) {
    if (session.filter.cost == CostKind::Samples) return "samples";
    return session.costUnit == CostUnit::Nanoseconds ? "ns" : "events";
}
} // namespace

ExportJob::ExportJob(QObject *parent)
    : BackgroundJob(parent) {}

QString ExportJob::fileFilter(Format format) {
    switch (format) {
    case Format::SvgFlameGraph:
        return tr("SVG flame graph (*.svg)");
    case Format::Speedscope:
        return tr("speedscope JSON (*.speedscope.json *.json)");
    case Format::CollapsedStacks:
        return tr("Collapsed stacks (*.collapsed *.txt)");
    case Format::Pprof:
        return tr("pprof profile (*.pb.gz)");
    case Format::FirefoxProfiler:
        return tr("Firefox Profiler (*.json)");
    case Format::HeatmapPage:
        return tr("Heat map page (*.html)");
    }
    return {};
}

QString ExportJob::suffix(Format format) {
    switch (format) {
    case Format::SvgFlameGraph:
        return QStringLiteral("svg");
    case Format::Speedscope:
        return QStringLiteral("speedscope.json");
    case Format::CollapsedStacks:
        return QStringLiteral("collapsed");
    case Format::Pprof:
        return QStringLiteral("pb.gz");
    case Format::FirefoxProfiler:
        return QStringLiteral("firefox.json");
    case Format::HeatmapPage:
        return QStringLiteral("heatmap.html");
    }
    return {};
}

void ExportJob::writeHeatmapPage(const SessionAnalysis &session, const std::string &name,
                                 const std::string &file) {
    SampleFilter filter = session.filter;
    filter.clearTimeSelection();
    HeatmapHtmlOptions options;
    options.title = "Heat Map: " + name;
    options.unit = unitName(session);
    HeatmapHtmlExporter::writeFile(*session.profile(), filter, options, file);
}

void ExportJob::write(const SessionAnalysis &session, Format format, const QString &path) {
    const std::string file = path.toStdString();
    const std::string name = QFileInfo(session.file->path).fileName().toStdString();
    switch (format) {
    case Format::SvgFlameGraph: {
        SvgFlameGraphOptions options;
        options.title = "Flame graph: " + name;
        options.unit = unitName(session);
        SvgFlameGraphExporter::writeFile(*session.topDown, file, options);
        break;
    }
    case Format::Speedscope:
        SpeedscopeExporter::writeFile(*session.profile(), session.filter, name, file);
        break;
    case Format::CollapsedStacks:
        CollapsedStacksExporter::writeFile(session.profile(), session.filter,
                                           CollapsedOptions::defaultFor(*session.profile()), file);
        break;
    case Format::Pprof:
        PprofExporter::writeFile(*session.profile(), session.filter, file);
        break;
    case Format::FirefoxProfiler:
        FirefoxProfileExporter::writeFile(*session.profile(), session.filter, name, file);
        break;
    case Format::HeatmapPage:
        writeHeatmapPage(session, name, file);
        break;
    }
}

void ExportJob::exportSession(std::shared_ptr<const SessionAnalysis> session, Format format,
                              const QString &path) {
    start(
        [session = std::move(session), format, path](const std::stop_token &, const ReportProgress &) {
            write(*session, format, path);
            return path;
        },
        [this](const QString &written) { emit exported(written); });
}

} // namespace perfglass
