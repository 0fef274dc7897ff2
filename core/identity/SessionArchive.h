// A session's archive, as `perf archive` makes it: a tar.bz2 of the build-id cache entries of every file in
// the session's BUILD_ID feature, in perf's layout (PATH/HEX/elf, debug, [kernel.kallsyms]/HEX/kallsyms,
// [vdso]/HEX/vdso and the relative .build-id/XX/REST links), so that `tar xf ARCHIVE -C ~/.debug` lets perf
// name everything, and so that Perfglass opens it directly (ArchiveOpener). An entry missing from the user's
// cache is taken from the recorded path when the file there has the recorded build id (its separate debug
// file from /usr/lib/debug/.build-id), kallsyms from the running kernel when its build id matches, the vdso
// from this process's own image; what cannot be found is listed, never silently dropped.
// --all puts the session and the symbols archive (perf.symbols.tar.bz2) in one file, as perf archive --all.
#pragma once

#include "identity/ArchiveReader.h"
#include "perfdata/SessionMetadata.h"

#include <cstdint>
#include <map>
#include <stop_token>
#include <string>
#include <vector>

namespace perfglass {

struct SessionArchiveOptions {
    std::string sessionPath;
    // When not empty, the files to archive instead of the session's BUILD_ID list (sessionPath is then not
    // read): what a remote recording asks its host for (perfglass-cli host-symbols).
    std::vector<BuildIdEntry> entries;
    std::string outputPath;
    bool all = false;         // the session and its symbols in one archive
    bool symbolsOnly = false; // identity/SymbolsOnlyElf.h
    // symbolsOnly: also measure the full archive's size (SessionArchiveResult::fullBytes), which compresses
    // every file once more; off where nobody is shown the comparison (host-symbols).
    bool measureFullSize = true;
    // ELF addresses of the frames with samples, by build id (lowercase hex): the code symbolsOnly keeps.
    std::map<std::string, std::vector<uint64_t>> sampledAddresses;
    std::string userCache;              // the cache entries come from; BuildIdCache::userRoot() when empty
    std::vector<uint8_t> kernelBuildId; // the running kernel's; its kallsyms is taken when not cached
    std::string kallsymsPath = "/proc/kallsyms";
    std::string debugDirectory =
        "/usr/lib/debug";             // separate debug files by build id (.build-id/XX/REST.debug)
    ArchiveReader::Progress progress; // entries done, of all
    std::stop_token stop;
};

struct SessionArchiveResult {
    std::string path;
    uint64_t bytes = 0;
    uint64_t fullBytes = 0;           // symbolsOnly: the size of the full archive of the same entries
    std::vector<std::string> entries; // "PATH/HEX (from SOURCE)"
    std::vector<std::string> missing; // one line each: what, and why it could not be archived
};

class SessionArchive {
public:
    // Writes the archive; throws Error when the session cannot be read or the archive written, and when the
    // session lists no build id at all (as perf archive: "no build-ids found").
    static SessionArchiveResult write(const SessionArchiveOptions &options);
    // perf archive's names: FILE.tar.bz2 beside the session; with all, perf.all-HOST-DATE.tar.bz2.
    static std::string defaultOutputPath(const std::string &sessionPath, bool all);
};

} // namespace perfglass
