// Interned strings: each distinct text is stored once and named by a 32-bit id.
#pragma once

#include "base/ChunkedTable.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>

namespace perfglass {

using StringId = uint32_t;

// The strings are kept in a ChunkedTable: a copy (a snapshot of a growing profile) shares them and leaves the
// index behind, which only interning needs; a copy that interns builds its own index first.
class StringTable {
public:
    StringTable() { intern(""); }
    StringTable(const StringTable &other)
        : strings_(other.strings_)
        , indexed_(false) {}
    StringTable &operator=(const StringTable &other) {
        if (this != &other) {
            strings_ = other.strings_;
            ids_.clear();
            indexed_ = false;
        }
        return *this;
    }
    StringTable(StringTable &&) noexcept = default; // the index's keys stay in the moved chunks
    StringTable &operator=(StringTable &&) noexcept = default;
    ~StringTable() = default;

    StringId intern(std::string_view text) {
        if (!indexed_) buildIndex();
        const auto found = ids_.find(text);
        if (found != ids_.end()) return found->second;
        const auto id = static_cast<StringId>(strings_.size());
        strings_.push_back(std::string(text));
        ids_.emplace(strings_.back(), id); // a chunk's items never move: the key's storage stays
        return id;
    }
    const std::string &operator[](StringId id) const { return strings_[id]; }
    size_t size() const { return strings_.size(); }
    const ChunkedTable<std::string> &strings() const { return strings_; }

private:
    void buildIndex() {
        strings_.ownLastChunk(); // the keys must point at strings this table keeps
        ids_.reserve(strings_.size());
        for (size_t id = 0; id < strings_.size(); ++id)
            ids_.emplace(strings_[id], static_cast<StringId>(id));
        indexed_ = true;
    }

    ChunkedTable<std::string> strings_;
    std::unordered_map<std::string_view, StringId> ids_;
    bool indexed_ = true;
};

} // namespace perfglass
