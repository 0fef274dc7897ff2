// Where the code of a recorded module is read from: Perfglass's one lookup order, used to name frames (the
// Symbolizer, so report, script, diff and the desktop application), to unwind through them (the Symbolizer's
// Locate) and to annotate them. A module recorded at PATH with build id B, mapped by process PID, is looked
// for, in this order:
//   1. in the build-id caches (ModuleSearch::buildIdCaches, perf's layout: ROOT/.build-id/XX/REST/elf, the
//      entry's "debug" beside it as its separate debug file), the first cache first;
//   2. at /proc/PID/root/PATH while PID runs (a process in its own mount namespace);
//   3. at SYSROOT/PATH, then at PATH;
//   4. by its file name in each library directory;
//   5. as a separate debug file by build id, DIR/.build-id/XX/REST.debug, in each debug directory and
//      /usr/lib/debug (names without code: no unwinding through .eh_frame, no annotation);
//   6. from debuginfod (DEBUGINFOD_URLS set), by build id.
// With B, a file is used only if its build id is B: the caches, /proc/PID/root, the debug directories and
// debuginfod are searched by B and checked too. Without B (older perf, a mapping without one), only 3 and 4
// apply and the first file found is used, with a warning when it changed after the recording or when a
// process that mapped it still runs and sees another file at PATH.
// [vdso]: the caches' ROOT/[vdso]/B/vdso, else this process's own image when its build id is B (or, without
// B, when the session was recorded on this kernel).
#pragma once

#include "base/Expected.h"
#include "symbols/ElfSymbols.h"

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace perfglass {

// The symbol settings as the finder uses them (load/LoadProfile.h's moduleSearchFor makes them from
// LoadOptions).
struct ModuleSearch {
    std::vector<std::string> buildIdCaches; // roots of build-id caches, searched in this order
    std::string sysroot; // "/sysroot": /usr/lib/libc.so.6 is read as /sysroot/usr/lib/libc.so.6
    // Directories searched by file name (libraries copied from another machine, a build tree).
    std::vector<std::string> libraryPaths;
    std::vector<std::string> debugPaths; // extra directories for separate debug files
    // Told about debuginfod downloads (DEBUGINFOD_URLS set), and able to stop them; may be empty.
    DebuginfodProgress debuginfodProgress;
    // Whether the session was recorded on this kernel: then a [vdso] without build id is this process's own.
    bool vdsoOfThisMachine = true;
    // When the session was recorded (nanoseconds since the epoch, 0: unknown): a module without build id
    // whose file was modified later is used with a warning.
    int64_t recordingTimeNs = 0;
};

// A module as the recording names it.
struct RecordedModule {
    std::string path;                 // as recorded: "/usr/bin/prog", "[vdso]"
    std::span<const uint8_t> buildId; // empty when the recording has none
    std::span<const uint32_t> pids;   // processes that mapped it, for their own root (/proc/PID/root)
};

struct FoundModule {
    std::unique_ptr<ElfSymbols> symbols;
    std::string filePath; // the file opened; empty when it is no file (this process's own vdso image)
    std::string warning;  // why its names may be wrong (a file without build id, newer than the session)
};

class ModuleFinder {
public:
    explicit ModuleFinder(ModuleSearch search = {});
    const ModuleSearch &search() const { return search_; }

    // The module's file and symbols, or why there is none: with a build id, every file found with another
    // id and what to do.
    Expected<FoundModule> open(const RecordedModule &module) const;
    // The file that named a module's frames, opened again (annotate, script), with the debug file the caches
    // keep for its build id.
    Expected<std::unique_ptr<ElfSymbols>> reopen(const std::string &file,
                                                 std::span<const uint8_t> buildId) const;
    // The caches' file of that kind ("elf", "debug", "kallsyms", "vdso") for a build id, the first cache
    // first; empty when none has it.
    std::string cached(std::span<const uint8_t> buildId, std::string_view kind) const;
    // Whether a file's build id is the recorded one (perf pads recorded ids to 20 bytes with zeros).
    static bool sameBuildId(std::span<const uint8_t> recorded, std::span<const uint8_t> file);

private:
    struct Candidate {
        std::string file;
        std::string debugFile; // a cache's debug file for it, or empty
    };
    std::vector<Candidate> candidates(const RecordedModule &module) const;
    Expected<FoundModule> openProven(const RecordedModule &module) const;
    Expected<FoundModule> openUnproven(const RecordedModule &module) const;
    Expected<FoundModule> openVdso(const RecordedModule &module) const;
    Expected<FoundModule> fromDebuginfod(const RecordedModule &module) const;
    std::string otherFileInProcessRoot(const RecordedModule &module, const std::string &file) const;
    DebugSearch debugSearch(std::string debugFile) const;
    std::string advice() const;

    ModuleSearch search_;
};

} // namespace perfglass
