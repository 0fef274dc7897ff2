#include "perfdata/TracingFormats.h"

#include "base/Error.h"

#include <charconv>
#include <cstring>
#include <sstream>

namespace perfglass {

namespace {

// Reads the section front to back; Error when it ends early.
class SectionCursor {
public:
    explicit SectionCursor(std::span<const uint8_t> bytes)
        : bytes_(bytes) {}
    std::span<const uint8_t> take(uint64_t size) {
        if (size > bytes_.size() - at_) throw Error("tracing data section ends early");
        const auto part = bytes_.subspan(at_, size);
        at_ += size;
        return part;
    }
    uint64_t u32() { return number(4); }
    uint64_t u64() { return number(8); }
    std::string cstring() {
        const auto *begin = bytes_.data() + at_;
        const auto *end = static_cast<const uint8_t *>(std::memchr(begin, 0, bytes_.size() - at_));
        if (end == nullptr) throw Error("tracing data section ends inside a string");
        std::string text(reinterpret_cast<const char *>(begin), end - begin);
        at_ += text.size() + 1;
        return text;
    }
    std::string_view sized(uint64_t size) {
        const auto part = take(size);
        return {reinterpret_cast<const char *>(part.data()), part.size()};
    }

private:
    uint64_t number(size_t size) {
        uint64_t value = 0;
        std::memcpy(&value, take(size).data(), size);
        return value;
    }
    std::span<const uint8_t> bytes_;
    size_t at_ = 0;
};

uint64_t toNumber(std::string_view text) {
    uint64_t value = 0;
    std::from_chars(text.data(), text.data() + text.size(), value);
    return value;
}

// "KEY:VALUE;" of a field line, or "".
std::string_view valueOf(std::string_view line, std::string_view key) {
    const auto at = line.find(key);
    if (at == std::string_view::npos) return {};
    const auto begin = at + key.size();
    const auto end = line.find(';', begin);
    return line.substr(begin, end == std::string_view::npos ? std::string_view::npos : end - begin);
}

// "\tfield:char prev_comm[16];\toffset:8;\tsize:16;\tsigned:0;"
bool parseField(std::string_view line, TracepointField &field) {
    const std::string_view declaration = valueOf(line, "field:");
    if (declaration.empty()) return false;
    std::string_view name = declaration;
    const auto space = declaration.find_last_of(' ');
    std::string_view type =
        space == std::string_view::npos ? std::string_view{} : declaration.substr(0, space);
    if (space != std::string_view::npos) name = declaration.substr(space + 1);
    const auto bracket = name.find('[');
    field.isArray = bracket != std::string_view::npos;
    field.name = std::string(name.substr(0, bracket));
    field.type = std::string(type);
    field.dataLoc = type.starts_with("__data_loc") || type.starts_with("__rel_loc");
    field.relative = type.starts_with("__rel_loc");
    field.offset = static_cast<uint32_t>(toNumber(valueOf(line, "offset:")));
    field.size = static_cast<uint32_t>(toNumber(valueOf(line, "size:")));
    field.isSigned = valueOf(line, "signed:") == "1";
    return true;
}

std::string integerText(const TracepointField &field, const uint8_t *data) {
    uint64_t value = 0;
    std::memcpy(&value, data, field.size);
    if (field.type.find('*') != std::string::npos) {
        std::ostringstream out;
        out << "0x" << std::hex << value;
        return out.str();
    }
    if (!field.isSigned) return std::to_string(value);
    const unsigned shift = 64 - 8 * field.size;
    return std::to_string(static_cast<int64_t>(value << shift) >> shift);
}

std::string charsText(std::span<const uint8_t> bytes) {
    const auto *begin = reinterpret_cast<const char *>(bytes.data());
    const auto *end = static_cast<const char *>(std::memchr(begin, 0, bytes.size()));
    return std::string(begin, end == nullptr ? begin + bytes.size() : end);
}

std::string hexText(std::span<const uint8_t> bytes) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string text;
    for (uint8_t byte : bytes) {
        text += kDigits[byte >> 4];
        text += kDigits[byte & 15];
    }
    return text;
}

// The value of FIELD in RAW, or nullopt-like false when it lies outside.
bool fieldText(const TracepointField &field, std::span<const uint8_t> raw, std::string &text) {
    if (uint64_t{field.offset} + field.size > raw.size()) return false;
    const uint8_t *data = raw.data() + field.offset;
    if (field.dataLoc && field.size == 4) {
        uint32_t location = 0;
        std::memcpy(&location, data, 4);
        const uint64_t start = (location & 0xffff) + (field.relative ? field.offset + field.size : 0);
        const uint64_t length = location >> 16;
        if (start + length > raw.size()) return false;
        const auto bytes = raw.subspan(start, length);
        text = field.type.find("char") != std::string::npos ? charsText(bytes) : hexText(bytes);
        return true;
    }
    const bool isChar = field.type == "char" || field.type == "unsigned char" || field.type == "const char";
    if (field.isArray) {
        text = isChar ? charsText(raw.subspan(field.offset, field.size))
                      : hexText(raw.subspan(field.offset, field.size));
        return true;
    }
    if (field.size == 1 || field.size == 2 || field.size == 4 || field.size == 8) {
        text = integerText(field, data);
        return true;
    }
    text = hexText(raw.subspan(field.offset, field.size));
    return true;
}

} // namespace

TracepointFormat TracingFormats::parseFormat(std::string_view system, std::string_view text) {
    TracepointFormat format;
    std::string_view rest = text;
    while (!rest.empty()) {
        const auto newline = rest.find('\n');
        const std::string_view line = rest.substr(0, newline);
        rest = newline == std::string_view::npos ? std::string_view{} : rest.substr(newline + 1);
        if (line.starts_with("name: "))
            format.name = std::string(system) + ":" + std::string(line.substr(6));
        else if (line.starts_with("ID: "))
            format.id = toNumber(line.substr(4));
        else if (TracepointField field; parseField(line, field))
            format.fields.push_back(std::move(field));
    }
    return format;
}

TracingFormats TracingFormats::parse(std::span<const uint8_t> tracingData) {
    SectionCursor cursor(tracingData);
    const auto magic = cursor.take(10);
    if (std::memcmp(magic.data() + 3, "tracing", 7) != 0) throw Error("tracing data section has no magic");
    cursor.cstring(); // version
    cursor.take(2);   // endianness, sizeof(long)
    cursor.u32();     // page size
    for (const char *header : {"header_page", "header_event"}) {
        if (cursor.cstring() != header) throw Error("tracing data section lacks " + std::string(header));
        cursor.sized(cursor.u64());
    }
    TracingFormats formats;
    const uint64_t ftraceCount = cursor.u32();
    for (uint64_t i = 0; i < ftraceCount; ++i)
        formats.add(parseFormat("ftrace", cursor.sized(cursor.u64())));
    const uint64_t systems = cursor.u32();
    for (uint64_t s = 0; s < systems; ++s) {
        const std::string system = cursor.cstring();
        const uint64_t count = cursor.u32();
        for (uint64_t i = 0; i < count; ++i)
            formats.add(parseFormat(system, cursor.sized(cursor.u64())));
    }
    return formats; // kallsyms, printk formats and saved cmdlines are not needed
}

std::string TracingFormats::decode(const TracepointFormat &format, std::span<const uint8_t> raw) {
    std::string result;
    for (const TracepointField &field : format.fields) {
        std::string text;
        if (field.name.starts_with("common_") || !fieldText(field, raw, text)) continue;
        if (!result.empty()) result += ' ';
        result += field.name + "=" + text;
    }
    return result;
}

const TracepointFormat *TracingFormats::byId(uint64_t id) const {
    for (const TracepointFormat &format : formats_)
        if (format.id == id) return &format;
    return nullptr;
}

} // namespace perfglass
