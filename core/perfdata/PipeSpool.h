// Drains a pipe on a thread of its own into memory, for a reader that takes the bytes in steps (the live
// view of `perf record -o - | perfglass -`). Between two steps nothing else reads the pipe: its 64 KiB
// would fill in a millisecond at a DWARF recording's rate, and a writer blocked on a full pipe stops
// draining the kernel's ring buffers, which then drop samples. The spool holds what arrived until the
// reader takes it, so memory follows how far the reader lags, not the stream's length; past mostWaiting
// bytes it stops reading until the reader takes some, and the writer waits again.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <exception>
#include <mutex>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

namespace perfglass {

class PipeSpool {
public:
    static constexpr size_t kMostWaiting = size_t{512} << 20; // five seconds of a 20 kHz DWARF stream

    // fd stays open and owned by the caller, which must keep it open while the spool lives; path names it
    // in errors.
    PipeSpool(int fd, std::string path, size_t mostWaiting = kMostWaiting);
    ~PipeSpool();
    PipeSpool(const PipeSpool &) = delete;
    PipeSpool &operator=(const PipeSpool &) = delete;

    // Copies up to size bytes of what arrived into out, without waiting: 0 when nothing waits (see ended()).
    // Throws Error when reading the pipe failed.
    size_t take(uint8_t *out, size_t size);
    // The writer closed the pipe and every byte was taken.
    bool ended() const;
    // Bytes read from the pipe that wait to be taken.
    size_t waiting() const;

private:
    void run(const std::stop_token &stop);
    void drain(const std::stop_token &stop);

    static constexpr size_t kChunk = size_t{1} << 20;
    int fd_;
    std::string path_;
    size_t mostWaiting_;
    mutable std::mutex mutex_;
    std::condition_variable_any taken_; // the reader took bytes: the drain may go on
    std::deque<std::vector<uint8_t>>
        chunks_; // filled up to their size(); the first is taken from firstTaken_
    size_t firstTaken_ = 0;
    size_t waiting_ = 0;
    bool closed_ = false;        // the writer closed the pipe
    std::exception_ptr failure_; // why reading stopped, rethrown by take()
    std::jthread thread_;        // last: it starts once the members above exist
};

} // namespace perfglass
