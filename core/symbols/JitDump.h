// Just-in-time compiled code from a jitdump file (jit-PID.dump), the format of perf's
// tools/perf/Documentation/jitdump-specification.txt that V8 (node --perf-prof), JVM agents, .NET, wasmtime
// and Python 3.13's -X perf_jit write: every function the runtime compiled, with its name, address, size,
// code bytes and the time it became valid; source lines where the runtime gives them (JIT_CODE_DEBUG_INFO);
// moves (JIT_CODE_MOVE); the call frame information of the code (JIT_CODE_UNWINDING_INFO: .eh_frame and
// .eh_frame_hdr, which lie right after the code in the runtime's memory, as perf inject --jit places them).
// Read natively, so no `perf inject --jit` is needed. An address the runtime reused names the function that
// was there at the sample's time.
#pragma once

#include "base/Expected.h"

#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

struct Dwarf_CFI_s;
using Dwarf_CFI = Dwarf_CFI_s;

namespace perfglass {

class JitCfi;

struct JitLine {
    uint64_t address = 0; // the first instruction of the line
    uint32_t line = 0;
    std::string file;
};

// The unwinding information of one piece of code: .eh_frame then .eh_frame_hdr, whose pc-relative pointers
// assume that .eh_frame starts where the code ends. Shared by a code and its moves (the bytes move with it).
struct JitUnwinding {
    std::vector<uint8_t> ehFrame;
    std::vector<uint8_t> ehFrameHdr;
};

struct JitCode {
    uint64_t start = 0;
    uint64_t size = 0;
    uint64_t loadTime = 0; // the record's timestamp: the code is valid from then on
    uint64_t codeIndex = 0;
    std::string name;
    std::vector<uint8_t> code;                     // the machine code, as the runtime emitted it
    std::vector<JitLine> lines;                    // sorted by address; empty without debug info
    std::shared_ptr<const JitUnwinding> unwinding; // nullptr without unwinding information
};

class JitDump {
public:
    static constexpr uint64_t kAnyTime = std::numeric_limits<uint64_t>::max();

    // Reads the whole file; the error names the file and the byte offset of what was wrong. A file cut inside
    // a record (the runtime still writing, or killed) keeps every whole record before it.
    static Expected<JitDump> load(const std::string &path);
    // The same from bytes in memory (tests, fuzzing); name is used in errors.
    static Expected<JitDump> parse(const std::vector<uint8_t> &bytes, const std::string &name);

    uint32_t pid() const { return pid_; }
    // Whether timestamps are the CPU's cycle counter (JITDUMP_FLAGS_ARCH_TIMESTAMP) rather than the recording
    // clock; then times cannot be compared with samples' and the latest code at an address is used.
    bool archTimestamps() const { return archTimestamps_; }
    bool truncated() const { return truncated_; }
    size_t size() const { return codes_.size(); }
    const std::vector<JitCode> &codes() const { return codes_; }
    // The code at address at time (kAnyTime: the latest loaded), nullptr when none.
    const JitCode *find(uint64_t address, uint64_t time = kAnyTime) const;
    // The source line of address in code, nullptr when the runtime gave none.
    static const JitLine *lineAt(const JitCode &code, uint64_t address);
    // The call frame information of code (one of codes()), for libdw's dwarf_cfi_addrframe at process
    // addresses; nullptr without unwinding information or when it is unusable. Built on first use and kept:
    // not thread-safe (the unwinder asks under its compile lock).
    Dwarf_CFI *cfiOf(const JitCode &code) const;

    JitDump();
    ~JitDump();
    JitDump(JitDump &&) noexcept;
    JitDump &operator=(JitDump &&) noexcept;

private:
    class Parser;
    void index();

    uint32_t pid_ = 0;
    bool archTimestamps_ = false;
    bool truncated_ = false;
    std::vector<JitCode> codes_; // sorted by start address, then load time
    uint64_t largestSize_ = 0;
    // By index in codes_, built on first use.
    mutable std::vector<std::unique_ptr<JitCfi>> cfis_;
};

} // namespace perfglass
