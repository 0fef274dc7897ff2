// The processes and threads of a session as its MMAP/MMAP2, COMM and FORK records describe them: the
// executable mappings of each process (which unwinding and symbolizing look addresses up in) and the thread
// table of the Profile, with the commands each thread had over time (records come in time order).
#pragma once

#include "load/ProfileInterner.h"
#include "perfdata/PerfRecords.h"
#include "profile/Profile.h"
#include "unwind/ProcessMaps.h"

#include <cstdint>
#include <span>
#include <string>
#include <unordered_map>

namespace perfglass {

class ProcessTable {
public:
    ProcessTable(Profile &profile, ProfileInterner &interner);

    // The mappings of process pid, nullptr when it has none. The last one asked for is cached.
    const ProcessMaps *mapsOf(uint32_t pid) {
        if (cachedProcess_ && cachedPid_ == pid) return cachedProcess_;
        const ProcessMaps *found = findMaps(pid);
        if (found) {
            cachedPid_ = pid;
            cachedProcess_ = found;
        }
        return found;
    }
    // As mapsOf, without the cache: callable from the unwinding threads while no record changes the maps.
    const ProcessMaps *findMaps(uint32_t pid) const {
        const auto found = processes_.find(pid);
        return found == processes_.end() ? nullptr : &found->second;
    }

    // Each returns whether the mapping was added: kernel mappings are not (kernel frames are named from
    // kallsyms), nor are data mappings. An MMAP2 record that names its file's build id maps the module of
    // that very file (ProfileInterner::moduleFor).
    bool addMmap(const MmapRecord &record);
    bool addMmap2(const Mmap2Record &record);
    // TIME: the record's sample_id time, 0 when it has none (synthesized records of perf's).
    void addComm(const CommRecord &record, uint64_t time);
    void addFork(const ForkRecord &record);
    void addExit(const ForkRecord &record); // PERF_RECORD_EXIT: the thread's exit time
    // A thread seen in a sample; threads that COMM or FORK records named are known already.
    void noteSampleThread(uint32_t pid, uint32_t tid) {
        if (threadIndex_.find(tid) == threadIndex_.end()) noteThread(pid, tid, nullptr, 0);
    }

private:
    bool addUserMapping(const perf_event_header &header, uint32_t pid, uint64_t start, uint64_t length,
                        uint64_t fileOffset, const std::string &path, std::span<const uint8_t> buildId);
    void noteThread(uint32_t pid, uint32_t tid, const std::string *name, uint64_t time);
    static void renameThread(ThreadInfo &thread, StringId name, uint64_t time);

    Profile &profile_;
    ProfileInterner &interner_;
    std::unordered_map<uint32_t, ProcessMaps> processes_;
    std::unordered_map<uint32_t, size_t> threadIndex_; // tid -> index in Profile::threads
    uint32_t cachedPid_ = 0;
    const ProcessMaps *cachedProcess_ = nullptr; // processes_ never erases, so the pointer stays valid
};

} // namespace perfglass
