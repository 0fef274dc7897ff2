// Symbols come home after a remote recording: the files with samples that the local build-id cache lacks
// (the session's BUILD_ID list: binaries, libraries, the kernel's kallsyms, the vdso, modules) are fetched
// from the host by build id through `perfglass-cli host-symbols` (symbols-only unless full), and unpacked
// into the local build-id cache, so that the session names, unwinds and annotates here. Files already
// cached are not asked for again.
#pragma once

#include "RemoteRecording.h"

#include <cstddef>
#include <string>
#include <vector>

namespace perfglass::cli {

struct SymbolsFetch {
    size_t listed = 0;        // build ids of the session
    size_t alreadyCached = 0; // of those, in the local cache before
    size_t requested = 0;     // asked of the host
    size_t added = 0;         // files unpacked into the cache
    std::vector<std::string> notes;
};

class RemoteSymbols {
public:
    // cacheRoot: the local build-id cache (--buildid-dir, else $PERF_BUILDID_DIR or ~/.debug).
    RemoteSymbols(const RemoteRecordingSetup &setup, std::string cacheRoot, bool fullBinaries);
    // Throws Error when the session cannot be read or the host's archive cannot be unpacked; a host that
    // cannot give a file lists it on standard error, and the fetch goes on.
    SymbolsFetch fetch(const std::string &sessionPath) const;

private:
    std::string fetchArchive(const std::string &request, const std::string &archivePath) const;

    const RemoteRecordingSetup &setup_;
    std::string cacheRoot_;
    bool full_ = false;
};

} // namespace perfglass::cli
