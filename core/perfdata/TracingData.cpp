#include "perfdata/TracingData.h"

#include "base/Error.h"

#include <unistd.h>

#include <fstream>
#include <map>
#include <sstream>

namespace perfglass {

namespace {

// A tracefs file, or Error saying that it describes tracepoint events.
template <typename Read> std::string readFile(const Read &read) {
    try {
        return read();
    } catch (const Error &error) {
        throw Error(std::string("cannot read tracefs (") + error.what() +
                    "), needed to describe tracepoint events");
    }
}

class Blob {
public:
    void bytes(const void *data, size_t size) {
        const auto *begin = static_cast<const uint8_t *>(data);
        out.insert(out.end(), begin, begin + size);
    }
    void u32(uint32_t value) { bytes(&value, 4); }
    void u64(uint64_t value) { bytes(&value, 8); }
    void cstring(const std::string &text) { bytes(text.c_str(), text.size() + 1); }
    void sized(const std::string &contents) {
        u64(contents.size());
        bytes(contents.data(), contents.size());
    }
    std::vector<uint8_t> out;
};

} // namespace

std::vector<uint8_t> buildTracingData(const std::vector<std::string> &tracepoints,
                                      const TracepointCatalog &catalog) {
    std::map<std::string, std::vector<std::string>> bySystem; // subsystem -> format files
    for (const auto &tracepoint : tracepoints) {
        const auto colon = tracepoint.find(':');
        if (colon == std::string::npos) continue;
        const std::string system = tracepoint.substr(0, colon);
        const std::string name = tracepoint.substr(colon + 1);
        bySystem[system].push_back(readFile([&] { return catalog.format(system, name); }));
    }
    Blob blob;
    const uint8_t magic[10] = {23, 8, 68, 't', 'r', 'a', 'c', 'i', 'n', 'g'};
    blob.bytes(magic, sizeof magic);
    blob.cstring("0.6");
    const uint8_t bigEndian = 0;
    const uint8_t longSize = sizeof(long);
    blob.bytes(&bigEndian, 1);
    blob.bytes(&longSize, 1);
    blob.u32(static_cast<uint32_t>(::sysconf(_SC_PAGESIZE)));
    blob.cstring("header_page");
    blob.sized(readFile([&] { return catalog.header(TracefsHeaderFile::Page); }));
    blob.cstring("header_event");
    blob.sized(readFile([&] { return catalog.header(TracefsHeaderFile::Event); }));
    const auto ftrace = bySystem.find("ftrace");
    blob.u32(ftrace == bySystem.end() ? 0 : static_cast<uint32_t>(ftrace->second.size()));
    if (ftrace != bySystem.end()) {
        for (const auto &format : ftrace->second)
            blob.sized(format);
        bySystem.erase(ftrace);
    }
    blob.u32(static_cast<uint32_t>(bySystem.size()));
    for (const auto &[system, formats] : bySystem) {
        blob.cstring(system);
        blob.u32(static_cast<uint32_t>(formats.size()));
        for (const auto &format : formats)
            blob.sized(format);
    }
    blob.u32(0); // kallsyms
    blob.u32(0); // printk formats
    blob.u64(0); // saved cmdlines
    return blob.out;
}

} // namespace perfglass
