#include "perfdata/StatRecords.h"

#include "perfdata/PerfFileFormat.h"

#include <cstring>

namespace perfglass::stat {

namespace {

class RecordBuilder {
public:
    explicit RecordBuilder(uint32_t type)
        : bytes_(sizeof(perf_event_header), 0)
        , type_(type) {}
    template <typename T> void put(const T &value) {
        const auto *begin = reinterpret_cast<const uint8_t *>(&value);
        bytes_.insert(bytes_.end(), begin, begin + sizeof value);
    }
    void putBytes(const void *data, size_t size) {
        const auto *begin = static_cast<const uint8_t *>(data);
        bytes_.insert(bytes_.end(), begin, begin + size);
    }
    Bytes take() {
        bytes_.resize(format::alignUp(bytes_.size(), 8), 0);
        perf_event_header header{type_, 0, static_cast<uint16_t>(bytes_.size())};
        std::memcpy(bytes_.data(), &header, sizeof header);
        return std::move(bytes_);
    }

private:
    Bytes bytes_;
    uint32_t type_;
};

class RecordCursor {
public:
    explicit RecordCursor(const perf_event_header *record)
        : bytes_(reinterpret_cast<const uint8_t *>(record))
        , size_(record->size)
        , pos_(sizeof(perf_event_header)) {}
    template <typename T> bool get(T &out) {
        if (size_ < pos_ || size_ - pos_ < sizeof out) return false;
        std::memcpy(&out, bytes_ + pos_, sizeof out);
        pos_ += sizeof out;
        return true;
    }
    bool skip(size_t bytes) {
        if (size_ < pos_ || size_ - pos_ < bytes) return false;
        pos_ += bytes;
        return true;
    }
    size_t remaining() const { return size_ > pos_ ? size_ - pos_ : 0; }

private:
    const uint8_t *bytes_;
    size_t size_;
    size_t pos_;
};

constexpr size_t kCommSize = 16;
constexpr uint32_t kMaxMapEntries = 1 << 16;

} // namespace

Bytes encodeThreadMap(const std::vector<ThreadMapEntry> &threads) {
    RecordBuilder builder(format::kRecordThreadMap);
    builder.put(static_cast<uint64_t>(threads.size()));
    for (const auto &thread : threads) {
        builder.put(static_cast<uint64_t>(thread.pid));
        char comm[kCommSize] = {};
        std::memcpy(comm, thread.comm.data(), std::min(thread.comm.size(), kCommSize - 1));
        builder.putBytes(comm, sizeof comm);
    }
    return builder.take();
}

Bytes encodeCpuMap(const std::vector<int> &cpus) {
    RecordBuilder builder(format::kRecordCpuMap);
    builder.put(uint16_t{0}); // PERF_CPU_MAP__CPUS
    builder.put(static_cast<uint16_t>(cpus.size()));
    for (int cpu : cpus)
        builder.put(static_cast<uint16_t>(cpu)); // -1 becomes 0xffff, perf's "any CPU"
    return builder.take();
}

Bytes encodeStatConfig(uint64_t aggrMode, uint64_t intervalMs, bool scale) {
    RecordBuilder builder(format::kRecordStatConfig);
    builder.put(uint64_t{3});
    for (auto [tag, value] : {std::pair<uint64_t, uint64_t>{kTagAggrMode, aggrMode},
                              {kTagInterval, intervalMs},
                              {kTagScale, scale ? 1u : 0u}}) {
        builder.put(tag);
        builder.put(value);
    }
    return builder.take();
}

Bytes encodeStat(const StatEntry &entry) {
    RecordBuilder builder(format::kRecordStat);
    builder.put(entry.id);
    builder.put(static_cast<uint32_t>(entry.cpu));
    builder.put(entry.threadIndex);
    builder.put(entry.value.value);
    builder.put(entry.value.enabled);
    builder.put(entry.value.running);
    return builder.take();
}

Bytes encodeStatRound(const StatRound &round) {
    RecordBuilder builder(format::kRecordStatRound);
    builder.put(round.type);
    builder.put(round.time);
    return builder.take();
}

std::optional<std::vector<ThreadMapEntry>> decodeThreadMap(const perf_event_header *record) {
    RecordCursor cursor(record);
    uint64_t count = 0;
    if (!cursor.get(count) || count > kMaxMapEntries || count * (8 + kCommSize) > cursor.remaining())
        return std::nullopt;
    std::vector<ThreadMapEntry> threads(count);
    for (auto &thread : threads) {
        uint64_t pid = 0;
        char comm[kCommSize + 1] = {};
        cursor.get(pid);
        for (size_t i = 0; i < kCommSize; ++i)
            cursor.get(comm[i]);
        thread.pid = static_cast<int64_t>(pid);
        thread.comm = comm;
    }
    return threads;
}

std::optional<std::vector<int>> decodeCpuMap(const perf_event_header *record) {
    RecordCursor cursor(record);
    uint16_t type = 0;
    if (!cursor.get(type)) return std::nullopt;
    std::vector<int> cpus;
    auto asCpu = [](uint16_t value) { return value == 0xffff ? -1 : static_cast<int>(value); };
    if (type == 0) {
        uint16_t count = 0;
        if (!cursor.get(count)) return std::nullopt;
        for (uint16_t i = 0; i < count; ++i) {
            uint16_t cpu = 0;
            if (!cursor.get(cpu)) return std::nullopt;
            cpus.push_back(asCpu(cpu));
        }
    } else if (type == 1) {
        uint16_t count = 0, longSize = 0;
        if (!cursor.get(count) || !cursor.get(longSize) || (longSize != 4 && longSize != 8))
            return std::nullopt;
        if (longSize == 8 && !cursor.skip(4)) return std::nullopt; // perf 6.1 pads 64-bit masks to 8 bytes
        for (uint16_t word = 0; word < count; ++word) {
            uint64_t mask = 0;
            if (longSize == 4) {
                uint32_t half = 0;
                if (!cursor.get(half)) return std::nullopt;
                mask = half;
            } else if (!cursor.get(mask)) {
                return std::nullopt;
            }
            for (unsigned bit = 0; bit < longSize * 8u; ++bit)
                if (mask >> bit & 1) cpus.push_back(static_cast<int>(word * longSize * 8u + bit));
        }
    } else if (type == 2) {
        uint8_t anyCpu = 0, pad = 0;
        uint16_t first = 0, last = 0;
        if (!cursor.get(anyCpu) || !cursor.get(pad) || !cursor.get(first) || !cursor.get(last) ||
            last < first)
            return std::nullopt;
        if (anyCpu) cpus.push_back(-1);
        for (unsigned cpu = first; cpu <= last; ++cpu)
            cpus.push_back(static_cast<int>(cpu));
    } else {
        return std::nullopt;
    }
    return cpus;
}

std::optional<std::vector<std::pair<uint64_t, uint64_t>>> decodeStatConfig(const perf_event_header *record) {
    RecordCursor cursor(record);
    uint64_t count = 0;
    if (!cursor.get(count) || count > cursor.remaining() / 16) return std::nullopt;
    std::vector<std::pair<uint64_t, uint64_t>> entries(count);
    for (auto &[tag, value] : entries) {
        cursor.get(tag);
        cursor.get(value);
    }
    return entries;
}

std::optional<StatEntry> decodeStat(const perf_event_header *record) {
    RecordCursor cursor(record);
    StatEntry entry;
    if (!cursor.get(entry.id) || !cursor.get(entry.cpu) || !cursor.get(entry.threadIndex) ||
        !cursor.get(entry.value.value) || !cursor.get(entry.value.enabled) ||
        !cursor.get(entry.value.running))
        return std::nullopt;
    return entry;
}

std::optional<StatRound> decodeStatRound(const perf_event_header *record) {
    RecordCursor cursor(record);
    StatRound round;
    if (!cursor.get(round.type) || !cursor.get(round.time)) return std::nullopt;
    return round;
}

} // namespace perfglass::stat
