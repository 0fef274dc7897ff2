// The kernel's generic events: hardware (PERF_TYPE_HARDWARE), software (PERF_TYPE_SOFTWARE) and hardware
// cache (PERF_TYPE_HW_CACHE) events, with the names and aliases perf gives them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace perfglass {

enum class EventCategory { Hardware, Software, Cache, Pmu, Raw, Tracepoint, Breakpoint };

std::string_view categoryName(EventCategory category);

struct GenericEvent {
    std::string name;                 // perf's canonical name
    std::vector<std::string> aliases; // other names perf accepts
    EventCategory category = EventCategory::Hardware;
    uint32_t type = 0;
    uint64_t config = 0;
    std::string description; // what it counts, in a few words
};

// Hardware and software events, in perf list order.
const std::vector<GenericEvent> &symbolicEvents();
// The hardware cache events perf lists (only the cache/operation combinations the kernel defines).
const std::vector<GenericEvent> &cacheEvents();

// Finds a hardware or software event by name or alias.
const GenericEvent *findSymbolicEvent(std::string_view name);
// The name of a hardware, software or cache event from its type and config ("cpu-clock"), as perf names
// events whose description is missing; empty for others.
std::string genericEventName(uint32_t type, uint64_t config);
// Whether an event is a clock, whose counts and sample periods are nanoseconds: the software events cpu-clock
// and task-clock, told by their attribute (perf_event_attr type and config), never by their name.
bool isClockEvent(uint32_t type, uint64_t config);
// Decodes a cache event name such as "L1-dcache-load-misses", "LLC-loads", "dTLB-misses" (any spelling perf
// accepts, case-insensitive) into its PERF_TYPE_HW_CACHE config: id | (op << 8) | (result << 16).
std::optional<uint64_t> decodeCacheEvent(std::string_view name);

} // namespace perfglass
