#include "perfdata/BlockFileWriter.h"

#include "base/Error.h"

#include <fcntl.h>
#include <linux/magic.h>
#include <sys/vfs.h>
#include <unistd.h>

#include <cerrno>
#include <system_error>

namespace perfglass {

BlockFileWriter::Block BlockFileWriter::newBlock() {
    return Block(new (kBlockAlignment) uint8_t[kBlockSize]);
}

BlockFileWriter::BlockFileWriter(int fd, std::string path, Target target, size_t blocks)
    : fd_(fd)
    , path_(std::move(path))
    , stream_(target == Target::Stream)
    , mostBlocks_(stream_ ? kMostPipeBlocks : kMostBlocks) {
    for (; blocks_ < blocks; ++blocks_)
        free_.push_back(newBlock());
    // tmpfs takes O_DIRECT (since Linux 6.6) but keeps the bytes in the page cache all the same.
    struct statfs fileSystem {};
    if (::fstatfs(fd_, &fileSystem) == 0 &&
        (fileSystem.f_type == TMPFS_MAGIC || fileSystem.f_type == RAMFS_MAGIC))
        directWorks_ = false;
    if (stream_) directWorks_ = false;
    try {
        thread_ = std::thread([this] { run(); });
    } catch (const std::system_error &error) {
        throw Error("cannot start the thread that writes " + path_ + ": " + error.what());
    }
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
    throwIfFailed();
    if (free_.empty()) {
        // Every block is queued: the disk takes the bytes slower than they come. From now on they go through
        // the page cache, which takes them at the speed of memory and writes them back later, as perf's
        // writes do. Until the write in progress returns, more blocks are lent: waiting here would stop the
        // drain loop, and the ring buffers would overflow.
        fellBehind_ = true;
        if (blocks_ < mostBlocks_) {
            ++blocks_;
            return newBlock();
        }
    }
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

std::optional<uint64_t> BlockFileWriter::failedAt() const {
    std::lock_guard lock(mutex_);
    return error_ != 0 ? std::optional<uint64_t>(errorOffset_) : std::nullopt;
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
        const bool throughCache = fellBehind_;
        lock.unlock();
        uint64_t offset = job.offset;
        const int error = failed ? 0 : writeJob(job, throughCache, offset);
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

int BlockFileWriter::writeJob(const Job &job, bool throughCache, uint64_t &offset) {
    const uint8_t *bytes = job.block.get();
    size_t size = job.size;
    const bool whole = size == kBlockSize && offset % kBlockSize == 0;
    if (whole && !throughCache && directWorks_) {
        setDirect(true);
        if (direct_) {
            const ssize_t written = ::pwrite(fd_, bytes, size, static_cast<off_t>(offset));
            if (written == static_cast<ssize_t>(size)) {
                std::lock_guard lock(mutex_);
                ++directBlocks_;
                return 0;
            }
            if (written < 0 && errno != EINVAL) return errno;
            // EINVAL: the file system took the flag but not these bytes (its blocks are larger than the
            // alignment): they, and all later ones, go through the page cache. A short write goes on there.
            if (written < 0) directWorks_ = false;
            if (written > 0) {
                bytes += written;
                size -= static_cast<size_t>(written);
                offset += static_cast<uint64_t>(written);
            }
        }
    }
    setDirect(false);
    return writeAll(bytes, size, offset);
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
        const ssize_t written =
            stream_ ? ::write(fd_, bytes, size) : ::pwrite(fd_, bytes, size, static_cast<off_t>(offset));
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
