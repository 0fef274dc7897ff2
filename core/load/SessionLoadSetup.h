// The steps of reading a session that loadProfile and GrowingProfileLoader share: which kernel it was
// recorded on and its kernel symbols, how the builder is set up for it, and the facts of the session that the
// finished Profile carries.
#pragma once

#include "load/LoadProfile.h"
#include "load/ProfileBuilder.h"
#include "perfdata/PerfDataReader.h"
#include "symbols/KernelSymbols.h"

#include <future>
#include <vector>

namespace perfglass {

// Whether the session was recorded on the running kernel: then /proc/kallsyms and this process's [vdso]
// are the recorded ones.
bool recordedOnThisKernel(const SessionMetadata &metadata);
// Starts loading the session's kernel symbols on a second thread (the file given, /proc/kallsyms, or the
// build-id caches' copy of the recorded kernel's).
std::future<KernelSymbols> kernelSymbolsFor(const LoadOptions &options, bool sameKernel,
                                            const SessionMetadata &metadata);
// Module search, build ids, tracepoint formats, JIT names, inline frames, unwinding threads and events.
void configureBuilder(ProfileBuilder &builder, const PerfDataReader &reader, const LoadOptions &options,
                      bool sameKernel);
// Whether a core is left for the reader's prefetching thread.
bool coreSpareForPrefetching(const std::vector<EventAttr> &events, unsigned requestedThreads);
// Host, machine, command line, event names and the reader's notices.
void addSessionFacts(Profile &profile, const PerfDataReader &reader);
// A notice when the session's CPU table of its samples does not cover exactly its samples.
void noteSampleCpuMismatch(Profile &profile, const PerfDataReader &reader, uint64_t samples);

} // namespace perfglass
