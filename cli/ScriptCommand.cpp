#include "ScriptCommand.h"

#include "ScriptFields.h"
#include "SessionInput.h"

#include "base/Error.h"
#include "identity/BuildIdCache.h"
#include "load/LoadProfile.h"
#include "profile/ReadableNames.h"
#include "symbols/Addr2lineNames.h"
#include "symbols/Demangler.h"
#include "symbols/ElfSymbols.h"
#include "symbols/ModuleFinder.h"
#include "symbols/ReadableName.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <memory>
#include <optional>
#include <sstream>
#include <unordered_map>
#include <utility>
#include <vector>

namespace perfglass::cli {

namespace {

// A function perf prints for a DWARF-unwound frame: its name as perf spells it, and whether perf marks it
// "(inlined)" (its name is not the frame's symbol's).
struct PerfFunction {
    std::string name;
    bool inlined = false;
};

// The ELF symbols of the file that named each module's frames (Module::filePath), opened once: where a
// frame's function starts, for symbol+offset, and which symbol holds a return address. Kernel frames and
// modules without such a file have none.
class ModuleSymbols {
public:
    ModuleSymbols(const Profile &profile, const LoadOptions &options)
        : profile_(profile)
        , finder_(moduleSearchFor(options)) {}

    // The symbol that holds a frame's address, or nothing.
    const std::optional<SymbolMatch> &symbolOf(FrameId id) {
        const auto cached = holding_.find(id);
        if (cached != holding_.end()) return cached->second;
        const Frame &frame = profile_.frames[id];
        std::optional<SymbolMatch> found;
        if (const ElfSymbols *symbols = module(frame.module))
            if (SymbolMatch match = symbols->symbolAt(frame.address);
                !match.name.empty() && match.start <= frame.address)
                found = std::move(match);
        return holding_.emplace(id, std::move(found)).first->second;
    }

    // The symbol that starts exactly at ADDRESS of a frame's module, or nothing.
    std::optional<SymbolMatch> startingAt(FrameId id, uint64_t address) {
        const auto cached = startingAt_.find(id);
        if (cached != startingAt_.end()) return cached->second;
        std::optional<SymbolMatch> found;
        if (const ElfSymbols *symbols = module(profile_.frames[id].module))
            if (SymbolMatch match = symbols->symbolAt(address); !match.name.empty() && match.start == address)
                found = std::move(match);
        startingAt_.emplace(id, found);
        return found;
    }

    // The functions perf 6.1 prints for a DWARF-unwound frame of a symbol perf spells BASE: addr2line's
    // names at its address (symbols/Addr2lineNames.h), each as perf spells it and flagged inlined where that
    // differs from BASE (perf then makes a symbol of its own, printed "(inlined)"). Empty where perf prints
    // the frame as it is.
    const std::vector<PerfFunction> &perfInlines(FrameId id, const std::string &base) {
        auto cached = perfInlines_.find(id);
        if (cached != perfInlines_.end()) return cached->second;
        std::vector<PerfFunction> chain;
        const Frame &frame = profile_.frames[id];
        if (Addr2lineNames *names = addr2line(frame.module))
            for (const std::string &raw : names->at(frame.address)) {
                std::string name = perfName(demangle(raw));
                const bool inlined = name != base;
                chain.push_back({std::move(name), inlined});
            }
        return perfInlines_.emplace(id, std::move(chain)).first->second;
    }

private:
    Addr2lineNames *addr2line(ModuleId id) {
        auto found = addr2line_.find(id);
        if (found == addr2line_.end()) {
            const ElfSymbols *symbols = module(id);
            found =
                addr2line_
                    .emplace(id, symbols ? std::make_unique<Addr2lineNames>(symbols->dwflModule()) : nullptr)
                    .first;
        }
        return found->second.get();
    }

    const ElfSymbols *module(ModuleId id) {
        auto found = modules_.find(id);
        if (found == modules_.end()) {
            std::unique_ptr<ElfSymbols> symbols;
            const Module &module = profile_.modules[id];
            if (!module.kernel && module.hasSymbols && !module.filePath.empty())
                if (auto opened = finder_.reopen(module.filePath, buildIdFromHex(module.buildId)))
                    symbols = std::move(*opened);
            found = modules_.emplace(id, std::move(symbols)).first;
        }
        return found->second.get();
    }

    const Profile &profile_;
    ModuleFinder finder_;
    std::unordered_map<ModuleId, std::unique_ptr<ElfSymbols>> modules_;
    std::unordered_map<FrameId, std::optional<SymbolMatch>> holding_;
    std::unordered_map<FrameId, std::optional<SymbolMatch>> startingAt_;
    std::unordered_map<ModuleId, std::unique_ptr<Addr2lineNames>> addr2line_;
    std::unordered_map<FrameId, std::vector<PerfFunction>> perfInlines_;
};

// Where kernel functions start, from the kallsyms file the session's kernel symbols came from. A start is
// only trusted when kallsyms names the same function there (another kernel's file, or hidden addresses, give
// no offset).
class KernelStarts {
public:
    explicit KernelStarts(std::string path)
        : path_(path.empty() ? "/proc/kallsyms" : std::move(path)) {}

    std::optional<uint64_t> startOf(uint64_t address, const std::string &name) {
        if (!loaded_) load();
        auto after = std::upper_bound(symbols_.begin(), symbols_.end(), address,
                                      [](uint64_t a, const auto &symbol) { return a < symbol.first; });
        if (after == symbols_.begin()) return std::nullopt;
        --after;
        if (after->first == 0 || after->second != name) return std::nullopt;
        return after->first;
    }

private:
    void load() {
        loaded_ = true;
        std::ifstream file(path_);
        std::string line;
        while (std::getline(file, line)) {
            std::istringstream fields(line);
            std::string address, type, name;
            if (!(fields >> address >> type >> name)) continue;
            if (type != "t" && type != "T" && type != "w" && type != "W") continue; // text symbols only
            symbols_.emplace_back(std::strtoull(address.c_str(), nullptr, 16), std::move(name));
        }
        std::stable_sort(symbols_.begin(), symbols_.end(),
                         [](const auto &a, const auto &b) { return a.first < b.first; });
    }

    std::string path_;
    bool loaded_ = false;
    std::vector<std::pair<uint64_t, std::string>> symbols_;
};

// Which inlined functions a sample's frames show: perf script (6.1) shows them in DWARF-unwound call chains
// only, named as binutils' addr2line names them (ModuleSymbols::perfInlines); --inline shows ours (from
// libdw) everywhere, --no-inline none.
enum class InlineFrames { AsPerf, Always, Never };

class ScriptPrinter {
public:
    ScriptPrinter(const Profile &profile, uint32_t fields, const LoadOptions &options, InlineFrames inlines)
        : profile_(profile)
        , fields_(fields)
        , inlines_(inlines)
        , symbols_(profile, options)
        , kernelStarts_(options.kallsymsPath) {
        for (const auto &thread : profile.threads)
            threads_[thread.tid] = &thread;
        callChains_ = std::any_of(profile.stacks.begin(), profile.stacks.end(),
                                  [](const StackNode &node) { return node.parent != kNoStack; });
        for (const auto &event : profile.events)
            eventWidth_ = std::max(eventWidth_, event.name.size());
        for (FunctionId f = 0; f < profile.functions.size(); ++f)
            if (profile.functionName(f) == kBrokenStackName) brokenStack_ = f;
    }

    void print(size_t sample, std::string &out) {
        const auto &samples = profile_.samples;
        const auto thread = threads_.find(samples.tid[sample]); // named by its command at the sample's time
        const std::string &comm = thread == threads_.end()
                                      ? unknownComm_
                                      : profile_.strings[thread->second->commandAt(samples.time[sample])];
        const bool frames = (fields_ & (FieldIp | FieldSym | FieldDso)) != 0;
        if (has(FieldComm)) // perf pads the command only when frames do not follow on their own lines
            fmt::format_to(std::back_inserter(out), "{:>{}} ", comm, frames && callChains_ ? 0 : 16);
        if (has(FieldPid) && has(FieldTid))
            fmt::format_to(std::back_inserter(out), "{:5}/{:<5} ", samples.pid[sample], samples.tid[sample]);
        else if (has(FieldPid) || has(FieldTid))
            fmt::format_to(std::back_inserter(out), "{:5} ",
                           has(FieldPid) ? samples.pid[sample] : samples.tid[sample]);
        if (has(FieldCpu)) fmt::format_to(std::back_inserter(out), "[{:03}] ", samples.cpu[sample]);
        if (has(FieldTime)) {
            const uint64_t time = samples.time[sample];
            fmt::format_to(std::back_inserter(out), "{:5}.{:06}: ", time / 1000000000,
                           time % 1000000000 / 1000);
        }
        if (has(FieldPeriod)) fmt::format_to(std::back_inserter(out), "{:10} ", samples.period[sample]);
        const EventInfo &event = profile_.events[samples.event[sample]];
        if (has(FieldEvent)) fmt::format_to(std::back_inserter(out), "{:>{}}: ", event.name, eventWidth_);
        if (frames) printFrames(samples.stack[sample], event.userStacks, out);
        out += callChains_ && frames ? "\n" : "";
        if (!frames || !callChains_) out += '\n';
    }

private:
    bool has(ScriptField field) const { return (fields_ & field) != 0; }

    bool showsInlined(bool dwarfUnwound) const {
        return inlines_ == InlineFrames::Always || (inlines_ == InlineFrames::AsPerf && dwarfUnwound);
    }

    // With call chains: one frame per line, leaf first, then a blank line; without: the leaf on the line.
    // A user frame below another is a return address, which the profile keeps one byte earlier (the call, to
    // name the caller's line). perf prints the return address itself for frame-pointer call chains and
    // names it by the symbol that holds it; DWARF unwinding gives it the call's address, as we keep it.
    void printFrames(StackId stack, bool dwarfUnwound, std::string &out) {
        if (callChains_) out += '\n';
        bool any = false;
        bool afterUserFrame = false;
        const bool inlined = showsInlined(dwarfUnwound);
        const bool asPerf = dwarfUnwound && inlines_ == InlineFrames::AsPerf && callChains_;
        for (StackId walk = stack; walk != kNoStack; walk = profile_.stacks[walk].parent) {
            const FrameId id = profile_.stacks[walk].frame;
            const Frame &frame = profile_.frames[id];
            if (frame.function == brokenStack_ || (frame.inlined && (!inlined || asPerf))) continue;
            const bool kernel = profile_.modules[frame.module].kernel;
            const bool returnAddress = afterUserFrame && !dwarfUnwound && !kernel && frame.address != 0;
            afterUserFrame = !kernel && !frame.inlined ? true : afterUserFrame;
            if (asPerf && !kernel && printAsPerf(id, frame, out)) {
                any = true;
                continue;
            }
            printFrame(id, frame, returnAddress, out);
            any = true;
            if (!callChains_) break;
        }
        if (!any && !callChains_) out += " [unknown]";
    }

    // Prints a DWARF-unwound frame with the functions perf prints for it, when they are not just the frame.
    bool printAsPerf(FrameId id, const Frame &frame, std::string &out) {
        if (!symbols_.symbolOf(id)) return false; // perf adds inlined functions to frames with a symbol
        const auto &chain = symbols_.perfInlines(id, perfSpelling(profile_, frame.function));
        if (chain.empty()) return false;
        for (const PerfFunction &function : chain) {
            if (!function.inlined) {
                printFrame(id, frame, false, out);
                continue;
            }
            out += '\t';
            if (has(FieldIp)) fmt::format_to(std::back_inserter(out), "{:>16x}", frame.address);
            if (has(FieldSym)) {
                out += has(FieldIp) ? " " : "";
                out += function.name;
                if (has(FieldSymOffset))
                    fmt::format_to(std::back_inserter(out), "+0x{:x}",
                                   frame.address - symbols_.symbolOf(id)->start);
            }
            if (has(FieldSym) || has(FieldDso)) out += " (inlined)";
            out += '\n';
        }
        return true;
    }

    void printFrame(FrameId id, const Frame &frame, bool returnAddress, std::string &out) {
        const uint64_t address = frame.address + (returnAddress ? 1 : 0);
        out += callChains_ ? "\t" : " ";
        if (has(FieldIp)) fmt::format_to(std::back_inserter(out), "{:>16x}", address);
        if (has(FieldSym)) {
            out += has(FieldIp) ? " " : "";
            const std::optional<uint64_t> start = printName(id, frame, returnAddress, address, out);
            if (has(FieldSymOffset) && start)
                fmt::format_to(std::back_inserter(out), "+0x{:x}", address - *start);
        }
        if (has(FieldDso) && !frame.inlined)
            fmt::format_to(std::back_inserter(out), " ({})", profile_.modulePath(frame.module));
        if (frame.inlined && (has(FieldSym) || has(FieldDso))) out += " (inlined)";
        if (callChains_) out += '\n';
    }

    // Prints the frame's function as perf names it and returns where that function starts, when known: with
    // the version its symbol has in the symbol table, and for a return address at the very start of a
    // symbol (after a call that does not return, or in the dynamic loader's _start), that symbol.
    std::optional<uint64_t> printName(FrameId id, const Frame &frame, bool returnAddress, uint64_t address,
                                      std::string &out) {
        if (returnAddress && !frame.inlined)
            if (const auto next = symbols_.startingAt(id, address)) {
                out += perfName(next->name) + std::string(next->version);
                return next->start;
            }
        out += perfSpelling(profile_, frame.function);
        if (profile_.modules[frame.module].kernel)
            return kernelStarts_.startOf(address, profile_.functionName(frame.function));
        const std::optional<SymbolMatch> &symbol = symbols_.symbolOf(id);
        if (!symbol) return std::nullopt;
        if (!frame.inlined && symbol->name == profile_.functionName(frame.function)) out += symbol->version;
        return symbol->start;
    }

    const Profile &profile_;
    uint32_t fields_;
    InlineFrames inlines_;
    ModuleSymbols symbols_;
    KernelStarts kernelStarts_;
    std::unordered_map<uint32_t, const ThreadInfo *> threads_;
    std::string unknownComm_ = ":-1";
    bool callChains_ = false;
    size_t eventWidth_ = 0;
    FunctionId brokenStack_ = UINT32_MAX;
};

} // namespace

CLI::App *ScriptCommand::setup(CLI::App &app) {
    CLI::App *sub = app.add_subcommand(
        "script",
        "Print every sample as perf script does (for stackcollapse-perf.pl and other perf script tools)");
    sub->add_option("-i,--input", input_,
                    "Session file (perf.data format), or an archive of one (perf archive's, archive --all)")
        ->capture_default_str();
    sub->add_option("-F,--fields", fields_,
                    "Fields as perf script's -F: comm,pid,tid,cpu,time,period,event,ip,sym,symoff,dso, or "
                    "+FIELD/-FIELD to change the default");
    sub->add_flag("--inline", inline_,
                  "Print inlined functions as frames of their own in every call chain (by default, as perf "
                  "script, only in call chains unwound with DWARF)");
    sub->add_flag("--no-inline", noInline_, "Print no inlined functions")->excludes("--inline");
    symbolOptions_.add(sub); // --kallsyms, --sysroot/--symfs and the other symbol settings, as report's
    return sub;
}

int ScriptCommand::run() {
    const uint32_t fields = fields_.empty() ? kDefaultScriptFields : parseScriptFields(fields_);
    LoadOptions options;
    symbolOptions_.apply(options);
    options.inlineFrames = !noInline_;
    const std::string session = openSessionInput(input_, options); // adds the caches of an archive
    const auto profile = loadProfile(session, options);
    const InlineFrames inlines = inline_     ? InlineFrames::Always
                                 : noInline_ ? InlineFrames::Never
                                             : InlineFrames::AsPerf;
    ScriptPrinter printer(*profile, fields, options, inlines);
    std::string out;
    for (size_t i = 0; i < profile->samples.size(); ++i) {
        printer.print(i, out);
        if (out.size() > (1u << 16)) {
            std::fwrite(out.data(), 1, out.size(), stdout);
            out.clear();
        }
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    std::fflush(stdout);
    return 0;
}

} // namespace perfglass::cli
