// Symbols of just-in-time compiled code from a perf map file (/tmp/perf-PID.map): one "START SIZE NAME" line
// per function, START and SIZE in hexadecimal, as JIT runtimes (V8, the JVM with perf-map-agent, .NET,
// Python 3.12's perf trampoline) write them.
#pragma once

#include <cstdint>
#include <istream>
#include <string>
#include <vector>

namespace perfglass {

class JitMap {
public:
    // Reads path; an unreadable file gives an empty map. Malformed lines are skipped and counted.
    static JitMap load(const std::string &path);
    // The same from the file's text (the copy a session keeps).
    static JitMap fromText(const std::string &text);

    bool empty() const { return entries_.empty(); }
    size_t size() const { return entries_.size(); }
    size_t malformedLines() const { return malformed_; }
    // The function containing address, nullptr when none.
    const std::string *find(uint64_t address) const;

private:
    static JitMap fromStream(std::istream &input);
    struct Entry {
        uint64_t start;
        uint64_t size;
        std::string name;
    };
    std::vector<Entry> entries_;
    size_t malformed_ = 0;
};

} // namespace perfglass
