// Which mapped files a recording's samples hit (perf's "with hits"), for the BUILD_ID feature and the
// build-id cache: the file of every sampled user address (the sample's IP, the addresses of its call chain,
// and in DWARF mode the words of its copied user stack that point into code, which are the return addresses
// of its frames), the kernel for kernel addresses, and the kernel modules that hold them.
//
// Follows the executable file mappings of each process from its MMAP2 (and MMAP) records, forks copying the
// parent's. A file is known by its path and build id (from the record), or, where a record carries none, by
// its path, device and inode. Mappings are not forgotten on exec or exit: a sample drained after its
// process's next record still finds its file, and a stale range can only add a file, never lose one.
// Cheap on the recorder's path: one hash lookup per sample and one range lookup per address, skipped when the
// address lies in the range found last; user stacks are scanned for one DWARF sample in 8 (a file that
// frames keep returning to is seen soon enough), and only their words within the process's mapped code.
#pragma once

#include "base/RangeMap.h"
#include "perfdata/RecordDecoder.h"

#include <linux/perf_event.h>

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace perfglass {

class SampledFiles {
public:
    struct File {
        std::string path;
        std::vector<uint8_t> buildId; // empty: the record carried device and inode instead
        uint32_t major = 0;
        uint32_t minor = 0;
        uint64_t inode = 0;
        uint32_t pid = 0; // the first process seen mapping it (to read it through its /proc/PID/root)
        bool hit = false;
    };
    // A kernel module: its name and address range (/proc/modules).
    struct Module {
        std::string name;
        uint64_t start = 0;
        uint64_t end = 0;
        bool hit = false;
    };

    // modules: the loaded kernel modules, to tell which ones samples hit (may be empty).
    explicit SampledFiles(std::vector<Module> modules = {});

    // MMAP, MMAP2 and FORK records; others are ignored.
    void note(const perf_event_header *record);
    // A decoded sample: its IP, call chain and (scanStack) the words of its user stack.
    void noteSample(const Sample &sample, uint16_t misc, bool scanStack);

    const std::vector<File> &files() const { return files_; }
    const std::vector<Module> &modules() const { return modules_; }
    bool kernelHit() const { return kernelHit_; }
    // The processes whose user code was sampled.
    const std::set<uint32_t> &sampledProcesses() const { return sampledProcesses_; }

    // The loaded modules, from /proc/modules (addresses are 0 where kptr_restrict hides them: none kept).
    static std::vector<Module> loadedModules(const std::string &path = "/proc/modules");

private:
    struct Slot {
        uint32_t file = 0;
        Slot advancedBy(uint64_t) const { return *this; }
    };
    struct Ranges {
        RangeMap<Slot> map;
        uint64_t low = ~uint64_t{0}; // the lowest start and highest end ever mapped: a quick test of a word
        uint64_t high = 0;
    };
    void noteMapping(uint32_t pid, uint64_t start, uint64_t length, uint32_t file);
    uint32_t fileIndex(const perf_event_header *record);
    void noteFork(const perf_event_header *record);
    void noteUser(uint32_t pid, uint64_t address);
    void noteKernel(uint64_t address);
    Ranges *rangesOf(uint32_t pid);

    std::vector<File> files_;
    std::map<std::tuple<std::string, std::vector<uint8_t>, uint32_t, uint32_t, uint64_t>, uint32_t> fileIds_;
    std::unordered_map<uint32_t, Ranges> processes_;
    std::vector<Module> modules_;
    std::set<uint32_t> sampledProcesses_;
    bool kernelHit_ = false;
    // The range found last, so that consecutive addresses in one function cost no lookup.
    uint32_t lastPid_ = 0;
    uint64_t lastStart_ = 0;
    uint64_t lastEnd_ = 0;
    Ranges *lastRanges_ = nullptr;
    uint32_t lastRangesPid_ = 0;
    uint64_t stackSamples_ = 0;
};

} // namespace perfglass
