// A mutex for one long holder and short visitors. The loading thread holds it while it completes a batch of
// samples (hundreds of microseconds); an unwinding thread needs it for a few microseconds when it meets code
// it has not seen. The visitor spins rather than sleeps (see Spin.h), and the holder lets it in between two
// steps (letWaitersIn()) instead of keeping it waiting for the whole batch. Without setSpinning(true) (more
// busy threads than CPUs, where a spin takes the CPU the other thread needs) it is a plain mutex.
#pragma once

#include "base/Spin.h"

#include <atomic>
#include <cstdint>
#include <mutex>

namespace perfglass {

class HandoffMutex {
public:
    void setSpinning(bool spinning) { spinning_.store(spinning, std::memory_order_relaxed); }
    bool spinning() const { return spinning_.load(std::memory_order_relaxed); }

    void lock() {
        if (mutex_.try_lock()) return;
        waiting_.fetch_add(1, std::memory_order_relaxed);
        if (!spinning() || !spinUntil([this] { return mutex_.try_lock(); }, kSpinBeforeSleep)) mutex_.lock();
        waiting_.fetch_sub(1, std::memory_order_relaxed);
        turns_.fetch_add(1, std::memory_order_release);
    }
    bool try_lock() { return mutex_.try_lock(); }
    void unlock() { mutex_.unlock(); }

    // For the holder, between two steps that need the lock: when another thread waits for it, unlocks until
    // that thread has had it, then locks again.
    void letWaitersIn() {
        if (waiting_.load(std::memory_order_relaxed) == 0 || !spinning()) return;
        const uint64_t turns = turns_.load(std::memory_order_acquire);
        mutex_.unlock();
        spinUntil([&] { return turns_.load(std::memory_order_acquire) != turns; }, kSpinBeforeSleep);
        lock();
    }

private:
    std::mutex mutex_;
    std::atomic<bool> spinning_{false};
    std::atomic<unsigned> waiting_{0};
    std::atomic<uint64_t> turns_{0}; // how often a thread that waited got the lock
};

} // namespace perfglass
