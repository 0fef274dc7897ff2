// pprof's profile.proto (github.com/google/pprof/proto/profile.proto), gzipped: the format of Go's pprof,
// Grafana Pyroscope, Parca and Google Cloud Profiler. One sample type per event with samples (values: the
// event's period, nanoseconds for clock events, or sample counts when the filter counts samples), the
// filter's event the default; samples with the same stack and thread are one pprof sample, labelled with
// pid, tid and the thread's name. Without transforms a location is a machine address of a module (a
// mapping, with the module's build id) and holds its inline frames as extra lines, innermost first, as
// profile.proto says; with transforms (which work on functions) a location is a function of the
// transformed stacks, inline frames again lines of the location of the function they are inlined into.
// The filter's time range, processes, threads and CPUs apply.
#pragma once

#include "analysis/SampleFilter.h"
#include "profile/Profile.h"

#include <string>
#include <string_view>

namespace perfglass {

class PprofExporter {
public:
    // The serialized Profile message, not compressed.
    static std::string encode(const Profile &profile, const SampleFilter &filter);
    // DATA in the gzip format (zlib); throws Error when zlib fails.
    static std::string gzip(std::string_view data);
    // Writes the gzipped profile; throws Error naming the file when it cannot be written.
    static void writeFile(const Profile &profile, const SampleFilter &filter, const std::string &path);
};

} // namespace perfglass
