// The jitdump files (jit-PID.dump) of the processes with samples, kept with the session as a feature section
// of our own (format::kFeatJitDumps), because the runtimes write them to /tmp or the working directory, which
// do not keep them, and a session reviewed later or elsewhere must still name and unwind its JIT code.
// Whole files are kept, not only the records of sampled code: a move names its load by code index, debug
// and unwinding information precede the load they belong to, and annotate needs the code bytes; cutting
// records out would mean interpreting them at record time, which the recorder does not do.
// Section layout (docs/session-format.md): u32 count, u32 0, then per file u32 pid, u32 path length (NUL
// included, padded to 8), u64 file size, the path, the file's bytes padded to 8.
#pragma once

#include "perfdata/FeatureCodec.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace perfglass {

struct KeptJitDump {
    int32_t pid = 0;
    std::string path; // as the process mapped it (the MMAP record's name)
    std::vector<uint8_t> bytes;
    bool operator==(const KeptJitDump &) const = default;
};

class KeptJitDumps {
public:
    // Runtimes name the file jit-PID.dump (V8, the JVM agents, .NET, wasmtime, Python's perf_jit), in any
    // directory (the current one, ~/.debug/jit/..., /tmp).
    static bool isJitDumpPath(std::string_view path);

    void add(KeptJitDump dump) { dumps_.push_back(std::move(dump)); }
    bool empty() const { return dumps_.empty(); }
    const std::vector<KeptJitDump> &dumps() const { return dumps_; }
    uint64_t totalBytes() const;
    // The kept copy of the file pid mapped at path; nullptr when none was kept.
    const KeptJitDump *find(int32_t pid, std::string_view path) const;

    std::vector<uint8_t> encode() const;
    // nullopt when the section is cut short or a field runs past its end.
    static std::optional<KeptJitDumps> decode(FeatureDecoder &decoder);

    bool operator==(const KeptJitDumps &) const = default;

private:
    std::vector<KeptJitDump> dumps_;
};

} // namespace perfglass
