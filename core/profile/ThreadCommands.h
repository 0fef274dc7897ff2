// The command each thread had at a moment (ThreadInfo::commandAt), found by TID, and the command a process
// ran then: perf's comm of a sample. A child runs as its parent's command until it execs, so a process that
// forks and execs is named by what it ran at each sample, not by what it ran last.
#pragma once

#include "profile/Profile.h"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace perfglass {

class ThreadCommands {
public:
    explicit ThreadCommands(const Profile &profile);

    // The command thread TID had at TIME; 0 when the session does not name the thread. A TID the system
    // reused names its last thread, as everywhere else.
    StringId threadAt(uint32_t tid, uint64_t time) const;
    // The thread TID names (its last one, as threadAt), or null.
    const ThreadInfo *thread(uint32_t tid) const;
    // The command process PID ran at TIME: its main thread's, else that of its thread TID (a process whose
    // main thread the session never saw).
    StringId processAt(uint32_t pid, uint32_t tid, uint64_t time) const;
    // The same, and whether the command is the main thread's (not the fallback to thread TID's).
    struct ProcessCommand {
        StringId command = 0;
        bool ofMainThread = false;
    };
    ProcessCommand processCommandAt(uint32_t pid, uint32_t tid, uint64_t time) const;
    // For each sample of the profile, whether its thread then had one of NAMES (perf report's --comm).
    std::vector<bool> samplesOf(const std::vector<std::string> &names) const;

private:
    const Profile &profile_;
    std::unordered_map<uint32_t, const ThreadInfo *> threads_;
};

} // namespace perfglass
