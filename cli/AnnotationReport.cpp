#include "AnnotationReport.h"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>

namespace perfglass::cli {

namespace {

// Which rows to show: all, or the limit hottest (by self, then inclusive cost), in their own order.
template <typename Rows> std::vector<bool> shownRows(const Rows &rows, size_t limit) {
    std::vector<bool> shown(rows.size(), limit == 0);
    if (limit == 0) return shown;
    std::vector<uint32_t> order(rows.size());
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
        return rows[a].self != rows[b].self ? rows[a].self > rows[b].self
                                            : rows[a].inclusive > rows[b].inclusive;
    });
    for (size_t i = 0; i < std::min(limit, order.size()); ++i)
        shown[order[i]] = true;
    return shown;
}

std::string instructionText(const FunctionAnnotation &annotation, const AnnotatedInstruction &instruction) {
    std::string text = instruction.code.mnemonic;
    if (!instruction.code.operands.empty())
        text += std::string(text.size() < 7 ? 7 - text.size() : 1, ' ') + instruction.code.operands;
    if (instruction.jumpTarget != kNoIndex)
        text += fmt::format(" <{}+{:#x}>", annotation.functionName,
                            annotation.instructions[instruction.jumpTarget].code.address - annotation.start);
    else if (!instruction.targetName.empty())
        text += " <" + instruction.targetName + ">";
    return text;
}

// "outer > inner", or "outer > ... > inner" for deeper nesting.
std::string inlineText(const std::vector<std::string> &inlined) {
    if (inlined.size() <= 2) return fmt::format("{}", fmt::join(inlined, " > "));
    return fmt::format("{} > ({} more) > {}", inlined.front(), inlined.size() - 2, inlined.back());
}

nlohmann::json instructionJson(const FunctionAnnotation &annotation,
                               const AnnotatedInstruction &instruction) {
    nlohmann::json row{{"address", fmt::format("{:#x}", instruction.code.address)},
                       {"percent", annotation.percent(instruction.self)},
                       {"inclusivePercent", annotation.inclusivePercent(instruction.inclusive)},
                       {"self", instruction.self},
                       {"inclusive", instruction.inclusive},
                       {"text", instructionText(annotation, instruction)},
                       {"file", nullptr},
                       {"line", nullptr},
                       {"inlined", instruction.inlined}};
    if (instruction.line != kNoIndex) {
        row["file"] = annotation.lines[instruction.line].file;
        row["line"] = annotation.lines[instruction.line].line;
    }
    if (instruction.jumpTarget != kNoIndex)
        row["jumpTarget"] =
            fmt::format("{:#x}", annotation.instructions[instruction.jumpTarget].code.address);
    if (!instruction.targetName.empty()) row["target"] = instruction.targetName;
    return row;
}

void printHeader(std::FILE *out, const FunctionAnnotation &annotation) {
    fmt::print(out,
               "# {} in {}\n# event {}, {} samples in the function; Percent: share of its own cost, "
               "Incl%: share of its inclusive cost\n",
               annotation.functionName, annotation.modulePath, annotation.event, annotation.selfSamples);
    for (const std::string &note : annotation.notes)
        fmt::print(out, "# note: {}\n", note);
    for (const std::string &file : annotation.missingFiles)
        fmt::print(out, "# source file not found: {}\n", file);
}

void printLines(std::FILE *out, const FunctionAnnotation &annotation, size_t limit) {
    const std::vector<bool> shown = shownRows(annotation.lines, limit);
    fmt::print(out, "{:>8} {:>7} | {}\n", "Percent", "Incl%", "Source line");
    for (size_t i = 0; i < annotation.lines.size(); ++i) {
        if (!shown[i]) continue;
        const AnnotatedLine &line = annotation.lines[i];
        fmt::print(out, "{:8.2f} {:7.2f} | {}:{}  {}\n", annotation.percent(line.self),
                   annotation.inclusivePercent(line.inclusive), line.file, line.line, line.text);
    }
}

void printInstructions(std::FILE *out, const FunctionAnnotation &annotation, bool withSource, size_t limit) {
    const std::vector<bool> shown = shownRows(annotation.instructions, limit);
    fmt::print(out, "{:>8} {:>7} | {}\n", "Percent", "Incl%",
               withSource ? "Source & Disassembly" : "Disassembly");
    uint32_t lastLine = kNoIndex;
    const std::vector<std::string> *lastInlined = nullptr;
    for (size_t i = 0; i < annotation.instructions.size(); ++i) {
        const AnnotatedInstruction &instruction = annotation.instructions[i];
        if (!shown[i]) continue;
        if (withSource && (!lastInlined || *lastInlined != instruction.inlined) &&
            !instruction.inlined.empty())
            fmt::print(out, "{:16} |   [inlined: {}]\n", "", inlineText(instruction.inlined));
        lastInlined = &instruction.inlined;
        if (withSource && instruction.line != kNoIndex && instruction.line != lastLine) {
            const AnnotatedLine &line = annotation.lines[instruction.line];
            fmt::print(out, "{:16} | {}:{}  {}\n", "", line.file, line.line, line.text);
        }
        lastLine = instruction.line;
        fmt::print(out, "{:8.2f} {:7.2f} | {:>8x}:   {}\n", annotation.percent(instruction.self),
                   annotation.inclusivePercent(instruction.inclusive), instruction.code.address,
                   instructionText(annotation, instruction));
    }
}

} // namespace

nlohmann::json annotationToJson(const FunctionAnnotation &annotation,
                                const AnnotationReportOptions &options) {
    nlohmann::json json{{"function", annotation.functionName},
                        {"module", annotation.modulePath},
                        {"event", annotation.event},
                        {"samples", annotation.selfSamples},
                        {"start", fmt::format("{:#x}", annotation.start)},
                        {"end", fmt::format("{:#x}", annotation.end)},
                        {"notes", annotation.notes},
                        {"missingFiles", annotation.missingFiles},
                        {"instructions", nlohmann::json::array()},
                        {"lines", nlohmann::json::array()},
                        {"inlineRanges", nlohmann::json::array()}};
    const auto shownInstructions = shownRows(annotation.instructions, options.limit);
    if (options.parts != AnnotationParts::Source)
        for (size_t i = 0; i < annotation.instructions.size(); ++i)
            if (shownInstructions[i])
                json["instructions"].push_back(instructionJson(annotation, annotation.instructions[i]));
    const auto shownLines = shownRows(annotation.lines, options.limit);
    if (options.parts != AnnotationParts::Asm)
        for (size_t i = 0; i < annotation.lines.size(); ++i) {
            const AnnotatedLine &line = annotation.lines[i];
            if (shownLines[i])
                json["lines"].push_back({{"file", line.file},
                                         {"line", line.line},
                                         {"percent", annotation.percent(line.self)},
                                         {"inclusivePercent", annotation.inclusivePercent(line.inclusive)},
                                         {"text", line.fileFound ? nlohmann::json(line.text) : nullptr}});
        }
    for (const InlineRange &range : annotation.inlineRanges)
        json["inlineRanges"].push_back(
            {{"function", range.function},
             {"depth", range.depth},
             {"from", fmt::format("{:#x}", annotation.instructions[range.first].code.address)},
             {"to", fmt::format("{:#x}", annotation.instructions[range.last].code.address)}});
    return json;
}

void printAnnotation(std::FILE *out, const FunctionAnnotation &annotation,
                     const AnnotationReportOptions &options) {
    printHeader(out, annotation);
    if (options.parts == AnnotationParts::Source)
        printLines(out, annotation, options.limit);
    else
        printInstructions(out, annotation, options.parts == AnnotationParts::Both, options.limit);
}

} // namespace perfglass::cli
