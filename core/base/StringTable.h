// Interned strings: each distinct text is stored once and named by a 32-bit id.
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>

namespace perfglass {

using StringId = uint32_t;

class StringTable {
public:
    StringTable() { intern(""); }
    StringId intern(std::string_view text) {
        const auto found = ids_.find(text);
        if (found != ids_.end()) return found->second;
        const auto id = static_cast<StringId>(strings_.size());
        strings_.emplace_back(text);
        ids_.emplace(strings_.back(), id); // deque keeps the key's storage stable
        return id;
    }
    const std::string &operator[](StringId id) const { return strings_[id]; }
    size_t size() const { return strings_.size(); }

private:
    std::deque<std::string> strings_;
    std::unordered_map<std::string_view, StringId> ids_;
};

} // namespace perfglass
