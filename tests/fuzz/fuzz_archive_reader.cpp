// ArchiveReader (identity/ArchiveReader.h) on any bytes as an archive (tar in any compression libarchive
// reads), unpacked into a fresh directory on /dev/shm with small limits. Only Error may come out, and
// whatever was written must stay inside: a sibling directory stays empty and every symbolic link in the tree
// resolves inside it; a breach aborts, so it counts as a finding.
#include "base/Error.h"
#include "identity/ArchiveReader.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

namespace fs = std::filesystem;

namespace {

const fs::path &workDirectory() {
    static const fs::path directory = [] {
        const fs::path base = fs::exists("/dev/shm") ? fs::path("/dev/shm") : fs::temp_directory_path();
        fs::path made = base / ("fuzz_archive_reader-" + std::to_string(::getpid()));
        fs::create_directories(made);
        return fs::canonical(made);
    }();
    return directory;
}

[[noreturn]] void breach(const std::string &what) {
    std::fprintf(stderr, "fuzz_archive_reader: written outside the directory: %s\n", what.c_str());
    std::abort();
}

void checkInside(const fs::path &root, const fs::path &sibling) {
    std::error_code error;
    if (fs::exists(sibling) && !fs::is_empty(sibling, error)) breach(sibling.string());
    for (auto it = fs::recursive_directory_iterator(root, error);
         !error && it != fs::recursive_directory_iterator(); it.increment(error)) {
        if (!it->is_symlink()) continue;
        const fs::path target = it->path().parent_path() / fs::read_symlink(it->path(), error);
        const fs::path resolved = fs::weakly_canonical(target.lexically_normal(), error);
        const std::string text = resolved.string();
        if (!error && text != root.string() && text.rfind(root.string() + "/", 0) != 0)
            breach(it->path().string() + " -> " + text);
        error.clear();
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const fs::path root = workDirectory() / "into";
    const fs::path sibling = workDirectory() / "outside";
    fs::remove_all(root);
    fs::create_directories(sibling);
    perfglass::ArchiveLimits limits;
    limits.maxTotalBytes = 64 << 20;
    limits.ratioFreeBytes = 1 << 20;
    limits.maxMembers = 10000;
    try {
        perfglass::ArchiveReader reader = perfglass::ArchiveReader::openMemory({data, size}, "fuzz input");
        perfglass::UnpackBudget budget(limits, size);
        reader.extractTo(root.string(), budget);
    } catch (const perfglass::Error &) {
    }
    checkInside(root, sibling);
    fs::remove_all(root);
    return 0;
}
