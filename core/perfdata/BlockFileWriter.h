// Writes a file in blocks from a thread of its own, so that whoever fills the blocks (the recorder's drain
// loop) does not wait for the file system while the bytes go out.
//
// Whole blocks at offsets that are multiples of kBlockSize bypass the page cache (O_DIRECT) where the file
// system allows it. A recording's bytes are read once, later: copying them into freshly allocated page-cache
// pages, and writing those back, was most of the recorder's own CPU (issue 16), and a long recording no
// longer pushes the user's files out of the cache. Every other write (the header, a partial first or last
// block, the feature sections) goes through the page cache, and so does everything when O_DIRECT is refused
// (some FUSE file systems, a block size the blocks do not fit), pointless (tmpfs) or too slow: once the disk
// falls behind (take() finds every block queued), the page cache takes the rest of the file.
//
// A stream (Target::Stream: standard output, which may be a pipe) takes the blocks in order, through write()
// and the page cache: the recorder's pipe mode, whose reader may be slower than the kernel's ring buffers
// fill (the live view reads on a busy machine); more blocks are lent for it (kMostPipeBlocks), since a pipe
// holds only 64 KiB itself.
//
// Use: take() a block, fill it, write() it; the blocks cycle through a small pool, so take() waits while all
// are queued and kMostBlocks (kMostPipeBlocks for a stream) are out (the later blocks then go through the
// page cache). wait() returns once everything queued is in the file. The first failed write is reported by
// the next take(), write() or wait() as an Error naming the file and the offset; later blocks are dropped.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <new>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace perfglass {

class BlockFileWriter {
public:
    static constexpr size_t kBlockSize = size_t{2} << 20;
    static constexpr std::align_val_t kBlockAlignment{4096}; // what O_DIRECT asks of memory on common devices
    // Blocks lent at most while a slow disk holds the queue (40 MiB, a second of a DWARF recording at 4 kHz
    // on 10 threads); then take() waits.
    static constexpr size_t kMostBlocks = 20;
    // For a stream (128 MiB, more than a second of a 20 kHz DWARF recording of two threads).
    static constexpr size_t kMostPipeBlocks = 64;

    struct BlockDelete {
        void operator()(uint8_t *bytes) const { ::operator delete[](bytes, kBlockAlignment); }
    };
    using Block = std::unique_ptr<uint8_t[], BlockDelete>;
    static Block newBlock();

    enum class Target {
        File,   // written at the offsets given
        Stream, // written in order where fd stands; the offsets only count the bytes that went before
    };
    // Writes to fd, which stays the caller's; path names the file in errors.
    BlockFileWriter(int fd, std::string path, Target target = Target::File, size_t blocks = 4);
    ~BlockFileWriter(); // writes what was queued, then stops the thread; errors are then dropped
    BlockFileWriter(const BlockFileWriter &) = delete;
    BlockFileWriter &operator=(const BlockFileWriter &) = delete;

    Block take();
    void write(Block block, size_t size, uint64_t offset);
    void wait();
    // After everything queued, through the page cache, on the caller's thread (the header, rewritten last).
    void writeNow(const void *bytes, size_t size, uint64_t offset);

    // Whole blocks written past the page cache so far (for tests).
    uint64_t directBlocks() const;
    // The offset at which the first failed write failed: in a stream, the bytes that went out before it.
    // nullopt while every write has succeeded.
    std::optional<uint64_t> failedAt() const;

private:
    struct Job {
        Block block;
        size_t size = 0;
        uint64_t offset = 0;
    };

    void run();
    // Both return 0 or the errno of the failed write, with offset where it failed.
    int writeJob(const Job &job, bool throughCache, uint64_t &offset);
    int writeAll(const uint8_t *bytes, size_t size, uint64_t &offset);
    void setDirect(bool direct);
    void throwIfFailed() const; // mutex_ held

    const int fd_;
    const std::string path_;
    mutable std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<Job> queue_;
    std::vector<Block> free_;
    size_t blocks_ = 0;    // in free_, queue_, being written or filled
    bool writing_ = false; // the thread holds a job outside the queue
    bool stopping_ = false;
    int error_ = 0;
    uint64_t errorOffset_ = 0;
    uint64_t directBlocks_ = 0;
    bool fellBehind_ = false; // take() found every block queued: the rest goes through the page cache
    // The thread's own state: whether fd_ has O_DIRECT set, and whether the file system accepts it.
    bool direct_ = false;
    bool directWorks_ = true;
    bool stream_ = false; // Target::Stream
    size_t mostBlocks_ = kMostBlocks;
    std::thread thread_; // last: it starts once the members above exist
};

} // namespace perfglass
