// One function annotated with the costs of a Profile (Annotator computes it): its instructions with self and
// inclusive costs, the source lines they come from with per-line costs, the inlined functions they belong to
// as nested ranges, calls with their targets' names and jumps with their targets within the function.
#pragma once

#include "annotate/Disassembler.h"
#include "profile/Profile.h"

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace perfglass {

inline constexpr uint32_t kNoIndex = std::numeric_limits<uint32_t>::max();

struct AnnotatedInstruction {
    Instruction code;
    uint64_t self = 0;        // cost of the samples whose leaf is this instruction
    uint64_t inclusive = 0;   // ... whose stack passes through it (leaf or call site), once per sample
    uint32_t line = kNoIndex; // into FunctionAnnotation::lines: the line table's row for it
    std::vector<std::string> inlined; // the inlined functions it belongs to, outermost first
    std::string targetName;           // a call's (or a jump out of the function's) target, "" if unknown
    uint32_t jumpTarget = kNoIndex;   // a jump's target instruction within the function
};

struct AnnotatedLine {
    std::string file; // as the line table names it, made absolute with DW_AT_comp_dir
    uint32_t line = 0;
    uint64_t self = 0;
    uint64_t inclusive = 0;
    std::string text;       // the source line, "" when the file was not found
    bool fileFound = false; // the file could be read (FunctionAnnotation::missingFiles lists the others)
    std::vector<uint32_t> instructions; // indices of its instructions, in address order
};

// The instructions [first, last] of one inlined call, depth 0 for a call inlined straight into the function.
struct InlineRange {
    std::string function;
    uint32_t depth = 0;
    uint32_t first = 0;
    uint32_t last = 0;
};

struct FunctionAnnotation {
    FunctionId function = 0;
    std::string functionName;
    std::string modulePath;
    std::string event;
    uint64_t start = 0; // the function's ELF addresses [start, end)
    uint64_t end = 0;
    uint64_t selfTotal = 0;      // cost of the samples whose leaf is in the function (percent's base)
    uint64_t inclusiveTotal = 0; // ... that pass through it (inclusive percent's base)
    uint64_t selfSamples = 0;    // how many samples end in it, as perf annotate's header counts them
    std::vector<AnnotatedInstruction> instructions; // in address order
    std::vector<AnnotatedLine> lines;               // by file, then line
    std::vector<InlineRange> inlineRanges;          // by first instruction, outer ranges first
    std::vector<std::string> missingFiles;          // source files named by the line table but not found
    std::vector<std::string> notes;                 // what is not shown and why (no debug information)
    bool hasSourceLines = false;

    double percent(uint64_t cost) const { return selfTotal ? 100.0 * double(cost) / double(selfTotal) : 0; }
    double inclusivePercent(uint64_t cost) const {
        return inclusiveTotal ? 100.0 * double(cost) / double(inclusiveTotal) : 0;
    }
    // The index of the instruction containing address, or kNoIndex.
    uint32_t instructionAt(uint64_t address) const;
    // The instruction (line) with the highest self cost, then inclusive; kNoIndex when there is none.
    uint32_t hottestInstruction() const;
    uint32_t hottestLine() const;
};

} // namespace perfglass
