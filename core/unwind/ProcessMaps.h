// The memory mappings of one process, as MMAP/MMAP2 records describe them; later mappings replace the parts
// of earlier ones they overlap, as the kernel's do.
#pragma once

#include "base/RangeMap.h"
#include "profile/Profile.h"

#include <cstdint>
#include <optional>

namespace perfglass {

struct Mapping {
    uint64_t start = 0;
    uint64_t end = 0;
    uint64_t fileOffset = 0; // pgoff: file offset of start
    ModuleId module = 0;
};

class ProcessMaps {
public:
    void add(const Mapping &mapping) {
        ranges_.add(mapping.start, mapping.end, {mapping.fileOffset, mapping.module});
    }
    void clear() { ranges_.clear(); }
    std::optional<Mapping> find(uint64_t address) const {
        const auto *range = ranges_.find(address);
        if (!range) return std::nullopt;
        return Mapping{range->start, range->end, range->value.fileOffset, range->value.module};
    }
    size_t size() const { return ranges_.size(); }

private:
    struct FileRange {
        uint64_t fileOffset = 0;
        ModuleId module = 0;
        // A mapping cut from below still maps the same file bytes at its addresses.
        FileRange advancedBy(uint64_t bytes) const { return {fileOffset + bytes, module}; }
    };
    RangeMap<FileRange> ranges_;
};

} // namespace perfglass
