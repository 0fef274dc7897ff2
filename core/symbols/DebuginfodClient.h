// Asks the debuginfod servers of DEBUGINFOD_URLS for a module's debug file or executable by its build id,
// through libdebuginfod (elfutils), loaded only when a server is configured: the library pulls in libcurl and
// two dozen more. Downloads report their progress and stop when the progress callback says so.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

namespace perfglass {

// Called while a debug file downloads: the module, bytes so far and in all (0 when unknown). Returns
// false to stop the download.
using DebuginfodProgress = std::function<bool(const std::string &module, long done, long total)>;

class DebuginfodClient {
public:
    // Whether libdebuginfod could be loaded (once per process).
    static bool available();
    // The debug file's descriptor, its path in *path (malloc'd, for libdw), or a negative errno (-ENOENT:
    // no server has it, -EINTR: stopped by progress).
    static int findDebuginfo(const unsigned char *buildId, int size, const std::string &module,
                             const DebuginfodProgress &progress, char **path);
    // The same for the executable itself (a module whose file is missing here).
    static int findExecutable(const unsigned char *buildId, int size, const std::string &module,
                              const DebuginfodProgress &progress, char **path);

private:
    static int find(bool executable, const unsigned char *buildId, int size, const std::string &module,
                    const DebuginfodProgress &progress, char **path);
};

} // namespace perfglass
