#include "SafeFile.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <memory>

namespace perfglass::helper {

namespace {

std::vector<std::string> splitPath(const std::string &path) {
    std::vector<std::string> parts;
    size_t start = 0;
    while (start < path.size()) {
        const size_t end = path.find('/', start);
        const size_t stop = end == std::string::npos ? path.size() : end;
        if (stop > start) parts.push_back(path.substr(start, stop - start));
        start = stop + 1;
    }
    return parts;
}

bool isPlainComponent(const std::string &name) {
    return !name.empty() && name != "." && name != ".." && name.find('/') == std::string::npos;
}

// Explains a failed openat of name in dirFd: a symlink is refused by name, a missing file is FileNotFound.
Status openFailure(int dirFd, const std::string &name, int error) {
    struct stat info {};
    if (::fstatat(dirFd, name.c_str(), &info, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(info.st_mode))
        return makeStatus(ErrorCode::SymlinkRefused,
                          "'" + name + "' is a symbolic link, which the helper never follows", ELOOP);
    if (error == ENOENT) return makeStatus(ErrorCode::FileNotFound, "'" + name + "' does not exist", error);
    return makeStatus(ErrorCode::ReadFailed, "cannot open '" + name + "': " + std::strerror(error), error);
}

Status openAt(int dirFd, const std::string &name, bool directory, UniqueFd &out) {
    if (!isPlainComponent(name))
        return makeStatus(ErrorCode::NameInvalid, "'" + name + "' is not a single path component");
    const int flags = O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK | (directory ? O_DIRECTORY : 0);
    UniqueFd fd(::openat(dirFd, name.c_str(), flags));
    if (!fd.valid()) return openFailure(dirFd, name, errno);
    struct stat info {};
    if (::fstat(fd.get(), &info) != 0)
        return makeStatus(ErrorCode::ReadFailed, "cannot stat '" + name + "': " + std::strerror(errno),
                          errno);
    if (directory ? !S_ISDIR(info.st_mode) : !S_ISREG(info.st_mode))
        return makeStatus(ErrorCode::ReadFailed,
                          "'" + name + "' is not a " + (directory ? "directory" : "regular file"));
    out = std::move(fd);
    return Status::success();
}

Status walk(const std::string &absolutePath, bool lastIsDirectory, UniqueFd &out) {
    if (absolutePath.empty() || absolutePath[0] != '/')
        return makeStatus(ErrorCode::NameInvalid, "'" + absolutePath + "' is not an absolute path");
    UniqueFd current(::open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (!current.valid())
        return makeStatus(ErrorCode::ReadFailed, std::string("cannot open /: ") + std::strerror(errno),
                          errno);
    const std::vector<std::string> parts = splitPath(absolutePath);
    for (size_t i = 0; i < parts.size(); ++i) {
        UniqueFd next;
        const bool directory = i + 1 < parts.size() || lastIsDirectory;
        Status status = openAt(current.get(), parts[i], directory, next);
        if (!status.ok()) {
            status.message = absolutePath + ": " + status.message;
            return status;
        }
        current = std::move(next);
    }
    out = std::move(current);
    return Status::success();
}

} // namespace

Status openDirectoryNoFollow(const std::string &absolutePath, UniqueFd &out) {
    return walk(absolutePath, true, out);
}

Status openFileNoFollow(const std::string &absolutePath, UniqueFd &out) {
    return walk(absolutePath, false, out);
}

Status openDirectoryAt(int dirFd, const std::string &name, UniqueFd &out) {
    return openAt(dirFd, name, true, out);
}

Status openFileAt(int dirFd, const std::string &name, UniqueFd &out) {
    return openAt(dirFd, name, false, out);
}

Status readBounded(int fd, uint64_t limit, const std::string &what, std::string &out) {
    out.clear();
    char buffer[65536];
    for (;;) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0)
            return makeStatus(ErrorCode::ReadFailed, "cannot read " + what + ": " + std::strerror(errno),
                              errno);
        if (n == 0) return Status::success();
        if (out.size() + static_cast<size_t>(n) > limit)
            return makeStatus(ErrorCode::ContentTooLarge,
                              what + " holds more than the limit of " + std::to_string(limit) + " bytes");
        out.append(buffer, static_cast<size_t>(n));
    }
}

Status listDirectory(int fd, size_t limit, const std::string &what, std::vector<std::string> &names) {
    names.clear();
    UniqueFd copy(::fcntl(fd, F_DUPFD_CLOEXEC, 0));
    if (!copy.valid())
        return makeStatus(ErrorCode::ReadFailed, "cannot list " + what + ": " + std::strerror(errno), errno);
    const std::unique_ptr<DIR, int (*)(DIR *)> dir(::fdopendir(copy.get()), ::closedir);
    if (!dir)
        return makeStatus(ErrorCode::ReadFailed, "cannot list " + what + ": " + std::strerror(errno), errno);
    copy.release(); // the directory stream owns it now
    while (const dirent *entry = ::readdir(dir.get())) {
        const std::string name = entry->d_name;
        if (name == "." || name == "..") continue;
        if (names.size() >= limit)
            return makeStatus(ErrorCode::ContentTooLarge,
                              what + " has more than the limit of " + std::to_string(limit) + " entries");
        names.push_back(name);
    }
    return Status::success();
}

} // namespace perfglass::helper
