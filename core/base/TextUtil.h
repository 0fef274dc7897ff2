// Small text helpers shared by the parsers of event syntax and sysfs files.
#pragma once

#include <cctype>
#include <string_view>

namespace perfglass {

// text without leading and trailing whitespace.
inline std::string_view trim(std::string_view text) {
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
        text.remove_prefix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
        text.remove_suffix(1);
    return text;
}

} // namespace perfglass
