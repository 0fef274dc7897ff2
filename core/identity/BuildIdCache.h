// perf's build-id cache: the files a recording ran, kept by build id so that a session is named from the very
// code that ran, after the file at the recorded path was rebuilt, deleted, or lived only inside a container.
// The layout is perf's own, so perf finds what we cache and we find what perf caches:
//   ROOT/PATH/HEX/elf                 a file that was mapped (PATH is its recorded absolute path)
//   ROOT/PATH/HEX/debug               its separate debug file, where one was found
//   ROOT/[kernel.kallsyms]/HEX/kallsyms, ROOT/[vdso]/HEX/vdso
//   ROOT/.build-id/XX/REST -> ../../PATH/HEX   (relative links, XX the first byte of the build id in hex)
// ROOT is $PERF_BUILDID_DIR, else ~/.debug (userRoot()); archives are unpacked into private roots of the same
// layout. Nothing is ever written outside ROOT: recorded paths with "..", empty or relative components are
// refused, and the link of a build id must lead to a directory inside ROOT.
#pragma once

#include "base/Expected.h"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace perfglass {

// Lowercase hex of a build id, without perf's zero padding past the id's own length (perf pads the 20 bytes
// of its records with zeros; ids of 20 bytes or fewer keep all their bytes but trailing zeros beyond 20).
std::string buildIdHex(std::span<const uint8_t> buildId);
// The bytes of a lowercase or uppercase hex build id; empty when text is not 2..40 hex digits of even length.
std::vector<uint8_t> buildIdFromHex(std::string_view text);

class BuildIdCache {
public:
    // One cache entry: what the recording called the file, its build id, and the entry's directory.
    struct Entry {
        std::string recordedPath; // "/usr/lib/x86_64-linux-gnu/libc.so.6", "[kernel.kallsyms]", "[vdso]"
        std::vector<uint8_t> buildId;
        std::string directory; // ROOT/PATH/HEX
    };

    explicit BuildIdCache(std::string root);
    // $PERF_BUILDID_DIR, else $HOME/.debug; empty when neither is set.
    static std::string userRoot();
    const std::string &root() const { return root_; }

    // The name of the file an entry keeps for a recorded path: "kallsyms" for [kernel.kallsyms], "vdso" for
    // [vdso], "elf" otherwise.
    static std::string fileKind(std::string_view recordedPath);

    // The entry directory of a build id (through its .build-id link), or empty when the cache has none or
    // the link leads outside the cache.
    std::string entryDirectory(std::span<const uint8_t> buildId) const;
    // The entry's file of that kind ("elf", "debug", "kallsyms", "vdso"), or empty when it has none.
    std::string find(std::span<const uint8_t> buildId, std::string_view kind) const;
    // The file kept for what was recorded at recordedPath with this build id (its kind from fileKind).
    std::string findFor(std::string_view recordedPath, std::span<const uint8_t> buildId) const {
        return find(buildId, fileKind(recordedPath));
    }

    // Keeps the file at sourcePath as the entry of recordedPath with buildId (kind from fileKind unless
    // given): a hard link where the file system allows it, else a copy written whole or not at all; then the
    // .build-id link. An existing entry is kept. Returns the entry's file, or why it could not be made.
    Expected<std::string> add(std::string_view recordedPath, std::span<const uint8_t> buildId,
                              const std::string &sourcePath, std::string_view kind = {});
    // The same from a descriptor of the file (opened as the recorded process saw it, inside its mount
    // namespace, or kept open after the file was deleted or replaced): a hard link through
    // /proc/self/fd where the file system allows it (the file still has a name on the cache's file system),
    // else a copy of its contents.
    Expected<std::string> addFromFd(std::string_view recordedPath, std::span<const uint8_t> buildId, int fd,
                                    std::string_view kind = {});
    // The same from bytes in memory (kallsyms text, the vdso image).
    Expected<std::string> addBytes(std::string_view recordedPath, std::span<const uint8_t> buildId,
                                   std::span<const uint8_t> bytes, std::string_view kind = {});
    // Every entry reachable through a .build-id link, in no particular order.
    std::vector<Entry> entries() const;

private:
    Expected<std::string> prepareEntry(std::string_view recordedPath, std::span<const uint8_t> buildId,
                                       std::string_view kind, std::string &directory) const;
    Expected<bool> linkBuildId(std::span<const uint8_t> buildId, const std::string &directory) const;
    bool insideRoot(const std::string &path) const;

    std::string root_;
};

} // namespace perfglass
