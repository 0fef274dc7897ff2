#include "symbols/SourceFileFinder.h"

#include <sys/stat.h>
#include <unistd.h>

namespace perfglass {

namespace {
// A file that can be read (a directory of the same name is not a source file).
bool readable(const std::string &path) {
    struct stat status {};
    return !path.empty() && ::stat(path.c_str(), &status) == 0 && S_ISREG(status.st_mode) &&
           ::access(path.c_str(), R_OK) == 0;
}

std::string joined(const std::string &directory, const std::string &tail) {
    if (directory.empty()) return tail;
    const bool slash = directory.back() == '/' || (!tail.empty() && tail.front() == '/');
    return directory + (slash ? "" : "/") + tail;
}
} // namespace

SourceFileFinder::SourceFileFinder(std::string sysroot, std::vector<std::string> sourcePaths)
    : sysroot_(std::move(sysroot))
    , sourcePaths_(std::move(sourcePaths)) {}

std::string SourceFileFinder::find(const std::string &recorded) const {
    if (recorded.empty()) return {};
    if (readable(recorded)) return recorded;
    if (!sysroot_.empty() && recorded.front() == '/' && readable(sysroot_ + recorded))
        return sysroot_ + recorded;
    for (const auto &directory : sourcePaths_) {
        // The whole path, then its tails from the next component on: a/b/c.cpp, b/c.cpp, c.cpp.
        size_t start = recorded.front() == '/' ? 1 : 0;
        while (start < recorded.size()) {
            const std::string candidate = joined(directory, recorded.substr(start));
            if (readable(candidate)) return candidate;
            const size_t slash = recorded.find('/', start);
            if (slash == std::string::npos) break;
            start = slash + 1;
        }
    }
    return {};
}

} // namespace perfglass
