// Short spins for threads that wait for each other on different CPUs. A sleeping thread of a virtual machine
// is woken tens of microseconds late (its virtual CPU halted, and the wake-up is an interrupt the host
// delivers), which is longer than most waits between the loading thread and an unwinding thread.
#pragma once

#include <chrono>

namespace perfglass {

// How long a thread about to wait for another spins first: the loading thread waited for the worker's last
// jobs of a batch, and the worker for the next batch or for the symbols lock, about 500 times in a
// 137k-sample open (tens of microseconds each). Spinning uses a CPU that would idle, so only where each busy
// thread has one.
inline constexpr std::chrono::microseconds kSpinBeforeSleep{200};

inline void cpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    asm volatile("yield");
#endif
}

// Spins until ready() or limit has passed; returns ready().
template <typename Ready> bool spinUntil(Ready ready, std::chrono::microseconds limit) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (!ready()) {
        for (int i = 0; i < 32; ++i)
            cpuRelax();
        if (std::chrono::steady_clock::now() > deadline) return ready();
    }
    return true;
}

} // namespace perfglass
