#include "SummaryView.h"

#include "CoreMessages.h"

#include <QLocale>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

namespace perfglass {

namespace {
constexpr size_t kHotspots = 10;

QString row(const QString &label, const QString &value) {
    return QStringLiteral("<tr><td class=\"label\">%1</td><td>%2</td></tr>")
        .arg(label.toHtmlEscaped(), value);
}

QString escaped(const std::string &text) {
    return QString::fromStdString(text).toHtmlEscaped();
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
        "}"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(browser_);
    connect(browser_, &QTextBrowser::anchorClicked, this, [this](const QUrl &url) {
        bool ok = false;
        const uint32_t function = url.path().toUInt(&ok);
        if (url.scheme() != QLatin1String("function") || !ok || !session_ || !session_->flat.stacks ||
            function >= session_->flat.stacks->functionCount())
            return;
        emit functionActivated(
            QString::fromStdString(session_->flat.functionName(*session_->profile, function)));
    });
    browser_->setHtml(html());
}

void SummaryView::setSession(std::shared_ptr<const LoadedSession> session) {
    session_ = std::move(session);
    browser_->setHtml(html());
}

QString SummaryView::plainText() const {
    return browser_->toPlainText();
}

QString SummaryView::html() const {
    if (!session_) return tr("<p>No session is open. Use <b>File ▸ Open…</b> to open a perf.data file.</p>");
    const LoadedSession &s = *session_;
    const Profile &profile = *s.profile;
    const QLocale locale;
    QStringList cmdline;
    for (const auto &arg : profile.cmdline)
        cmdline << QString::fromStdString(arg);
    QString html = QStringLiteral("<h2>%1</h2><table>").arg(tr("Session"));
    html += row(tr("File"), tr("%1 (%2)").arg(s.path.toHtmlEscaped(),
                                              locale.formattedDataSize(static_cast<qint64>(s.fileSize))));
    html += row(tr("Host"), profile.hostname.empty() ? tr("unknown") : escaped(profile.hostname));
    html += row(tr("Kernel"), profile.osRelease.empty() ? tr("unknown") : escaped(profile.osRelease));
    html += row(tr("Command line"),
                cmdline.isEmpty() ? tr("unknown") : cmdline.join(QLatin1Char(' ')).toHtmlEscaped());
    html += row(tr("Event"), escaped(s.eventName));
    html += row(tr("Samples"), locale.toString(static_cast<qulonglong>(s.topDown->sampleCount())));
    html += row(tr("Duration"), formatCost(s.durationNs(), CostUnit::Nanoseconds));
    html += row(s.costUnit == CostUnit::Nanoseconds ? tr("Sampled time") : tr("Event count"),
                formatCost(s.topDown->total(), s.costUnit));
    html += row(tr("Threads"), locale.toString(static_cast<qulonglong>(profile.threads.size())));
    html += QStringLiteral("</table>");
    html += diagnosticsHtml();
    html += hotspotsHtml();
    return html;
}

QString SummaryView::diagnosticsHtml() const {
    const ProfileDiagnostics &d = session_->profile->diagnostics;
    const QLocale locale;
    auto count = [&](uint64_t value) {
        const QString text = locale.toString(static_cast<qulonglong>(value));
        return value > 0 ? QStringLiteral("<span class=\"warn\">%1</span>").arg(text) : text;
    };
    QString html = QStringLiteral("<h2>%1</h2><table>").arg(tr("Quality"));
    html += row(tr("Lost samples"),
                d.lostRecords == 0 ? count(d.lostSamples)
                                   : tr("%1 (in %n LOST record(s))", nullptr, static_cast<int>(d.lostRecords))
                                         .arg(count(d.lostSamples)));
    html += row(tr("Samples with unmapped frames"), count(d.samplesWithUnmappedFrames));
    html += row(tr("Frames without a symbol"), count(d.framesWithoutSymbol));
    html += row(tr("Broken stacks"), count(d.brokenStacks));
    html += row(tr("Malformed records"), count(d.malformedRecords));
    html += QStringLiteral("</table>");
    if (!d.notices.empty()) {
        html += QStringLiteral("<p><b>%1</b></p><ul>").arg(tr("Notices"));
        for (const auto &notice : d.notices)
            html += QStringLiteral("<li>%1</li>").arg(CoreMessages::text(notice).toHtmlEscaped());
        html += QStringLiteral("</ul>");
    }
    return html;
}

QString SummaryView::hotspotsHtml() const {
    const LoadedSession &s = *session_;
    const Profile &profile = *s.profile;
    QString html =
        QStringLiteral("<h2>%1</h2><table><tr><th>%2</th><th>%3</th><th>%4</th><th>%5</th><th>%6</th></tr>")
            .arg(tr("Top hotspots (self cost)"), tr("Self"), tr("Inclusive"),
                 s.costUnit == CostUnit::Nanoseconds ? tr("Self time") : tr("Self count"), tr("Function"),
                 tr("Module"));
    size_t shown = 0;
    for (const FunctionCost &cost : s.flat.functions) {
        if (shown == kHotspots || cost.self == 0) break;
        ++shown;
        const QString name = QString::fromStdString(s.flat.functionName(profile, cost.function));
        html +=
            QStringLiteral("<tr><td class=\"num\">%1</td><td class=\"num\">%2</td><td class=\"num\">%3</td>"
                           "<td><a href=\"%4\">%5</a></td><td>%6</td></tr>")
                .arg(formatPercent(cost.self, s.flat.total), formatPercent(cost.inclusive, s.flat.total),
                     formatCost(cost.self, s.costUnit), QStringLiteral("function:%1").arg(cost.function),
                     name.toHtmlEscaped(),
                     escaped(profile.moduleName(s.flat.functionModule(profile, cost.function))));
    }
    html += QStringLiteral("</table>");
    if (shown == 0) html += tr("<p>No samples.</p>");
    return html;
}

} // namespace perfglass
