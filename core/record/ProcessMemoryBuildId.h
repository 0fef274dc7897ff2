// The build id of a file as a running process has it mapped, read from the process's own memory
// (/proc/PID/mem): the ELF header where the file's start (offset 0) is mapped, its program headers, and the
// GNU build-id note of its PT_NOTE segments, each found through the process's mappings of that very file
// (device and inode), never through its path. This is what the owner of a process may read without
// CAP_SYS_ADMIN when /proc/PID/map_files is closed to it and the path names another build now (replaced or
// deleted since the process mapped it). Every read is bounded and checked; what cannot be read or does not
// hold together gives the reason instead of a build id.
#pragma once

#include "base/Expected.h"

#include <sys/types.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace perfglass {

class ProcessMemoryBuildId {
public:
    // One file a process maps: its device and inode, and the path its maps print (for messages).
    struct File {
        uint32_t major = 0;
        uint32_t minor = 0;
        uint64_t inode = 0;
        std::string_view path;
    };

    explicit ProcessMemoryBuildId(std::string procRoot = "/proc");

    // The build id of file in process pid, or why there is none ("process 12, /usr/bin/x (deleted): ...").
    Expected<std::vector<uint8_t>> read(pid_t pid, const File &file) const;

    // Limits on what a header may make us read.
    static constexpr size_t kMaxProgramHeaders = 256;
    static constexpr uint64_t kMaxNoteBytes = 64 * 1024;

private:
    std::string procRoot_;
};

} // namespace perfglass
