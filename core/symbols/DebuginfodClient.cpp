#include "symbols/DebuginfodClient.h"

#include "identity/BuildIdCache.h"

#include <dlfcn.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>

namespace perfglass {

namespace {

struct Client; // debuginfod_client, opaque
using ProgressFn = int (*)(Client *, long, long);

// libdebuginfod's entry points (elfutils/debuginfod.h), resolved at run time.
struct Library {
    Client *(*begin)() = nullptr;
    using FindFn = int (*)(Client *, const unsigned char *, int, char **);
    FindFn findDebuginfo = nullptr;
    FindFn findExecutable = nullptr;
    void (*setProgressfn)(Client *, ProgressFn) = nullptr;
    void (*setUserData)(Client *, void *) = nullptr;
    void *(*getUserData)(Client *) = nullptr;
    void (*end)(Client *) = nullptr;

    bool loaded() const {
        return begin && findDebuginfo && findExecutable && setProgressfn && setUserData && getUserData && end;
    }
};

template <typename T> void resolve(void *handle, const char *name, T &out) {
    out = reinterpret_cast<T>(::dlsym(handle, name));
}

const Library &library() {
    static const Library loaded = [] {
        Library lib;
        void *handle = ::dlopen("libdebuginfod.so.1", RTLD_NOW | RTLD_LOCAL); // kept for the process
        if (!handle) return lib;
        resolve(handle, "debuginfod_begin", lib.begin);
        resolve(handle, "debuginfod_find_debuginfo", lib.findDebuginfo);
        resolve(handle, "debuginfod_find_executable", lib.findExecutable);
        resolve(handle, "debuginfod_set_progressfn", lib.setProgressfn);
        resolve(handle, "debuginfod_set_user_data", lib.setUserData);
        resolve(handle, "debuginfod_get_user_data", lib.getUserData);
        resolve(handle, "debuginfod_end", lib.end);
        return lib;
    }();
    return loaded;
}

struct Download {
    const std::string &module;
    const DebuginfodProgress &progress;
    bool stopped = false;
};

int onProgress(Client *client, long done, long total) {
    auto *download = static_cast<Download *>(library().getUserData(client));
    if (!download || !download->progress) return 0;
    download->stopped = !download->progress(download->module, done, total);
    return download->stopped ? 1 : 0; // non-zero stops the transfer
}

// libdebuginfod remembers a failed query for a while (cache_miss_s, 10 minutes by default) as an empty file
// where the debug file would be. A download the user stopped is no failure: the mark is removed, so that the
// next load asks again.
void forgetStoppedDownload(const unsigned char *buildId, int size, const char *kind) {
    std::string cache;
    if (const char *path = std::getenv("DEBUGINFOD_CACHE_PATH"); path && *path)
        cache = path;
    else if (const char *xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
        cache = std::string(xdg) + "/debuginfod_client";
    else if (const char *home = std::getenv("HOME"); home && *home)
        cache = std::string(home) + "/.cache/debuginfod_client";
    else
        return;
    const std::string mark = cache + "/" + buildIdHex({buildId, static_cast<size_t>(size)}) + "/" + kind;
    struct stat info {};
    if (::stat(mark.c_str(), &info) == 0 && S_ISREG(info.st_mode) && info.st_size == 0)
        ::unlink(mark.c_str());
}

} // namespace

bool DebuginfodClient::available() {
    return library().loaded();
}

int DebuginfodClient::findDebuginfo(const unsigned char *buildId, int size, const std::string &module,
                                    const DebuginfodProgress &progress, char **path) {
    return find(false, buildId, size, module, progress, path);
}

int DebuginfodClient::findExecutable(const unsigned char *buildId, int size, const std::string &module,
                                     const DebuginfodProgress &progress, char **path) {
    return find(true, buildId, size, module, progress, path);
}

int DebuginfodClient::find(bool executable, const unsigned char *buildId, int size, const std::string &module,
                           const DebuginfodProgress &progress, char **path) {
    const Library &lib = library();
    if (!lib.loaded()) return -ENOSYS;
    Client *client = lib.begin();
    if (!client) return -ENOMEM;
    Download download{module, progress};
    lib.setUserData(client, &download);
    lib.setProgressfn(client, onProgress);
    const int fd = (executable ? lib.findExecutable : lib.findDebuginfo)(client, buildId, size, path);
    lib.end(client);
    if (fd < 0 && download.stopped)
        forgetStoppedDownload(buildId, size, executable ? "executable" : "debuginfo");
    return fd;
}

} // namespace perfglass
