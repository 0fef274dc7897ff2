// Names of just-in-time compiled code, for addresses in anonymous memory or outside every mapping: the
// jitdump files the runtime wrote (jit-PID.dump: it maps the file, so the recording's MMAP record names it;
// the copy kept in the session first, then the file; the code valid at the sample's time is used), then the
// perf-map files (/tmp/perf-PID.map), the copy kept in the session first (record keeps them: /tmp does not).
// One pseudo module per file, so views group JIT code by where it was named from.
//
// A perf map in /tmp is known by its process id alone, which the kernel hands out again: it is read only for
// a session that did not keep all of its own (perf's, a stream), recorded on this machine and kernel, and not
// when it is a later process's (the process now holding the id started after the session ended, or none holds
// it and the file was made after then); names taken from it come with a notice saying so. A jitdump at its
// recorded path is held to the same (the copy kept in the session, or one beside it, is not).
#pragma once

#include "load/ProfileInterner.h"
#include "perfdata/KeptJitDumps.h"
#include "profile/Profile.h"
#include "symbols/JitDump.h"
#include "symbols/JitMap.h"
#include "unwind/DwarfUnwinder.h"

#include <sys/stat.h>

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace perfglass {

class JitSymbols {
public:
    JitSymbols(Profile &profile, ProfileInterner &interner);

    // Whether this machine's files at the paths a session names (perf maps in the map directory, jitdumps at
    // their recorded path) may name its JIT code.
    struct LocalFiles {
        bool allowed = true;
        std::string refusal;      // why not, when not allowed: "the recording comes from host NAME"
        int64_t sessionEndNs = 0; // when the session ended, ns since the epoch; 0: it has not (a stream)
    };

    void setMapDirectory(std::string directory) { mapDirectory_ = std::move(directory); }
    // The perf maps the session keeps (SessionMetadata::perfMaps), used before the files in the directory.
    // complete: the recorder looked for every sampled process's map (SessionMetadata::perfMapsKept), so the
    // directory is read only for those it found too large to keep (an empty text).
    void setKeptMaps(const std::map<int32_t, std::string> &maps, bool complete);
    // Asked once, when a perf map of the directory is first wanted: by then a stream has told its host and
    // kernel (its feature records come before its samples).
    void setLocalFiles(std::function<LocalFiles()> policy) { localPolicy_ = std::move(policy); }
    // The jitdumps the session keeps (SessionMetadata::jitDumps), used before the files; must outlive this.
    void setKeptDumps(const KeptJitDumps *dumps) { kept_ = dumps; }
    // The session's own directory: a jitdump copied beside the session is found there by its file name.
    void setSessionDirectory(std::string directory) { sessionDirectory_ = std::move(directory); }
    // Whether jitdump timestamps can be compared with sample times (the session's clock is CLOCK_MONOTONIC,
    // which the runtimes use: `perf record -k mono`); otherwise the latest code at an address names it.
    void setTimesComparable(bool comparable) { timesComparable_ = comparable; }

    // An mmap of path by pid: when it is a jitdump (jit-PID.dump), it names pid's JIT code from then on.
    void noteMmap(uint32_t pid, const std::string &path);
    bool hasJitDump(uint32_t pid) const { return dumps_.count(pid) != 0; }
    // The frame of JIT code at address in pid at time, or nullopt when no jitdump or perf map names it.
    std::optional<FrameId> frame(uint32_t pid, uint64_t address, uint64_t time);
    // For the unwinder, on any thread while no mmap is noted: the JIT code at address in pid at time when its
    // jitdump gives it unwinding information (location's jitDump, jitCode and elfAddress are set).
    bool locateUnwinding(uint32_t pid, uint64_t address, uint64_t time, CodeLocation &location) const;
    // One notice per jitdump that could not be read (named by file, with the byte where it went wrong), and
    // per perf map of the map directory used or refused, into target: the profile being built, or a snapshot.
    void addNotices(Profile &target) const;

private:
    struct LoadedDump {
        std::string path;
        JitDump dump;
        ModuleId module;
        // Frames already made, by code and address: a reused address gets a frame per code.
        std::map<std::pair<const JitCode *, uint64_t>, FrameId> frames;
        std::set<const JitCode *> copied; // codes whose bytes are in Profile::jitCode
    };
    void copyCode(const JitCode &code, FunctionId function);
    std::optional<FrameId> dumpFrame(LoadedDump &loaded, uint64_t address, uint64_t time);
    std::optional<FrameId> mapFrame(uint32_t pid, uint64_t address);
    const JitMap *mapFor(uint32_t pid);
    JitMap mapOf(uint32_t pid, const std::string &path);
    JitMap localMap(uint32_t pid, const std::string &path);
    std::string laterProcessReason(uint32_t pid, const struct statx &status) const;
    std::string findDumpFile(uint32_t pid, const std::string &recordedPath);
    std::string localRefusal(uint32_t pid, const std::string &path);

    Profile &profile_;
    ProfileInterner &interner_;
    std::string mapDirectory_ = "/tmp";
    std::string sessionDirectory_;
    bool timesComparable_ = true;
    std::map<int32_t, std::string> keptMaps_;
    bool keptMapsComplete_ = false;
    std::function<LocalFiles()> localPolicy_;
    std::optional<LocalFiles> local_;
    const KeptJitDumps *kept_ = nullptr;
    std::unordered_map<uint32_t, std::pair<JitMap, std::string>>
        maps_; // by pid: the map and where it came from
    std::unordered_map<uint32_t, std::vector<LoadedDump>> dumps_;
    std::vector<std::string> dumpErrors_;
    std::vector<std::string> mapNotices_;
};

} // namespace perfglass
