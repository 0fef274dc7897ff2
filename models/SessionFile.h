// What one opened session file is, whatever the filter: the Profile read from it and the facts computed once
// when it was read. Made by LoadJob off the UI thread and immutable afterwards; every analysis of the session
// (SessionAnalysis) shares it.
#pragma once

#include "SymbolSettings.h"
#include "analysis/OffCpuTime.h"
#include "analysis/Parallelism.h"
#include "analysis/StackSampleSums.h"
#include "analysis/UnresolvedFrames.h"
#include "profile/Profile.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <memory>
#include <vector>

namespace perfglass {

struct SessionFile {
    QString path;     // what the user opened: a session file, or an archive holding one
    QString dataPath; // the perf.data file read (inside the archive's private cache for an archive)
    uint64_t fileSize = 0;
    QStringList openNotices;       // what opening did besides reading (an archive unpacked or reused)
    SymbolSettings symbolSettings; // where symbols were looked for when it was read
    // The build-id caches that opening added (an archive's private cache), searched first when it was read:
    // annotation looks there too, for the very files that named the frames.
    std::vector<std::string> buildIdCaches;
    std::shared_ptr<const Profile> profile;
    // What could not be named, by module, over the whole session, and the count of every sample by Profile
    // stack that it was folded from (extended by the next snapshot of a growing profile).
    std::shared_ptr<const UnresolvedFrames> unresolved;
    std::shared_ptr<const StackSampleSums> stackSamples;
    // Snapshots of one growing profile (the live view, a stream, a file opened in steps) and the complete
    // profile they end in share a lineage (0: none): each holds the samples and stacks of the earlier ones
    // first, so its analyses extend theirs by the samples added (and its timeline is a GrowingTimeline's).
    uint64_t lineage = 0;
    // Whether this and OTHER are snapshots of one growing profile (or the complete profile it ends in).
    bool sharesLineageWith(const SessionFile &other) const {
        return lineage != 0 && lineage == other.lineage;
    }
    // The threads and CPUs that have samples, sorted (the filter bar's menus), extended by the next snapshot.
    std::vector<uint32_t> sampledThreads;
    std::vector<uint32_t> sampledCpus;
    // Sessions with switch-out samples (record --off-cpu): their event and the time each such sample's thread
    // then stayed off the CPU (OffCpuTime), for the Off-CPU Time choice; -1 and null otherwise.
    int offCpuEvent = -1;
    std::shared_ptr<const std::vector<uint64_t>> offCpuTime;
    std::shared_ptr<const std::vector<OffCpuInterval>>
        offCpuIntervals; // the same by thread, for the timeline
    // Sessions with context switches (record --latency or --off-cpu): how many threads of each process ran
    // over time (for the timeline), and each sample's latency weight, for the Latency choice; null otherwise.
    std::shared_ptr<const Parallelism> parallelism;
    std::shared_ptr<const std::vector<uint64_t>> latency;
    // A snapshot of a large file opened in steps (LoadJob::loadInSteps): the share of the file read so far,
    // in (0, 1). 0 for a complete profile.
    double partialShare = 0;
    // A snapshot of a stream or of a file being recorded, which the views follow
    // (SessionDocument::openStream, refreshLive): Growing while more may arrive; Stopped once the user
    // stopped following it before it ended, when it holds everything read until then and the rest was not
    // read. Whole otherwise.
    enum class Growth { Whole, Growing, Stopped };
    Growth growth = Growth::Whole;

    bool isPartial() const { return partialShare > 0; }
    // A stream read from standard input (perfglass -): path names no file, and the views say so.
    bool isStandardInput() const { return dataPath == QLatin1String("-"); }
    // What the views call the session: its file's name, or "standard input".
    QString shownName() const {
        return isStandardInput() ? QCoreApplication::translate("SessionFile", "standard input")
                                 : QFileInfo(path).fileName();
    }

    uint64_t durationNs() const {
        return profile->endTime > profile->startTime ? profile->endTime - profile->startTime : 0;
    }
};

} // namespace perfglass
