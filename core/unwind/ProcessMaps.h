// The memory mappings of one process, as MMAP/MMAP2 records describe them; later mappings replace the parts
// of earlier ones they overlap, as the kernel's do.
#pragma once

#include "profile/Profile.h"

#include <cstdint>
#include <map>
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
    void add(const Mapping &mapping);
    void clear() { byStart_.clear(); }
    std::optional<Mapping> find(uint64_t address) const;
    size_t size() const { return byStart_.size(); }

private:
    std::map<uint64_t, Mapping> byStart_;
};

} // namespace perfglass
