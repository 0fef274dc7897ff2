// Source files of an annotation, found and read once: the path the line table names (made absolute with
// DW_AT_comp_dir), the same under the sysroot, then under each search path, as the whole path and with its
// leading directories removed one by one (/build/x/src/a.cpp under P: P/build/x/src/a.cpp, P/x/src/a.cpp,
// P/src/a.cpp, P/a.cpp).
#pragma once

#include <map>
#include <string>
#include <vector>

namespace perfglass {

class SourceFiles {
public:
    SourceFiles(std::vector<std::string> searchPaths, std::string sysroot);

    // The lines of file, or nullptr when it is found nowhere.
    const std::vector<std::string> *lines(const std::string &file);
    // Where file was found, "" when it was not.
    std::string foundAt(const std::string &file);

private:
    struct Entry {
        std::string path;
        std::vector<std::string> lines;
        bool found = false;
    };
    const Entry &entry(const std::string &file);
    std::vector<std::string> candidates(const std::string &file) const;

    std::vector<std::string> searchPaths_;
    std::string sysroot_;
    std::map<std::string, Entry> cache_;
};

} // namespace perfglass
