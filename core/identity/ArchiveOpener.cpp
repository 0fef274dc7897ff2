#include "identity/ArchiveOpener.h"

#include "base/Cancellation.h"
#include "base/Error.h"
#include "base/UniqueFd.h"

#include <fcntl.h>
#include <nettle/sha2.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <random>

namespace perfglass {

namespace fs = std::filesystem;

namespace {

constexpr const char *kSymbols = "symbols";
constexpr const char *kSession = "session";
constexpr const char *kUnpacked = "unpacked";

bool isSessionFile(const fs::path &path) {
    const UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
    char magic[8] = {};
    return fd.valid() && ::pread(fd.get(), magic, sizeof magic, 0) == 8 &&
           std::memcmp(magic, "PERFILE2", 8) == 0;
}

// SHA-256 of the archive's bytes, in hex: the name of its private cache.
// Progress reports a quarter of the work for hashing, the rest for unpacking.
std::string sha256OfFile(const std::string &path, const std::stop_token &stop,
                         const ArchiveReader::Progress &progress) {
    const UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
    if (!fd.valid()) throw Error(systemErrorMessage(path, errno));
    sha256_ctx context;
    sha256_init(&context);
    std::vector<uint8_t> buffer(1 << 20);
    struct stat status {};
    const uint64_t size = ::fstat(fd.get(), &status) == 0 ? static_cast<uint64_t>(status.st_size) : 0;
    uint64_t done = 0;
    for (;;) {
        throwIfCancelled(stop);
        const ssize_t got = ::read(fd.get(), buffer.data(), buffer.size());
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) throw Error(systemErrorMessage(path, errno));
        if (got == 0) break;
        sha256_update(&context, static_cast<size_t>(got), buffer.data());
        done += static_cast<uint64_t>(got);
        if (progress) progress(done / 4, size);
    }
    uint8_t digest[SHA256_DIGEST_SIZE];
    sha256_digest(&context, sizeof digest, digest);
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string hex;
    for (const uint8_t byte : digest) {
        hex += kDigits[byte >> 4];
        hex += kDigits[byte & 15];
    }
    return hex;
}

std::string partialName(const std::string &directory) {
    std::random_device random;
    return directory + ".partial-" + std::to_string(::getpid()) + "-" + std::to_string(random());
}

// The session a plain archive of symbols belongs to: perf archive names it FILE.tar.bz2 beside FILE.
std::string sessionBeside(const std::string &archivePath) {
    const std::string name = fs::path(archivePath).filename().string();
    const size_t tar = name.rfind(".tar");
    if (tar == std::string::npos || tar == 0) return {};
    const fs::path session = fs::path(archivePath).parent_path() / name.substr(0, tar);
    return isSessionFile(session) ? session.string() : std::string();
}

// Copies the checked tree at from into the cache at to, keeping what is there; returns the files copied.
size_t mergeTree(const fs::path &from, const fs::path &to) {
    size_t copied = 0;
    std::error_code error;
    fs::create_directories(to, error);
    if (error) throw Error(to.string() + ": " + error.message());
    for (auto it = fs::recursive_directory_iterator(from); it != fs::recursive_directory_iterator(); ++it) {
        const fs::path target = to / it->path().lexically_relative(from);
        if (fs::symlink_status(target, error).type() != fs::file_type::not_found) continue;
        if (it->is_symlink())
            fs::create_symlink(fs::read_symlink(it->path()), target, error);
        else if (it->is_directory())
            fs::create_directory(target, error);
        else if (it->is_regular_file() && fs::copy_file(it->path(), target, error))
            ++copied;
        if (error) throw Error(target.string() + ": " + error.message());
    }
    return copied;
}

} // namespace

ArchiveOpener::ArchiveOpener(ArchiveOpenOptions options)
    : options_(std::move(options)) {
    if (options_.privateCache.empty()) options_.privateCache = privateArchiveCache();
}

std::string ArchiveOpener::privateArchiveCache() {
    if (const char *cache = std::getenv("XDG_CACHE_HOME"); cache && *cache)
        return std::string(cache) + "/perfglass/archives";
    if (const char *home = std::getenv("HOME"); home && *home)
        return std::string(home) + "/.cache/perfglass/archives";
    return {};
}

ArchiveOpener::Unpacked ArchiveOpener::layoutOf(const std::string &directory) {
    Unpacked unpacked;
    unpacked.directory = directory;
    std::error_code error;
    if (fs::is_directory(fs::path(directory) / kSymbols, error))
        unpacked.symbols = (fs::path(directory) / kSymbols).string();
    std::vector<std::string> sessions;
    for (const auto &file : fs::directory_iterator(fs::path(directory) / kSession, error))
        if (file.is_regular_file()) sessions.push_back(file.path().string());
    std::sort(sessions.begin(), sessions.end());
    const auto named = std::find_if(sessions.begin(), sessions.end(),
                                    [](const std::string &path) { return path.ends_with("/perf.data"); });
    if (named != sessions.end())
        unpacked.session = *named;
    else if (!sessions.empty())
        unpacked.session = sessions.front();
    return unpacked;
}

// Turns partial/unpacked into partial/symbols (a build-id cache) and partial/session/NAME: an archive of
// symbols is the cache itself; an --all archive holds sessions and nested archives of symbols.
void ArchiveOpener::organize(const std::string &archivePath, const std::string &partial,
                             UnpackBudget &budget) const {
    const fs::path unpacked = fs::path(partial) / kUnpacked;
    if (fs::is_directory(unpacked / ".build-id")) {
        fs::rename(unpacked, fs::path(partial) / kSymbols);
        return;
    }
    bool found = false;
    std::vector<fs::path> files;
    for (const auto &file : fs::recursive_directory_iterator(unpacked))
        if (file.is_regular_file() && !file.is_symlink()) files.push_back(file.path());
    std::sort(files.begin(), files.end());
    for (const fs::path &file : files) {
        if (isSessionFile(file)) {
            fs::create_directories(fs::path(partial) / kSession);
            fs::rename(file, fs::path(partial) / kSession / file.filename());
            found = true;
        } else if (looksLikeArchive(file.string())) {
            ArchiveReader nested = ArchiveReader::openFile(
                file.string(), archivePath + ": " + file.lexically_relative(unpacked).string());
            nested.extractTo((fs::path(partial) / kSymbols).string(), budget, {}, options_.stop);
            fs::remove(file);
            found = true;
        }
    }
    fs::remove_all(unpacked);
    if (!found)
        throw Error(archivePath + ": holds neither a build-id cache (.build-id/) nor a session (perf.data)");
}

ArchiveOpener::Unpacked ArchiveOpener::unpackPrivately(const std::string &archivePath) const {
    if (options_.privateCache.empty())
        throw Error(archivePath +
                    ": no directory to unpack it into (neither XDG_CACHE_HOME nor HOME is set)");
    const std::string directory =
        options_.privateCache + "/" + sha256OfFile(archivePath, options_.stop, options_.progress);
    std::error_code error;
    if (fs::is_directory(directory, error)) {
        Unpacked unpacked = layoutOf(directory);
        unpacked.reused = true;
        keepRecent(unpacked);
        return unpacked;
    }
    fs::create_directories(options_.privateCache, error);
    if (error) throw Error(options_.privateCache + ": " + error.message());
    const std::string partial = partialName(directory);
    try {
        ArchiveReader reader = ArchiveReader::openFile(archivePath);
        UnpackBudget budget(options_.limits, fs::file_size(archivePath));
        const auto unpacking = [this](uint64_t done, uint64_t total) {
            if (options_.progress) options_.progress(total / 4 + done / 4 * 3, total);
        };
        reader.extractTo((fs::path(partial) / kUnpacked).string(), budget, unpacking, options_.stop);
        organize(archivePath, partial, budget);
    } catch (const fs::filesystem_error &failure) {
        fs::remove_all(partial, error);
        throw Error(archivePath + ": " + failure.what());
    } catch (...) {
        fs::remove_all(partial, error);
        throw;
    }
    // Another process may have unpacked the same archive meanwhile: then its copy is used and ours goes.
    if (::rename(partial.c_str(), directory.c_str()) != 0) fs::remove_all(partial, error);
    Unpacked unpacked = layoutOf(directory);
    keepRecent(unpacked);
    return unpacked;
}

void ArchiveOpener::keepRecent(Unpacked &unpacked) const {
    ArchiveCachePruner::touch(unpacked.directory);
    unpacked.pruned =
        ArchiveCachePruner(options_.privateCache, options_.cacheLimit).prune(unpacked.directory);
}

std::string ArchiveOpener::prunedNotice(const PrunedArchives &pruned, uint64_t limit) {
    if (pruned.removed == 0) return {};
    const auto size = [](uint64_t bytes) {
        if (bytes >= (1ull << 30)) return std::to_string((bytes + (1ull << 30) - 1) >> 30) + " GiB";
        if (bytes >= (1ull << 20)) return std::to_string((bytes + (1ull << 20) - 1) >> 20) + " MiB";
        return std::to_string((bytes + 1023) >> 10) + " KiB";
    };
    return "removed " + std::to_string(pruned.removed) + " archive" + (pruned.removed == 1 ? "" : "s") +
           " unpacked earlier (" + size(pruned.removedBytes) + ") to keep the private cache under " +
           size(limit);
}

OpenedSession ArchiveOpener::open(const std::string &path) const {
    OpenedSession opened;
    if (!looksLikeArchive(path)) {
        opened.sessionPath = path;
        const std::string beside = path + ".tar.bz2";
        std::error_code error;
        if (path == "-" || !fs::is_regular_file(beside, error)) return opened;
        // The session itself is fine: an archive beside it that cannot be used costs only its symbols.
        Unpacked unpacked;
        try {
            unpacked = unpackPrivately(beside);
        } catch (const Error &refused) {
            opened.notices.push_back(std::string("not used: ") + refused.what());
            return opened;
        }
        if (!unpacked.symbols.empty()) opened.buildIdCaches.push_back(unpacked.symbols);
        opened.notices.push_back("symbols from " + beside +
                                 (unpacked.reused ? ", unpacked before in " : ", unpacked into ") +
                                 unpacked.directory);
        if (const std::string pruned = prunedNotice(unpacked.pruned, options_.cacheLimit); !pruned.empty())
            opened.notices.push_back(pruned);
        return opened;
    }
    const Unpacked unpacked = unpackPrivately(path);
    opened.sessionPath = unpacked.session.empty() ? sessionBeside(path) : unpacked.session;
    if (opened.sessionPath.empty())
        throw Error(path +
                    ": an archive of symbols without its session: open the session (perf.data) it belongs "
                    "to, with the archive beside it as SESSION.tar.bz2");
    if (!unpacked.symbols.empty()) opened.buildIdCaches.push_back(unpacked.symbols);
    opened.notices.push_back(path + (unpacked.reused ? ": unpacked before in " : ": unpacked into ") +
                             unpacked.directory);
    if (const std::string pruned = prunedNotice(unpacked.pruned, options_.cacheLimit); !pruned.empty())
        opened.notices.push_back(pruned);
    return opened;
}

std::vector<std::string> ArchiveOpener::unpackIntoCache(const std::string &archivePath,
                                                        const std::string &root,
                                                        const std::string &sessionDirectory) const {
    const Unpacked unpacked = unpackPrivately(archivePath);
    std::vector<std::string> done;
    if (!unpacked.symbols.empty()) {
        const size_t files = mergeTree(unpacked.symbols, root);
        done.push_back(std::to_string(files) + " files unpacked into " + root +
                       (files == 0 ? " (every entry was there already)" : ""));
    }
    if (!unpacked.session.empty()) {
        const fs::path target = fs::path(sessionDirectory) / fs::path(unpacked.session).filename();
        std::error_code error;
        if (fs::exists(target, error)) {
            done.push_back(target.string() + " exists: the archive's session was not copied over it");
        } else {
            fs::copy_file(unpacked.session, target, error);
            if (error) throw Error(target.string() + ": " + error.message());
            done.push_back("the session: " + target.string());
        }
    }
    return done;
}

} // namespace perfglass
