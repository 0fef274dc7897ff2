// Finds, on this machine, the source file that debug information names (the path the compiler saw): the
// path itself, the path under the sysroot, then below each source directory the whole path (a source tree
// copied with its absolute paths, /src + /build/app/main.cpp) and its ever shorter tails (app/main.cpp,
// main.cpp). The source directories are the user's "source paths" (Symbol settings, --source-path).
#pragma once

#include <string>
#include <vector>

namespace perfglass {

class SourceFileFinder {
public:
    SourceFileFinder(std::string sysroot, std::vector<std::string> sourcePaths);

    // The readable regular file for recorded, or "" when none is found.
    std::string find(const std::string &recorded) const;

private:
    std::string sysroot_;
    std::vector<std::string> sourcePaths_;
};

} // namespace perfglass
