// What an archive for review elsewhere needs from a loaded session, beside the session file itself
// (identity/SessionArchive): the code addresses that have samples, by build id (the code a symbols-only
// archive keeps), and the running kernel's identity and kallsyms. One place for the CLI's `archive` and the
// desktop application's File ▸ Export for Review.
#pragma once

#include "identity/SessionArchive.h"
#include "profile/Profile.h"

#include <map>
#include <string>
#include <vector>

namespace perfglass {

// The ELF addresses of the frames of profile, by their module's build id (lowercase hex); modules without a
// build id are left out (the archive lists only files with one).
std::map<std::string, std::vector<uint64_t>> sampledAddressesByBuildId(const Profile &profile);

// Sets options.kernelBuildId to the running kernel's and options.kallsymsPath to the kallsyms that names its
// addresses for this user: /proc/kallsyms, unless it hides them and a recording through the privileged
// helper kept root's view (record/HostBuildIds.h).
void useRunningKernel(SessionArchiveOptions &options);

} // namespace perfglass
