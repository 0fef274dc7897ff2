#include "annotate/Annotator.h"

#include "annotate/AddressCosts.h"
#include "annotate/KernelCode.h"
#include "base/Error.h"
#include "identity/BuildIdCache.h"
#include "symbols/ElfSymbols.h"
#include "symbols/ModuleFinder.h"
#include "symbols/SourceFileFinder.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <optional>

namespace perfglass {

namespace {

// An address of the function's own code: a sampled one, else any frame's.
std::optional<uint64_t> addressOf(const Profile &profile, FunctionId function, const AddressCosts &costs) {
    std::optional<uint64_t> lowest;
    const auto consider = [&](uint64_t address) { lowest = lowest ? std::min(*lowest, address) : address; };
    for (const auto &[address, cost] : costs.self)
        consider(address);
    for (const auto &[address, cost] : costs.inclusive)
        consider(address);
    if (lowest) return lowest;
    for (const Frame &frame : profile.frames)
        if (frame.function == function && !frame.inlined) consider(frame.address);
    return lowest;
}

// The very file that named the module's frames when the session was loaded (Module::filePath), with its
// debug file found as loading found it (the build-id caches, debug paths, debuginfod). A profile that does
// not say (not made by loadProfile) has the module looked up again, by the same rules.
std::unique_ptr<ElfSymbols> openModule(const Profile &profile, ModuleId id, const std::string &name,
                                       const AnnotateOptions &options) {
    // debuginfod: loading the session put its servers into DEBUGINFOD_URLS already.
    const Module &module = profile.modules[id];
    const ModuleFinder finder(moduleSearchFor(options.symbols));
    const std::vector<uint8_t> buildId = buildIdFromHex(module.buildId);
    Expected<std::unique_ptr<ElfSymbols>> symbols = unexpected(std::string());
    if (!module.filePath.empty()) {
        symbols = finder.reopen(module.filePath, buildId);
    } else {
        auto found = finder.open({profile.modulePath(id), buildId, {}});
        if (found)
            symbols = std::move(found->symbols);
        else
            symbols = unexpected(found.error());
    }
    if (!symbols) throw Error(fmt::format("{}: cannot read its code: {}", name, symbols.error()));
    return std::move(*symbols);
}

// The recorded JIT code of function that holds address, else its first version; nullptr when none.
const JitCodeCopy *jitCodeOf(const Profile &profile, FunctionId function, std::optional<uint64_t> address) {
    const JitCodeCopy *first = nullptr;
    for (const JitCodeCopy &code : profile.jitCode) {
        if (code.function != function) continue;
        if (address && *address - code.start < code.code.size()) return &code;
        if (!first) first = &code;
    }
    return first;
}

bool isPerfMap(const std::string &path) {
    const std::string name = path.substr(path.rfind('/') + 1);
    return name.starts_with("perf-") && name.ends_with(".map");
}

void checkAnnotatable(const Profile &profile, FunctionId function, const std::string &name) {
    if (function >= profile.functions.size()) throw Error("no such function in the session");
    const Module &module = profile.modules[profile.functions[function].module];
    if (module.kernel || jitCodeOf(profile, function, std::nullopt)) return;
    const std::string &path = profile.modulePath(profile.functions[function].module);
    if (isPerfMap(path))
        throw Error(fmt::format("{}: JIT code named by the perf map {}, which holds names only; a jitdump "
                                "holds the code too (node --perf-prof, see README: JIT code)",
                                name, path));
    if (module.filePath.empty() && (path.empty() || path[0] != '/'))
        throw Error(fmt::format("{}: its code is in {}, which is no file that can be read", name, path));
}

} // namespace

FunctionAnnotation Annotator::annotate(const Profile &profile, const SampleFilter &filter,
                                       FunctionId function, const AnnotateOptions &options,
                                       const AggregationControl &control) {
    const std::string name = function < profile.functions.size() ? profile.functionName(function) : "";
    checkAnnotatable(profile, function, name);
    const AddressCosts costs = AddressCosts::compute(profile, filter, function, control);
    if (costs.inlinedOnly)
        throw Error(fmt::format("{} has no code of its own in this session: it is only inlined into other "
                                "functions; annotate those",
                                name));
    const auto address = addressOf(profile, function, costs);
    if (!address) throw Error(fmt::format("{}: no address of its code is known", name));

    FunctionAnnotation result;
    result.function = function;
    result.functionName = name;
    result.modulePath = profile.modulePath(profile.functions[function].module);
    if (filter.event >= 0 && static_cast<size_t>(filter.event) < profile.events.size())
        result.event = profile.events[static_cast<size_t>(filter.event)].name;
    result.selfTotal = costs.selfTotal;
    result.inclusiveTotal = costs.inclusiveTotal;
    result.selfSamples = costs.selfSamples;

    if (profile.modules[profile.functions[function].module].kernel)
        annotateKernel(result, *address, costs, options);
    else if (const JitCodeCopy *jit = jitCodeOf(profile, function, address))
        annotateJit(result, profile, *jit, costs, options);
    else
        annotateModule(result, profile, profile.functions[function].module, *address, costs, options);
    return result;
}

namespace {
std::vector<uint64_t> knownStarts(std::vector<uint64_t> starts, const AddressCosts &costs) {
    for (const auto &[sampled, cost] : costs.self)
        starts.push_back(sampled);
    std::sort(starts.begin(), starts.end());
    return starts;
}

// The lines of the file at path, nothing when path is "" or cannot be read.
std::optional<std::vector<std::string>> readLines(const std::string &path) {
    std::ifstream in(path);
    if (path.empty() || !in) return std::nullopt;
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);)
        lines.push_back(std::move(line));
    return lines;
}

std::string undecodedNote(size_t undecoded) {
    return fmt::format(
        "{} byte sequences that the disassembler (capstone {}) cannot decode are shown as .byte", undecoded,
        Disassembler::version());
}
} // namespace

void Annotator::annotateModule(FunctionAnnotation &result, const Profile &profile, ModuleId module,
                               uint64_t address, const AddressCosts &costs, const AnnotateOptions &options) {
    const std::string &name = result.functionName;
    const auto symbols = openModule(profile, module, name, options);
    const SymbolMatch symbol = symbols->symbolAt(address);
    if (symbol.name.empty())
        throw Error(fmt::format("{}: {} has no symbol at {:#x}", name, symbols->path(), address));
    result.start = symbol.start;
    result.end = symbol.end;
    const std::vector<uint8_t> bytes = symbols->codeBytes(symbol.start, symbol.end);
    if (bytes.empty())
        throw Error(fmt::format("{}: the code at {:#x}-{:#x} is in no section of {}", name, symbol.start,
                                symbol.end, symbols->path()));
    const std::vector<uint64_t> starts =
        knownStarts(symbols->lineTableAddresses(symbol.start, symbol.end), costs);
    size_t undecoded = 0;
    const Disassembler disassembler(options.syntax);
    addInstructions(result, disassembler.disassemble(bytes, symbol.start, starts, &undecoded), costs,
                    [&](uint64_t target) { return symbols->symbolAt(target).name; });
    if (undecoded > 0) result.notes.push_back(undecodedNote(undecoded));
    addSourceLines(result, *symbols, SourceFileFinder(options.symbols.sysroot, options.symbols.sourcePaths));
    addInlineRanges(result);
}

void Annotator::annotateKernel(FunctionAnnotation &result, uint64_t address, const AddressCosts &costs,
                               const AnnotateOptions &options) {
    const std::string &name = result.functionName;
    const KernelCode kernel(options.kallsyms);
    if (kernel.empty())
        throw Error(fmt::format("{}: kernel code cannot be read: {}", name, kernel.problem()));
    const auto symbol = kernel.functionAt(address);
    if (!symbol || symbol->name != name.substr(0, name.find(' ')))
        throw Error(
            fmt::format("{}: the running kernel has {} at {:#x}: the session was recorded on another boot "
                        "or kernel, whose code cannot be read here",
                        name, symbol ? symbol->name : std::string("no function"), address));
    std::string why;
    const std::vector<uint8_t> bytes = KernelCode::read(symbol->start, symbol->end, why, options.kcore);
    if (bytes.empty()) throw Error(fmt::format("{}: kernel code cannot be read: {}", name, why));
    result.start = symbol->start;
    result.end = symbol->end;
    size_t undecoded = 0;
    const Disassembler disassembler(options.syntax);
    addInstructions(result,
                    disassembler.disassemble(bytes, symbol->start, knownStarts({}, costs), &undecoded), costs,
                    [&](uint64_t target) {
                        const auto callee = kernel.functionAt(target);
                        return callee ? callee->name : std::string();
                    });
    if (undecoded > 0) result.notes.push_back(undecodedNote(undecoded));
    result.notes.push_back(
        "kernel code read from " + options.kcore +
        ": disassembly only (source lines need a vmlinux with debug information, which is not "
        "read yet)");
}
void Annotator::annotateJit(FunctionAnnotation &result, const Profile &profile, const JitCodeCopy &code,
                            const AddressCosts &costs, const AnnotateOptions &options) {
    result.start = code.start;
    result.end = code.start + code.code.size();
    std::vector<uint64_t> lineStarts;
    for (const JitCodeCopy::Line &line : code.lines)
        lineStarts.push_back(line.address);
    size_t undecoded = 0;
    const Disassembler disassembler(options.syntax);
    addInstructions(
        result, disassembler.disassemble(code.code, code.start, knownStarts(lineStarts, costs), &undecoded),
        costs, [&](uint64_t target) {
            for (const JitCodeCopy &other : profile.jitCode)
                if (target - other.start < other.code.size()) return profile.functionName(other.function);
            return std::string();
        });
    if (undecoded > 0) result.notes.push_back(undecodedNote(undecoded));
    const auto versions =
        std::count_if(profile.jitCode.begin(), profile.jitCode.end(),
                      [&](const JitCodeCopy &other) { return other.function == code.function; });
    result.notes.push_back(fmt::format("JIT code as the runtime recorded it in {} ({} bytes at {:#x}{})",
                                       result.modulePath, code.code.size(), code.start,
                                       versions > 1
                                           ? fmt::format("; {} versions of it have frames, shown: the one "
                                                         "at its lowest sampled address",
                                                         versions)
                                           : std::string()));
    if (code.lines.empty()) {
        result.notes.push_back("no source lines: the runtime wrote no debug information for this code, or "
                               "none that lies in it: disassembly only");
        return;
    }
    std::vector<SourceLine> sources(result.instructions.size());
    for (size_t i = 0; i < sources.size(); ++i) {
        const uint64_t address = result.instructions[i].code.address;
        auto line =
            std::upper_bound(code.lines.begin(), code.lines.end(), address,
                             [](uint64_t value, const JitCodeCopy::Line &l) { return value < l.address; });
        if (line == code.lines.begin() || (line - 1)->file == 0) continue;
        sources[i] = {profile.strings[(line - 1)->file], (line - 1)->line};
    }
    joinSourceLines(result, sources, SourceFileFinder(options.symbols.sysroot, options.symbols.sourcePaths));
}

void Annotator::addInstructions(FunctionAnnotation &result, const std::vector<Instruction> &code,
                                const AddressCosts &costs,
                                const std::function<std::string(uint64_t)> &nameOf) {
    result.instructions.reserve(code.size());
    for (const Instruction &instruction : code)
        result.instructions.push_back({instruction, 0, 0, kNoIndex, {}, {}, kNoIndex});
    for (const auto &[address, cost] : costs.self)
        if (const uint32_t i = result.instructionAt(address); i != kNoIndex)
            result.instructions[i].self += cost;
    for (const auto &[address, cost] : costs.inclusive)
        if (const uint32_t i = result.instructionAt(address); i != kNoIndex)
            result.instructions[i].inclusive += cost;
    for (AnnotatedInstruction &instruction : result.instructions) {
        if (!instruction.code.target) continue;
        const uint64_t target = *instruction.code.target;
        const bool inside = target >= result.start && target < result.end;
        if (inside && instruction.code.branch != BranchKind::Call)
            instruction.jumpTarget = result.instructionAt(target);
        else
            instruction.targetName = target == result.start ? result.functionName : nameOf(target);
    }
}

void Annotator::addSourceLines(FunctionAnnotation &result, const ElfSymbols &symbols,
                               const SourceFileFinder &finder) {
    if (!symbols.hasLineInfo()) {
        result.notes.push_back(fmt::format("{} has no debug information: disassembly only, without source "
                                           "lines or inlined functions",
                                           symbols.path()));
        return;
    }
    std::vector<InlineFrame> chain;
    std::vector<SourceLine> sources(result.instructions.size());
    for (uint32_t i = 0; i < result.instructions.size(); ++i) {
        AnnotatedInstruction &instruction = result.instructions[i];
        sources[i] = symbols.sourceLineAt(instruction.code.address);
        chain.clear();
        symbols.inlineChain(instruction.code.address, chain);
        for (auto frame = chain.rbegin(); frame != chain.rend(); ++frame)
            if (frame->inlined) instruction.inlined.push_back(frame->name);
    }
    joinSourceLines(result, sources, finder);
}

void Annotator::joinSourceLines(FunctionAnnotation &result, const std::vector<SourceLine> &sources,
                                const SourceFileFinder &finder) {
    std::map<std::pair<std::string, uint32_t>, uint32_t> lineIndex;
    for (const SourceLine &source : sources)
        if (!source.file.empty()) lineIndex.try_emplace({source.file, source.line}, kNoIndex);
    std::string readFile; // lineIndex is sorted by file: each file is read once
    std::optional<std::vector<std::string>> text;
    for (auto &[key, index] : lineIndex) {
        index = static_cast<uint32_t>(result.lines.size());
        AnnotatedLine line{key.first, key.second, 0, 0, {}, false, {}};
        if (readFile != key.first) {
            readFile = key.first;
            text = readLines(finder.find(key.first));
        }
        if (text) {
            line.fileFound = true;
            if (key.second >= 1 && key.second <= text->size()) line.text = (*text)[key.second - 1];
        } else if (result.missingFiles.empty() || result.missingFiles.back() != key.first) {
            result.missingFiles.push_back(key.first);
        }
        result.lines.push_back(std::move(line));
    }
    for (uint32_t i = 0; i < result.instructions.size(); ++i) {
        AnnotatedInstruction &instruction = result.instructions[i];
        const SourceLine &source = sources[i];
        if (source.file.empty()) continue;
        instruction.line = lineIndex.at({source.file, source.line});
        AnnotatedLine &line = result.lines[instruction.line];
        line.self += instruction.self;
        line.inclusive += instruction.inclusive;
        line.instructions.push_back(i);
    }
    result.hasSourceLines = !result.lines.empty();
}

// Consecutive instructions with the same inlined function at the same depth form one range.
void Annotator::addInlineRanges(FunctionAnnotation &result) {
    std::vector<uint32_t> open; // indices into inlineRanges, by depth
    for (uint32_t i = 0; i < result.instructions.size(); ++i) {
        const auto &inlined = result.instructions[i].inlined;
        size_t keep = 0;
        while (keep < open.size() && keep < inlined.size() &&
               result.inlineRanges[open[keep]].function == inlined[keep] &&
               result.inlineRanges[open[keep]].last + 1 == i)
            ++keep;
        open.resize(keep);
        for (uint32_t depth = 0; depth < inlined.size(); ++depth) {
            if (depth < keep) {
                result.inlineRanges[open[depth]].last = i;
                continue;
            }
            open.push_back(static_cast<uint32_t>(result.inlineRanges.size()));
            result.inlineRanges.push_back({inlined[depth], depth, i, i});
        }
    }
}

} // namespace perfglass
