#include "RemoteHostProgress.h"

#include <QRegularExpression>

#include <algorithm>

namespace perfglass {

namespace {
using Phase = RemoteHostState::Phase;
const QString kCliPrefix = QStringLiteral("perfglass-cli: ");
} // namespace

RemoteHostProgress::RemoteHostProgress(const RemoteTarget &target, const QString &outputPath) {
    for (const QString &host : target.hosts()) {
        RemoteHostState state;
        state.host = host;
        state.name = RemoteTarget::nameOf(host);
        state.outputPath = target.outputPathFor(outputPath, host);
        hosts_.push_back(state);
    }
}

bool RemoteHostProgress::any(Phase phase) const {
    return std::any_of(hosts_.begin(), hosts_.end(),
                       [phase](const auto &host) { return host.phase == phase; });
}

bool RemoteHostProgress::anyStarted() const {
    return std::any_of(hosts_.begin(), hosts_.end(), [](const auto &host) {
        return host.phase != Phase::Connecting && host.phase != Phase::StoppedBeforeStart &&
               host.phase != Phase::Failed;
    });
}

bool RemoteHostProgress::allStoppedBeforeStart() const {
    return !hosts_.empty() && std::all_of(hosts_.begin(), hosts_.end(), [](const auto &host) {
        return host.phase == Phase::StoppedBeforeStart;
    });
}

RemoteHostState *RemoteHostProgress::byName(const QString &name) {
    for (auto &host : hosts_)
        if (host.name == name) return &host;
    return nullptr;
}

bool RemoteHostProgress::noteFileAppeared(size_t host) {
    if (host >= hosts_.size() || hosts_[host].phase != Phase::Connecting) return false;
    hosts_[host].phase = stopRequested_ ? Phase::Ending : Phase::Recording;
    return true;
}

bool RemoteHostProgress::noteStopRequested() {
    if (stopRequested_) return false;
    stopRequested_ = true;
    for (auto &host : hosts_) {
        if (host.phase == Phase::Connecting) host.phase = Phase::StoppedBeforeStart;
        if (host.phase == Phase::Recording) host.phase = Phase::Ending;
    }
    return true;
}

bool RemoteHostProgress::noteForced() {
    if (forced_) return false;
    forced_ = true;
    return true;
}

std::optional<RemoteHostProgress::SamplesLine> RemoteHostProgress::parseSamplesLine(const QString &line) {
    static const QRegularExpression written(
        QStringLiteral(R"(^\[ perfglass record --host (\S+?): (\d+) samples, (.*) written to .+ \]$)"));
    static const QRegularExpression lost(QStringLiteral(R"((?:^|, )(\d+) lost(?: in (\d+) LOST records)?)"));
    static const QRegularExpression throttled(QStringLiteral(R"(, (\d+) throttled)"));
    const auto match = written.match(line.trimmed());
    if (!match.hasMatch()) return std::nullopt;
    SamplesLine parsed;
    parsed.name = match.captured(1);
    parsed.summary.samples = match.captured(2).toULongLong();
    const QString rest = match.captured(3);
    if (const auto lostMatch = lost.match(rest); lostMatch.hasMatch()) {
        parsed.lostReported = true;
        parsed.summary.lostSamples = lostMatch.captured(1).toULongLong();
        parsed.summary.lostRecords = lostMatch.captured(2).toULongLong();
    }
    if (const auto throttles = throttled.match(rest); throttles.hasMatch())
        parsed.summary.throttles = throttles.captured(1).toULongLong();
    return parsed;
}

// perfglass-cli: HOST: ... after the recordings: a host that failed, or whose symbols were not fetched.
bool RemoteHostProgress::noteHostMessage(const QString &text) {
    const qsizetype colon = text.indexOf(QStringLiteral(": "));
    RemoteHostState *host = colon > 0 ? byName(text.left(colon)) : nullptr;
    if (!host) return false;
    if (host->written) {
        if (host->phase == Phase::FetchingSymbols && text.contains(QStringLiteral("symbols not fetched"))) {
            host->phase = Phase::Done;
            return true;
        }
        return false;
    }
    if (host->error.contains(text)) return false;
    host->error += (host->error.isEmpty() ? QString() : QStringLiteral("\n")) + text.mid(colon + 2);
    return true;
}

bool RemoteHostProgress::noteLine(const QString &text) {
    const QString line = text.trimmed();
    if (const auto samples = parseSamplesLine(line)) {
        RemoteHostState *host = byName(samples->name);
        if (!host) return false;
        host->written = true;
        host->lostReported = samples->lostReported;
        host->summary = samples->summary;
        if (host->phase != Phase::StoppedBeforeStart) host->phase = Phase::FetchingSymbols;
        return true;
    }
    static const QRegularExpression symbols(
        QStringLiteral(R"(^\[ perfglass symbols from (\S+?): \d+ build ids)"));
    if (const auto match = symbols.match(line); match.hasMatch()) {
        RemoteHostState *host = byName(match.captured(1));
        if (!host || host->phase != Phase::FetchingSymbols) return false;
        host->phase = Phase::Done;
        return true;
    }
    if (line.startsWith(kCliPrefix) && !line.startsWith(kCliPrefix + QStringLiteral("note: ")))
        return noteHostMessage(line.mid(kCliPrefix.size()));
    return false;
}

void RemoteHostProgress::noteEnd() {
    for (auto &host : hosts_) {
        if (host.phase == Phase::StoppedBeforeStart) continue;
        host.phase = host.written ? Phase::Done : Phase::Failed;
    }
}

} // namespace perfglass
