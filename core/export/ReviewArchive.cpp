#include "export/ReviewArchive.h"

#include "record/HostBuildIds.h"

#include <unistd.h>

#include <filesystem>

namespace perfglass {

std::map<std::string, std::vector<uint64_t>> sampledAddressesByBuildId(const Profile &profile) {
    std::map<std::string, std::vector<uint64_t>> addresses;
    for (const Frame &frame : profile.frames) {
        if (frame.module >= profile.modules.size()) continue;
        const Module &module = profile.modules[frame.module];
        if (!module.buildId.empty()) addresses[module.buildId].push_back(frame.address);
    }
    return addresses;
}

void useRunningKernel(SessionArchiveOptions &options) {
    options.kallsymsPath = "/proc/kallsyms";
    const auto kernel = kernelBuildIdEntry();
    if (!kernel) return;
    options.kernelBuildId = kernel->buildId;
    const std::string kept = keptKallsymsPath(kernel->buildId);
    std::error_code error;
    if (::geteuid() != 0 && !kept.empty() && std::filesystem::is_regular_file(kept, error))
        options.kallsymsPath = kept;
}

} // namespace perfglass
