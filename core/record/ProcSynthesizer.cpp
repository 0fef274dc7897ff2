#include "record/ProcSynthesizer.h"

#include "base/ProcFs.h"

#include <sys/mman.h>

#include <algorithm>
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

} // namespace

ProcSynthesizer::ProcSynthesizer(const perf_event_attr &attr, uint64_t id, uint64_t time,
                                 std::string procRoot)
    : attr_(attr)
    , id_(id)
    , time_(time)
    , procRoot_(std::move(procRoot)) {
    record_.resize(8192 / sizeof(uint64_t));
}

void ProcSynthesizer::put(const void *bytes, size_t size) {
    if (used_ + size > record_.size() * sizeof(uint64_t)) record_.resize((used_ + size) / 8 + 64);
    std::memcpy(reinterpret_cast<uint8_t *>(record_.data()) + used_, bytes, size);
    used_ += size;
}

void ProcSynthesizer::finishRecord(uint32_t type, uint16_t misc, uint32_t pid, uint32_t tid,
                                   const Emit &emit) {
    // The sample_id trailer, in the order perf_event_open(2) gives for sample_id_all.
    const uint64_t sampleType = attr_.sample_type;
    if (sampleType & PERF_SAMPLE_TID) {
        put(&pid, 4);
        put(&tid, 4);
    }
    if (sampleType & PERF_SAMPLE_TIME) put(&time_, 8);
    if (sampleType & PERF_SAMPLE_ID) put(&id_, 8);
    if (sampleType & PERF_SAMPLE_STREAM_ID) put(&id_, 8);
    if (sampleType & PERF_SAMPLE_CPU) {
        const uint64_t cpu = 0;
        put(&cpu, 8);
    }
    if (sampleType & PERF_SAMPLE_IDENTIFIER) put(&id_, 8);
    auto *header = reinterpret_cast<perf_event_header *>(record_.data());
    header->type = type;
    header->misc = misc;
    header->size = static_cast<uint16_t>(used_);
    emit(header);
    used_ = 0;
}

void ProcSynthesizer::emitComm(pid_t pid, pid_t tid, const std::string &comm, const Emit &emit) {
    used_ = sizeof(perf_event_header);
    const uint32_t ids[2] = {static_cast<uint32_t>(pid), static_cast<uint32_t>(tid)};
    put(ids, sizeof ids);
    char name[24] = {}; // TASK_COMM_LEN is 16; padded to 8 bytes with at least one NUL
    std::memcpy(name, comm.data(), std::min<size_t>(comm.size(), 15));
    put(name, (std::min<size_t>(comm.size(), 15) + 1 + 7) & ~size_t{7});
    finishRecord(PERF_RECORD_COMM, 0, ids[0], ids[1], emit);
}

void ProcSynthesizer::emitFork(pid_t pid, pid_t tid, const Emit &emit) {
    used_ = sizeof(perf_event_header);
    const uint32_t ids[4] = {static_cast<uint32_t>(pid), static_cast<uint32_t>(pid),
                             static_cast<uint32_t>(tid), static_cast<uint32_t>(pid)};
    put(ids, sizeof ids);
    put(&time_, 8);
    finishRecord(PERF_RECORD_FORK, 0, ids[0], ids[2], emit);
}

void ProcSynthesizer::emitMaps(pid_t pid, const Emit &emit) {
    std::ifstream maps(procRoot_ + "/" + std::to_string(pid) + "/maps");
    std::string line;
    MapsLine map;
    while (std::getline(maps, line)) {
        if (!parseMapsLine(line, map) || map.end <= map.start) continue;
        const bool fileBacked = map.inode != 0 && !map.path.empty() && map.path[0] == '/';
        if (!(map.prot & PROT_EXEC) && !(includeData_ && fileBacked)) continue;
        if (map.path.empty()) map.path = "//anon";
        used_ = sizeof(perf_event_header);
        const uint32_t ids[2] = {static_cast<uint32_t>(pid), static_cast<uint32_t>(pid)};
        put(ids, sizeof ids);
        const uint64_t range[3] = {map.start, map.end - map.start, map.offset};
        put(range, sizeof range);
        const uint32_t device[2] = {map.major, map.minor};
        put(device, sizeof device);
        const uint64_t inode[2] = {map.inode, 0};
        put(inode, sizeof inode);
        const uint32_t protFlags[2] = {map.prot, map.flags};
        put(protFlags, sizeof protFlags);
        std::vector<char> name((map.path.size() + 1 + 7) & ~size_t{7}, '\0');
        std::memcpy(name.data(), map.path.data(), map.path.size());
        put(name.data(), name.size());
        finishRecord(PERF_RECORD_MMAP2, PERF_RECORD_MISC_USER, ids[0], ids[1], emit);
    }
}

std::string ProcSynthesizer::readComm(pid_t pid, pid_t tid) const {
    std::ifstream file(procRoot_ + "/" + std::to_string(pid) + "/task/" + std::to_string(tid) + "/comm");
    std::string comm;
    std::getline(file, comm);
    return comm;
}

bool ProcSynthesizer::synthesizeProcess(pid_t pid, const Emit &emit) {
    const std::vector<pid_t> tids = threadsOf(pid, procRoot_);
    if (tids.empty()) return false;
    emitComm(pid, pid, readComm(pid, pid), emit);
    for (pid_t tid : tids) {
        if (tid == pid) continue;
        emitFork(pid, tid, emit);
        emitComm(pid, tid, readComm(pid, tid), emit);
    }
    emitMaps(pid, emit);
    return true;
}

void ProcSynthesizer::synthesizeThreads(const std::vector<pid_t> &tids, const Emit &emit) {
    std::vector<pid_t> mapped;
    for (pid_t tid : tids) {
        const pid_t pid = processOf(tid, procRoot_);
        if (pid < 0) continue;
        if (tid != pid) emitFork(pid, tid, emit);
        emitComm(pid, tid, readComm(pid, tid), emit);
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
    const uint64_t text = kernelTextStart();
    if (text == 0) return false;
    used_ = sizeof(perf_event_header);
    const uint32_t ids[2] = {kKernelPid, 0};
    put(ids, sizeof ids);
    const uint64_t range[3] = {text, ~uint64_t{0} - text, text}; // pgoff: the address of the _text symbol
    put(range, sizeof range);
    const char name[24] = "[kernel.kallsyms]_text";
    put(name, sizeof name);
    finishRecord(PERF_RECORD_MMAP, PERF_RECORD_MISC_KERNEL, ids[0], ids[1], emit);
    return true;
}

uint64_t ProcSynthesizer::kernelTextStart(const std::string &kallsymsPath) {
    std::ifstream kallsyms(kallsymsPath);
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
