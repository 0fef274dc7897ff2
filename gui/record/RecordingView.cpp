#include "RecordingView.h"

#include "CoreMessages.h"
#include "RecordingJob.h"

#include <QCheckBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QStyle>
#include <QTimer>
#include <QVBoxLayout>

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
    stop_->setIcon(style()->standardIcon(QStyle::SP_MediaStop));
    stop_->setToolTip(tr("End the recording (a launched program is asked to exit) and open the session"));
    error_->setStyleSheet(
        QStringLiteral("color: white; background: #b3261e; padding: 4px; border-radius: 3px;"));
    summary_->setTextFormat(Qt::RichText);

    auto *layout = new QVBoxLayout(this);
    auto *top = new QHBoxLayout;
    top->addWidget(state_, 1);
    top->addWidget(live_);
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
    live_->setToolTip(
        tr("While recording, show what was recorded so far in the other views, every %n second(s)", nullptr,
           kLiveIntervalMs / 1000));
    liveTimer_->setInterval(kLiveIntervalMs);
    connect(liveTimer_, &QTimer::timeout, this, [this] {
        if (live_->isChecked() && recording_->state() == RecordingJob::State::Recording)
            emit liveUpdate(recording_->outputPath());
    });
    timer_->setInterval(kRefreshMs);
    connect(timer_, &QTimer::timeout, this, &RecordingView::updateProgress);
    connect(stop_, &QPushButton::clicked, recording_, &RecordingJob::stop);
    connect(recording_, &RecordingJob::stateChanged, this, &RecordingView::showState);
    connect(recording_, &RecordingJob::finished, this, [this] {
        showSummary();
        emit sessionRecorded(recording_->outputPath());
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
    output_->setText(recording_->outputPath());
    summary_->clear();
    timer_->start();
    updateProgress();
    return true;
}

void RecordingView::updateProgress() {
    elapsed_->setText(formatElapsed(recording_->elapsedMs()));
    const QFileInfo file(recording_->outputPath());
    fileSize_->setText(file.exists() ? formatBytes(file.size()) : tr("—"));
}

void RecordingView::showState() {
    const bool active = recording_->isActive();
    switch (recording_->state()) {
    case RecordingJob::State::Idle:
        state_->setText(tr("Not recording"));
        target_->setText(tr("Start a recording with File ▸ Record…"));
        break;
    case RecordingJob::State::Starting:
        state_->setText(tr("Starting…"));
        break;
    case RecordingJob::State::Recording:
        state_->setText(tr("Recording"));
        liveTimer_->start();
        break;
    case RecordingJob::State::Finished:
        state_->setText(tr("Finished"));
        break;
    case RecordingJob::State::Failed:
        state_->setText(tr("Recording failed"));
        break;
    }
    stop_->setEnabled(active);
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

void RecordingView::showSummary() {
    const RecordSummary &summary = recording_->summary();
    const QLocale locale;
    QString html = QStringLiteral("<table cellspacing=\"2\">");
    auto row = [&html](const QString &name, const QString &value) {
        html += QStringLiteral("<tr><td>%1</td><td><b>%2</b></td></tr>")
                    .arg(name.toHtmlEscaped(), value.toHtmlEscaped());
    };
    row(tr("Duration:"), tr("%1 s").arg(locale.toString(summary.seconds, 'f', 2)));
    row(tr("Samples:"), locale.toString(static_cast<qulonglong>(summary.samples)));
    QString lost = locale.toString(static_cast<qulonglong>(summary.lostSamples));
    if (summary.lostRecords > 0)
        lost += tr(" (in %n LOST record(s))", nullptr, static_cast<int>(summary.lostRecords));
    if (summary.throttles > 0)
        lost += tr(", throttled %n time(s)", nullptr, static_cast<int>(summary.throttles));
    row(tr("Lost samples:"), lost);
    row(tr("Written:"), formatBytes(static_cast<qint64>(summary.bytes)));
    QStringList events;
    for (const auto &name : summary.eventNames)
        events << QString::fromStdString(name);
    row(tr("Events:"), events.join(QStringLiteral(", ")));
    if (!recording_->options().command.empty()) row(tr("Exit code:"), QString::number(summary.exitCode));
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
