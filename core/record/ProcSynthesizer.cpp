#include "record/ProcSynthesizer.h"

#include "base/ProcFs.h"
#include "perfdata/PerfRecords.h"
#include "record/KernelModuleFiles.h"
#include "record/SampledFiles.h"

#include <sys/mman.h>
#include <sys/stat.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <sstream>

namespace perfglass {

namespace {

constexpr uint32_t kKernelPid = 0xffffffffu; // perf's HOST_KERNEL_ID_PID (-1)

struct MapsLine {
    uint64_t start = 0;
    uint64_t end = 0;
    uint64_t offset = 0;
    uint32_t major = 0;
    uint32_t minor = 0;
    uint64_t inode = 0;
    uint32_t prot = 0;
    uint32_t flags = 0;
    std::string path;
};

// Parses "START-END PERMS OFFSET MAJ:MIN INODE   PATH". Returns false for lines that do not follow it.
bool parseMapsLine(const std::string &line, MapsLine &out) {
    char perms[8] = {};
    unsigned long long start = 0, end = 0, offset = 0, inode = 0;
    unsigned major = 0, minor = 0;
    int pathStart = 0;
    if (std::sscanf(line.c_str(), "%llx-%llx %7s %llx %x:%x %llu %n", &start, &end, perms, &offset, &major,
                    &minor, &inode, &pathStart) < 7)
        return false;
    out.start = start;
    out.end = end;
    out.offset = offset;
    out.major = major;
    out.minor = minor;
    out.inode = inode;
    out.prot = (perms[0] == 'r' ? PROT_READ : 0) | (perms[1] == 'w' ? PROT_WRITE : 0) |
               (perms[2] == 'x' ? PROT_EXEC : 0);
    out.flags = perms[3] == 's' ? MAP_SHARED : MAP_PRIVATE;
    out.path = pathStart > 0 && static_cast<size_t>(pathStart) <= line.size() ? line.substr(pathStart) : "";
    return true;
}

std::vector<uint8_t> buildIdOf(MappedFiles *files, pid_t pid, const MapsLine &map, bool code) {
    if (!files) return {};
    const MappedFiles::Mapping mapping{map.start, map.end, map.major, map.minor, map.inode, map.path};
    return files->buildIdOf(pid, mapping, code);
}

} // namespace

ProcSynthesizer::ProcSynthesizer(const perf_event_attr &attr, uint64_t id, uint64_t time,
                                 std::string procRoot)
    : attr_(attr)
    , id_(id)
    , time_(time)
    , procRoot_(std::move(procRoot)) {}

void ProcSynthesizer::finishRecord(uint32_t pid, uint32_t tid, const Emit &emit) {
    // The sample_id trailer, in the order perf_event_open(2) gives for sample_id_all.
    const uint64_t sampleType = attr_.sample_type;
    if (sampleType & PERF_SAMPLE_TID) {
        record_.putBytes(&pid, 4);
        record_.putBytes(&tid, 4);
    }
    if (sampleType & PERF_SAMPLE_TIME) record_.putBytes(&time_, 8);
    if (sampleType & PERF_SAMPLE_ID) record_.putBytes(&id_, 8);
    if (sampleType & PERF_SAMPLE_STREAM_ID) record_.putBytes(&id_, 8);
    if (sampleType & PERF_SAMPLE_CPU) {
        const uint64_t cpu = 0;
        record_.putBytes(&cpu, 8);
    }
    if (sampleType & PERF_SAMPLE_IDENTIFIER) record_.putBytes(&id_, 8);
    emit(&record_.finish());
}

void ProcSynthesizer::emitComm(pid_t pid, pid_t tid, const std::string &comm, const Emit &emit) {
    record_.start(PERF_RECORD_COMM);
    const CommFields fields{static_cast<uint32_t>(pid), static_cast<uint32_t>(tid)};
    record_.putFields(fields);
    record_.putText(std::string_view(comm).substr(0, 15)); // TASK_COMM_LEN is 16 with the NUL
    finishRecord(fields.pid, fields.tid, emit);
}

void ProcSynthesizer::emitFork(pid_t pid, pid_t tid, const Emit &emit) {
    record_.start(PERF_RECORD_FORK);
    const auto process = static_cast<uint32_t>(pid);
    const ForkFields fields{process, process, static_cast<uint32_t>(tid), process, time_};
    record_.putFields(fields);
    finishRecord(fields.pid, fields.tid, emit);
}

std::string ProcSynthesizer::readMaps(pid_t pid) const {
    if (reader_) {
        auto maps = reader_->procFile(pid, ProcFile::Maps);
        return maps ? std::move(*maps) : std::string();
    }
    std::ifstream file(procRoot_ + "/" + std::to_string(pid) + "/maps");
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
}

std::vector<pid_t> ProcSynthesizer::threads(pid_t pid) const {
    if (!reader_) return threadsOf(pid, procRoot_);
    std::vector<pid_t> tids;
    const auto list = reader_->procFile(pid, ProcFile::TaskList);
    if (!list) return tids;
    std::istringstream lines(*list);
    for (std::string line; std::getline(lines, line);) {
        const long tid = std::strtol(line.c_str(), nullptr, 10);
        if (tid > 0) tids.push_back(static_cast<pid_t>(tid));
    }
    std::sort(tids.begin(), tids.end());
    return tids;
}

pid_t ProcSynthesizer::processOfThread(pid_t tid) const {
    if (!reader_) return processOf(tid, procRoot_);
    const auto status = reader_->procFile(tid, ProcFile::Status);
    const size_t at = status ? status->find("\nTgid:") : std::string::npos;
    if (at == std::string::npos) return -1;
    const long pid = std::strtol(status->c_str() + at + 6, nullptr, 10);
    return pid > 0 ? static_cast<pid_t>(pid) : -1;
}

// The namespaces of a thread as perf synthesizes them: the device and inode of each /proc/TID/ns link, in
// the kernel's order; one that cannot be read is 0, 0.
void ProcSynthesizer::emitNamespaces(pid_t pid, pid_t tid, const Emit &emit) {
    static constexpr const char *kNames[NamespacesFields::kKnownNamespaces] = {"net",  "uts", "ipc",   "pid",
                                                                               "user", "mnt", "cgroup"};
    std::array<NamespaceLink, NamespacesFields::kKnownNamespaces> links{};
    bool any = false;
    for (size_t i = 0; i < links.size(); ++i) {
        struct stat status {};
        const std::string path = procRoot_ + "/" + std::to_string(tid) + "/ns/" + kNames[i];
        if (::stat(path.c_str(), &status) != 0) continue;
        links[i] = {static_cast<uint64_t>(status.st_dev), static_cast<uint64_t>(status.st_ino)};
        any = true;
    }
    if (!any) return;
    record_.start(PERF_RECORD_NAMESPACES);
    const NamespacesFields fields{static_cast<uint32_t>(pid), static_cast<uint32_t>(tid), links.size()};
    record_.putFields(fields);
    record_.putBytes(links.data(), sizeof links);
    finishRecord(fields.pid, fields.tid, emit);
}

void ProcSynthesizer::emitMaps(pid_t pid, const Emit &emit) {
    std::istringstream maps(readMaps(pid));
    std::string line;
    MapsLine map;
    while (std::getline(maps, line)) {
        if (!parseMapsLine(line, map) || map.end <= map.start) continue;
        const bool code = map.prot & PROT_EXEC;
        if (!code && (!includeData_ || !(map.prot & PROT_READ))) continue; // as perf: no unreadable data
        if (map.path.empty()) map.path = "//anon";
        const std::vector<uint8_t> buildId = buildIdOf(files_, pid, map, code);
        record_.start(PERF_RECORD_MMAP2, PERF_RECORD_MISC_USER | (code ? 0 : PERF_RECORD_MISC_MMAP_DATA) |
                                             (buildId.empty() ? 0 : kMiscMmapBuildId));
        Mmap2Fields fields;
        fields.pid = fields.tid = static_cast<uint32_t>(pid);
        fields.addr = map.start;
        fields.len = map.end - map.start;
        fields.pgoff = map.offset;
        if (buildId.empty())
            fields.setInode(map.major, map.minor, map.inode);
        else
            fields.setBuildId(buildId); // as the kernel writes it, in place of device and inode
        fields.prot = map.prot;
        fields.flags = map.flags;
        record_.putFields(fields);
        record_.putText(map.path);
        finishRecord(fields.pid, fields.tid, emit);
    }
}

std::string ProcSynthesizer::readComm(pid_t pid, pid_t tid) const {
    if (reader_) {
        const auto comm = reader_->procFile(tid, ProcFile::Comm);
        return comm ? comm->substr(0, comm->find('\n')) : std::string();
    }
    std::ifstream file(procRoot_ + "/" + std::to_string(pid) + "/task/" + std::to_string(tid) + "/comm");
    std::string comm;
    std::getline(file, comm);
    return comm;
}

bool ProcSynthesizer::synthesizeProcess(pid_t pid, const Emit &emit) {
    const std::vector<pid_t> tids = threads(pid);
    if (tids.empty()) return false;
    emitComm(pid, pid, readComm(pid, pid), emit);
    if (namespaces_) emitNamespaces(pid, pid, emit);
    for (pid_t tid : tids) {
        if (tid == pid) continue;
        emitFork(pid, tid, emit);
        emitComm(pid, tid, readComm(pid, tid), emit);
        if (namespaces_) emitNamespaces(pid, tid, emit);
    }
    emitMaps(pid, emit);
    return true;
}

void ProcSynthesizer::synthesizeThreads(const std::vector<pid_t> &tids, const Emit &emit) {
    std::vector<pid_t> mapped;
    for (pid_t tid : tids) {
        const pid_t pid = processOfThread(tid);
        if (pid < 0) continue;
        if (tid != pid) emitFork(pid, tid, emit);
        emitComm(pid, tid, readComm(pid, tid), emit);
        if (namespaces_) emitNamespaces(pid, tid, emit);
        if (std::find(mapped.begin(), mapped.end(), pid) != mapped.end()) continue;
        mapped.push_back(pid);
        emitMaps(pid, emit);
    }
}

size_t ProcSynthesizer::synthesizeAll(const Emit &emit) {
    size_t count = 0;
    for (pid_t pid : numericEntries(procRoot_))
        count += synthesizeProcess(pid, emit) ? 1 : 0;
    return count;
}

bool ProcSynthesizer::synthesizeKernelMmap(const Emit &emit) {
    uint64_t text = 0;
    if (reader_) {
        const auto kallsyms = reader_->kallsyms();
        std::istringstream lines(kallsyms ? *kallsyms : std::string());
        text = kernelTextStart(lines);
    } else {
        text = kernelTextStart();
    }
    if (text == 0) return false;
    record_.start(PERF_RECORD_MMAP, PERF_RECORD_MISC_KERNEL);
    // pgoff: the address of the _text symbol
    const MmapFields fields{kKernelPid, 0, text, ~uint64_t{0} - text, text};
    record_.putFields(fields);
    record_.putText("[kernel.kallsyms]_text");
    finishRecord(fields.pid, fields.tid, emit);
    return true;
}

void ProcSynthesizer::synthesizeModuleMmaps(const std::vector<KernelModule> &modules, const Emit &emit) {
    for (const KernelModule &module : modules) {
        if (module.start == 0 || module.end <= module.start || module.path.empty()) continue;
        record_.start(PERF_RECORD_MMAP, PERF_RECORD_MISC_KERNEL);
        const MmapFields fields{kKernelPid, 0, module.start, module.end - module.start, 0};
        record_.putFields(fields);
        record_.putText(module.path);
        finishRecord(fields.pid, fields.tid, emit);
    }
}

std::vector<ProcSynthesizer::KernelModule>
ProcSynthesizer::loadedKernelModules(const KernelModuleFiles &files, const std::string &procModules) {
    std::vector<KernelModule> modules;
    for (const SampledFiles::Module &module : SampledFiles::loadedModules(procModules)) {
        std::string path = files.path(module.name);
        modules.push_back(
            {path.empty() ? "[" + module.name + "]" : std::move(path), module.start, module.end});
    }
    return modules;
}

uint64_t ProcSynthesizer::kernelTextStart(const std::string &kallsymsPath) {
    std::ifstream kallsyms(kallsymsPath);
    return kernelTextStart(kallsyms);
}

uint64_t ProcSynthesizer::kernelTextStart(std::istream &kallsyms) {
    std::string line;
    // _text is among the first lines; stop there rather than read all of kallsyms.
    for (int i = 0; i < 100000 && std::getline(kallsyms, line); ++i) {
        const auto space = line.find(' ');
        if (space == std::string::npos) continue;
        const auto name = line.rfind(' ');
        if (line.compare(name + 1, std::string::npos, "_text") != 0) continue;
        const uint64_t address = std::strtoull(line.c_str(), nullptr, 16);
        return address; // 0 when kernel.kptr_restrict hides addresses
    }
    return 0;
}

} // namespace perfglass
