#include "annotate/SourceFiles.h"

#include <filesystem>
#include <fstream>

namespace perfglass {

SourceFiles::SourceFiles(std::vector<std::string> searchPaths, std::string sysroot)
    : searchPaths_(std::move(searchPaths))
    , sysroot_(std::move(sysroot)) {}

std::vector<std::string> SourceFiles::candidates(const std::string &file) const {
    std::vector<std::string> paths{file};
    if (!sysroot_.empty() && file.starts_with('/')) paths.push_back(sysroot_ + file);
    for (const std::string &directory : searchPaths_) {
        if (directory.empty()) continue;
        for (size_t from = 0; from != std::string::npos;) {
            const std::string rest = file.substr(from);
            paths.push_back(directory + (rest.starts_with('/') ? "" : "/") + rest);
            const size_t slash = file.find('/', from + 1);
            from = slash == std::string::npos ? std::string::npos : slash + 1;
        }
    }
    return paths;
}

const SourceFiles::Entry &SourceFiles::entry(const std::string &file) {
    const auto cached = cache_.find(file);
    if (cached != cache_.end()) return cached->second;
    Entry &entry = cache_[file];
    if (file.empty()) return entry;
    for (const std::string &path : candidates(file)) {
        std::error_code error;
        if (!std::filesystem::is_regular_file(path, error)) continue;
        std::ifstream in(path);
        if (!in) continue;
        entry.path = path;
        entry.found = true;
        for (std::string line; std::getline(in, line);)
            entry.lines.push_back(std::move(line));
        break;
    }
    return entry;
}

const std::vector<std::string> *SourceFiles::lines(const std::string &file) {
    const Entry &found = entry(file);
    return found.found ? &found.lines : nullptr;
}

std::string SourceFiles::foundAt(const std::string &file) {
    return entry(file).path;
}

} // namespace perfglass
