#include "events/PmuCatalog.h"

#include "base/CpuList.h"
#include "base/Error.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace perfglass {

namespace fs = std::filesystem;

namespace {

std::optional<std::string> readSmallFile(const fs::path &path) {
    std::ifstream file(path);
    if (!file) return std::nullopt;
    std::ostringstream text;
    text << file.rdbuf();
    std::string content = text.str();
    while (!content.empty() && std::isspace(static_cast<unsigned char>(content.back())))
        content.pop_back();
    return content;
}

bool hasSuffix(std::string_view text, std::string_view suffix) {
    return text.size() > suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

std::vector<fs::path> sortedEntries(const fs::path &directory) {
    std::vector<fs::path> entries;
    std::error_code error;
    for (fs::directory_iterator it(directory, error), end; !error && it != end; it.increment(error))
        entries.push_back(it->path());
    std::sort(entries.begin(), entries.end());
    return entries;
}

void readFormats(const fs::path &directory, Pmu &pmu, std::vector<std::string> &warnings) {
    for (const auto &path : sortedEntries(directory / "format")) {
        const auto text = readSmallFile(path);
        if (!text) {
            warnings.push_back(fmt::format("{}: cannot read", path.string()));
            continue;
        }
        try {
            pmu.formats.push_back(PmuFormat::parse(path.filename().string(), *text));
        } catch (const Error &error) {
            warnings.push_back(fmt::format("{}: {}", path.string(), error.what()));
        }
    }
}

void readEvents(const fs::path &directory, Pmu &pmu, std::vector<std::string> &warnings) {
    static constexpr std::string_view kAnnexes[] = {".scale", ".unit", ".per-pkg", ".snapshot"};
    for (const auto &path : sortedEntries(directory / "events")) {
        const std::string name = path.filename().string();
        if (std::any_of(std::begin(kAnnexes), std::end(kAnnexes),
                        [&](std::string_view suffix) { return hasSuffix(name, suffix); }))
            continue;
        const auto terms = readSmallFile(path);
        if (!terms) {
            warnings.push_back(fmt::format("{}: cannot read", path.string()));
            continue;
        }
        PmuEvent event;
        event.name = name;
        event.terms = *terms;
        if (const auto scale = readSmallFile(path.string() + ".scale")) {
            try {
                size_t used = 0;
                event.scale = std::stod(*scale, &used);
                if (used != scale->size()) throw std::invalid_argument("trailing characters");
            } catch (const std::exception &) {
                warnings.push_back(fmt::format("{}.scale: '{}' is not a number", path.string(), *scale));
            }
        }
        if (const auto unit = readSmallFile(path.string() + ".unit")) event.unit = *unit;
        if (const auto perPackage = readSmallFile(path.string() + ".per-pkg"))
            event.perPackage = *perPackage == "1";
        if (const auto snapshot = readSmallFile(path.string() + ".snapshot"))
            event.snapshot = *snapshot == "1";
        pmu.events.push_back(std::move(event));
    }
}

} // namespace

const PmuFormat *Pmu::findFormat(std::string_view field) const {
    for (const auto &format : formats)
        if (format.name() == field) return &format;
    return nullptr;
}

const PmuEvent *Pmu::findEvent(std::string_view event) const {
    for (const auto &candidate : events)
        if (candidate.name == event) return &candidate;
    return nullptr;
}

PmuCatalog PmuCatalog::load(const std::string &root) {
    PmuCatalog catalog;
    catalog.root_ = root;
    for (const auto &directory : sortedEntries(root)) {
        Pmu pmu;
        pmu.name = directory.filename().string();
        const auto type = readSmallFile(directory / "type");
        if (!type) {
            catalog.warnings_.push_back(
                fmt::format("{}: no readable type file, PMU skipped", directory.string()));
            continue;
        }
        try {
            size_t used = 0;
            const unsigned long value = std::stoul(*type, &used, 0);
            if (used != type->size() || value > UINT32_MAX) throw std::invalid_argument("bad");
            pmu.type = static_cast<uint32_t>(value);
        } catch (const std::exception &) {
            catalog.warnings_.push_back(fmt::format("{}/type: '{}' is not a PMU type number, PMU skipped",
                                                    directory.string(), *type));
            continue;
        }
        auto cpus = readSmallFile(directory / "cpumask");
        pmu.systemWideOnly = cpus.has_value();
        if (!cpus) cpus = readSmallFile(directory / "cpus");
        if (cpus && !cpus->empty()) {
            try {
                pmu.cpus = parseCpuList(*cpus);
            } catch (const Error &error) {
                catalog.warnings_.push_back(
                    fmt::format("{}: CPU list: {}", directory.string(), error.what()));
            }
        }
        readFormats(directory, pmu, catalog.warnings_);
        readEvents(directory, pmu, catalog.warnings_);
        catalog.pmus_.push_back(std::move(pmu));
    }
    return catalog;
}

const Pmu *PmuCatalog::find(std::string_view name) const {
    for (const auto &pmu : pmus_)
        if (pmu.name == name) return &pmu;
    return nullptr;
}

const Pmu *PmuCatalog::findByType(uint32_t type) const {
    for (const auto &pmu : pmus_)
        if (pmu.type == type) return &pmu;
    return nullptr;
}

} // namespace perfglass
