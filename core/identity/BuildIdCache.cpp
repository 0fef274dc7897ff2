#include "identity/BuildIdCache.h"

#include "base/UniqueFd.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <random>

namespace perfglass {

namespace fs = std::filesystem;

namespace {

// A recorded path that may name an entry: absolute with no empty, "." or ".." component, or one bracketed
// name such as "[kernel.kallsyms]" or "[vdso]".
bool isCacheablePath(std::string_view path) {
    if (path.size() > 2 && path.front() == '[' && path.back() == ']')
        return path.find('/') == std::string_view::npos;
    if (path.size() < 2 || path.front() != '/') return false;
    size_t begin = 1;
    while (begin <= path.size()) {
        size_t end = path.find('/', begin);
        if (end == std::string_view::npos) end = path.size();
        const std::string_view part = path.substr(begin, end - begin);
        if (part.empty() || part == "." || part == "..") return false;
        begin = end + 1;
    }
    return true;
}

bool isRegularFile(const std::string &path) {
    struct stat status {};
    return ::stat(path.c_str(), &status) == 0 && S_ISREG(status.st_mode);
}

std::string errnoText(const std::string &what) {
    return what + ": " + std::strerror(errno);
}

// A name for a file written beside its final name and renamed over it once whole.
std::string temporaryName(const std::string &path) {
    static thread_local std::mt19937_64 random{std::random_device{}()};
    char suffix[24];
    std::snprintf(suffix, sizeof suffix, ".tmp%016llx", static_cast<unsigned long long>(random()));
    return path + suffix;
}

bool writeAll(int fd, const uint8_t *data, size_t size) {
    while (size > 0) {
        const ssize_t written = ::write(fd, data, size);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) return false;
        data += written;
        size -= static_cast<size_t>(written);
    }
    return true;
}

// Copies what fd holds, from its start, to target through a temporary file renamed at the end.
Expected<bool> copyFd(int input, const std::string &source, const std::string &target) {
    const std::string temporary = temporaryName(target);
    UniqueFd output(::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644));
    if (!output.valid()) return unexpected(errnoText(temporary));
    std::vector<uint8_t> buffer(1 << 20);
    off_t offset = 0;
    for (;;) {
        const ssize_t got = ::pread(input, buffer.data(), buffer.size(), offset);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0 || (got > 0 && !writeAll(output.get(), buffer.data(), static_cast<size_t>(got)))) {
            const std::string error = errnoText(got < 0 ? source : temporary);
            ::unlink(temporary.c_str());
            return unexpected(error);
        }
        if (got == 0) break;
        offset += got;
    }
    output.reset();
    if (::rename(temporary.c_str(), target.c_str()) != 0) {
        const std::string error = errnoText(target);
        ::unlink(temporary.c_str());
        return unexpected(error);
    }
    return true;
}

Expected<bool> copyFile(const std::string &source, const std::string &target) {
    const UniqueFd input(::open(source.c_str(), O_RDONLY | O_CLOEXEC));
    if (!input.valid()) return unexpected(errnoText(source));
    return copyFd(input.get(), source, target);
}

Expected<bool> makeDirectories(const std::string &directory) {
    std::error_code error;
    fs::create_directories(directory, error);
    if (error) return unexpected(directory + ": " + error.message());
    return true;
}

} // namespace

std::string buildIdHex(std::span<const uint8_t> buildId) {
    size_t size = buildId.size();
    while (size > 20 && buildId[size - 1] == 0)
        --size;
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string text;
    text.reserve(size * 2);
    for (size_t i = 0; i < size; ++i) {
        text += kDigits[buildId[i] >> 4];
        text += kDigits[buildId[i] & 15];
    }
    return text;
}

std::vector<uint8_t> buildIdFromHex(std::string_view text) {
    if (text.size() < 2 || text.size() > 40 || text.size() % 2 != 0) return {};
    const auto digit = [](char c) -> int {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    };
    std::vector<uint8_t> bytes;
    for (size_t i = 0; i < text.size(); i += 2) {
        const int high = digit(text[i]);
        const int low = digit(text[i + 1]);
        if (high < 0 || low < 0) return {};
        bytes.push_back(static_cast<uint8_t>(high << 4 | low));
    }
    return bytes;
}

BuildIdCache::BuildIdCache(std::string root)
    : root_(std::move(root)) {
    while (root_.size() > 1 && root_.back() == '/')
        root_.pop_back();
}

std::string BuildIdCache::userRoot() {
    if (const char *dir = std::getenv("PERF_BUILDID_DIR"); dir && *dir) return dir;
    if (const char *home = std::getenv("HOME"); home && *home) return std::string(home) + "/.debug";
    return {};
}

std::string BuildIdCache::fileKind(std::string_view recordedPath) {
    if (recordedPath == "[kernel.kallsyms]") return "kallsyms";
    if (recordedPath == "[vdso]") return "vdso";
    return "elf";
}

// Whether path, with every link resolved, lies inside the cache's root (also resolved).
bool BuildIdCache::insideRoot(const std::string &path) const {
    std::error_code error;
    const fs::path root = fs::canonical(root_, error);
    if (error) return false;
    const fs::path resolved = fs::canonical(path, error);
    if (error) return false;
    const std::string rootText = root.string();
    const std::string text = resolved.string();
    return text.size() > rootText.size() && text.compare(0, rootText.size(), rootText) == 0 &&
           (rootText == "/" || text[rootText.size()] == '/');
}

std::string BuildIdCache::entryDirectory(std::span<const uint8_t> buildId) const {
    const std::string hex = buildIdHex(buildId);
    if (hex.size() < 4 || root_.empty()) return {};
    const std::string link = root_ + "/.build-id/" + hex.substr(0, 2) + "/" + hex.substr(2);
    struct stat status {};
    if (::stat(link.c_str(), &status) != 0 || !S_ISDIR(status.st_mode) || !insideRoot(link)) return {};
    return link;
}

std::string BuildIdCache::find(std::span<const uint8_t> buildId, std::string_view kind) const {
    const std::string directory = entryDirectory(buildId);
    if (directory.empty()) return {};
    const std::string file = directory + "/" + std::string(kind);
    return isRegularFile(file) && insideRoot(file) ? file : std::string();
}

Expected<std::string> BuildIdCache::prepareEntry(std::string_view recordedPath,
                                                 std::span<const uint8_t> buildId, std::string_view kind,
                                                 std::string &directory) const {
    const std::string hex = buildIdHex(buildId);
    if (root_.empty()) return unexpected(std::string("no build-id cache directory (HOME is not set)"));
    if (hex.size() < 4) return unexpected(std::string(recordedPath) + ": no build id to keep it by");
    if (!isCacheablePath(recordedPath))
        return unexpected("\"" + std::string(recordedPath) + "\" cannot name a build-id cache entry");
    const std::string kindName = kind.empty() ? fileKind(recordedPath) : std::string(kind);
    const std::string separator = recordedPath.front() == '/' ? "" : "/";
    directory = root_ + separator + std::string(recordedPath) + "/" + hex;
    if (auto made = makeDirectories(directory); !made) return unexpected(made.error());
    if (!insideRoot(directory))
        return unexpected(directory + " leads outside the build-id cache " + root_ + " (a link in the way)");
    return directory + "/" + kindName;
}

// ROOT/.build-id/XX/REST -> ../../PATH/HEX, as perf makes it; an existing link is kept.
Expected<bool> BuildIdCache::linkBuildId(std::span<const uint8_t> buildId,
                                         const std::string &directory) const {
    const std::string hex = buildIdHex(buildId);
    const std::string linkDirectory = root_ + "/.build-id/" + hex.substr(0, 2);
    if (auto made = makeDirectories(linkDirectory); !made) return made;
    const std::string link = linkDirectory + "/" + hex.substr(2);
    const std::string target = "../.." + directory.substr(root_.size());
    if (::symlink(target.c_str(), link.c_str()) != 0 && errno != EEXIST) return unexpected(errnoText(link));
    return true;
}

Expected<std::string> BuildIdCache::add(std::string_view recordedPath, std::span<const uint8_t> buildId,
                                        const std::string &sourcePath, std::string_view kind) {
    std::string directory;
    auto file = prepareEntry(recordedPath, buildId, kind, directory);
    if (!file) return file;
    if (!isRegularFile(*file) && ::link(sourcePath.c_str(), file->c_str()) != 0) {
        if (auto copied = copyFile(sourcePath, *file); !copied) return unexpected(copied.error());
    }
    if (auto linked = linkBuildId(buildId, directory); !linked) return unexpected(linked.error());
    return file;
}

Expected<std::string> BuildIdCache::addFromFd(std::string_view recordedPath, std::span<const uint8_t> buildId,
                                              int fd, std::string_view kind) {
    std::string directory;
    auto file = prepareEntry(recordedPath, buildId, kind, directory);
    if (!file) return file;
    const std::string source = "/proc/self/fd/" + std::to_string(fd);
    if (!isRegularFile(*file) &&
        ::linkat(AT_FDCWD, source.c_str(), AT_FDCWD, file->c_str(), AT_SYMLINK_FOLLOW) != 0) {
        if (auto copied = copyFd(fd, std::string(recordedPath), *file); !copied)
            return unexpected(copied.error());
    }
    if (auto linked = linkBuildId(buildId, directory); !linked) return unexpected(linked.error());
    return file;
}

Expected<std::string> BuildIdCache::addBytes(std::string_view recordedPath, std::span<const uint8_t> buildId,
                                             std::span<const uint8_t> bytes, std::string_view kind) {
    std::string directory;
    auto file = prepareEntry(recordedPath, buildId, kind, directory);
    if (!file) return file;
    if (!isRegularFile(*file)) {
        const std::string temporary = temporaryName(*file);
        UniqueFd output(::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644));
        if (!output.valid()) return unexpected(errnoText(temporary));
        const bool written = writeAll(output.get(), bytes.data(), bytes.size());
        output.reset();
        if (!written || ::rename(temporary.c_str(), file->c_str()) != 0) {
            const std::string error = errnoText(*file);
            ::unlink(temporary.c_str());
            return unexpected(error);
        }
    }
    if (auto linked = linkBuildId(buildId, directory); !linked) return unexpected(linked.error());
    return file;
}

std::vector<BuildIdCache::Entry> BuildIdCache::entries() const {
    std::vector<Entry> found;
    std::error_code error;
    for (const auto &prefix : fs::directory_iterator(root_ + "/.build-id", error)) {
        const std::string head = prefix.path().filename().string();
        if (head.size() != 2) continue;
        for (const auto &link : fs::directory_iterator(prefix.path(), error)) {
            const auto buildId = buildIdFromHex(head + link.path().filename().string());
            const std::string directory = buildId.empty() ? std::string() : entryDirectory(buildId);
            if (directory.empty()) continue;
            const fs::path target = fs::read_symlink(link.path(), error);
            std::string relative = target.string(); // ../../PATH/HEX
            if (error || !relative.starts_with("../../")) continue;
            relative = relative.substr(5); // /PATH/HEX
            const size_t slash = relative.rfind('/');
            if (slash == 0 || slash == std::string::npos) continue;
            std::string recorded = relative.substr(0, slash);
            if (recorded.size() > 1 && recorded[1] == '[') recorded.erase(0, 1); // /[vdso] -> [vdso]
            found.push_back({std::move(recorded), buildId, directory});
        }
    }
    return found;
}

} // namespace perfglass
