// The edits the filter UI makes to a SampleFilter (thread, process and CPU choices, adding and removing
// transforms), as plain functions so every menu and button builds filters the same way. Lists stay empty
// for "all": a choice that ends up including every thread or CPU the session has clears its list.
#pragma once

#include "analysis/SampleFilter.h"
#include "profile/Profile.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace perfglass {

// The distinct thread ids, process ids and CPUs of the profile's samples, sorted.
std::vector<uint32_t> sampledThreads(const Profile &profile);
std::vector<uint32_t> sampledProcesses(const Profile &profile);
std::vector<uint32_t> sampledCpus(const Profile &profile);

// Whether FILTER counts the samples of thread TID of process PID.
bool showsThread(const SampleFilter &filter, uint32_t pid, uint32_t tid);

// Only thread TID (any process filter is dropped: the thread decides).
SampleFilter withOnlyThread(SampleFilter filter, uint32_t tid);
// Only process PID, all of its threads.
SampleFilter withOnlyProcess(SampleFilter filter, uint32_t pid);
// Thread TID no longer counts; nothing when no thread would be left.
std::optional<SampleFilter> withoutThread(SampleFilter filter, const Profile &profile, uint32_t tid);
// Thread TID of process PID counts again (its process too, if the filter left it out).
SampleFilter withThread(SampleFilter filter, const Profile &profile, uint32_t pid, uint32_t tid);
// Only the CPUs in CPUS (sorted, none repeated); all of them (or none) clears the CPU filter.
SampleFilter withCpus(SampleFilter filter, const Profile &profile, std::vector<uint32_t> cpus);

// TRANSFORM appended, unless the chain has it already (then nothing).
std::optional<SampleFilter> withTransform(SampleFilter filter, const Transform &transform);
// The transform at INDEX removed. Removing a collapsed library also removes the later transforms that name a
// function only that collapse made (ids from FIRSTSYNTHETIC, the profile's function count), which would
// otherwise name nothing or another frame.
SampleFilter withoutTransform(SampleFilter filter, size_t index, FunctionId firstSynthetic);
// Every HideKernel transform removed.
SampleFilter withoutKernelHiding(SampleFilter filter);
bool hidesKernel(const SampleFilter &filter);

} // namespace perfglass
