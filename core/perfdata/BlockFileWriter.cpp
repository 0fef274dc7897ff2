#include "perfdata/BlockFileWriter.h"

#include "base/Error.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <string_view>

namespace perfglass {

BlockFileWriter::Block BlockFileWriter::newBlock() {
    return Block(new (kBlockAlignment) uint8_t[kBlockSize]);
}

BlockFileWriter::BlockFileWriter(int fd, std::string path, size_t blocks)
    : fd_(fd)
    , path_(std::move(path)) {
    for (size_t i = 0; i < blocks; ++i)
        free_.push_back(newBlock());
    thread_ = std::thread([this] { run(); });
}

BlockFileWriter::~BlockFileWriter() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    changed_.notify_all();
    thread_.join();
    if (direct_) setDirect(false); // the descriptor goes back to its owner as it came
}

BlockFileWriter::Block BlockFileWriter::take() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [this] { return !free_.empty() || error_ != 0; });
    throwIfFailed();
    Block block = std::move(free_.back());
    free_.pop_back();
    return block;
}

void BlockFileWriter::write(Block block, size_t size, uint64_t offset) {
    {
        std::lock_guard lock(mutex_);
        throwIfFailed();
        queue_.push_back({std::move(block), size, offset});
    }
    changed_.notify_all();
}

void BlockFileWriter::wait() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [this] { return (queue_.empty() && !writing_) || error_ != 0; });
    throwIfFailed();
}

void BlockFileWriter::writeNow(const void *bytes, size_t size, uint64_t offset) {
    wait();
    if (direct_) setDirect(false); // the thread is idle until the next write()
    const int error = writeAll(static_cast<const uint8_t *>(bytes), size, offset);
    if (error == 0) return;
    std::lock_guard lock(mutex_);
    error_ = error;
    errorOffset_ = offset;
    throwIfFailed();
}

uint64_t BlockFileWriter::directBlocks() const {
    std::lock_guard lock(mutex_);
    return directBlocks_;
}

void BlockFileWriter::throwIfFailed() const {
    if (error_ != 0)
        throw Error(systemErrorMessage("cannot write " + path_ + " at offset " + std::to_string(errorOffset_),
                                       error_));
}

void BlockFileWriter::run() {
    std::unique_lock lock(mutex_);
    for (;;) {
        changed_.wait(lock, [this] { return !queue_.empty() || stopping_; });
        if (queue_.empty()) return; // stopping, and everything queued is written
        Job job = std::move(queue_.front());
        queue_.pop_front();
        writing_ = true;
        const bool failed = error_ != 0;
        lock.unlock();
        uint64_t offset = job.offset;
        const int error = failed ? 0 : writeJob(job, offset);
        lock.lock();
        if (error != 0) {
            error_ = error;
            errorOffset_ = offset;
        }
        free_.push_back(std::move(job.block));
        writing_ = false;
        changed_.notify_all();
    }
}

int BlockFileWriter::writeJob(const Job &job, uint64_t &offset) {
    const bool whole = job.size == kBlockSize && job.offset % kBlockSize == 0;
    if (whole && directWorks_) {
        setDirect(true);
        if (direct_) {
            const ssize_t written = ::pwrite(fd_, job.block.get(), job.size, static_cast<off_t>(job.offset));
            if (written == static_cast<ssize_t>(job.size)) {
                std::lock_guard lock(mutex_);
                ++directBlocks_;
                return 0;
            }
            // EINVAL: the file system took the flag but not these bytes (its blocks are larger than the
            // alignment). A short or failed write is written again below, through the page cache, which
            // names the error if it persists.
            if (written < 0 && errno == EINVAL) directWorks_ = false;
        }
    }
    setDirect(false);
    return writeAll(job.block.get(), job.size, offset);
}

void BlockFileWriter::setDirect(bool direct) {
    if (direct == direct_ || (direct && !directWorks_)) return;
    const int flags = ::fcntl(fd_, F_GETFL);
    if (flags >= 0 && ::fcntl(fd_, F_SETFL, direct ? (flags | O_DIRECT) : (flags & ~O_DIRECT)) == 0) {
        direct_ = direct;
    } else if (direct) {
        directWorks_ = false; // EINVAL: the file system does not do O_DIRECT
    }
}

int BlockFileWriter::writeAll(const uint8_t *bytes, size_t size, uint64_t &offset) {
    while (size > 0) {
        const ssize_t written = ::pwrite(fd_, bytes, size, static_cast<off_t>(offset));
        if (written < 0) {
            if (errno == EINTR) continue;
            return errno;
        }
        if (written == 0) return EIO; // a file system that takes nothing and names no error
        bytes += written;
        offset += static_cast<uint64_t>(written);
        size -= static_cast<size_t>(written);
    }
    return 0;
}

} // namespace perfglass
