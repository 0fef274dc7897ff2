#include "perfdata/PipeSpool.h"

#include "base/Error.h"

#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>

namespace perfglass {

namespace {
// How often the draining thread looks whether it should stop while the pipe stays silent.
constexpr int kStopCheckMs = 50;
} // namespace

PipeSpool::PipeSpool(int fd, std::string path, size_t mostWaiting)
    : fd_(fd)
    , path_(std::move(path))
    , mostWaiting_(mostWaiting)
    , thread_([this](const std::stop_token &stop) { run(stop); }) {}

// The thread's body: a failure (an allocation past the machine's memory) is the reader's to report, as a
// failed read is, rather than the end of the process.
void PipeSpool::run(const std::stop_token &stop) {
    try {
        drain(stop);
    } catch (const std::exception &error) {
        const std::lock_guard lock(mutex_);
        failure_ = std::make_exception_ptr(Error("cannot hold what " + path_ + " sent: " + error.what()));
    }
}

PipeSpool::~PipeSpool() {
    thread_.request_stop();
    if (thread_.joinable()) thread_.join();
}

void PipeSpool::drain(const std::stop_token &stop) {
    std::vector<uint8_t> chunk(kChunk);
    while (!stop.stop_requested()) {
        {
            std::unique_lock lock(mutex_);
            if (!taken_.wait(lock, stop, [this] { return waiting_ < mostWaiting_; })) return;
        }
        pollfd input{fd_, POLLIN, 0};
        const int ready = ::poll(&input, 1, kStopCheckMs);
        if (ready == 0 || (ready < 0 && errno == EINTR)) continue;
        const ssize_t got = ready < 0 ? -1 : ::read(fd_, chunk.data(), chunk.size());
        if (got < 0 && errno == EINTR) continue;
        const std::lock_guard lock(mutex_);
        if (got < 0) {
            failure_ = std::make_exception_ptr(Error(systemErrorMessage("cannot read " + path_, errno)));
            return;
        }
        if (got == 0) {
            closed_ = true;
            return;
        }
        // Small reads (a writer that writes little at a time) share the last chunk rather than hold a
        // megabyte each.
        const auto bytes = static_cast<size_t>(got);
        if (!chunks_.empty() && chunks_.back().capacity() - chunks_.back().size() >= bytes) {
            chunks_.back().insert(chunks_.back().end(), chunk.begin(), chunk.begin() + got);
        } else {
            std::vector<uint8_t> kept;
            kept.reserve(std::max(bytes, kChunk));
            kept.assign(chunk.begin(), chunk.begin() + got);
            chunks_.push_back(std::move(kept));
        }
        waiting_ += bytes;
    }
}

size_t PipeSpool::take(uint8_t *out, size_t size) {
    const std::lock_guard lock(mutex_);
    size_t done = 0;
    while (done < size && !chunks_.empty()) {
        const std::vector<uint8_t> &first = chunks_.front();
        const size_t n = std::min(size - done, first.size() - firstTaken_);
        std::memcpy(out + done, first.data() + firstTaken_, n);
        done += n;
        firstTaken_ += n;
        if (firstTaken_ == first.size()) {
            chunks_.pop_front();
            firstTaken_ = 0;
        }
    }
    waiting_ -= done;
    if (done == 0 && failure_) std::rethrow_exception(failure_);
    if (done > 0) taken_.notify_one();
    return done;
}

bool PipeSpool::ended() const {
    const std::lock_guard lock(mutex_);
    return closed_ && waiting_ == 0;
}

size_t PipeSpool::waiting() const {
    const std::lock_guard lock(mutex_);
    return waiting_;
}

} // namespace perfglass
