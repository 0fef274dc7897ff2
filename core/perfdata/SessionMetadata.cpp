#include "perfdata/SessionMetadata.h"

#include <sys/utsname.h>
#include <unistd.h>

namespace perfglass {

SessionMetadata SessionMetadata::fromThisMachine() {
    SessionMetadata metadata;
    utsname names{};
    if (::uname(&names) == 0) {
        metadata.hostname = names.nodename;
        metadata.osRelease = names.release;
        metadata.arch = names.machine;
    }
    metadata.cpusAvailable = static_cast<uint32_t>(::sysconf(_SC_NPROCESSORS_CONF));
    metadata.cpusOnline = static_cast<uint32_t>(::sysconf(_SC_NPROCESSORS_ONLN));
    metadata.version = "perfglass " PERFGLASS_VERSION;
    return metadata;
}

} // namespace perfglass
