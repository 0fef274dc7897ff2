// Annotates one function of a Profile: reads the very file that named its frames (Module::filePath), finds
// its address range in the symbol table, disassembles its bytes in-process (capstone), joins the costs by
// address (AddressCosts), the DWARF line table and inline information of each instruction and the source
// files' text (found by SourceFileFinder with the session's symbol settings).
// Works without debug information (disassembly only, with a note); kernel functions of a session recorded on
// the running kernel are read from /proc/kcore with their ranges from /proc/kallsyms (KernelCode), without
// source lines; JIT code named from a jitdump is the code bytes the runtime recorded (Profile::jitCode), with
// the source lines of its debug information.
#pragma once

#include "analysis/AggregationRunner.h"
#include "analysis/SampleFilter.h"
#include "annotate/Disassembler.h"
#include "annotate/FunctionAnnotation.h"
#include "load/LoadProfile.h"
#include "profile/Profile.h"

#include <functional>
#include <string>
#include <vector>

namespace perfglass {

class ElfSymbols;
class SourceFileFinder;
struct SourceLine;
struct AddressCosts;

struct AnnotateOptions {
    AsmSyntax syntax = AsmSyntax::Att;
    // The symbol settings the session was loaded with: the module's debug file is found as loading found it
    // (build-id caches, debug paths, debuginfod), and source files with SourceFileFinder (sysroot, source
    // paths).
    LoadOptions symbols;
    std::string kallsyms = "/proc/kallsyms"; // kernel functions: their ranges
    std::string kcore = "/proc/kcore";       // ... and their code
};

class Annotator {
public:
    // Throws Error when the function's code cannot be read (no file, no symbol, kernel code, a function
    // that is only inlined), Cancelled when asked.
    static FunctionAnnotation annotate(const Profile &profile, const SampleFilter &filter,
                                       FunctionId function, const AnnotateOptions &options,
                                       const AggregationControl &control = {});

private:
    static void annotateModule(FunctionAnnotation &result, const Profile &profile, ModuleId module,
                               uint64_t address, const AddressCosts &costs, const AnnotateOptions &options);
    static void annotateKernel(FunctionAnnotation &result, uint64_t address, const AddressCosts &costs,
                               const AnnotateOptions &options);
    static void annotateJit(FunctionAnnotation &result, const Profile &profile, const JitCodeCopy &code,
                            const AddressCosts &costs, const AnnotateOptions &options);
    static void addInstructions(FunctionAnnotation &result, const std::vector<Instruction> &code,
                                const AddressCosts &costs,
                                const std::function<std::string(uint64_t)> &nameOf);
    static void addSourceLines(FunctionAnnotation &result, const ElfSymbols &symbols,
                               const SourceFileFinder &finder);
    // Joins the instructions to their source lines (sources: one per instruction, file "" for none) and the
    // lines' text.
    static void joinSourceLines(FunctionAnnotation &result, const std::vector<SourceLine> &sources,
                                const SourceFileFinder &finder);
    static void addInlineRanges(FunctionAnnotation &result);
};

} // namespace perfglass
