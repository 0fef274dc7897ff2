// The rows of a timeline while samples are added to them: a thread's row by tid, a CPU's by CPU, each with
// its buckets; then sorted and named into a TimelineBuckets. Shared by TimelineBuckets::compute (one set per
// worker, merged) and GrowingTimeline (one set that grows with the profile).
#pragma once

#include "analysis/TimelineBuckets.h"
#include "profile/ThreadCommands.h"

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace perfglass {

class TimelineRowSet {
public:
    // What a sample's row needs besides the sample: for each Profile stack whether it runs user-space code
    // (userSpaceStacks), and the threads' commands.
    struct Context {
        const Profile &profile;
        const std::vector<uint8_t> &userStacks;
        const ThreadCommands &commands;
    };

    // For each stack of the prefix tree, whether one of its frames runs user-space code.
    static std::vector<uint8_t> userSpaceStacks(const Profile &profile);
    // The same for the stacks a growing profile added since USER was made (of an earlier snapshot).
    static void extendUserSpaceStacks(const Profile &profile, std::vector<uint8_t> &user);

    // Adds sample i of the profile, with weight, to bucket of its thread's and CPU's rows (made with
    // bucketCount buckets when new).
    void add(const Context &context, size_t i, size_t bucket, size_t bucketCount, uint64_t weight);
    void merge(TimelineRowSet &other);
    // Every row with buckets [0, bucketCount) only, bucket j of the result being the sum of buckets
    // [j * factor, (j + 1) * factor) of this (factor 2 halves the resolution).
    void regroup(size_t factor, size_t bucketCount);
    // The rows into timeline: threads by pid and tid, named by their last command; CPUs by number.
    void moveInto(TimelineBuckets &timeline, const Profile &profile);

private:
    // The rows of the last few samples' threads and CPUs, and the threads' facts: consecutive samples mostly
    // share them, or take turns among a few (two threads on two CPUs), and three hash look-ups a sample were
    // a tenth of the desktop application's load of a 10-million-sample file. A copy of the set starts
    // without (its rows are the copy's own). The rows' nodes stay where they are as the maps grow.
    template <typename Row> struct RecentRows {
        static constexpr size_t kCount = 4;
        struct Entry {
            uint32_t key = 0;
            Row *row = nullptr;
            const ThreadInfo *thread = nullptr;       // a thread row's ThreadCommands::thread
            const ThreadCommands *commands = nullptr; // which it came from (a later snapshot has its own)
            // The command last noted for the row, at a time no later than noted: a later sample with the
            // same command changes nothing.
            StringId notedCommand = 0;
            uint64_t notedTime = 0;
        };
        Entry entries[kCount];
        size_t next = 0; // the entry the next row not among them replaces

        RecentRows() = default;
        RecentRows(const RecentRows &) {}
        RecentRows &operator=(const RecentRows &) {
            clear();
            return *this;
        }
        void clear() {
            for (Entry &entry : entries)
                entry.row = nullptr;
        }
        Entry *find(uint32_t key, const ThreadCommands *commands) {
            for (Entry &entry : entries)
                if (entry.row && entry.key == key && entry.commands == commands) return &entry;
            return nullptr;
        }
        Entry &replace() {
            Entry &entry = entries[next];
            next = (next + 1) % kCount;
            return entry;
        }
    };

    std::unordered_map<uint32_t, ThreadTimeline> threads_; // by tid
    std::unordered_map<uint32_t, CpuTimeline> cpus_;       // by cpu
    RecentRows<ThreadTimeline> recentThreads_;
    RecentRows<CpuTimeline> recentCpus_;
};

} // namespace perfglass
