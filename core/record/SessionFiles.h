// What a recording keeps of the code it ran, at its end: the BUILD_ID feature's entries (the kernel, the
// kernel modules and files that samples hit, and the vdso, as perf lists "with hits"), the build-id cache
// filled with those files, kallsyms and the vdso image (perf's layout, so `perf report` and `perf archive`
// find them), and the JIT map files (/tmp/perf-PID.map) and jitdumps (jit-PID.dump) of the sampled
// processes, which /tmp and working directories do not keep.
#pragma once

#include "identity/BuildIdCache.h"
#include "perfdata/SessionMetadata.h"
#include "record/KernelModuleFiles.h"
#include "record/MappedFiles.h"
#include "record/SampledFiles.h"

#include <sys/types.h>

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <vector>

namespace perfglass {

// The BUILD_ID entries of a recording: kernel (given when kernel samples were recorded, as the brief of the
// feature and perf's own files have it first), the modules hit, the vdso (when mapped, as perf writes it
// whether hit or not), then every file hit, in the order first mapped. A module is listed, as perf lists it,
// by its file under the modules directory (/lib/modules/RELEASE/kernel/.../x.ko) with the build id the kernel
// reports for it, or as [NAME] when no file of it is found. A file whose records carried device and inode
// instead of a build id is read now, only if still the very file.
std::vector<BuildIdEntry> sampledBuildIds(const SampledFiles &sampled, MappedFiles &files,
                                          const std::optional<BuildIdEntry> &kernel,
                                          const std::optional<BuildIdEntry> &vdso,
                                          const KernelModuleFiles &moduleFiles = KernelModuleFiles());

// What filling the cache did.
struct CacheFill {
    size_t kept = 0;        // entries added or already there
    size_t failed = 0;      // entries that could not be made
    std::string firstError; // why the first of those failed
};

// Adds every entry to cache: files from the descriptors files kept (or, failing that, from the recorded path
// when it still holds that build id), [kernel.kallsyms] from kallsyms (left out when empty: no addresses
// could be had), [vdso] from vdsoImage, a kernel module from its file when that has the module's build id
// (ROOT/lib/modules/.../x.ko/HEX/elf, as perf keeps it; a module without a file or with a compressed one is
// not kept).
CacheFill fillBuildIdCache(BuildIdCache &cache, const std::vector<BuildIdEntry> &entries,
                           const MappedFiles &files, const std::string &kallsyms,
                           std::span<const uint8_t> vdsoImage);

// The text of tmpDir/perf-PID.map of each process in pids that has one, owned by root, by this user or by the
// process's owner (no other user can give a process its names), by pid; an empty text for a map larger than
// 64 MiB (readers may look in /tmp for it). Why others were not kept goes to skipped. A map last changed
// before its process started, where that process was running before the recording began (recordingStartNs, ns
// since the epoch), is a former process's with the same id.
std::map<int32_t, std::string> perfMapsOf(const std::set<uint32_t> &pids, int64_t recordingStartNs,
                                          std::vector<std::string> &skipped,
                                          const std::string &tmpDir = "/tmp");

// The jitdumps that sampled processes mapped (SampledFiles sees the runtime map them), read whole as they are
// now, with the same owner rule as perf maps; each up to 64 MiB and 192 MiB in all (a feature section is read
// back up to 256 MiB). What was left out, and why, goes to skipped.
KeptJitDumps jitDumpsOf(const SampledFiles &sampled, std::vector<std::string> &skipped);

} // namespace perfglass
