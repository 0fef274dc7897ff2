#include "symbols/ModuleFinder.h"

#include "base/ProcFs.h"
#include "base/UniqueFd.h"
#include "base/WallClock.h"
#include "identity/BuildIdCache.h"
#include "identity/ElfBuildId.h"
#include "symbols/DebuginfodClient.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace perfglass {

namespace {

bool readable(const std::string &path) {
    return ::access(path.c_str(), R_OK) == 0;
}

std::string whyUnreadable(const std::string &path) {
    return readable(path) ? std::string() : path + ": " + std::strerror(errno);
}

std::string fileName(const std::string &path) {
    return path.substr(path.rfind('/') + 1);
}

// The first candidate of the recorded path itself (sysroot, then the path), then library directories by name.
std::vector<std::string> pathCandidates(const std::string &path, const ModuleSearch &search) {
    std::vector<std::string> files;
    const bool absolute = !path.empty() && path.front() == '/';
    if (absolute && !search.sysroot.empty()) files.push_back(search.sysroot + path);
    files.push_back(path);
    const std::string name = absolute ? fileName(path) : std::string();
    if (!name.empty())
        for (const auto &directory : search.libraryPaths)
            files.push_back(directory + "/" + name);
    return files;
}

// This process's own vdso image, handed to libdw through a memory file. The vdso is not a file: the
// recorded one is this image when the kernel is the same.
Expected<std::unique_ptr<ElfSymbols>> openOwnVdso(std::vector<uint8_t> &buildId) {
    const std::span<const uint8_t> image = ownVdsoImage();
    if (image.empty())
        return unexpected(std::string("[vdso]: this process has no vdso to read symbols from"));
    const UniqueFd fd(::memfd_create("perfglass-vdso", MFD_CLOEXEC));
    if (!fd.valid()) return unexpected(std::string("[vdso]: memfd_create failed"));
    if (::write(fd.get(), image.data(), image.size()) != static_cast<ssize_t>(image.size()))
        return unexpected(std::string("[vdso]: could not copy the image"));
    buildId = elfBuildIdOfFd(fd.get());
    return ElfSymbols::open(fmt::format("/proc/self/fd/{}", fd.get()));
}

bool debuginfodConfigured() {
    const char *urls = std::getenv("DEBUGINFOD_URLS");
    return urls && *urls;
}

} // namespace

ModuleFinder::ModuleFinder(ModuleSearch search)
    : search_(std::move(search)) {}

bool ModuleFinder::sameBuildId(std::span<const uint8_t> recorded, std::span<const uint8_t> file) {
    if (file.empty() || file.size() > recorded.size() ||
        !std::equal(file.begin(), file.end(), recorded.begin()))
        return false;
    return std::all_of(recorded.begin() + static_cast<std::ptrdiff_t>(file.size()), recorded.end(),
                       [](uint8_t byte) { return byte == 0; });
}

std::string ModuleFinder::cached(std::span<const uint8_t> buildId, std::string_view kind) const {
    if (buildId.empty()) return {};
    for (const auto &root : search_.buildIdCaches) {
        if (root.empty()) continue;
        std::string file = BuildIdCache(root).find(buildId, kind);
        if (!file.empty()) return file;
    }
    return {};
}

DebugSearch ModuleFinder::debugSearch(std::string debugFile) const {
    return {search_.debugPaths, std::move(debugFile), search_.debuginfodProgress};
}

Expected<FoundModule> ModuleFinder::open(const RecordedModule &module) const {
    if (module.path == "[vdso]") return openVdso(module);
    return module.buildId.empty() ? openUnproven(module) : openProven(module);
}

// Every file that may hold the module, in lookup order (the header's steps 1 to 5).
std::vector<ModuleFinder::Candidate> ModuleFinder::candidates(const RecordedModule &module) const {
    std::vector<Candidate> found;
    const std::string debugFile = cached(module.buildId, "debug");
    const auto add = [&](std::string file, const std::string &debug) {
        if (std::none_of(found.begin(), found.end(), [&](const Candidate &c) { return c.file == file; }))
            found.push_back({std::move(file), debug});
    };
    for (const auto &root : search_.buildIdCaches) {
        if (root.empty()) continue;
        const BuildIdCache cache(root);
        const std::string elf = cache.find(module.buildId, "elf");
        const std::string debug = cache.find(module.buildId, "debug");
        if (!elf.empty())
            add(elf, debug.empty() ? debugFile : debug);
        else if (!debug.empty())
            add(debug, {});
    }
    const bool absolute = !module.path.empty() && module.path.front() == '/';
    // A file deleted or replaced since it was mapped ("/x (deleted)"): what its path holds now is a candidate
    // too, used only when it has the recorded build id (the same build put back), else named in the notice.
    std::vector<std::string> paths{module.path};
    if (const std::string_view mark = " (deleted)"; module.path.ends_with(mark))
        paths.push_back(module.path.substr(0, module.path.size() - mark.size()));
    for (const std::string &path : paths) {
        for (uint32_t pid : module.pids)
            if (absolute) add(fmt::format("/proc/{}/root{}", pid, path), debugFile);
        for (auto &file : pathCandidates(path, search_))
            add(std::move(file), debugFile);
    }
    const std::string hex = buildIdHex(module.buildId);
    std::vector<std::string> debugDirectories = search_.debugPaths;
    debugDirectories.emplace_back("/usr/lib/debug");
    for (const auto &directory : debugDirectories)
        add(directory + "/.build-id/" + hex.substr(0, 2) + "/" + hex.substr(2) + ".debug", {});
    return found;
}

std::string ModuleFinder::advice() const {
    std::vector<std::string> roots;
    for (const auto &root : search_.buildIdCaches)
        if (!root.empty()) roots.push_back(root);
    const std::string caches =
        roots.empty() ? std::string("no build-id cache was searched")
                      : fmt::format("the file that ran is in no build-id cache ({})", fmt::join(roots, ", "));
    return caches +
           ": unpack the session's archive (made by `perfglass-cli archive` or `perf archive` on the "
           "recording machine) into one, or give --sysroot, --library-path or --buildid-dir where the "
           "files that ran are";
}

// A module with a recorded build id: the first file with that id.
Expected<FoundModule> ModuleFinder::openProven(const RecordedModule &module) const {
    const std::string wanted = buildIdHex(module.buildId);
    std::vector<std::string> others; // files found with another build id, or none
    std::string firstProblem;
    for (const Candidate &candidate : candidates(module)) {
        if (!readable(candidate.file)) continue;
        const std::vector<uint8_t> id = elfBuildIdOfFile(candidate.file);
        if (!sameBuildId(module.buildId, id)) {
            others.push_back(id.empty() ? candidate.file + " has no build id"
                                        : fmt::format("{} has build id {}", candidate.file, buildIdHex(id)));
            continue;
        }
        auto symbols = ElfSymbols::open(candidate.file, debugSearch(candidate.debugFile));
        if (symbols) return FoundModule{std::move(*symbols), candidate.file, {}};
        if (firstProblem.empty()) firstProblem = symbols.error();
    }
    if (auto downloaded = fromDebuginfod(module)) return downloaded;
    if (!firstProblem.empty()) return unexpected(firstProblem);
    if (others.empty())
        return unexpected(fmt::format("no file with the recorded build id {} was found ({}); {}", wanted,
                                      whyUnreadable(module.path), advice()));
    return unexpected(fmt::format("{}, but the recording has {}: a different file, not used; {}",
                                  fmt::join(others, "; "), wanted, advice()));
}

// debuginfod's copy of the executable, for a module whose file is nowhere here.
Expected<FoundModule> ModuleFinder::fromDebuginfod(const RecordedModule &module) const {
    if (!debuginfodConfigured() || !DebuginfodClient::available())
        return unexpected(std::string("debuginfod is not asked"));
    char *downloaded = nullptr;
    const UniqueFd fd(DebuginfodClient::findExecutable(module.buildId.data(),
                                                       static_cast<int>(module.buildId.size()), module.path,
                                                       search_.debuginfodProgress, &downloaded));
    const std::string file = downloaded ? downloaded : "";
    std::free(downloaded);
    if (!fd.valid() || file.empty()) return unexpected(std::string("debuginfod has no executable"));
    if (!sameBuildId(module.buildId, elfBuildIdOfFd(fd.get())))
        return unexpected(file + ": debuginfod sent a file with another build id");
    auto symbols = ElfSymbols::open(file, debugSearch(cached(module.buildId, "debug")));
    if (!symbols) return unexpected(symbols.error());
    return FoundModule{std::move(*symbols), file, {}};
}

// A module without build id: the first file at its recorded path (under the sysroot first) or by its name in
// the library directories, as found; a file changed since the recording is named with a warning.
Expected<FoundModule> ModuleFinder::openUnproven(const RecordedModule &module) const {
    const std::vector<std::string> files = pathCandidates(module.path, search_);
    const auto found = std::find_if(files.begin(), files.end(), readable);
    const std::string file = found != files.end() ? *found : module.path;
    auto symbols = ElfSymbols::open(file, debugSearch({}));
    if (!symbols) return unexpected(symbols.error());
    FoundModule result{std::move(*symbols), file, otherFileInProcessRoot(module, file)};
    if (!result.warning.empty()) return result;
    struct stat status {};
    if (search_.recordingTimeNs > 0 && ::stat(file.c_str(), &status) == 0 &&
        nanosecondsOf(status.st_mtim) > search_.recordingTimeNs)
        result.warning = fmt::format(
            "{} changed after the session was recorded, and the session has no build id to tell whether it "
            "is the file that ran: its names may be another build's",
            file);
    return result;
}

// Where a process that mapped a module without build id still runs and sees another file at its path (its own
// mount namespace), the file used may not be the one that ran: said in a warning.
std::string ModuleFinder::otherFileInProcessRoot(const RecordedModule &module,
                                                 const std::string &file) const {
    if (module.path.empty() || module.path.front() != '/') return {};
    struct stat used {};
    if (::stat(file.c_str(), &used) != 0) return {};
    const std::vector<uint8_t> usedId = elfBuildIdOfFile(file);
    for (uint32_t pid : module.pids) {
        const std::string own = fmt::format("/proc/{}/root{}", pid, module.path);
        struct stat seen {};
        if (::stat(own.c_str(), &seen) != 0 || (seen.st_dev == used.st_dev && seen.st_ino == used.st_ino))
            continue;
        const std::vector<uint8_t> ownId = elfBuildIdOfFile(own);
        if (!usedId.empty() && ownId == usedId) continue;
        return fmt::format(
            "{} was used, but process {} sees another file at {} (build id {}), and the session "
            "has no build id to tell which one ran: its names may be wrong",
            file, pid, module.path, ownId.empty() ? std::string("none") : buildIdHex(ownId));
    }
    return {};
}

Expected<FoundModule> ModuleFinder::openVdso(const RecordedModule &module) const {
    if (const std::string file = cached(module.buildId, "vdso"); !file.empty()) {
        if (sameBuildId(module.buildId, elfBuildIdOfFile(file))) {
            auto symbols = ElfSymbols::open(file);
            if (symbols) return FoundModule{std::move(*symbols), file, {}};
        }
    }
    if (module.buildId.empty() && !search_.vdsoOfThisMachine)
        return unexpected(std::string("[vdso] of another kernel: its image is not in the recording"));
    std::vector<uint8_t> ownId;
    auto own = openOwnVdso(ownId);
    if (!own) return unexpected(own.error());
    if (!module.buildId.empty() && !sameBuildId(module.buildId, ownId))
        return unexpected(fmt::format("this kernel's [vdso] has build id {}, but the recording has {}: the "
                                      "session comes from another kernel, and {}",
                                      buildIdHex(ownId), buildIdHex(module.buildId), advice()));
    return FoundModule{std::move(*own), {}, {}};
}

// The file is proven again: between loading and annotating, the recorded path may have been rebuilt or an
// archive's private cache pruned. Where it no longer holds the build id, the caches' copy is the file.
Expected<std::unique_ptr<ElfSymbols>> ModuleFinder::reopen(const std::string &file,
                                                           std::span<const uint8_t> buildId) const {
    const std::string debug = cached(buildId, "debug");
    if (buildId.empty() || sameBuildId(buildId, elfBuildIdOfFile(file)))
        return ElfSymbols::open(file, debugSearch(debug));
    if (const std::string copy = cached(buildId, "elf");
        !copy.empty() && sameBuildId(buildId, elfBuildIdOfFile(copy)))
        return ElfSymbols::open(copy, debugSearch(debug));
    const std::vector<uint8_t> now = elfBuildIdOfFile(file);
    return unexpected(fmt::format("{} now has {}, but the session's frames were named from a file with build "
                                  "id {}: a different file, not read; {}",
                                  file,
                                  now.empty() ? std::string("no build id") : "build id " + buildIdHex(now),
                                  buildIdHex(buildId), advice()));
}

} // namespace perfglass
