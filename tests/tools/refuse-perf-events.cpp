// refuse-perf-events COMMAND [ARGS...]: runs COMMAND with perf_event_open refused (EACCES), as on a machine
// where the user may not record: a seccomp filter, inherited by every process COMMAND starts, makes the
// system call fail before the kernel looks at perf_event_paranoid or capabilities. Other system calls are
// untouched. Tests use it to see that what does not record still works where recording is refused.
#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <iterator>

#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(__x86_64__)
#define REFUSE_AUDIT_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define REFUSE_AUDIT_ARCH AUDIT_ARCH_AARCH64
#elif defined(__i386__)
#define REFUSE_AUDIT_ARCH AUDIT_ARCH_I386
#elif defined(__riscv) && __riscv_xlen == 64
#define REFUSE_AUDIT_ARCH AUDIT_ARCH_RISCV64
#elif defined(__powerpc64__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define REFUSE_AUDIT_ARCH AUDIT_ARCH_PPC64LE
#elif defined(__s390x__)
#define REFUSE_AUDIT_ARCH AUDIT_ARCH_S390X
#else
#error "refuse-perf-events: no audit architecture known for this target"
#endif

#if defined(__x86_64__)
#define REFUSE_FIRST_FOREIGN_NR __X32_SYSCALL_BIT
#else
#define REFUSE_FIRST_FOREIGN_NR 0xffffffffU
#endif

// A system call of another ABI (i386 entry points on x86-64, or x32's numbers with __X32_SYSCALL_BIT) has
// other numbers: such calls are refused altogether rather than let through unchecked.
namespace {

int refusePerfEventOpen() {
    sock_filter filter[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, REFUSE_AUDIT_ARCH, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (ENOSYS & SECCOMP_RET_DATA)),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
        BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, REFUSE_FIRST_FOREIGN_NR, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (ENOSYS & SECCOMP_RET_DATA)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_perf_event_open, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (EACCES & SECCOMP_RET_DATA)),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    sock_fprog program{static_cast<unsigned short>(std::size(filter)), filter};
    // Without privilege a filter may only be installed by a process that can gain none by exec.
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) {
        fprintf(stderr, "refuse-perf-events: prctl(PR_SET_NO_NEW_PRIVS): %s\n", strerror(errno));
        return -1;
    }
    if (syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER, 0, &program) != 0) {
        fprintf(stderr, "refuse-perf-events: seccomp(SECCOMP_SET_MODE_FILTER): %s\n", strerror(errno));
        return -1;
    }
    return 0;
}

} // namespace

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: refuse-perf-events COMMAND [ARGS...]\n"
                        "Runs COMMAND with perf_event_open(2) failing with EACCES.\n");
        return 2;
    }
    if (refusePerfEventOpen() != 0) return 125;
    execvp(argv[1], argv + 1);
    fprintf(stderr, "refuse-perf-events: cannot run %s: %s\n", argv[1], strerror(errno));
    return errno == ENOENT ? 127 : 126;
}
