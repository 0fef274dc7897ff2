// Build ids of what samples hit besides files: the running kernel ([kernel.kallsyms], from /sys/kernel/notes)
// and the vdso ([vdso], this process's own image, the one every 64-bit process of this kernel maps). perf
// lists both in the BUILD_ID feature, and perf on another machine uses them to find the matching kernel and
// vdso (in its build-id cache) instead of its own.
#pragma once

#include "perfdata/SessionMetadata.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace perfglass {

// The NT_GNU_BUILD_ID of ELF notes (a run of Elf64_Nhdr with their name and description); empty when they
// hold none or are malformed.
std::vector<uint8_t> gnuBuildIdOfNotes(std::span<const uint8_t> notes);

// The kernel's entry, from the notes file at notesPath; nullopt when it cannot be read or has no build id.
std::optional<BuildIdEntry> kernelBuildIdEntry(const std::string &notesPath = "/sys/kernel/notes");

// The vdso's entry, from the image mapped into this process; nullopt without a vdso or build id.
std::optional<BuildIdEntry> vdsoBuildIdEntry();

// Where a copy of kallsyms is kept for the kernel with this build id, as perf keeps one in its build-id cache
// (~/.debug/[kernel.kallsyms]/ID/kallsyms): $XDG_CACHE_HOME (else ~/.cache)/perfglass/kallsyms/HEX-BOOTID,
// for this boot only, since addresses move with every boot. A recording through the privileged helper keeps
// root's view there, so that reports run as the user name kernel frames. Empty when the build id is empty or
// no cache directory is known.
std::string keptKallsymsPath(const std::vector<uint8_t> &kernelBuildId);
// Writes text to keptKallsymsPath (0600, whole or not at all); false when it could not.
bool keepKallsyms(const std::vector<uint8_t> &kernelBuildId, const std::string &text);

} // namespace perfglass
