// Writes the seeds of fuzz_record_decoder and fuzz_helper_protocol with the project's own reader and
// encoders, so that they follow the layouts those targets read:
//   fuzz_seed_writer CORPUS_DIR RECORDING...
// For each recording: CORPUS_DIR/fuzz_record_decoder/<name>.bin, its events and its first records up to 8 kB.
// Once: CORPUS_DIR/fuzz_helper_protocol/*.bin, conversations as the recorder holds them with the helper.
#include "base/Error.h"
#include "perfdata/PerfDataReader.h"
#include "protocol/HelperProtocol.h"

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace {

using namespace perfglass;
namespace fs = std::filesystem;

constexpr size_t kAttrBytes = 128;
constexpr size_t kMaxRecordBytes = 8192;

void writeFile(const fs::path &path, const std::vector<uint8_t> &bytes) {
    fs::create_directories(path.parent_path());
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char *>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    if (!out) throw Error("cannot write " + path.string());
    std::printf("%s: %zu bytes\n", path.c_str(), bytes.size());
}

void append(std::vector<uint8_t> &out, const void *data, size_t size) {
    const auto *bytes = static_cast<const uint8_t *>(data);
    out.insert(out.end(), bytes, bytes + size);
}

// u8 event count - 1, per event (at most 3) the attribute and its first id, then records up to 8 kB; of the
// samples, at most two, so that the seed shows every record type near the start of the recording.
std::vector<uint8_t> decoderSeed(const std::string &recording) {
    PerfDataReader reader(recording);
    std::vector<uint8_t> records;
    int samples = 0;
    while (const perf_event_header *record = reader.next()) {
        if (record->type == PERF_RECORD_SAMPLE && ++samples > 2) continue;
        if (records.size() + record->size > kMaxRecordBytes) continue;
        append(records, record, record->size);
    }
    const size_t count = std::min<size_t>(reader.events().size(), 3);
    if (count == 0) throw Error(recording + ": no events");
    std::vector<uint8_t> seed{static_cast<uint8_t>(count - 1)};
    for (size_t i = 0; i < count; ++i) {
        const EventAttr &event = reader.events()[i];
        uint8_t attr[kAttrBytes] = {};
        std::memcpy(attr, &event.attr, std::min(sizeof attr, sizeof event.attr));
        append(seed, attr, sizeof attr);
        const uint64_t id = event.ids.empty() ? 0 : event.ids.front();
        append(seed, &id, sizeof id);
    }
    append(seed, records.data(), records.size());
    return seed;
}

// Packets, each a u16 length and the message.
class Conversation {
public:
    Conversation &add(helper::MessageType type, const std::vector<uint8_t> &payload) {
        const std::vector<uint8_t> message = helper::encodeMessage(type, sequence_++, payload);
        const auto length = static_cast<uint16_t>(message.size());
        append(bytes_, &length, sizeof length);
        append(bytes_, message.data(), message.size());
        return *this;
    }
    Conversation &hello() { return add(helper::MessageType::Hello, helper::encodeHello(helper::kVersion)); }
    const std::vector<uint8_t> &bytes() const { return bytes_; }

private:
    std::vector<uint8_t> bytes_;
    uint32_t sequence_ = 1;
};

helper::OpenEventRequest cpuClockRequest(int32_t groupIndex) {
    helper::OpenEventRequest request;
    request.attr.size = sizeof(perf_event_attr);
    request.attr.type = PERF_TYPE_SOFTWARE;
    request.attr.config = PERF_COUNT_SW_CPU_CLOCK;
    request.attr.freq = 1;
    request.attr.sample_freq = 4000;
    request.attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_CALLCHAIN;
    request.attr.read_format = PERF_FORMAT_ID;
    request.attr.disabled = groupIndex < 0 ? 1 : 0;
    request.attr.exclude_kernel = 1;
    request.attr.sample_id_all = 1;
    request.pid = -1;
    request.cpu = 0;
    request.groupIndex = groupIndex;
    request.flags = PERF_FLAG_FD_CLOEXEC;
    return request;
}

void writeHelperSeeds(const fs::path &dir) {
    using helper::MessageType;
    writeFile(dir / "open-group.bin",
              Conversation()
                  .hello()
                  .add(MessageType::SetScope, helper::encodeScope({true, {}}))
                  .add(MessageType::OpenEvent, encodeOpenEvent(cpuClockRequest(-1)))
                  .add(MessageType::OpenEvent, encodeOpenEvent(cpuClockRequest(0)))
                  .add(MessageType::RaiseMemlock, helper::encodeRaiseMemlock(64 << 20))
                  .bytes());
    writeFile(
        dir / "reads.bin",
        Conversation()
            .hello()
            .add(MessageType::SetScope, helper::encodeScope({false, {1, 2}}))
            .add(MessageType::ListTracepoints, {})
            .add(MessageType::ReadTracefsHeader, helper::encodeTracefsHeader(helper::TracefsHeader::Page))
            .add(MessageType::ReadKallsyms, {})
            .add(MessageType::ReadTracepoint, helper::encodeTracepoint({"sched", "sched_switch"}))
            .add(MessageType::ReadProc, helper::encodeProc({1, 0}))
            .add(MessageType::ReadProc, helper::encodeProc({1, 3}))
            .add(MessageType::OpenMappedFile, helper::encodeMappedFile({1, 0x400000, 0x401000}))
            .bytes());
    writeFile(
        dir / "replies.bin",
        Conversation()
            .add(MessageType::Error, helper::encodeError(helper::makeStatus(helper::ErrorCode::PidNotFound,
                                                                            "process 7 does not exist", 3)))
            .add(MessageType::Tracepoint, helper::encodeTracepointInfo({316, "name: sched_switch\n"}))
            .bytes());
}

} // namespace

int main(int argc, char **argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s CORPUS_DIR RECORDING...\n", argv[0]);
        return 2;
    }
    try {
        const fs::path corpus = argv[1];
        for (int i = 2; i < argc; ++i) {
            const fs::path recording = argv[i];
            writeFile(corpus / "fuzz_record_decoder" / (recording.stem().string() + ".bin"),
                      decoderSeed(recording.string()));
        }
        writeHelperSeeds(corpus / "fuzz_helper_protocol");
    } catch (const std::exception &error) {
        std::fprintf(stderr, "fuzz_seed_writer: %s\n", error.what());
        return 1;
    }
    return 0;
}
