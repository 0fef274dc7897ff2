// What a remote recording asks its host for after the recording (perfglass-cli host-symbols reads it on
// standard input): the files by build id that the local build-id cache lacks, and, for the symbols-only
// form, the sampled addresses of each (the code the host keeps; identity/SymbolsOnlyElf.h). Text, one item a
// line:
//   perfglass-symbols-request 1
//   file HEX PATH          (PATH to the end of the line: a recorded path, [kernel.kallsyms] or [vdso])
//   addr HEX ADDR...       (ELF addresses in hex)
#pragma once

#include "perfdata/SessionMetadata.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace perfglass::cli {

struct SymbolsRequest {
    std::vector<BuildIdEntry> files;
    std::map<std::string, std::vector<uint64_t>> sampledAddresses; // by build id (lowercase hex)

    // Entries whose path holds a newline cannot be written and are left out (the caller lists them).
    std::string encode() const;
    // Throws Error naming the line that is wrong; at most 1 MiB lines of 64 KiB each are read.
    static SymbolsRequest parse(const std::string &text);
};

} // namespace perfglass::cli
