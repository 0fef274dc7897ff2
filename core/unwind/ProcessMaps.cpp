#include "unwind/ProcessMaps.h"

namespace perfglass {

void ProcessMaps::add(const Mapping &mapping) {
    if (mapping.end <= mapping.start) return;
    // Trim or split every mapping that overlaps [start, end).
    auto it = byStart_.lower_bound(mapping.start);
    if (it != byStart_.begin()) --it;
    while (it != byStart_.end() && it->second.start < mapping.end) {
        Mapping old = it->second;
        if (old.end <= mapping.start) {
            ++it;
            continue;
        }
        it = byStart_.erase(it);
        if (old.start < mapping.start) {
            Mapping left = old;
            left.end = mapping.start;
            byStart_.emplace(left.start, left);
        }
        if (old.end > mapping.end) {
            Mapping right = old;
            right.fileOffset += mapping.end - old.start;
            right.start = mapping.end;
            byStart_.emplace(right.start, right);
            break;
        }
    }
    byStart_[mapping.start] = mapping;
}

std::optional<Mapping> ProcessMaps::find(uint64_t address) const {
    auto it = byStart_.upper_bound(address);
    if (it == byStart_.begin()) return std::nullopt;
    --it;
    if (address >= it->second.end) return std::nullopt;
    return it->second;
}

} // namespace perfglass
