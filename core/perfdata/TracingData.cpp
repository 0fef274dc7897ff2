#include "perfdata/TracingData.h"

#include "base/Error.h"

#include <unistd.h>

#include <fstream>
#include <map>
#include <sstream>

namespace perfglass {

namespace {

std::string readFile(const std::string &path) {
    std::ifstream file(path, std::ios::binary);
    if (!file) throw Error("cannot read " + path + " (tracefs), needed to describe tracepoint events");
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
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
                                      const std::string &tracefsRoot) {
    std::map<std::string, std::vector<std::string>> bySystem; // subsystem -> format files
    for (const auto &tracepoint : tracepoints) {
        const auto colon = tracepoint.find(':');
        if (colon == std::string::npos) continue;
        const std::string system = tracepoint.substr(0, colon);
        const std::string name = tracepoint.substr(colon + 1);
        bySystem[system].push_back(readFile(tracefsRoot + "/events/" + system + "/" + name + "/format"));
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
    blob.sized(readFile(tracefsRoot + "/events/header_page"));
    blob.cstring("header_event");
    blob.sized(readFile(tracefsRoot + "/events/header_event"));
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
