// The files recorded processes map, as each process sees them: read through /proc/PID/map_files/START-END
// (the very file mapped, even deleted or replaced since; needs CAP_SYS_ADMIN or CAP_CHECKPOINT_RESTORE), else
// through /proc/PID/root/PATH (inside the process's mount namespace: a container's own binaries) but only
// when that file is still the one mapped (its device and inode are the mapping's), else, for a process that
// is gone, through the same path in the recorder's own view, on the same condition. A path that is gone
// ("(deleted)") or now names another file never lends its build id.
//
// Where the recorder may not look (another user's process: map_files and root need privilege), the file is
// asked of the privileged helper when one is in use (setPrivilegedOpen), which opens it the same two ways
// within the recording's scope.
//
// A process of the recorder's own user whose file was replaced since it mapped it (map_files needs
// CAP_SYS_ADMIN, the path names the new build): the program itself is opened through /proc/PID/exe (the very
// file, checked by device and inode), and any other file gets the build id its process has in memory
// (ProcessMemoryBuildId), with no descriptor: the build id is right, but the cache cannot get that file.
//
// Each distinct file (device, inode) is read once. The descriptor of an executable file mapping is kept,
// once per build id, so that the build-id cache can be filled at the end of the recording with the file that
// ran, even after its process exited and its path was replaced.
#pragma once

#include "base/UniqueFd.h"

#include <sys/types.h>

#include <cstdint>
#include <functional>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

namespace perfglass {

class MappedFiles {
public:
    // One file mapping of /proc/PID/maps.
    struct Mapping {
        uint64_t start = 0;
        uint64_t end = 0;
        uint32_t major = 0;
        uint32_t minor = 0;
        uint64_t inode = 0;
        std::string path; // as /proc/PID/maps prints it, " (deleted)" included
    };
    // A descriptor kept for a build id, and the path the process mapped it at.
    struct Kept {
        UniqueFd fd;
        std::string path;
    };

    // Opens the file of an executable mapping [start, end) of task pid with more privilege than the
    // recorder has; an invalid descriptor when it cannot.
    using PrivilegedOpen = std::function<UniqueFd(pid_t pid, uint64_t start, uint64_t end)>;

    explicit MappedFiles(std::string procRoot = "/proc");

    // Ask open for what the recorder cannot read itself (the privileged helper); empty: never.
    void setPrivilegedOpen(PrivilegedOpen open) { privilegedOpen_ = std::move(open); }

    // Keep descriptors for the build-id cache (false: build ids only, -N).
    void setKeepDescriptors(bool keep) { keepDescriptors_ = keep; }

    // The build id of the file mapped at mapping in process pid; empty when it cannot be read as that very
    // file. executable: keep its descriptor for the cache.
    std::vector<uint8_t> buildIdOf(pid_t pid, const Mapping &mapping, bool executable);
    // A mapping whose build id the kernel gave (MMAP2 with PERF_RECORD_MISC_MMAP_BUILD_ID): keeps a
    // descriptor of the file, once per build id, when it can be opened as the process sees it and holds that
    // build id.
    void keepFor(pid_t pid, uint64_t start, uint64_t end, std::string_view path,
                 std::span<const uint8_t> buildId);
    // The descriptor kept for buildId, or null.
    const Kept *kept(std::span<const uint8_t> buildId) const;
    size_t keptCount() const { return kept_.size(); }

    // Why the files at these paths got no build id although their processes were read (their memory did not
    // give one), for the recording's notices.
    const std::map<std::string, std::string> &unidentified() const { return unidentified_; }

    // Whether a maps path names a file that no longer has that name ("/usr/bin/x (deleted)").
    static bool isDeleted(std::string_view path);

private:
    // executable: a code mapping, the only kind the privileged helper opens.
    UniqueFd openMapped(pid_t pid, const Mapping &mapping, bool executable);
    UniqueFd openMapFile(pid_t pid, uint64_t start, uint64_t end) const;
    UniqueFd openInRoot(pid_t pid, std::string_view path) const;
    UniqueFd openExecutable(pid_t pid) const;
    std::vector<uint8_t> buildIdFromMemory(pid_t pid, const Mapping &mapping);
    UniqueFd openPrivileged(pid_t pid, uint64_t start, uint64_t end);
    void keep(std::span<const uint8_t> buildId, UniqueFd fd, std::string_view path);

    std::string procRoot_;
    bool keepDescriptors_ = true;
    PrivilegedOpen privilegedOpen_;
    size_t maxKept_ = 0;
    std::map<std::tuple<uint32_t, uint32_t, uint64_t>, std::vector<uint8_t>> byInode_; // read once each
    std::map<std::vector<uint8_t>, Kept> kept_;
    std::map<std::vector<uint8_t>, int> keepAttempts_; // build ids the kernel gave that could not be kept yet
    std::map<std::string, std::string> unidentified_;  // path: why its process's memory gave no build id
};

} // namespace perfglass
