#include "load/JitSymbols.h"

#include "base/Message.h"
#include "base/ProcFs.h"
#include "base/WallClock.h"
#include "perfdata/KeptJitDumps.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <string_view>

namespace perfglass {

JitSymbols::JitSymbols(Profile &profile, ProfileInterner &interner)
    : profile_(profile)
    , interner_(interner) {}

void JitSymbols::setKeptMaps(const std::map<int32_t, std::string> &maps, bool complete) {
    keptMaps_ = maps;
    keptMapsComplete_ = complete;
}

// The recorded path, when it can be the recorded process's file, else a file of that name beside the session
// (a dump copied along with it); empty, with the reason among the dump errors, when neither can be used.
std::string JitSymbols::findDumpFile(uint32_t pid, const std::string &recordedPath) {
    const std::string beside =
        sessionDirectory_.empty()
            ? std::string()
            : sessionDirectory_ + "/" + recordedPath.substr(recordedPath.rfind('/') + 1);
    const bool besideReadable = !beside.empty() && ::access(beside.c_str(), R_OK) == 0;
    if (::access(recordedPath.c_str(), R_OK) != 0) return besideReadable ? beside : recordedPath;
    const std::string refusal = localRefusal(pid, recordedPath);
    if (refusal.empty()) return recordedPath;
    if (besideReadable) return beside;
    dumpErrors_.push_back(fmt::format("{} is this machine's, and {}", recordedPath, refusal));
    return {};
}

void JitSymbols::noteMmap(uint32_t pid, const std::string &path) {
    if (!KeptJitDumps::isJitDumpPath(path)) return;
    auto &loaded = dumps_[pid];
    for (const LoadedDump &dump : loaded)
        if (dump.path == path) return;
    const KeptJitDump *keptCopy = kept_ ? kept_->find(static_cast<int32_t>(pid), path) : nullptr;
    const std::string file = keptCopy ? std::string() : findDumpFile(pid, path);
    if (!keptCopy && file.empty()) {
        if (loaded.empty()) dumps_.erase(pid);
        return;
    }
    auto dump =
        keptCopy ? JitDump::parse(keptCopy->bytes, "the session's copy of " + path) : JitDump::load(file);
    if (!dump) {
        dumpErrors_.push_back(dump.error());
        if (loaded.empty()) dumps_.erase(pid);
        return;
    }
    loaded.push_back({path, std::move(*dump), interner_.moduleFor(path, false), {}, {}});
}

std::optional<FrameId> JitSymbols::frame(uint32_t pid, uint64_t address, uint64_t time) {
    if (const auto found = dumps_.find(pid); found != dumps_.end())
        for (LoadedDump &loaded : found->second)
            if (const auto frame = dumpFrame(loaded, address, time)) return frame;
    return mapFrame(pid, address);
}

std::optional<FrameId> JitSymbols::dumpFrame(LoadedDump &loaded, uint64_t address, uint64_t time) {
    const JitCode *code = loaded.dump.find(address, timesComparable_ ? time : JitDump::kAnyTime);
    if (!code) return std::nullopt;
    const auto key = std::make_pair(code, address);
    if (const auto known = loaded.frames.find(key); known != loaded.frames.end()) return known->second;
    const FrameId id = interner_.addFrame(loaded.module, address, code->name);
    if (const JitLine *line = JitDump::lineAt(*code, address)) {
        Frame &frame = profile_.frames.edit(id);
        frame.sourceFile = line->file.empty() ? StringId{0} : profile_.strings.intern(line->file);
        frame.line = line->line;
    }
    loaded.frames.emplace(key, id);
    if (loaded.copied.insert(code).second) copyCode(*code, profile_.frames[id].function);
    return id;
}

// Annotate reads JIT code from the profile: the jitdump is not at hand there.
void JitSymbols::copyCode(const JitCode &code, FunctionId function) {
    JitCodeCopy copy{function, code.start, code.loadTime, code.code, {}};
    copy.lines.reserve(code.lines.size());
    for (const JitLine &line : code.lines)
        copy.lines.push_back(
            {line.address, line.file.empty() ? StringId{0} : profile_.strings.intern(line.file), line.line});
    profile_.jitCode.push_back(std::move(copy));
}

bool JitSymbols::locateUnwinding(uint32_t pid, uint64_t address, uint64_t time,
                                 CodeLocation &location) const {
    const auto found = dumps_.find(pid);
    if (found == dumps_.end()) return false;
    for (const LoadedDump &loaded : found->second) {
        const JitCode *code = loaded.dump.find(address, timesComparable_ ? time : JitDump::kAnyTime);
        if (!code) continue;
        if (!code->unwinding) return false;
        location.module = loaded.module;
        location.symbols = nullptr;
        location.elfAddress = address;
        location.jitDump = &loaded.dump;
        location.jitCode = code;
        return true;
    }
    return false;
}

const JitMap *JitSymbols::mapFor(uint32_t pid) {
    auto found = maps_.find(pid);
    if (found == maps_.end()) {
        const std::string path = fmt::format("{}/perf-{}.map", mapDirectory_, pid);
        found = maps_.emplace(pid, std::make_pair(mapOf(pid, path), path)).first;
    }
    return found->second.first.empty() ? nullptr : &found->second.first;
}

// The perf map of pid: the session's copy, else the map directory's where the session did not keep every map
// or found this one too large to keep (an empty copy).
JitMap JitSymbols::mapOf(uint32_t pid, const std::string &path) {
    const auto kept = keptMaps_.find(static_cast<int32_t>(pid));
    if (kept != keptMaps_.end() && !kept->second.empty()) return JitMap::fromText(kept->second);
    if (keptMapsComplete_ && kept == keptMaps_.end()) return {};
    return localMap(pid, path);
}

// The map directory's perf map of pid, when it can be the recorded process's.
JitMap JitSymbols::localMap(uint32_t pid, const std::string &path) {
    if (::access(path.c_str(), R_OK) != 0) return {};
    if (const std::string refusal = localRefusal(pid, path); !refusal.empty()) {
        mapNotices_.push_back(fmt::format(
            "JIT code of process {} stays unnamed: {} is this machine's, and {}", pid, path, refusal));
        return {};
    }
    JitMap map = JitMap::load(path);
    if (!map.empty())
        mapNotices_.push_back(
            fmt::format("JIT code of process {} is named from {} on this machine, which the "
                        "session does not hold: it is matched by process id alone",
                        pid, path));
    return map;
}

// Why a file of this machine at a path the session names cannot be taken for what process pid wrote there:
// the session comes from another machine or kernel, or the file is a later process's. Empty when it can be.
std::string JitSymbols::localRefusal(uint32_t pid, const std::string &path) {
    if (!local_) local_ = localPolicy_ ? localPolicy_() : LocalFiles{};
    if (!local_->allowed) return local_->refusal;
    struct statx status {};
    if (::statx(AT_FDCWD, path.c_str(), 0, STATX_BTIME, &status) != 0) return {};
    return laterProcessReason(pid, status);
}

// Why a file with this status is a later process's than the one recorded with its id: the process that
// holds the id now started after the session ended, or, none holding it, the file was made after the session
// ended. Empty when it can be the recorded process's (a running one may write its map after the recording:
// `jcmd PID Compiler.perfmap`).
std::string JitSymbols::laterProcessReason(uint32_t pid, const struct statx &status) const {
    if (local_->sessionEndNs <= 0) return {};
    if (const int64_t started = processStartNs(static_cast<pid_t>(pid)); started != 0)
        return started > local_->sessionEndNs
                   ? fmt::format("process {} started after the recording ended", pid)
                   : std::string();
    if (!(status.stx_mask & STATX_BTIME)) return {};
    return nanosecondsOf(status.stx_btime) > local_->sessionEndNs
               ? std::string("it was made after the recording ended, by a later "
                             "process with the same id")
               : std::string();
}

std::optional<FrameId> JitSymbols::mapFrame(uint32_t pid, uint64_t address) {
    const JitMap *map = mapFor(pid);
    if (!map) return std::nullopt;
    const std::string *name = map->find(address);
    if (!name) return std::nullopt;
    const ModuleId module = interner_.moduleFor(maps_.at(pid).second, false);
    const FrameId found = interner_.findFrame(module, address);
    return found != ProfileInterner::kNoFrame ? found : interner_.addFrame(module, address, *name);
}

void JitSymbols::addNotices(Profile &target) const {
    for (const std::string &error : dumpErrors_)
        target.diagnostics.notices.push_back(
            coreMessage(MessageKind::Text, "JIT code of this jitdump stays unnamed: " + error));
    for (const std::string &notice : mapNotices_)
        target.diagnostics.notices.push_back(coreMessage(MessageKind::Text, notice));
}

} // namespace perfglass
