// OpenMappedFile (HelperProtocol.h): the file an executable mapping of a task maps, as that task sees it.
// The one place where the helper follows links: the kernel's own magic links /proc/PID/map_files/START-END
// and /proc/PID/root, which name the very file mapped and the process's root; inside that root, no link is
// followed at all (a path from /proc/PID/maps has none). Whatever is reached is opened O_PATH first and
// handed out only when it is a regular file with the mapping's device and inode and the ELF magic.
#pragma once

#include "protocol/HelperProtocol.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace perfglass::helper {

// One line of /proc/PID/maps.
struct MapsEntry {
    uint64_t start = 0;
    uint64_t end = 0;
    bool executable = false;
    uint32_t major = 0;
    uint32_t minor = 0;
    uint64_t inode = 0;
    std::string path;
};

// The line of maps whose range is exactly [start, end); false when there is none or it does not parse.
bool findMapping(std::string_view maps, uint64_t start, uint64_t end, MapsEntry &out);

// Opens the file of mapping for reading, through procDir (an fd of /proc/PID): map_files first, then the path
// inside the process's root. FileChanged when neither is that file.
Status openMappedFile(int procDir, const MapsEntry &mapping, UniqueFd &out, MappedFileVia &via);

} // namespace perfglass::helper
