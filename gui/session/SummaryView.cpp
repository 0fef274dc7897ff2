#include "SummaryView.h"

#include "CoreMessages.h"
#include "FunctionNames.h"
#include "GrowthMark.h"

#include <QLocale>
#include <QSet>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>

namespace perfglass {

namespace {
constexpr size_t kHotspots = 10;
constexpr size_t kUnresolvedModules = 12;

// A row of a two-column table; TIP (plain text) says what the value is, as the value's tooltip.
QString row(const QString &label, const QString &value, const QString &tip) {
    return QStringLiteral("<tr><td class=\"label\">%1</td><td><span title=\"%3\">%2</span></td></tr>")
        .arg(label.toHtmlEscaped(), value, tip.toHtmlEscaped());
}

QString escaped(const std::string &text) {
    return QString::fromStdString(text).toHtmlEscaped();
}

// Shares and costs as HTML: "< 0.1 %" must not open a tag.
QString percentHtml(uint64_t part, uint64_t total) {
    return formatPercent(part, total).toHtmlEscaped();
}

QString costHtml(uint64_t cost, CostUnit unit) {
    return formatCost(cost, unit).toHtmlEscaped();
}

QString number(uint64_t value) {
    return QLocale().toString(static_cast<qulonglong>(value));
}

// A count that is a problem when it is not zero.
QString problemCount(uint64_t value) {
    return value > 0 ? QStringLiteral("<span class=\"warn\">%1</span>").arg(number(value)) : number(value);
}

// A fact of the recording machine, or "not recorded" when the file has no such feature section.
QString machineValue(const QString &value, const char *section) {
    if (!value.isEmpty()) return value.toHtmlEscaped();
    return QStringLiteral("<i>%1</i>")
        .arg(SummaryView::tr("not recorded (the file has no %1 section)").arg(QLatin1String(section)));
}

size_t processCount(const Profile &profile) {
    QSet<uint32_t> pids;
    for (const ThreadInfo &thread : profile.threads)
        pids.insert(thread.pid);
    return static_cast<size_t>(pids.size());
}

// The loader's explanation of why MODULE has no symbols (the reason of its NoSymbolsForModule notice).
QString moduleNotice(const Profile &profile, ModuleId module) {
    const std::string &path = profile.modulePath(module);
    for (const Message &notice : profile.diagnostics.notices) {
        if (notice.kind == MessageKind::NoSymbolsForModule && notice.args.size() == 3 &&
            notice.args[0] == path)
            return QString::fromStdString(notice.args[2]);
    }
    return {};
}
} // namespace

SummaryView::SummaryView(QWidget *parent)
    : QWidget(parent)
    , browser_(new QTextBrowser(this)) {
    browser_->setOpenLinks(false);
    browser_->setFrameShape(QFrame::NoFrame);
    browser_->document()->setDefaultStyleSheet(QStringLiteral(
        "h2 { margin-bottom: 4px; } td { padding: 2px 10px 2px 0; } td.label { font-weight: bold; } "
        "td.num { text-align: right; } th { text-align: left; padding-right: 10px; } .warn { color: #b3261e; "
        "} p.problem { margin-left: 8px; } .hint { color: #555555; }"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(browser_);
    connect(browser_, &QTextBrowser::anchorClicked, this, [this](const QUrl &url) {
        if (url.scheme() == QLatin1String("settings")) return emit symbolSettingsRequested();
        bool ok = false;
        const uint32_t function = url.path().toUInt(&ok);
        if (url.scheme() != QLatin1String("function") || !ok || !session_ || !session_->flat.stacks ||
            function >= session_->flat.stacks->functionCount())
            return;
        emit functionActivated(
            QString::fromStdString(session_->flat.functionName(*session_->profile(), function)));
    });
    browser_->setHtml(html());
}

void SummaryView::setSession(std::shared_ptr<const SessionAnalysis> session) {
    session_ = std::move(session);
    stale_ = true;
    if (isVisible()) refresh();
}

void SummaryView::showEvent(QShowEvent *event) {
    refresh();
    QWidget::showEvent(event);
}

void SummaryView::refresh() const {
    if (!stale_) return;
    stale_ = false;
    browser_->setHtml(html());
}

QTextBrowser *SummaryView::browser() const {
    refresh();
    return browser_;
}

QString SummaryView::plainText() const {
    refresh();
    return browser_->toPlainText();
}

QString SummaryView::html() const {
    if (!session_) return tr("<p>No session is open. Use <b>File ▸ Open…</b> to open a perf.data file.</p>");
    return sessionHtml() + machineHtml() + diagnosticsHtml() + problemsHtml() + unresolvedHtml() +
           hotspotsHtml();
}

QString SummaryView::sessionHtml() const {
    const SessionAnalysis &s = *session_;
    const Profile &profile = *s.profile();
    QStringList cmdline;
    for (const auto &arg : profile.cmdline)
        cmdline << QString::fromStdString(arg);
    const bool time = s.costUnit == CostUnit::Nanoseconds;
    const uint64_t eventSamples = profile.events[static_cast<size_t>(s.event)].samples;
    QString samples = number(eventSamples);
    if (s.topDown->sampleCount() != eventSamples)
        samples = tr("%1 (%2 in the current filter)").arg(samples, number(s.topDown->sampleCount()));
    // A large file opened in steps, a stream still arriving or no longer followed.
    if (const GrowthMark growth = GrowthMark::of(*s.file); !growth.isEmpty())
        samples = tr("%1 %2", "a sample count, then how much of the session it counts")
                      .arg(samples, growth.samplesNote);
    QString html = QStringLiteral("<h2>%1</h2><table>").arg(tr("Session"));
    // A stream from standard input has no file: its size is what came through so far.
    html +=
        row(tr("File"),
            tr("%1 (%2)").arg(s.file->isStandardInput() ? s.file->shownName() : s.file->path.toHtmlEscaped(),
                              QLocale().formattedDataSize(static_cast<qint64>(s.file->fileSize))),
            tr("The session file and its size on disk"));
    QString recorder = QString::fromStdString(profile.machine.recorder);
    if (!recorder.isEmpty() && recorder.front().isDigit()) recorder = tr("perf %1").arg(recorder); // bare
    html += row(tr("Recorded by"), machineValue(recorder, "VERSION"),
                tr("The tool that wrote the file, and its version"));
    html +=
        row(tr("Command line"),
            cmdline.isEmpty() ? machineValue({}, "CMDLINE") : cmdline.join(QLatin1Char(' ')).toHtmlEscaped(),
            tr("The command that made the recording"));
    html += row(tr("Events"), eventsText(),
                tr("The session's events. The views count the event chosen in the toolbar; events that were "
                   "only counted have no samples and are charted in the Counters dock."));
    html += row(tr("Samples"), samples,
                tr("Samples of %1 in the session; the views count those the filter keeps")
                    .arg(QString::fromStdString(s.eventName)));
    html += row(tr("Recording duration"), costHtml(s.file->durationNs(), CostUnit::Nanoseconds),
                tr("Time from the first to the last sample"));
    html +=
        row(time ? tr("Sampled CPU time") : tr("Event count"), costHtml(s.topDown->total(), s.costUnit),
            time ? tr("The CPU time the counted samples stand for: the sum of their periods (each sample of "
                      "a clock event stands for the time since the previous one)")
                 : tr("The number of events the counted samples stand for: the sum of their periods"));
    html += row(tr("Processes"), number(processCount(profile)),
                tr("Processes the session names (from its COMM and FORK records)"));
    html += row(tr("Threads"), number(profile.threads.size()),
                tr("Threads the session names (from its COMM and FORK records)"));
    return html + QStringLiteral("</table>");
}

// "cpu-clock (7,629 samples, shown); task-clock (counted only: see Counters)".
QString SummaryView::eventsText() const {
    QStringList parts;
    const auto &events = session_->profile()->events;
    for (size_t i = 0; i < events.size(); ++i) {
        const QString name = QString::fromStdString(events[i].name).toHtmlEscaped();
        if (events[i].samples == 0)
            parts << tr("%1 (counted only: see the Counters dock)").arg(name);
        else if (static_cast<int>(i) == session_->event)
            parts << tr("<b>%1</b> (%Ln sample(s), shown)", nullptr, static_cast<int>(events[i].samples))
                         .arg(name);
        else
            parts << tr("%1 (%Ln sample(s))", nullptr, static_cast<int>(events[i].samples)).arg(name);
    }
    return parts.join(QStringLiteral("; "));
}

QString SummaryView::machineHtml() const {
    const Profile &profile = *session_->profile();
    const RecordingMachine &machine = profile.machine;
    QString html = QStringLiteral("<h2>%1</h2><table>").arg(tr("Machine"));
    html += row(tr("Host"), machineValue(QString::fromStdString(profile.hostname), "HOSTNAME"),
                tr("The name of the machine that recorded the session"));
    html += row(tr("Kernel"), machineValue(QString::fromStdString(profile.osRelease), "OSRELEASE"),
                tr("The Linux kernel release it ran"));
    html += row(tr("Architecture"), machineValue(QString::fromStdString(machine.arch), "ARCH"),
                tr("The machine's architecture"));
    html += row(tr("CPU"), machineValue(QString::fromStdString(machine.cpuDescription), "CPUDESC"),
                tr("The processor model"));
    html +=
        row(tr("CPU id"), machineValue(QString::fromStdString(machine.cpuId), "CPUID"),
            tr("The processor's identification as perf writes it (on x86: vendor, family, model, stepping), "
               "which selects its PMU event tables"));
    const QString cpus =
        machine.cpusAvailable == 0
            ? QString()
            : tr("%1 online of %2").arg(number(machine.cpusOnline), number(machine.cpusAvailable));
    html += row(tr("CPUs"), machineValue(cpus, "NRCPUS"),
                tr("CPUs that were online while recording, of those the kernel can use"));
    const QString cores =
        machine.cores == 0
            ? QString()
            : tr("%n core(s)", nullptr, static_cast<int>(machine.cores)) + QLatin1String(", ") +
                  tr("%n socket(s)", nullptr, static_cast<int>(machine.sockets)) + QLatin1String(", ") +
                  tr("%n thread(s) per core", nullptr,
                     static_cast<int>(std::max<uint32_t>(1, machine.cpusOnline / machine.cores)));
    html += row(tr("Cores"), machineValue(cores, "CPU_TOPOLOGY"),
                tr("Physical cores and sockets of the online CPUs, and the hardware threads each core runs"));
    const QString memory =
        machine.totalMemoryKb == 0
            ? QString()
            : QLocale().formattedDataSize(static_cast<qint64>(machine.totalMemoryKb) * 1024, 1,
                                          QLocale::DataSizeTraditionalFormat);
    html += row(tr("Memory"), machineValue(memory, "TOTAL_MEM"), tr("The machine's memory (MemTotal)"));
    return html + QStringLiteral("</table>");
}

QString SummaryView::diagnosticsHtml() const {
    const ProfileDiagnostics &d = session_->profile()->diagnostics;
    QString html = QStringLiteral("<h2>%1</h2><table>").arg(tr("Quality"));
    html += row(tr("Lost samples"),
                d.lostRecords == 0 ? problemCount(d.lostSamples)
                                   : tr("%1 (in %n LOST record(s))", nullptr, static_cast<int>(d.lostRecords))
                                         .arg(problemCount(d.lostSamples)),
                tr("Samples the kernel dropped while recording because the ring buffer was full"));
    html += row(tr("Samples with unmapped frames"), problemCount(d.samplesWithUnmappedFrames),
                tr("Samples with an address on their stack that lies in no file or memory the recording saw "
                   "mapped; it shows as [unknown] in the module [unknown]"));
    html += row(tr("Addresses without a symbol"), problemCount(d.framesWithoutSymbol),
                tr("Distinct addresses in a known file that no symbol covers; they show as [unknown] in "
                   "their module"));
    html += row(tr("Broken stacks"), problemCount(d.brokenStacks),
                tr("DWARF-unwound stacks that end before the program's entry point; they hang under "
                   "[broken stack] in the trees and the flame graph"));
    html += row(tr("Malformed records"), problemCount(d.malformedRecords),
                tr("Records of the file that could not be decoded and were skipped"));
    html += QStringLiteral("</table>");
    if (!d.notices.empty()) {
        html += QStringLiteral("<p><b>%1</b></p><ul>").arg(tr("Notices"));
        for (const auto &notice : d.notices)
            html += QStringLiteral("<li>%1</li>").arg(CoreMessages::text(notice).toHtmlEscaped());
        html += QStringLiteral("</ul>");
    }
    return html;
}

// For each problem that occurred: what it means for the numbers shown, and what to do about it.
QString SummaryView::problemsHtml() const {
    const ProfileDiagnostics &d = session_->profile()->diagnostics;
    const uint64_t samples = session_->profile()->samples.size();
    auto problem = [](const QString &what, const QString &todo) {
        return QStringLiteral(
                   "<p class=\"problem\"><span class=\"warn\">%1</span> <span class=\"hint\">%2</span></p>")
            .arg(what, todo);
    };
    QString html;
    if (d.lostSamples > 0)
        html +=
            problem(tr("%n sample(s) were lost while recording:", nullptr, static_cast<int>(d.lostSamples)),
                    tr("the views miss that part of the time. Record at a lower frequency (-F), with larger "
                       "ring buffers (-m) or fewer events."));
    if (d.samplesWithUnmappedFrames > 0)
        html += problem(
            tr("%1 of the samples (%2) have frames outside every known mapping:")
                .arg(percentHtml(d.samplesWithUnmappedFrames, samples), number(d.samplesWithUnmappedFrames)),
            tr("those frames read [unknown] in the module [unknown]. Most often a frame-pointer call "
               "chain (-g) ran through code built without frame pointers and ended in a stray address; "
               "else the code was mapped before the recording saw it, or is JIT-compiled code without a "
               "/tmp/perf-PID.map file. Self costs suffer only where such a frame is the leaf (\"As "
               "leaf\" below). For programs built without frame pointers, record with "
               "<nobr>--call-graph dwarf</nobr>."));
    if (d.brokenStacks > 0)
        html += problem(tr("%1 of the samples (%2) have broken stacks:")
                            .arg(percentHtml(d.brokenStacks, samples), number(d.brokenStacks)),
                        tr("their callers are missing, so inclusive costs of outer functions are too low. "
                           "Record with a larger stack copy (<nobr>--call-graph dwarf,16384</nobr>) or with "
                           "frame pointers."));
    if (d.framesWithoutSymbol > 0)
        html +=
            problem(tr("%n address(es) have no symbol:", nullptr, static_cast<int>(d.framesWithoutSymbol)),
                    tr("install the debug symbols of the modules listed below (Debian: the -dbgsym "
                       "package), or set DEBUGINFOD_URLS, and open the session again."));
    return html;
}

QString SummaryView::unresolvedHtml() const {
    const UnresolvedFrames *unresolved = session_->file->unresolved.get();
    if (!unresolved || unresolved->modules.empty()) return {};
    const Profile &profile = *session_->profile();
    QString html =
        QStringLiteral(
            "<h2>%1</h2><p class=\"hint\">%2</p><table><tr><th title=\"%3\">%4</th><th title=\"%5\">"
            "%6</th><th title=\"%7\">%8</th><th title=\"%9\">%10</th><th>%11</th></tr>")
            .arg(tr("Not symbolized, by module"),
                 tr("%1 of all samples have at least one frame that could not be named.")
                     .arg(percentHtml(unresolved->samples, unresolved->totalSamples)),
                 tr("The file the unnamed addresses lie in").toHtmlEscaped(), tr("Module"),
                 tr("Share of all samples with at least one unnamed frame in this module").toHtmlEscaped(),
                 tr("Samples"),
                 tr("Share of all samples whose leaf frame is unnamed here: their self cost has no function")
                     .toHtmlEscaped(),
                 tr("As leaf"), tr("Distinct unnamed addresses in this module").toHtmlEscaped(),
                 tr("Addresses"), tr("Why"));
    size_t shown = 0;
    for (const UnresolvedModule &module : unresolved->modules) {
        if (shown++ == kUnresolvedModules) break;
        QString why = module.unmapped ? tr("outside every mapping the recording saw")
                                      : moduleNotice(profile, module.module);
        if (why.isEmpty()) why = tr("not in the file's symbol table (stripped); its debug symbols name them");
        html += QStringLiteral("<tr><td>%1</td><td class=\"num\">%2</td><td class=\"num\">%3</td>"
                               "<td class=\"num\">%4</td><td>%5</td></tr>")
                    .arg(escaped(profile.modulePath(module.module)),
                         percentHtml(module.samples, unresolved->totalSamples),
                         percentHtml(module.leafSamples, unresolved->totalSamples), number(module.frames),
                         why.toHtmlEscaped());
    }
    return html + QStringLiteral("</table>") + settingsHintHtml();
}

// The modules that have no symbols at all (not found, unreadable, stripped without a debug file), named,
// with the link to the symbol settings that can find them.
QString SummaryView::settingsHintHtml() const {
    const Profile &profile = *session_->profile();
    QStringList missing;
    for (const Message &notice : profile.diagnostics.notices)
        if (notice.kind == MessageKind::NoSymbolsForModule && !notice.args.empty())
            missing << QString::fromStdString(notice.args[0]).toHtmlEscaped();
    const QString link =
        QStringLiteral("<a href=\"settings:symbols\">%1</a>").arg(tr("Symbol Settings…").toHtmlEscaped());
    if (missing.isEmpty())
        return QStringLiteral("<p class=\"hint\">%1 %2</p>")
            .arg(tr("A sysroot, library or debug file paths, or a debuginfod server may name them:")
                     .toHtmlEscaped(),
                 link);
    return QStringLiteral("<p><span class=\"warn\">%1</span> %2<br>%3 %4</p>")
        .arg(tr("%n module(s) without symbols:", nullptr, static_cast<int>(missing.size())).toHtmlEscaped(),
             missing.join(QStringLiteral(", ")),
             tr("Tell Perfglass where their files or debug files are:").toHtmlEscaped(), link);
}

QString SummaryView::hotspotsHtml() const {
    const SessionAnalysis &s = *session_;
    const Profile &profile = *s.profile();
    QString html =
        QStringLiteral("<h2>%1</h2><table><tr><th title=\"%2\">%3</th><th title=\"%4\">%5</th><th>%6</th>"
                       "<th>%7</th><th>%8</th></tr>")
            .arg(tr("Top hotspots (self cost)"),
                 tr("Share of the counted samples taken in the function itself").toHtmlEscaped(), tr("Self"),
                 tr("Share of the counted samples with the function anywhere on the stack").toHtmlEscaped(),
                 tr("Inclusive"), s.costUnit == CostUnit::Nanoseconds ? tr("Self time") : tr("Self count"),
                 tr("Function"), tr("Module"));
    size_t shown = 0;
    const auto names = readableNamesOf(s.profile());
    for (const FunctionCost &cost : s.flat.functions) {
        if (shown == kHotspots || cost.self == 0) break;
        ++shown;
        const std::string &full = s.flat.functionName(profile, cost.function);
        const QString name = displayName(names.get(), cost.function, full);
        html +=
            QStringLiteral("<tr><td class=\"num\">%1</td><td class=\"num\">%2</td><td class=\"num\">%3</td>"
                           "<td><a href=\"%4\" title=\"%7\">%5</a></td><td>%6</td></tr>")
                .arg(percentHtml(cost.self, s.flat.total), percentHtml(cost.inclusive, s.flat.total),
                     costHtml(cost.self, s.costUnit), QStringLiteral("function:%1").arg(cost.function),
                     name.toHtmlEscaped(),
                     escaped(profile.moduleName(s.flat.functionModule(profile, cost.function))),
                     QString::fromStdString(full).toHtmlEscaped());
    }
    html += QStringLiteral("</table>");
    if (shown == 0) html += tr("<p>No samples.</p>");
    return html;
}

} // namespace perfglass
