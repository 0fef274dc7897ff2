#include "symbols/JitDump.h"

#include "symbols/JitCfi.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iterator>
#include <unordered_map>

namespace perfglass {

namespace {

constexpr uint32_t kMagic = 0x4A695444;        // "JiTD" in this machine's byte order
constexpr uint32_t kSwappedMagic = 0x4454694A; // written on a machine of the other byte order
constexpr size_t kFileHeaderSize = 40;
constexpr size_t kRecordHeaderSize = 16;
constexpr uint64_t kArchTimestampFlag = 1;
// V8 writes debug entries 0x40 bytes past their instruction: where perf inject --jit placed code in its ELF
// files before perf fixed its line tables (2020); V8 kept the offset.
constexpr uint64_t kV8LineOffset = 0x40;

bool isV8Name(const std::string &name) {
    return name.starts_with("JS:") || name.starts_with("Builtin:") || name.starts_with("LazyCompile:") ||
           name.starts_with("BytecodeHandler:");
}

// The debug entries of code as addresses of its instructions: V8's moved back; none when one lies outside the
// code (V8 20 writes some file names with stray bytes after them, so the entries after the first are
// misread).
void placeLines(JitCode &code) {
    const uint64_t offset = isV8Name(code.name) ? kV8LineOffset : 0;
    for (JitLine &line : code.lines)
        line.address -= offset;
    const bool inside = std::all_of(code.lines.begin(), code.lines.end(), [&](const JitLine &line) {
        return line.address - code.start < code.size;
    });
    if (!inside) code.lines.clear();
}

enum RecordId : uint32_t { CodeLoad = 0, CodeMove = 1, DebugInfo = 2, Close = 3, UnwindingInfo = 4 };

} // namespace

// Walks the records of one file, keeping the debug information that precedes each load until the load.
class JitDump::Parser {
public:
    Parser(const std::vector<uint8_t> &bytes, const std::string &name, JitDump &dump)
        : bytes_(bytes)
        , name_(name)
        , dump_(dump) {}

    Expected<bool> run() {
        if (auto header = readFileHeader(); !header) return header;
        size_t offset = headerSize_;
        while (offset < bytes_.size()) {
            if (bytes_.size() - offset < kRecordHeaderSize) return truncatedAt(offset);
            const uint32_t id = word32(offset);
            const uint32_t size = word32(offset + 4);
            if (size < kRecordHeaderSize) return error(offset, fmt::format("a record of {} bytes", size));
            if (size > bytes_.size() - offset) return truncatedAt(offset);
            if (id == Close) break;
            if (auto handled = handleRecord(id, offset, size); !handled) return handled;
            offset += size;
        }
        return true;
    }

private:
    Expected<bool> readFileHeader() {
        if (bytes_.size() < kFileHeaderSize) return error(0, "shorter than the jitdump header");
        const uint32_t magic = word32(0);
        if (magic == kSwappedMagic) return error(0, "written on a machine of the other byte order");
        if (magic != kMagic) return error(0, fmt::format("magic {:#x} is not a jitdump's", magic));
        if (const uint32_t version = word32(4); version != 1)
            return error(4, fmt::format("jitdump version {} (only 1 is known)", version));
        headerSize_ = word32(8);
        if (headerSize_ < kFileHeaderSize || headerSize_ > bytes_.size())
            return error(8, fmt::format("header size {}", headerSize_));
        dump_.pid_ = word32(20);
        dump_.archTimestamps_ = (word64(32) & kArchTimestampFlag) != 0;
        return true;
    }

    Expected<bool> handleRecord(uint32_t id, size_t offset, uint32_t size) {
        const uint64_t time = word64(offset + 8);
        const size_t body = offset + kRecordHeaderSize;
        const size_t end = offset + size;
        switch (id) {
        case CodeLoad:
            return readLoad(body, end, time);
        case CodeMove:
            return readMove(body, end, time);
        case DebugInfo:
            return readDebugInfo(body, end);
        case UnwindingInfo:
            return readUnwindingInfo(body, end);
        default:
            return true; // ids of later versions: not used
        }
    }

    Expected<bool> readLoad(size_t body, size_t end, uint64_t time) {
        if (end - body < 40) return error(body, "a code load record too short for its fields");
        JitCode code;
        code.start = word64(body + 16);
        code.size = word64(body + 24);
        code.codeIndex = word64(body + 32);
        code.loadTime = time;
        const size_t nameStart = body + 40;
        const auto *nameEnd =
            static_cast<const uint8_t *>(std::memchr(bytes_.data() + nameStart, 0, end - nameStart));
        if (!nameEnd) return error(nameStart, "a code load whose name has no terminating NUL");
        const size_t codeStart = static_cast<size_t>(nameEnd - bytes_.data()) + 1;
        code.name.assign(reinterpret_cast<const char *>(bytes_.data() + nameStart),
                         codeStart - 1 - nameStart);
        if (code.size > end - codeStart)
            return error(body + 24, fmt::format("code size {} past the record's end", code.size));
        code.code.assign(bytes_.begin() + static_cast<std::ptrdiff_t>(codeStart),
                         bytes_.begin() + static_cast<std::ptrdiff_t>(codeStart + code.size));
        if (const auto lines = pendingLines_.find(code.start); lines != pendingLines_.end()) {
            code.lines = std::move(lines->second);
            pendingLines_.erase(lines);
            placeLines(code);
        }
        code.unwinding = std::move(pendingUnwinding_); // the unwinding record precedes the load it describes
        pendingUnwinding_.reset();
        dump_.codes_.push_back(std::move(code));
        return true;
    }

    // A move: the same function from its new address on, from the move's time.
    Expected<bool> readMove(size_t body, size_t end, uint64_t time) {
        if (end - body < 48) return error(body, "a code move record too short for its fields");
        const uint64_t from = word64(body + 16);
        const uint64_t to = word64(body + 24);
        const uint64_t index = word64(body + 40);
        const JitCode *moved = nullptr;
        for (const JitCode &code : dump_.codes_)
            if (code.start == from && code.codeIndex == index) moved = &code;
        if (!moved) return true; // a move of code loaded before the dump began: nothing to name it by
        JitCode copy = *moved;
        for (JitLine &line : copy.lines)
            line.address = line.address - from + to;
        copy.start = to;
        copy.loadTime = time;
        dump_.codes_.push_back(std::move(copy));
        return true;
    }

    Expected<bool> readDebugInfo(size_t body, size_t end) {
        if (end - body < 16) return error(body, "a debug info record too short for its fields");
        const uint64_t codeAddress = word64(body);
        const uint64_t count = word64(body + 8);
        std::vector<JitLine> lines;
        size_t offset = body + 16;
        std::string previousFile;
        for (uint64_t i = 0; i < count; ++i) {
            if (end - offset < 17)
                return error(offset, fmt::format("debug entry {} of {} cut short", i, count));
            JitLine line{word64(offset), word32(offset + 8), {}};
            const size_t nameStart = offset + 16;
            const auto *nameEnd =
                static_cast<const uint8_t *>(std::memchr(bytes_.data() + nameStart, 0, end - nameStart));
            if (!nameEnd) return error(nameStart, "a debug entry whose file name has no terminating NUL");
            const size_t nameLength = static_cast<size_t>(nameEnd - bytes_.data()) - nameStart;
            const bool sameAsPrevious = nameLength == 1 && bytes_[nameStart] == 0xff;
            line.file =
                sameAsPrevious
                    ? previousFile
                    : std::string(reinterpret_cast<const char *>(bytes_.data() + nameStart), nameLength);
            previousFile = line.file;
            lines.push_back(std::move(line));
            offset = nameStart + nameLength + 1;
        }
        std::sort(lines.begin(), lines.end(),
                  [](const JitLine &a, const JitLine &b) { return a.address < b.address; });
        pendingLines_[codeAddress] = std::move(lines);
        return true;
    }

    // u64 unwinding size, u64 .eh_frame_hdr size, u64 mapped size, then .eh_frame followed by .eh_frame_hdr.
    Expected<bool> readUnwindingInfo(size_t body, size_t end) {
        if (end - body < 24) return error(body, "an unwinding info record too short for its fields");
        const uint64_t size = word64(body);
        const uint64_t headerSize = word64(body + 8);
        if (size > end - body - 24)
            return error(body, fmt::format("unwinding data of {} bytes past the record's end", size));
        if (headerSize > size)
            return error(body + 8, fmt::format(".eh_frame_hdr of {} bytes in {} bytes of unwinding data",
                                               headerSize, size));
        pendingUnwinding_.reset();
        if (size == headerSize)
            return true; // no .eh_frame: V8's record for code without unwinding information
        auto unwinding = std::make_shared<JitUnwinding>();
        const auto data = bytes_.begin() + static_cast<std::ptrdiff_t>(body + 24);
        const auto headerStart = data + static_cast<std::ptrdiff_t>(size - headerSize);
        unwinding->ehFrame.assign(data, headerStart);
        unwinding->ehFrameHdr.assign(headerStart, headerStart + static_cast<std::ptrdiff_t>(headerSize));
        pendingUnwinding_ = std::move(unwinding);
        return true;
    }

    // A record cut short at the end: the runtime was still writing, or was killed. What came before stays.
    Expected<bool> truncatedAt(size_t /*offset*/) {
        dump_.truncated_ = true;
        return true;
    }

    Unexpected<std::string> error(size_t offset, const std::string &what) const {
        return unexpected(fmt::format("{}: at byte {}: {}", name_, offset, what));
    }

    uint32_t word32(size_t offset) const {
        uint32_t value;
        std::memcpy(&value, bytes_.data() + offset, sizeof value);
        return value;
    }
    uint64_t word64(size_t offset) const {
        uint64_t value;
        std::memcpy(&value, bytes_.data() + offset, sizeof value);
        return value;
    }

    const std::vector<uint8_t> &bytes_;
    const std::string &name_;
    JitDump &dump_;
    size_t headerSize_ = kFileHeaderSize;
    std::unordered_map<uint64_t, std::vector<JitLine>> pendingLines_;
    std::shared_ptr<const JitUnwinding> pendingUnwinding_;
};

JitDump::JitDump() = default;
JitDump::~JitDump() = default;
JitDump::JitDump(JitDump &&) noexcept = default;
JitDump &JitDump::operator=(JitDump &&) noexcept = default;

Expected<JitDump> JitDump::load(const std::string &path) {
    std::ifstream input(path, std::ios::binary);
    if (!input) return unexpected(path + ": " + std::strerror(errno));
    const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(input)), {});
    return parse(bytes, path);
}

Expected<JitDump> JitDump::parse(const std::vector<uint8_t> &bytes, const std::string &name) {
    JitDump dump;
    Parser parser(bytes, name, dump);
    if (auto parsed = parser.run(); !parsed) return unexpected(parsed.error());
    dump.index();
    return dump;
}

void JitDump::index() {
    std::stable_sort(codes_.begin(), codes_.end(), [](const JitCode &a, const JitCode &b) {
        return a.start != b.start ? a.start < b.start : a.loadTime < b.loadTime;
    });
    largestSize_ = 0;
    for (const JitCode &code : codes_)
        largestSize_ = std::max(largestSize_, code.size);
    cfis_.clear();
    cfis_.resize(codes_.size());
}

Dwarf_CFI *JitDump::cfiOf(const JitCode &code) const {
    if (!code.unwinding || &code < codes_.data() || &code >= codes_.data() + codes_.size()) return nullptr;
    auto &cfi = cfis_[static_cast<size_t>(&code - codes_.data())];
    if (!cfi) cfi = std::make_unique<JitCfi>(code.start + code.size, *code.unwinding);
    return cfi->cfi();
}

const JitCode *JitDump::find(uint64_t address, uint64_t time) const {
    const bool byTime = time != kAnyTime && !archTimestamps_;
    auto it = std::upper_bound(codes_.begin(), codes_.end(), address,
                               [](uint64_t value, const JitCode &code) { return value < code.start; });
    const JitCode *best = nullptr;
    while (it != codes_.begin()) {
        --it;
        if (address - it->start >= largestSize_) break; // every earlier start lies further away
        if (address - it->start >= it->size) continue;
        if (byTime && it->loadTime > time) continue;
        if (!best || it->loadTime > best->loadTime) best = &*it;
    }
    return best;
}

const JitLine *JitDump::lineAt(const JitCode &code, uint64_t address) {
    auto it = std::upper_bound(code.lines.begin(), code.lines.end(), address,
                               [](uint64_t value, const JitLine &line) { return value < line.address; });
    if (it == code.lines.begin()) return nullptr;
    return &*(it - 1);
}

} // namespace perfglass
