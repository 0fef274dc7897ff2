// Records that describe state which existed before recording started, read from /proc the way perf
// synthesizes it: COMM for every thread, FORK for threads other than the main one, NAMESPACES for every
// thread (when the tracking event records namespaces), MMAP2 for every executable mapping, with the build id
// of its file as the kernel writes it for new mappings (PERF_RECORD_MISC_MMAP_BUILD_ID) where the file could
// be read as the process maps it (MappedFiles), and the kernel's own mapping ("[kernel.kallsyms]_text", from
// /proc/kallsyms). Every record carries the sample_id trailer of the session's first event, so readers that
// sort by time place it before the first sample.
#pragma once

#include "events/PrivilegedReader.h"
#include "perfdata/RecordBuilder.h"
#include "record/MappedFiles.h"

#include <linux/perf_event.h>
#include <sys/types.h>

#include <cstdint>
#include <functional>
#include <istream>
#include <string>
#include <vector>

namespace perfglass {

class KernelModuleFiles;

class ProcSynthesizer {
public:
    using Emit = std::function<void(const perf_event_header *)>;

    // attr selects the trailer layout (sample_type); id is written into its ID/IDENTIFIER field; time is the
    // timestamp given to every synthesized record (taken before the events were enabled). procRoot is /proc.
    ProcSynthesizer(const perf_event_attr &attr, uint64_t id, uint64_t time, std::string procRoot = "/proc");

    // Also synthesize the mappings that are not executable, file-backed and anonymous, as attr.mmap_data
    // records them: unwinders read .eh_frame_hdr from the former, and the recorder finds thread stacks among
    // the latter.
    void setIncludeDataMappings(bool include) { includeData_ = include; }
    // Read the threads, names and maps of processes, and kallsyms, through reader (the privileged helper, for
    // processes of other users and the kernel's addresses) instead of procRoot. reader must outlive this.
    void setReader(PrivilegedReader *reader) { reader_ = reader; }
    // Give file mappings the build id of their file, read through files (which must outlive this); null: the
    // device and inode, as perf 6.1 synthesizes them.
    void setMappedFiles(MappedFiles *files) { files_ = files; }
    // Synthesize PERF_RECORD_NAMESPACES for every thread (attr.namespaces), from procRoot/TID/ns.
    void setNamespaces(bool namespaces) { namespaces_ = namespaces; }

    // COMM, FORK and MMAP2 records for process pid and all its threads. Returns false when it has exited.
    bool synthesizeProcess(pid_t pid, const Emit &emit);
    // Only the threads named (and the maps of their processes, once per process).
    void synthesizeThreads(const std::vector<pid_t> &tids, const Emit &emit);
    // Every process in procRoot. Returns how many were synthesized.
    size_t synthesizeAll(const Emit &emit);
    // PERF_RECORD_MMAP for the kernel text, pid -1, as perf writes it. Returns false when /proc/kallsyms
    // hides addresses (kernel.kptr_restrict) or has no _text.
    bool synthesizeKernelMmap(const Emit &emit);

    // A loaded kernel module: its file (or "[name]" when none was found) and address range (/proc/modules).
    struct KernelModule {
        std::string path;
        uint64_t start = 0;
        uint64_t end = 0;
    };
    // PERF_RECORD_MMAP for each module, pid -1, as perf writes them after the kernel's, so that readers find
    // each module's file (by the build id BUILD_ID gives that path) and name its frames from it.
    void synthesizeModuleMmaps(const std::vector<KernelModule> &modules, const Emit &emit);
    // The modules of procModules (/proc/modules; none where kernel.kptr_restrict hides their addresses), each
    // by its file under files' modules directory, as perf names them.
    static std::vector<KernelModule> loadedKernelModules(const KernelModuleFiles &files,
                                                         const std::string &procModules = "/proc/modules");

    // Address of _text in kallsyms, 0 when unknown or hidden.
    static uint64_t kernelTextStart(const std::string &kallsymsPath = "/proc/kallsyms");
    static uint64_t kernelTextStart(std::istream &kallsyms);

private:
    void emitComm(pid_t pid, pid_t tid, const std::string &comm, const Emit &emit);
    void emitFork(pid_t pid, pid_t tid, const Emit &emit);
    void emitMaps(pid_t pid, const Emit &emit);
    void emitNamespaces(pid_t pid, pid_t tid, const Emit &emit);
    // Adds the sample_id trailer to the record being built and emits it.
    void finishRecord(uint32_t pid, uint32_t tid, const Emit &emit);
    std::string readComm(pid_t pid, pid_t tid) const;
    std::string readMaps(pid_t pid) const;
    std::vector<pid_t> threads(pid_t pid) const;
    pid_t processOfThread(pid_t tid) const;

    perf_event_attr attr_;
    uint64_t id_;
    uint64_t time_;
    std::string procRoot_;
    RecordBuilder record_;
    bool includeData_ = false;
    PrivilegedReader *reader_ = nullptr;
    MappedFiles *files_ = nullptr;
    bool namespaces_ = false;
};

} // namespace perfglass
