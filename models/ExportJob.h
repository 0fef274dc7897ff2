// Writes the opened session to a file for other tools, off the UI thread (a big session takes seconds): an
// SVG flame graph of the top-down tree (the exporter draws no other), speedscope JSON of the samples,
// collapsed stacks (flamegraph.pl's input; a process frame first for system-wide sessions), a gzipped
// pprof profile (Go's pprof, Pyroscope, Parca) or the Firefox Profiler's Gecko format. The exporters are
// core/export's, given the session's own filtered trees and filter, so what is exported is what the views
// count. exported() or failed() ends each request.
#pragma once

#include "BackgroundJob.h"
#include "SessionAnalysis.h"

#include <QString>

#include <memory>

namespace perfglass {

class ExportJob : public BackgroundJob {
    Q_OBJECT
public:
    // HeatmapPage: the heat map of the filter without its time selection (as the Heat Map dock draws it),
    // one self-contained HTML page with the flame graph of the cells selected in it.
    enum class Format { SvgFlameGraph, Speedscope, CollapsedStacks, Pprof, FirefoxProfiler, HeatmapPage };

    explicit ExportJob(QObject *parent = nullptr);

    // The file name filter of a save dialog for FORMAT ("SVG flame graph (*.svg)").
    static QString fileFilter(Format format);
    // The file name suffix FORMAT's files usually end in ("svg").
    static QString suffix(Format format);
    // Writes SESSION to PATH in FORMAT (on the calling thread); throws Error when PATH cannot be written.
    static void write(const SessionAnalysis &session, Format format, const QString &path);

    // Starts writing; a request still running is cancelled first (its file may be incomplete).
    void exportSession(std::shared_ptr<const SessionAnalysis> session, Format format, const QString &path);

signals:
    void exported(const QString &path);

private:
    static void writeHeatmapPage(const SessionAnalysis &session, const std::string &name,
                                 const std::string &file);
};

} // namespace perfglass
