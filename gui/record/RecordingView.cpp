#include "RecordingView.h"

#include "CoreMessages.h"
#include "LiveRefreshInterval.h"
#include "RecordingJob.h"

#include <QCheckBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QStyle>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace perfglass {

namespace {
constexpr int kRefreshMs = 250;

QLabel *selectableLabel(QWidget *parent) {
    auto *label = new QLabel(parent);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setWordWrap(true);
    return label;
}

QString formatElapsed(qint64 ms) {
    const qint64 seconds = ms / 1000;
    return QStringLiteral("%1:%2.%3")
        .arg(seconds / 60)
        .arg(seconds % 60, 2, 10, QLatin1Char('0'))
        .arg((ms % 1000) / 100);
}
} // namespace

RecordingView::RecordingView(QWidget *parent)
    : QWidget(parent)
    , recording_(new RecordingJob(this))
    , timer_(new QTimer(this))
    , liveTimer_(new QTimer(this))
    , live_(new QCheckBox(tr("&Live view"), this))
    , liveInterval_(new QSpinBox(this))
    , state_(new QLabel(this))
    , target_(selectableLabel(this))
    , elapsed_(new QLabel(this))
    , output_(selectableLabel(this))
    , fileSize_(new QLabel(this))
    , summary_(selectableLabel(this))
    , error_(selectableLabel(this))
    , stop_(new QPushButton(tr("&Stop"), this)) {
    QFont big = state_->font();
    big.setPointSizeF(big.pointSizeF() * 1.3);
    big.setBold(true);
    state_->setFont(big);
    state_->setWordWrap(true); // a recording on several hosts says what each does
    stop_->setIcon(style()->standardIcon(QStyle::SP_MediaStop));
    error_->setStyleSheet(
        QStringLiteral("color: white; background: #b3261e; padding: 4px; border-radius: 3px;"));
    summary_->setTextFormat(Qt::RichText);

    auto *layout = new QVBoxLayout(this);
    auto *top = new QHBoxLayout;
    top->addWidget(state_, 1);
    top->addWidget(live_);
    top->addWidget(liveInterval_);
    top->addWidget(stop_);
    layout->addLayout(top);
    auto *form = new QFormLayout;
    form->addRow(tr("Target:"), target_);
    form->addRow(tr("Elapsed:"), elapsed_);
    form->addRow(tr("Output:"), output_);
    form->addRow(tr("File size:"), fileSize_);
    layout->addLayout(form);
    layout->addWidget(error_);
    layout->addWidget(summary_);
    layout->addStretch();

    live_->setChecked(true);
    live_->setToolTip(tr("While recording, show what was recorded so far in the other views"));
    liveInterval_->setRange(LiveRefreshInterval::kMinSeconds, LiveRefreshInterval::kMaxSeconds);
    //: the live interval's spin box, before its number of seconds
    liveInterval_->setPrefix(tr("every "));
    //: the live interval's spin box, after its number of seconds
    liveInterval_->setSuffix(tr(" s"));
    liveInterval_->setSpecialValueText(tr("every second")); // at the minimum, 1 s
    liveInterval_->setKeyboardTracking(false);              // typing 30 is not 3 first
    liveInterval_->setValue(LiveRefreshInterval::seconds());
    liveInterval_->setToolTip(tr("How often the live view and an open stream are read again; each refresh "
                                 "reads only what was added since the one before"));
    liveInterval_->setAccessibleName(tr("Live view interval in seconds"));
    connect(live_, &QCheckBox::toggled, liveInterval_, &QWidget::setEnabled);
    liveTimer_->setObjectName(QStringLiteral("liveTimer"));
    liveTimer_->setInterval(LiveRefreshInterval::interval());
    connect(liveInterval_, &QSpinBox::valueChanged, this, [this](int seconds) {
        LiveRefreshInterval::setSeconds(seconds);
        liveTimer_->setInterval(LiveRefreshInterval::interval());
    });
    connect(liveTimer_, &QTimer::timeout, this, &RecordingView::emitLiveUpdates);
    timer_->setInterval(kRefreshMs);
    connect(timer_, &QTimer::timeout, this, &RecordingView::updateProgress);
    connect(stop_, &QPushButton::clicked, recording_, &RecordingJob::stop);
    connect(stop_, &QPushButton::clicked, this, &RecordingView::showState);
    connect(recording_, &RecordingJob::stateChanged, this, &RecordingView::showState);
    connect(recording_, &RecordingJob::hostsChanged, this, &RecordingView::showState);
    connect(recording_, &RecordingJob::finished, this, [this] {
        showSummary();
        announceSessions();
    });
    connect(recording_, &RecordingJob::failed, this, &RecordingView::recordingFailed);
    showState();
}

bool RecordingView::start(RecordOptions options, const RemoteTarget &remote) {
    // The live view reads the file while it is written: its samples must say their CPUs themselves (the
    // recorder writes the CPUs of the others only at the end).
    if (live_->isChecked()) options.sampleCpu = true;
    if (!recording_->start(std::move(options), remote)) return false;
    target_->setText(RecordingJob::describeTarget(recording_->options(), recording_->remote()));
    QStringList outputs;
    for (const RemoteHostState &host : recording_->hostProgress().hosts())
        outputs << host.outputPath;
    output_->setText(outputs.isEmpty() ? recording_->outputPath() : outputs.join(QLatin1Char('\n')));
    summary_->clear();
    timer_->start();
    updateProgress();
    return true;
}

void RecordingView::emitLiveUpdates() {
    if (!live_->isChecked() || recording_->state() != RecordingJob::State::Recording) return;
    if (!recording_->remote().isRemote()) {
        emit liveUpdate(recording_->outputPath(), QString());
        return;
    }
    // Each host's file in its own page, once its first records arrived.
    for (const RemoteHostState &host : recording_->hostProgress().hosts())
        if (host.phase == RemoteHostState::Phase::Recording) emit liveUpdate(host.outputPath, host.name);
}

void RecordingView::announceSessions() {
    if (!recording_->remote().isRemote()) {
        emit sessionRecorded(recording_->outputPath(), QString());
        return;
    }
    for (const RemoteHostState &host : recording_->hostProgress().hosts())
        if (host.written && host.phase != RemoteHostState::Phase::StoppedBeforeStart)
            emit sessionRecorded(host.outputPath, host.name);
}

void RecordingView::updateProgress() {
    elapsed_->setText(formatElapsed(recording_->elapsedMs()));
    qint64 bytes = 0;
    bool any = false;
    const auto &hosts = recording_->hostProgress().hosts();
    const QStringList paths = [&] {
        QStringList list;
        for (const auto &host : hosts)
            list << host.outputPath;
        return hosts.empty() ? QStringList{recording_->outputPath()} : list;
    }();
    for (const QString &path : paths) {
        const QFileInfo file(path);
        any = any || file.exists();
        bytes += file.exists() ? file.size() : 0;
    }
    fileSize_->setText(any ? formatBytes(bytes) : tr("—"));
}

// What the hosts do now, in a line: "Connecting to a…", "Recording", "Fetching symbols from a…".
QString RecordingView::remoteStateText() const {
    using Phase = RemoteHostState::Phase;
    const RemoteHostProgress &progress = recording_->hostProgress();
    const bool single = progress.hosts().size() == 1;
    QStringList parts;
    for (Phase phase : {Phase::Connecting, Phase::Recording, Phase::Ending, Phase::FetchingSymbols,
                        Phase::StoppedBeforeStart, Phase::Failed}) {
        QStringList names;
        for (const auto &host : progress.hosts())
            if (host.phase == phase) names << host.name;
        if (names.isEmpty()) continue;
        const QString list = names.join(QStringLiteral(", "));
        switch (phase) {
        case Phase::Connecting:
            parts << tr("Connecting to %1…").arg(list);
            break;
        case Phase::Recording:
            parts << (single ? tr("Recording") : tr("Recording on %1").arg(list));
            break;
        case Phase::Ending:
            parts << tr("Ending the recording on %1…").arg(list);
            break;
        case Phase::FetchingSymbols:
            parts << tr("Fetching symbols from %1…").arg(list);
            break;
        case Phase::StoppedBeforeStart:
            parts << tr("Stopping: %1 had not started recording").arg(list);
            break;
        case Phase::Failed:
            parts << tr("Failed on %1").arg(list);
            break;
        case Phase::Done:
            break;
        }
    }
    const bool waitingForHost =
        std::any_of(progress.hosts().begin(), progress.hosts().end(),
                    [](const auto &host) { return host.phase == Phase::StoppedBeforeStart; });
    if (progress.forced())
        parts << tr("ending it forcibly…");
    else if (recording_->isActive() && waitingForHost)
        parts << tr("Stop again to end it now");
    return parts.join(QStringLiteral("; "));
}

QString RecordingView::finishedStateText() const {
    const RemoteHostProgress &progress = recording_->hostProgress();
    if (!progress.allStoppedBeforeStart()) return tr("Finished");
    QStringList names;
    for (const auto &host : progress.hosts())
        names << host.name;
    return tr("Stopped before %1 started recording").arg(names.join(QStringLiteral(", ")));
}

void RecordingView::showState() {
    const bool active = recording_->isActive();
    switch (recording_->state()) {
    case RecordingJob::State::Idle:
        state_->setText(tr("Not recording"));
        target_->setText(tr("Start a recording with File ▸ Record…"));
        break;
    case RecordingJob::State::Starting:
        state_->setText(recording_->remote().isRemote() ? remoteStateText() : tr("Starting…"));
        break;
    case RecordingJob::State::Recording:
        state_->setText(recording_->remote().isRemote() ? remoteStateText() : tr("Recording"));
        liveTimer_->start();
        break;
    case RecordingJob::State::Finished:
        state_->setText(finishedStateText());
        break;
    case RecordingJob::State::Failed:
        state_->setText(tr("Recording failed"));
        break;
    }
    stop_->setEnabled(active);
    const bool forceNext = active && recording_->stopRequested() && recording_->remote().isRemote();
    stop_->setText(forceNext ? tr("Stop &Now") : tr("&Stop"));
    stop_->setToolTip(forceNext ? tr("End the recording at once: ssh is ended, and the hosts' records that "
                                     "had not arrived are lost")
                                : tr("End the recording (a launched program is asked to exit) and open the "
                                     "session"));
    error_->setText(recording_->errorMessage());
    error_->setVisible(recording_->state() == RecordingJob::State::Failed);
    if (!active) {
        timer_->stop();
        liveTimer_->stop();
        if (recording_->state() != RecordingJob::State::Idle) updateProgress();
    }
    if (recording_->state() == RecordingJob::State::Failed)
        fileSize_->setText(tr("— (no session was written)"));
    emit activeChanged(active);
}

QString RecordingView::lostText(const RecordSummary &summary) {
    QString lost = QLocale().toString(static_cast<qulonglong>(summary.lostSamples));
    if (summary.lostRecords > 0)
        lost += tr(" (in %n LOST record(s))", nullptr, static_cast<int>(summary.lostRecords));
    if (summary.throttles > 0)
        lost += tr(", throttled %n time(s)", nullptr, static_cast<int>(summary.throttles));
    return lost;
}

namespace {
QString htmlRow(const QString &name, const QString &value) {
    return QStringLiteral("<tr><td>%1</td><td><b>%2</b></td></tr>")
        .arg(name.toHtmlEscaped(), value.toHtmlEscaped());
}
} // namespace

// One host's part of the summary; NAMED: under a row with the host's name (several hosts).
QString RecordingView::hostSummaryRows(const RemoteHostState &host, bool named) const {
    QString html;
    if (named)
        html += QStringLiteral("<tr><td colspan=\"2\" style=\"padding-top: 4px\"><b>%1</b></td></tr>")
                    .arg(host.name.toHtmlEscaped());
    if (host.phase == RemoteHostState::Phase::StoppedBeforeStart)
        return html + htmlRow(tr("Not recorded:"),
                              recording_->hostProgress().forced()
                                  ? tr("stopped before the host started recording; it did not answer, so the "
                                       "recording was ended forcibly")
                                  : tr("stopped before the host started recording"));
    if (!host.written)
        return html + htmlRow(tr("Failed:"), host.error.isEmpty() ? tr("nothing was recorded") : host.error);
    html += htmlRow(tr("Samples:"), QLocale().toString(static_cast<qulonglong>(host.summary.samples)));
    // Lost samples count only when the host's line says them: absent is not 0.
    html += htmlRow(tr("Lost samples:"), host.lostReported ? lostText(host.summary) : tr("not reported"));
    html += htmlRow(tr("Written:"), formatBytes(QFileInfo(host.outputPath).size()));
    if (named) html += htmlRow(tr("File:"), QFileInfo(host.outputPath).fileName());
    return html;
}

void RecordingView::showSummary() {
    const RecordSummary &summary = recording_->summary();
    const QLocale locale;
    const auto &hosts = recording_->hostProgress().hosts();
    QString html = QStringLiteral("<table cellspacing=\"2\">");
    html += htmlRow(tr("Duration:"), tr("%1 s").arg(locale.toString(summary.seconds, 'f', 2)));
    if (hosts.empty()) {
        html += htmlRow(tr("Samples:"), locale.toString(static_cast<qulonglong>(summary.samples)));
        html += htmlRow(tr("Lost samples:"), lostText(summary));
        html += htmlRow(tr("Written:"), formatBytes(static_cast<qint64>(summary.bytes)));
    }
    if (hosts.size() == 1) html += hostSummaryRows(hosts.front(), false); // as a local recording's rows
    QStringList events;
    for (const auto &name : summary.eventNames)
        events << QString::fromStdString(name);
    const bool recorded = !recording_->hostProgress().allStoppedBeforeStart();
    if (recorded) html += htmlRow(tr("Events:"), events.join(QStringLiteral(", ")));
    if (recorded && !recording_->options().command.empty() && hosts.size() <= 1)
        html += htmlRow(tr("Exit code:"), QString::number(summary.exitCode));
    if (hosts.size() > 1) // each host under its name
        for (const RemoteHostState &host : hosts)
            html += hostSummaryRows(host, true);
    html += QStringLiteral("</table>");
    if (!summary.notices.empty()) {
        html += QStringLiteral("<p>%1</p><ul>").arg(tr("Notes:"));
        for (const auto &notice : summary.notices)
            html += QStringLiteral("<li>%1</li>").arg(CoreMessages::text(notice).toHtmlEscaped());
        html += QStringLiteral("</ul>");
    }
    if (summary.lostSamples > 0)
        html += QStringLiteral("<p>%1</p>")
                    .arg(tr("The kernel dropped samples because a ring buffer was full: record at a lower "
                            "frequency.")
                             .toHtmlEscaped());
    summary_->setText(html);
}

QString RecordingView::formatBytes(qint64 bytes) {
    return QLocale().formattedDataSize(bytes, 1, QLocale::DataSizeSIFormat);
}

} // namespace perfglass
