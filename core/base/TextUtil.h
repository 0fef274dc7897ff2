// Small text helpers shared by the parsers of event syntax and sysfs files, and by the reports.
#pragma once

#include <cctype>
#include <string>
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

// A module's name in brackets, as reports show it after a function; names that are already bracketed
// ("[process]", "[idle]", "[unknown]", "[kernel.kallsyms]") keep their one pair, as the GUI shows them.
inline std::string bracketedModule(std::string_view name) {
    if (name.size() >= 2 && name.front() == '[' && name.back() == ']') return std::string(name);
    return "[" + std::string(name) + "]";
}

} // namespace perfglass
