// Facts about the system and its processes read from /proc: kernel settings, the threads of a process,
// whether a process exists. procRoot lets tests point at a fake tree.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace perfglass {

// kernel.perf_event_paranoid, or 2 (the kernel's default) when it cannot be read.
int perfEventParanoid();
// The number in a /proc/sys file such as "/proc/sys/kernel/perf_event_max_sample_rate", or fallback.
uint64_t readSysctlNumber(const std::string &path, uint64_t fallback);

// The thread ids of a process (/proc/PID/task), sorted; empty when the process does not exist.
std::vector<pid_t> threadsOf(pid_t pid, const std::string &procRoot = "/proc");
// The process (thread group) a thread belongs to, or -1 when the thread does not exist.
pid_t processOf(pid_t tid, const std::string &procRoot = "/proc");
// Whether a process or thread with this id exists, including one of another user and a zombie.
bool processExists(pid_t pid);
// The fields of /proc/TID/stat from its third (the state) on, after the command in parentheses (which may
// hold spaces and parentheses itself): fields[N - 3] is proc(5)'s field N. Empty when the task does not
// exist.
std::vector<std::string> statFields(pid_t tid);
// Whether it exists and still runs: an exited task not reaped yet (a zombie) counts as gone.
bool isRunning(pid_t pid);
// When it started, in nanoseconds since the epoch (to the clock tick, /proc/PID/stat's starttime); 0 when it
// does not exist.
int64_t processStartNs(pid_t pid);
// Its name (/proc/TID/comm), empty when it does not exist.
std::string commOf(pid_t tid);
// This process's own vdso image as the kernel mapped it (AT_SYSINFO_EHDR, sized from /proc/self/maps); empty
// when there is none. The recorded [vdso] is this image when the recording comes from the running kernel.
std::span<const uint8_t> ownVdsoImage();
// The numeric entries of a /proc directory (process or thread ids), unsorted.
std::vector<pid_t> numericEntries(const std::string &directory);

} // namespace perfglass
