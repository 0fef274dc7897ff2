// BlockFileWriter: whole aligned blocks go to the file past the page cache where the file system allows it,
// everything else through it; once the disk falls behind (every block queued), blocks are lent and the rest
// goes through the page cache; a stream (a pipe) takes the blocks in order; a failed write names the file and
// the offset. Every byte reads back.
#include "base/Error.h"
#include "perfdata/BlockFileWriter.h"

#include "PageCache.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <vector>

using namespace perfglass;

namespace {

constexpr size_t kBlock = BlockFileWriter::kBlockSize;

// A block of size bytes, each the low byte of its offset in the file plus seed.
BlockFileWriter::Block patternBlock(uint64_t offset, size_t size, uint8_t seed) {
    BlockFileWriter::Block block = BlockFileWriter::newBlock();
    for (size_t i = 0; i < size; ++i)
        block[i] = static_cast<uint8_t>(offset + i + seed);
    return block;
}

std::vector<uint8_t> readAll(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

bool holdsPattern(const std::vector<uint8_t> &bytes, uint8_t seed) {
    for (size_t i = 0; i < bytes.size(); ++i)
        if (bytes[i] != static_cast<uint8_t>(i + seed)) return false;
    return true;
}

struct OpenFile {
    explicit OpenFile(std::string filePath)
        : path(std::move(filePath))
        , fd(::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600)) {}
    ~OpenFile() {
        if (fd >= 0) ::close(fd);
    }
    std::string path;
    int fd;
};

} // namespace

class BlockFileWriterTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir dir_;
    std::string path(const char *name) const {
        return dir_.filePath(QString::fromLatin1(name)).toStdString();
    }

private slots:
    void initTestCase() { ::signal(SIGPIPE, SIG_IGN); } // a write whose reader is gone fails, not kills
    // Two whole blocks at 0 and 2 MiB go past the page cache, a partial one after them through it; the
    // descriptor is given back without O_DIRECT.
    void wholeAlignedBlocksGoPastThePageCache() {
        OpenFile file(path("whole.data"));
        QVERIFY(file.fd >= 0);
        if (!test::writesPastThePageCache(file.path))
            QSKIP("the test directory's file system does not take O_DIRECT, or is tmpfs");
        {
            BlockFileWriter writer(file.fd, file.path);
            for (uint64_t offset : {uint64_t{0}, uint64_t{kBlock}}) {
                writer.take(); // the pool's blocks are interchangeable: the test writes its own
                writer.write(patternBlock(offset, kBlock, 7), kBlock, offset);
            }
            writer.take();
            writer.write(patternBlock(2 * kBlock, 12345, 7), 12345, 2 * kBlock);
            writer.wait();
            QCOMPARE(writer.directBlocks(), uint64_t{2});
            const std::vector<bool> cached = test::cachedPages(file.path, 2 * kBlock);
            QVERIFY2(!cached.empty(), "mincore(2) of the file failed");
            QCOMPARE(std::count(cached.begin(), cached.end(), true), 0);
        }
        QCOMPARE(::fcntl(file.fd, F_GETFL) & O_DIRECT, 0);
        const std::vector<uint8_t> bytes = readAll(file.path);
        QCOMPARE(bytes.size(), 2 * kBlock + 12345);
        QVERIFY(holdsPattern(bytes, 7));
    }

    // A writer of one block whose block is out when take() is called again has fallen behind: it lends a
    // second block instead of waiting, and both go through the page cache.
    void aWriterThatFallsBehindLendsBlocksAndWritesThroughTheCache() {
        OpenFile file(path("behind.data"));
        QVERIFY(file.fd >= 0);
        {
            BlockFileWriter writer(file.fd, file.path, BlockFileWriter::Target::File, 1);
            BlockFileWriter::Block first = writer.take();
            BlockFileWriter::Block lent = writer.take(); // returns at once: the pool is empty
            QVERIFY(first && lent && first.get() != lent.get());
            writer.write(patternBlock(0, kBlock, 3), kBlock, 0);
            writer.write(patternBlock(kBlock, kBlock, 3), kBlock, kBlock);
            writer.wait();
            QCOMPARE(writer.directBlocks(), uint64_t{0});
        }
        const std::vector<uint8_t> bytes = readAll(file.path);
        QCOMPARE(bytes.size(), 2 * kBlock);
        QVERIFY(holdsPattern(bytes, 3));
    }

    // A stream (the recorder's pipe mode) whose reader does not read for a while: take() lends blocks rather
    // than wait, so the drain loop goes on, and the reader then gets every byte in order.
    void aStreamWhoseReaderLagsLendsBlocksAndKeepsTheOrder() {
        int ends[2] = {-1, -1};
        QVERIFY(::pipe2(ends, O_CLOEXEC) == 0);
        OpenFile writeEnd("");
        writeEnd.fd = ends[1];
        constexpr size_t kBlocks = 6; // more than the pool's one, fewer than kMostPipeBlocks
        static_assert(kBlocks < BlockFileWriter::kMostPipeBlocks);
        std::vector<uint8_t> received;
        {
            BlockFileWriter writer(writeEnd.fd, "pipe", BlockFileWriter::Target::Stream, 1);
            // Closed before the writer's destructor writes what is queued: after a failed check, its writes
            // then fail (SIGPIPE is ignored) instead of waiting for a reader.
            OpenFile readEnd("");
            readEnd.fd = ends[0];
            for (size_t i = 0; i < kBlocks; ++i) {
                BlockFileWriter::Block lent = writer.take(); // would wait forever without lending
                QVERIFY(lent);
                writer.write(patternBlock(i * kBlock, kBlock, 5), kBlock, i * kBlock);
            }
            received.resize(kBlocks * kBlock);
            size_t got = 0;
            while (got < received.size()) {
                pollfd readable{readEnd.fd, POLLIN, 0}; // a writer that wrote too little fails, not hangs
                QVERIFY(::poll(&readable, 1, 60000) == 1);
                const ssize_t n = ::read(readEnd.fd, received.data() + got, received.size() - got);
                QVERIFY(n > 0);
                got += static_cast<size_t>(n);
            }
            writer.wait();
        }
        QVERIFY(holdsPattern(received, 5));
    }

    // A stream is written where its descriptor stands, not at the offsets given: standard output redirected
    // to a file after other output keeps that output.
    void aStreamIsWrittenWhereItsDescriptorStands() {
        OpenFile file(path("stream.data"));
        QVERIFY(file.fd >= 0);
        QCOMPARE(::write(file.fd, "head", 4), ssize_t{4});
        {
            BlockFileWriter writer(file.fd, file.path, BlockFileWriter::Target::Stream);
            writer.take();
            writer.write(patternBlock(0, 1000, 9), 1000, 0);
            writer.wait();
            QCOMPARE(writer.directBlocks(), uint64_t{0});
        }
        const std::vector<uint8_t> bytes = readAll(file.path);
        QCOMPARE(bytes.size(), size_t{1004});
        QCOMPARE(std::memcmp(bytes.data(), "head", 4), 0);
        QVERIFY(holdsPattern(std::vector<uint8_t>(bytes.begin() + 4, bytes.end()), 9));
    }

    // A write that fails on the thread is reported by the next call, naming the file, the offset where it
    // failed and the reason; later blocks are dropped and nothing hangs.
    void failedWriteNamesTheFileAndOffset() {
        OpenFile file("/dev/full");
        QVERIFY(file.fd >= 0);
        BlockFileWriter writer(file.fd, file.path);
        QString message;
        try { // the second write() may already report the first one's failure
            writer.write(patternBlock(kBlock, kBlock, 0), kBlock, kBlock);
            writer.write(patternBlock(2 * kBlock, kBlock, 0), kBlock, 2 * kBlock);
            writer.wait();
        } catch (const Error &error) {
            message = QString::fromUtf8(error.what());
        }
        QVERIFY2(message.contains(QLatin1String("cannot write /dev/full at offset 2097152")),
                 qPrintable(message));
        QVERIFY2(message.contains(QString::fromUtf8(std::strerror(ENOSPC))), qPrintable(message));
        QVERIFY_THROWS_EXCEPTION(Error, writer.take());
    }
};

QTEST_APPLESS_MAIN(BlockFileWriterTest)
#include "tst_blockfilewriter.moc"
