// Reads a session in steps and publishes snapshots of the Profile as it grows: a file still being written
// (the live view of a recording), a pipe (`perf record -o - | perfglass -`), or a large finished file shown
// while it loads. The reader, the round orderer and the builder keep their state between steps, so a step
// costs what it reads; a snapshot shares every sealed chunk of the sample columns with the previous one
// (ProfileBuilder::snapshot). The finished profile equals loadProfile's of the same input.
#pragma once

#include "load/LoadProfile.h"
#include "load/ProfileBuilder.h"
#include "load/RecordFeed.h"
#include "perfdata/PerfDataReader.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <future>
#include <memory>
#include <stop_token>
#include <string>

namespace perfglass {

class GrowingProfileLoader {
public:
    // Opens path ("-": standard input) and reads its header: throws Error/FileFormatError for bad input,
    // as loadProfile does, and Cancelled when OPENING is stopped while a pipe waits for its writer.
    // options.stop ends a step early; options.stopFollowing and progress are not used.
    GrowingProfileLoader(const std::string &path, LoadOptions options, const std::stop_token &opening = {});
    ~GrowingProfileLoader();
    GrowingProfileLoader(const GrowingProfileLoader &) = delete;
    GrowingProfileLoader &operator=(const GrowingProfileLoader &) = delete;

    enum class StepEnd {
        Budget,   // the time budget was spent: records wait to be read
        CaughtUp, // everything that has arrived was read: more may come (a growing file, a pipe)
        Ended,    // the input ended (the writer finished the file, the pipe closed): call finish()
        Stopped,  // a stop was requested on options.stop
    };
    // Reads records for about budget, or until what has arrived is read; a stop requested on stop (or on
    // options.stop) ends it early, and a later step goes on from there. progress, when given, hears
    // shareRead() now and then as the step reads.
    StepEnd step(std::chrono::steady_clock::duration budget, std::stop_token stop = {},
                 const std::function<void(double)> &progress = {});
    // The profile so far; shares the sealed column chunks of the previous snapshot. It carries the counter
    // series and the notices known so far (ProfileBuilder::snapshot) and the reader's notices, not the
    // partial notice of finish(): a snapshot of a profile that grows is partial by nature.
    std::shared_ptr<const Profile> snapshot();
    // The complete profile. Called before the input ended (a cancelled load, a recording still going), it
    // holds what was read, and a notice says that it is partial and how much of the input was read.
    std::shared_ptr<const Profile> finish();

    bool ended() const { return ended_; }
    uint64_t samplesRead() const { return feed_.samples(); }
    uint64_t bytesRead() const { return reader_.bytesConsumed(); }
    // The share of the input read (0..1), for a file of known size; 0 for a pipe.
    double shareRead() const;
    const std::string &path() const { return reader_.path(); }

private:
    void giveKernelSymbols();

    LoadOptions options_;
    PerfDataReader reader_;
    std::future<KernelSymbols> kernelSymbols_;
    ProfileBuilder builder_;
    RecordFeed feed_;
    bool ended_ = false;
};

} // namespace perfglass
