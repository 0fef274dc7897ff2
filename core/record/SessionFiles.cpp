#include "record/SessionFiles.h"

#include "base/ProcFs.h"
#include "base/UniqueFd.h"
#include "base/WallClock.h"
#include "identity/ElfBuildId.h"
#include "record/HostBuildIds.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>

namespace perfglass {

namespace {

constexpr size_t kMaxPerfMapBytes = size_t{64} << 20;
constexpr size_t kMaxJitDumpBytes = size_t{64} << 20;
constexpr size_t kMaxJitDumpTotal = size_t{192} << 20;

std::string readWhole(const std::string &path) {
    std::ifstream file(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(file), {}};
}

bool sameEntry(const BuildIdEntry &entry, const std::string &path, const std::vector<uint8_t> &buildId) {
    return entry.path == path && entry.buildId == buildId;
}

void addOnce(std::vector<BuildIdEntry> &entries, BuildIdEntry entry) {
    if (entry.buildId.empty()) return;
    if (std::none_of(entries.begin(), entries.end(),
                     [&](const BuildIdEntry &e) { return sameEntry(e, entry.path, entry.buildId); }))
        entries.push_back(std::move(entry));
}

std::string withoutDeleted(std::string path) {
    if (MappedFiles::isDeleted(path)) path.resize(path.size() - std::string_view(" (deleted)").size());
    return path;
}

// The build id of a file hit whose records named it by device and inode: read now, from the very file.
std::vector<uint8_t> buildIdByInode(const SampledFiles::File &file, MappedFiles &files) {
    if (file.inode == 0) return {};
    const MappedFiles::Mapping mapping{0, 0, file.major, file.minor, file.inode, file.path};
    return files.buildIdOf(static_cast<pid_t>(file.pid), mapping, true);
}

// A file with no kept descriptor: the recorded path, if it still holds the build id.
Expected<std::string> addFromPath(BuildIdCache &cache, const BuildIdEntry &entry) {
    const UniqueFd fd(::open(entry.path.c_str(), O_RDONLY | O_CLOEXEC));
    if (!fd.valid() || elfBuildIdOfFd(fd.get()) != entry.buildId)
        return unexpected(entry.path + " changed or is gone, and was not kept open while it was mapped");
    return cache.addFromFd(entry.path, entry.buildId, fd.get());
}

// A kernel module's file, only when it is the build the kernel loaded: after a package upgrade without a
// reboot, /lib/modules holds the next build's file.
Expected<std::string> addModule(BuildIdCache &cache, const BuildIdEntry &entry) {
    if (entry.path.empty() || entry.path.front() != '/')
        return unexpected(fmt::format("kernel module {}: no file of it was found", entry.path));
    if (KernelModuleFiles::isCompressed(entry.path))
        return unexpected(fmt::format(
            "kernel module {}: compressed, its build id cannot be checked; not kept", entry.path));
    const UniqueFd fd(::open(entry.path.c_str(), O_RDONLY | O_CLOEXEC));
    if (!fd.valid()) return unexpected(fmt::format("kernel module {}: {}", entry.path, std::strerror(errno)));
    const std::vector<uint8_t> found = elfBuildIdOfFd(fd.get());
    if (found != entry.buildId)
        return unexpected(fmt::format("kernel module {} has build id {}, but the loaded module has {}: "
                                      "not kept",
                                      entry.path, found.empty() ? std::string("none") : buildIdHex(found),
                                      buildIdHex(entry.buildId)));
    return cache.addFromFd(entry.path, entry.buildId, fd.get());
}

Expected<std::string> addEntry(BuildIdCache &cache, const BuildIdEntry &entry, const MappedFiles &files,
                               const std::string &kallsyms, std::span<const uint8_t> vdsoImage) {
    if (entry.path == "[kernel.kallsyms]") {
        if (kallsyms.empty()) return unexpected(std::string("kallsyms could not be read"));
        // Addresses move with every boot (KASLR) while the build id stays: this boot's replace an older
        // one's.
        const std::string kept =
            cache.root() + "/" + entry.path + "/" + buildIdHex(entry.buildId) + "/kallsyms";
        if (::access(kept.c_str(), F_OK) == 0 && readWhole(kept) != kallsyms) ::unlink(kept.c_str());
        return cache.addBytes(entry.path, entry.buildId,
                              {reinterpret_cast<const uint8_t *>(kallsyms.data()), kallsyms.size()});
    }
    if (entry.path == "[vdso]") {
        if (vdsoImage.empty()) return unexpected(std::string("no vdso image"));
        return cache.addBytes(entry.path, entry.buildId, vdsoImage);
    }
    if (entry.kernel) return addModule(cache, entry);
    if (const MappedFiles::Kept *kept = files.kept(entry.buildId))
        return cache.addFromFd(entry.path, entry.buildId, kept->fd.get());
    return addFromPath(cache, entry);
}

// A file that names the code of process pid: a regular file (no link followed) owned by root, by this
// user or by the process's owner (no other user can give a process its names), up to maxBytes. Empty when
// it cannot be used; the reason goes to why.
std::string readProcessFile(const std::string &path, uint32_t pid, size_t maxBytes,
                            std::string *why = nullptr) {
    const UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK));
    struct stat status {};
    if (!fd.valid() || ::fstat(fd.get(), &status) != 0 || !S_ISREG(status.st_mode)) return {};
    if (static_cast<uint64_t>(status.st_size) > maxBytes) {
        if (why)
            *why = std::to_string(status.st_size) + " bytes, more than the " +
                   std::to_string(maxBytes >> 20) + " MiB kept";
        return {};
    }
    struct stat process {};
    const bool processOwner =
        ::stat(("/proc/" + std::to_string(pid)).c_str(), &process) == 0 && process.st_uid == status.st_uid;
    if (status.st_uid != 0 && status.st_uid != ::geteuid() && !processOwner) {
        if (why) *why = "owned by another user than the process's";
        return {};
    }
    std::string text(static_cast<size_t>(status.st_size), '\0');
    size_t got = 0;
    while (got < text.size()) {
        const ssize_t n = ::read(fd.get(), text.data() + got, text.size() - got);
        if (n <= 0) break;
        got += static_cast<size_t>(n);
    }
    text.resize(got);
    return text;
}

// Whether a file was last changed before process pid started, where that process already ran before the
// recording began (a second's leeway for the clocks): then a former process with the same id wrote it. A
// process that started during the recording may hold the id of one that exited: its file is not judged.
bool isFormerProcessFile(const struct stat &file, uint32_t pid, int64_t recordingStartNs) {
    const int64_t started = processStartNs(static_cast<pid_t>(pid));
    if (started == 0 || started >= recordingStartNs) return false;
    return nanosecondsOf(file.st_mtim) < started - 1'000'000'000;
}

} // namespace

std::vector<BuildIdEntry> sampledBuildIds(const SampledFiles &sampled, MappedFiles &files,
                                          const std::optional<BuildIdEntry> &kernel,
                                          const std::optional<BuildIdEntry> &vdso,
                                          const KernelModuleFiles &moduleFiles) {
    std::vector<BuildIdEntry> entries;
    if (kernel) addOnce(entries, *kernel);
    for (const auto &module : sampled.modules()) {
        if (!module.hit) continue;
        const std::string file = moduleFiles.path(module.name);
        addOnce(entries, BuildIdEntry{-1, true, moduleFiles.buildId(module.name),
                                      file.empty() ? "[" + module.name + "]" : file});
    }
    if (vdso) addOnce(entries, *vdso);
    for (const auto &file : sampled.files()) {
        if (!file.hit) continue;
        std::vector<uint8_t> buildId = file.buildId.empty() ? buildIdByInode(file, files) : file.buildId;
        addOnce(entries, BuildIdEntry{-1, false, std::move(buildId), withoutDeleted(file.path)});
    }
    return entries;
}

CacheFill fillBuildIdCache(BuildIdCache &cache, const std::vector<BuildIdEntry> &entries,
                           const MappedFiles &files, const std::string &kallsyms,
                           std::span<const uint8_t> vdsoImage) {
    CacheFill fill;
    for (const auto &entry : entries) {
        // kallsyms without addresses (kptr_restrict, no helper) would name nothing: not kept, not a failure.
        if (entry.path == "[kernel.kallsyms]" && kallsyms.empty()) continue;
        const auto added = addEntry(cache, entry, files, kallsyms, vdsoImage);
        if (added) {
            ++fill.kept;
            continue;
        }
        if (fill.failed++ == 0) fill.firstError = added.error();
    }
    return fill;
}

std::map<int32_t, std::string> perfMapsOf(const std::set<uint32_t> &pids, int64_t recordingStartNs,
                                          std::vector<std::string> &skipped, const std::string &tmpDir) {
    std::map<int32_t, std::string> maps;
    for (const uint32_t pid : pids) {
        const std::string path = tmpDir + "/perf-" + std::to_string(pid) + ".map";
        struct stat status {};
        if (::stat(path.c_str(), &status) != 0) continue;
        if (isFormerProcessFile(status, pid, recordingStartNs)) {
            skipped.push_back(
                fmt::format("{}: last changed before process {} started, by a former process with "
                            "the same id",
                            path, pid));
            continue;
        }
        if (static_cast<uint64_t>(status.st_size) > kMaxPerfMapBytes) {
            skipped.push_back(
                fmt::format("{}: {} bytes, more than the {} MiB kept; reports read it from /tmp", path,
                            status.st_size, kMaxPerfMapBytes >> 20));
            maps[static_cast<int32_t>(pid)].clear();
            continue;
        }
        std::string why;
        std::string text = readProcessFile(path, pid, kMaxPerfMapBytes, &why);
        if (!why.empty()) skipped.push_back(path + ": " + why);
        if (!text.empty()) maps.emplace(static_cast<int32_t>(pid), std::move(text));
    }
    return maps;
}

KeptJitDumps jitDumpsOf(const SampledFiles &sampled, std::vector<std::string> &skipped) {
    KeptJitDumps kept;
    for (const SampledFiles::File &file : sampled.files()) {
        if (!KeptJitDumps::isJitDumpPath(file.path) || !sampled.sampledProcesses().count(file.pid) ||
            kept.find(static_cast<int32_t>(file.pid), file.path))
            continue;
        std::string why;
        const std::string bytes = readProcessFile(file.path, file.pid, kMaxJitDumpBytes, &why);
        if (!bytes.empty() && kept.totalBytes() + bytes.size() > kMaxJitDumpTotal)
            why = "the jitdumps already kept reach " + std::to_string(kMaxJitDumpTotal >> 20) + " MiB";
        if (!why.empty()) {
            skipped.push_back(file.path + ": " + why);
            continue;
        }
        if (bytes.empty()) continue;
        kept.add(
            {static_cast<int32_t>(file.pid), file.path, std::vector<uint8_t>(bytes.begin(), bytes.end())});
    }
    return kept;
}

} // namespace perfglass
