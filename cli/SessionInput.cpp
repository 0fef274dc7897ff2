#include "SessionInput.h"

#include "identity/ArchiveOpener.h"

#include <fmt/format.h>

namespace perfglass::cli {

std::string openSessionInput(const std::string &input, LoadOptions &options) {
    ArchiveOpenOptions archiveOptions;
    archiveOptions.stop = options.stop;
    const OpenedSession opened = ArchiveOpener(archiveOptions).open(input);
    for (const auto &notice : opened.notices)
        fmt::print(stderr, "perfglass-cli: {}\n", notice);
    for (const auto &cache : opened.buildIdCaches) {
        fmt::print(stderr, "perfglass-cli: symbols are looked up in the build-id cache {}\n", cache);
        options.buildIdCaches.push_back(cache);
    }
    return opened.sessionPath;
}

} // namespace perfglass::cli
