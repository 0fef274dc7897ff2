// Profiles that grow (load/GrowingProfileLoader): a file written while it is read and a pipe, read in steps.
// Each snapshot shares the sealed chunks of its predecessor's sample columns; the snapshots end in the
// profile loadProfile reads from the whole file (same sample columns, same call trees); a cut pipe and a
// cancelled load keep what they read and say that the profile is partial. A snapshot carries the counter
// series and the notices known when it is taken, and the last ones equal the whole file's. Trees made by
// extending the sums of each snapshot by the samples it added are those of the whole snapshot, and of the
// complete profile.
#include "GoldenFixtures.h"
#include "analysis/CallTree.h"
#include "analysis/StackCosts.h"
#include "analysis/StackSampleSums.h"
#include "base/UniqueFd.h"
#include "load/GrowingProfileLoader.h"
#include "load/LoadProfile.h"
#include "load/RecordFeed.h"
#include "perfdata/PerfDataReader.h"
#include "perfdata/PerfDataWriter.h"
#include "perfdata/PerfFileFormat.h"
#include "perfdata/PipeSpool.h"
#include "profile/PackedColumn.h"
#include "unit/ManySamplesSession.h"
#include "unit/TreeLines.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fcntl.h>
#include <linux/perf_event.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cstring>
#include <fstream>
#include <iterator>
#include <thread>

using namespace perfglass;

namespace {

constexpr int kCopies = 100; // of the golden frame-pointer recording's records: a few sealed chunks

std::vector<uint8_t> fileBytes(const std::string &path) {
    std::ifstream input(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(input), std::istreambuf_iterator<char>()};
}

void writeBytes(const std::string &path, const uint8_t *bytes, size_t size, bool append) {
    std::ofstream output(path, std::ios::binary | (append ? std::ios::app : std::ios::trunc));
    output.write(reinterpret_cast<const char *>(bytes), static_cast<std::streamsize>(size));
}

// The golden frame-pointer recording's records kCopies times over, as a finished file at path, or in pipe
// mode on fd.
void writeCopies(PerfDataWriter &writer, const std::string &golden) {
    for (int copy = 0; copy < kCopies; ++copy) {
        PerfDataReader reader(golden);
        while (const perf_event_header *record = reader.next())
            writer.writeRecord(record, record->size);
    }
}

void writeLargeSession(const std::string &path) {
    PerfDataReader golden(test::goldenPath("perf-fp").toStdString());
    PerfDataWriter writer(path, golden.events());
    writeCopies(writer, golden.path());
    writer.finish(golden.metadata());
}

void writeLargePipeSession(const std::string &path) {
    PerfDataReader golden(test::goldenPath("perf-fp").toStdString());
    UniqueFd file(::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644));
    PerfDataWriter writer(PerfDataWriter::PipeOutput{file.get()}, golden.events(), golden.metadata());
    writeCopies(writer, golden.path());
    writer.finish(golden.metadata());
}

// A file written as a recorder does, from the bytes of a finished one: the header with data size 0 first,
// then the records in pieces (cut anywhere, inside records too), last the feature sections and the data
// size in the header.
class GrowingFile {
public:
    GrowingFile(const std::string &finished, std::string path)
        : path_(std::move(path))
        , bytes_(fileBytes(finished)) {
        std::memcpy(&header_, bytes_.data(), sizeof header_);
        format::FileHeader unfinished = header_;
        unfinished.data.size = 0;
        std::memset(unfinished.features, 0, sizeof unfinished.features);
        std::vector<uint8_t> start(bytes_.begin(),
                                   bytes_.begin() + static_cast<std::ptrdiff_t>(header_.data.offset));
        std::memcpy(start.data(), &unfinished, sizeof unfinished);
        writeBytes(path_, start.data(), start.size(), false);
    }
    const std::string &path() const { return path_; }
    // Appends the records up to piece + 1 of PIECES (a few bytes past it, but for the last).
    void appendPiece(uint64_t piece, uint64_t pieces) {
        const auto &data = header_.data;
        const uint64_t from = data.offset + data.size * piece / pieces + (piece ? 3 : 0);
        const uint64_t to = piece + 1 == pieces ? data.offset + data.size
                                                : data.offset + data.size * (piece + 1) / pieces + 3;
        writeBytes(path_, bytes_.data() + from, to - from, true);
    }
    void finish() {
        const uint64_t dataEnd = header_.data.offset + header_.data.size;
        writeBytes(path_, bytes_.data() + dataEnd, bytes_.size() - dataEnd, true);
        std::fstream file(path_, std::ios::binary | std::ios::in | std::ios::out);
        file.write(reinterpret_cast<const char *>(&header_), sizeof header_);
    }

private:
    std::string path_;
    std::vector<uint8_t> bytes_;
    format::FileHeader header_{};
};

LoadOptions goldenOptions() {
    LoadOptions options;
    options.sysroot = test::goldenDir().toStdString();
    options.userBuildIdCache = false;
    return options;
}

template <typename T> std::vector<T> values(const PackedColumn<T> &column) {
    return column.toVector();
}

void compareSamples(const Profile &a, const Profile &b) {
    QCOMPARE(a.samples.size(), b.samples.size());
    QVERIFY(values(a.samples.time) == values(b.samples.time));
    QVERIFY(values(a.samples.tid) == values(b.samples.tid));
    QVERIFY(values(a.samples.pid) == values(b.samples.pid));
    QVERIFY(values(a.samples.period) == values(b.samples.period));
    QVERIFY(values(a.samples.stack) == values(b.samples.stack));
}

void compareTrees(const std::shared_ptr<const Profile> &a, const std::shared_ptr<const Profile> &b) {
    QCOMPARE(test::treeLines(*CallTree::topDown(a, {})), test::treeLines(*CallTree::topDown(b, {})));
    QCOMPARE(test::treeLines(*CallTree::bottomUp(a, {})), test::treeLines(*CallTree::bottomUp(b, {})));
}

// The trees of profile from sums extended by its new samples (the live view's refresh) are those of the whole
// profile; returns the extended sums for the next snapshot.
std::shared_ptr<const StackSampleSums> extendAndCompare(const std::shared_ptr<const StackSampleSums> &sums,
                                                        const std::shared_ptr<const Profile> &profile) {
    const SampleFilter filter;
    auto extended =
        sums ? StackSampleSums::extend(*sums, *profile, filter) : StackSampleSums::compute(*profile, filter);
    const StackCosts costs = StackCosts::fold(*profile, filter, extended);
    const QStringList whole = test::treeLines(*CallTree::topDown(profile, filter));
    if (test::treeLines(*CallTree::topDownFromCosts(profile, costs)) != whole) return nullptr;
    if (test::treeLines(*CallTree::bottomUpOf(*CallTree::topDownFromCosts(profile, costs))) !=
        test::treeLines(*CallTree::bottomUp(profile, filter)))
        return nullptr;
    return extended;
}

// Every sealed chunk of earlier's column is the same storage in later's.
template <typename T> bool sharesSealedChunks(const PackedColumn<T> &earlier, const PackedColumn<T> &later) {
    const PackedWords &before = earlier.words();
    const PackedWords &after = later.words();
    if (after.sealedChunks() < before.sealedChunks()) return false;
    for (size_t chunk = 0; chunk < before.sealedChunks(); ++chunk)
        if (before.chunkStorage(chunk) != after.chunkStorage(chunk)) return false;
    return true;
}

// Every chunk of earlier's table is the same storage in later's (LAST: the last chunk too, which the builder
// appends to in place; frames may take a copy of theirs when a kernel frame in it is named).
template <typename T>
bool sharesTableChunks(const ChunkedTable<T> &earlier, const ChunkedTable<T> &later, bool last = true) {
    const size_t chunks = last ? earlier.chunkCount() : earlier.size() / ChunkedTable<T>::kChunkSize;
    for (size_t chunk = 0; chunk < chunks; ++chunk)
        if (!later.sharesChunk(earlier, chunk)) return false;
    return true;
}

// Steps until the loader has read everything that has arrived (or the input ended).
GrowingProfileLoader::StepEnd readArrived(GrowingProfileLoader &loader) {
    GrowingProfileLoader::StepEnd end;
    do
        end = loader.step(std::chrono::seconds(1));
    while (end == GrowingProfileLoader::StepEnd::Budget);
    return end;
}

std::vector<std::string> noticeTexts(const Profile &profile) {
    std::vector<std::string> texts;
    for (const Message &notice : profile.diagnostics.notices)
        texts.push_back(notice.english());
    return texts;
}

size_t noticesOfKind(const Profile &profile, MessageKind kind) {
    return static_cast<size_t>(std::count_if(profile.diagnostics.notices.begin(),
                                             profile.diagnostics.notices.end(),
                                             [kind](const Message &notice) { return notice.kind == kind; }));
}

// Whether every point of EARLIER's series is the same in LATER's, which may have more points.
bool countersGrewFrom(const std::vector<CounterSeries> &earlier, const std::vector<CounterSeries> &later) {
    if (earlier.size() > later.size()) return false;
    for (size_t i = 0; i < earlier.size(); ++i) {
        const auto &before = earlier[i].points;
        const auto &after = later[i].points;
        if (earlier[i].eventName != later[i].eventName || before.size() > after.size()) return false;
        for (size_t point = 0; point < before.size(); ++point)
            if (before[point].time != after[point].time || before[point].delta != after[point].delta ||
                before[point].begin != after[point].begin || before[point].enabled != after[point].enabled)
                return false;
    }
    return true;
}

bool hasPartialNotice(const Profile &profile) {
    return std::any_of(
        profile.diagnostics.notices.begin(), profile.diagnostics.notices.end(),
        [](const Message &notice) { return notice.english().find("partial") != std::string::npos; });
}

// A pipe's read end as standard input ("-"), for as long as it lives. Declared after the thread that writes
// the pipe, so that a failed check on the way restores standard input and closes the read end before that
// thread is joined: its blocked write then fails (SIGPIPE is ignored) instead of the test hanging.
class PipeAsStandardInput {
public:
    explicit PipeAsStandardInput(int readEnd)
        : readEnd_(readEnd)
        , savedStdin_(::dup(STDIN_FILENO)) {
        redirected_ = ::dup2(readEnd_.get(), STDIN_FILENO) == STDIN_FILENO;
    }
    ~PipeAsStandardInput() { ::dup2(savedStdin_.get(), STDIN_FILENO); }
    PipeAsStandardInput(const PipeAsStandardInput &) = delete;
    PipeAsStandardInput &operator=(const PipeAsStandardInput &) = delete;
    bool redirected() const { return redirected_; }
    int readEnd() const { return readEnd_.get(); }

private:
    UniqueFd readEnd_;
    UniqueFd savedStdin_;
    bool redirected_ = false;
};

} // namespace

class TestGrowingProfile : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { ::signal(SIGPIPE, SIG_IGN); } // a writer whose reader is gone fails, not dies
    void copiedColumnSharesSealedChunks();
    void growingFileSnapshotsShareChunksAndEndAsTheWholeFile();
    void snapshotsCarryTheCountersReadSoFar();
    void snapshotsCarryTheNoticesKnownSoFar();
    void cutPipeKeepsWhatItRead();
    void pipeIsDrainedBetweenSteps();
    void pipeSpoolHoldsAtMostItsCap();
    void pipeModeFileReadsToItsEnd();
    void cancelledLoadKeepsWhatItRead();
    void spentBudgetEndsTheStepSoon();
};

void TestGrowingProfile::copiedColumnSharesSealedChunks() {
    PackedColumn<uint64_t> column;
    for (uint64_t i = 0; i < 3 * PackedWords::kChunkSize + 10; ++i)
        column.push_back(1000 + i * 7);
    const PackedColumn<uint64_t> copy = column;
    QCOMPARE(copy.words().sealedChunks(), size_t{3});
    for (size_t chunk = 0; chunk < 3; ++chunk) {
        QVERIFY(copy.words().chunkStorage(chunk) != nullptr);
        QCOMPARE(copy.words().chunkStorage(chunk), column.words().chunkStorage(chunk));
    }
    // The original goes on growing and corrects a value: the copy keeps its values and its storage.
    for (uint64_t i = 0; i < PackedWords::kChunkSize; ++i)
        column.push_back(5);
    const void *firstBefore = column.words().chunkStorage(0);
    column.set(1, 42);
    QVERIFY(column.words().chunkStorage(0) != firstBefore);
    QCOMPARE(copy.words().chunkStorage(0), firstBefore);
    QCOMPARE(copy[1], uint64_t{1007});
    QCOMPARE(column[1], uint64_t{42});
    QCOMPARE(copy.size(), 3 * PackedWords::kChunkSize + 10);
    QCOMPARE(copy.words().chunkStorage(2), column.words().chunkStorage(2));
}

// The file is written as a recorder does: header with data size 0, records appended in pieces (cut anywhere,
// inside records too), then the feature sections and the final data size.
void TestGrowingProfile::growingFileSnapshotsShareChunksAndEndAsTheWholeFile() {
    QTemporaryDir dir;
    const std::string whole = dir.filePath("whole.data").toStdString();
    writeLargeSession(whole);
    GrowingFile growing(whole, dir.filePath("growing.data").toStdString());

    GrowingProfileLoader loader(growing.path(), goldenOptions());
    std::shared_ptr<const Profile> previous = loader.snapshot();
    QCOMPARE(previous->samples.size(), size_t{0});
    const uint64_t pieces = 7;
    int sharedSnapshots = 0;
    int sharedTables = 0;
    std::shared_ptr<const StackSampleSums> sums; // the trees, extended snapshot by snapshot
    for (uint64_t piece = 0; piece < pieces; ++piece) {
        growing.appendPiece(piece, pieces);
        QCOMPARE(readArrived(loader), GrowingProfileLoader::StepEnd::CaughtUp);
        const std::shared_ptr<const Profile> next = loader.snapshot();
        QVERIFY(next->samples.size() >= previous->samples.size());
        QVERIFY(sharesSealedChunks(previous->samples.time, next->samples.time));
        QVERIFY(sharesSealedChunks(previous->samples.stack, next->samples.stack));
        QVERIFY(sharesSealedChunks(previous->samples.tid, next->samples.tid));
        QVERIFY(sharesTableChunks(previous->stacks, next->stacks));
        QVERIFY(sharesTableChunks(previous->functions, next->functions));
        QVERIFY(sharesTableChunks(previous->strings.strings(), next->strings.strings()));
        QVERIFY(sharesTableChunks(previous->frames, next->frames, false));
        if (previous->stacks.chunkCount() > 0) ++sharedTables;
        if (previous->samples.time.words().sealedChunks() > 0) ++sharedSnapshots;
        sums = extendAndCompare(sums, next);
        QVERIFY(sums);
        previous = next;
    }
    QVERIFY(sharedSnapshots >= 3); // the sharing was tested on sealed chunks, not only on empty columns
    QVERIFY(sharedTables >= 3);
    growing.finish();
    QCOMPARE(readArrived(loader), GrowingProfileLoader::StepEnd::Ended);
    const std::shared_ptr<const Profile> grown = loader.finish();
    const std::shared_ptr<const Profile> read = loadProfile(whole, goldenOptions());
    QVERIFY(read->samples.size() > 2 * PackedWords::kChunkSize);
    compareSamples(*grown, *read);
    compareTrees(grown, read);
    compareTrees(previous, read); // the last snapshot before the end already had every sample
    // The complete profile extends the last snapshot too (the samples unwound at the end, names given then).
    QVERIFY(extendAndCompare(sums, grown));
    QVERIFY(!hasPartialNotice(*grown));
}

// A session counted as it is sampled (record --counters): each snapshot holds the counter series of the
// rounds read so far, which the next snapshot extends, and the finished profile's equal the whole file's.
void TestGrowingProfile::snapshotsCarryTheCountersReadSoFar() {
    QTemporaryDir dir;
    const std::string whole = dir.filePath("counted.data").toStdString();
    test::writeCountedSamples(QString::fromStdString(whole), 20'000);
    const std::shared_ptr<const Profile> read = loadProfile(whole, {});
    QCOMPARE(read->counters.size(), size_t{1});
    QCOMPARE(read->counters[0].points.size(), size_t{20});
    GrowingFile growing(whole, dir.filePath("growing.data").toStdString());
    GrowingProfileLoader loader(growing.path(), {});
    std::shared_ptr<const Profile> previous = loader.snapshot();
    QVERIFY(previous->counters.empty());
    const uint64_t pieces = 4;
    std::vector<size_t> points;
    for (uint64_t piece = 0; piece < pieces; ++piece) {
        growing.appendPiece(piece, pieces);
        QCOMPARE(readArrived(loader), GrowingProfileLoader::StepEnd::CaughtUp);
        const std::shared_ptr<const Profile> next = loader.snapshot();
        QVERIFY(countersGrewFrom(previous->counters, next->counters));
        QVERIFY(countersGrewFrom(next->counters, read->counters));
        points.push_back(next->counters.empty() ? 0 : next->counters[0].points.size());
        previous = next;
    }
    // The first piece's rounds are in its snapshot (the orderer holds back the last round read).
    QVERIFY2(points.front() > 0 && points.front() < 20, qPrintable(QString::number(points.front())));
    QVERIFY(std::is_sorted(points.begin(), points.end()));
    QCOMPARE(previous->counters[0].eventName, std::string("task-clock"));
    QCOMPARE(previous->counters[0].points[0].delta, uint64_t{1000});
    growing.finish();
    QCOMPARE(readArrived(loader), GrowingProfileLoader::StepEnd::Ended);
    const std::shared_ptr<const Profile> grown = loader.finish();
    QVERIFY(countersGrewFrom(grown->counters, read->counters));
    QVERIFY(countersGrewFrom(read->counters, grown->counters));
    QCOMPARE(grown->counters[0].total(), read->counters[0].total());
    compareSamples(*grown, *read);
}

// A finished file opened in steps (a large file shown while it loads), read without the golden program's
// files: its program has no symbols. Each snapshot says so once, and the finished profile's notices are
// those of the file read in one go. A step that is asked to stop ends at its first look at the stop, after
// 4096 records, so the steps are the same on any machine.
void TestGrowingProfile::snapshotsCarryTheNoticesKnownSoFar() {
    QTemporaryDir dir;
    const std::string whole = dir.filePath("whole.data").toStdString();
    writeLargeSession(whole);
    LoadOptions withoutFiles;
    withoutFiles.userBuildIdCache = false;
    const std::shared_ptr<const Profile> read = loadProfile(whole, withoutFiles);
    QCOMPARE(noticesOfKind(*read, MessageKind::NoSymbolsForModule), size_t{1});
    GrowingProfileLoader loader(whole, withoutFiles);
    std::stop_source stopped;
    stopped.request_stop();
    int snapshots = 0;
    while (loader.step(std::chrono::hours(1), stopped.get_token()) ==
           GrowingProfileLoader::StepEnd::Stopped) {
        const std::shared_ptr<const Profile> snapshot = loader.snapshot();
        if (snapshot->samples.size() == 0) continue; // the orderer holds the first round
        ++snapshots;
        QVERIFY(snapshot->samples.size() < read->samples.size());
        QCOMPARE(noticesOfKind(*snapshot, MessageKind::NoSymbolsForModule), size_t{1});
        QCOMPARE(snapshot->diagnostics.modulesWithoutSymbols, read->diagnostics.modulesWithoutSymbols);
        QCOMPARE(snapshot->hostname, read->hostname);
        QVERIFY(!hasPartialNotice(*snapshot));
    }
    QVERIFY2(snapshots >= 3, qPrintable(QString::number(snapshots)));
    QVERIFY(loader.ended());
    const std::shared_ptr<const Profile> grown = loader.finish();
    QCOMPARE(noticeTexts(*grown), noticeTexts(*read));
    QCOMPARE(grown->diagnostics.modulesWithoutSymbols, read->diagnostics.modulesWithoutSymbols);
    compareSamples(*grown, *read);
}

// perf record -o - | perfglass -: the pipe ends inside a record. What came before it is kept, as a file cut
// at the same byte reads it, and the reader's notice says where the stream was cut.
void TestGrowingProfile::cutPipeKeepsWhatItRead() {
    QTemporaryDir dir;
    const std::string pipeFile = dir.filePath("pipe.data").toStdString();
    writeLargePipeSession(pipeFile);
    const std::vector<uint8_t> bytes = fileBytes(pipeFile);
    const size_t cut = bytes.size() * 2 / 3 + 5;
    const std::string cutFile = dir.filePath("cut.data").toStdString();
    writeBytes(cutFile, bytes.data(), cut, false);

    int ends[2];
    QCOMPARE(::pipe2(ends, O_CLOEXEC), 0);
    std::jthread writer([&bytes, cut, writeEnd = UniqueFd(ends[1])] {
        for (size_t done = 0; done < cut;) {
            const ssize_t wrote =
                ::write(writeEnd.get(), bytes.data() + done, std::min<size_t>(cut - done, 8192));
            if (wrote <= 0) return;
            done += static_cast<size_t>(wrote);
            std::this_thread::sleep_for(std::chrono::microseconds(200));
        }
    });
    std::shared_ptr<const Profile> grown;
    {
        const PipeAsStandardInput input(ends[0]);
        QVERIFY(input.redirected());
        GrowingProfileLoader loader("-", goldenOptions());
        GrowingProfileLoader::StepEnd end;
        while ((end = loader.step(std::chrono::milliseconds(20))) != GrowingProfileLoader::StepEnd::Ended) {
            if (end == GrowingProfileLoader::StepEnd::CaughtUp)
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
            QVERIFY(loader.snapshot()->samples.size() <= loader.samplesRead());
        }
        grown = loader.finish();
    }
    const std::shared_ptr<const Profile> read = loadProfile(cutFile, goldenOptions());
    QVERIFY(read->samples.size() > 0);
    compareSamples(*grown, *read);
    compareTrees(grown, read);
    const auto &notices = grown->diagnostics.notices;
    QVERIFY(std::any_of(notices.begin(), notices.end(), [](const Message &notice) {
        return notice.kind == MessageKind::IncompleteRecordIgnored;
    }));
}

// The live view steps once a second; in between, the pipe is still drained, so its writer (a recorder, whose
// ring buffers overflow while it waits) never waits for the next step. Here the writer writes the whole
// stream, many times a pipe's 64 KiB, before the first step; the steps then read it all.
void TestGrowingProfile::pipeIsDrainedBetweenSteps() {
    QTemporaryDir dir;
    const std::string pipeFile = dir.filePath("pipe.data").toStdString();
    writeLargePipeSession(pipeFile);
    const std::vector<uint8_t> bytes = fileBytes(pipeFile);
    QVERIFY(bytes.size() > 16 * 65536);

    int ends[2];
    QCOMPARE(::pipe2(ends, O_CLOEXEC), 0);
    std::atomic<bool> written{false};
    std::jthread writer([&bytes, &written, writeEnd = UniqueFd(ends[1])] {
        for (size_t done = 0; done < bytes.size();) {
            const ssize_t wrote = ::write(writeEnd.get(), bytes.data() + done, bytes.size() - done);
            if (wrote <= 0) return;
            done += static_cast<size_t>(wrote);
        }
        written = true;
    });
    std::shared_ptr<const Profile> grown;
    {
        const PipeAsStandardInput input(ends[0]);
        QVERIFY(input.redirected());
        GrowingProfileLoader loader("-", goldenOptions());
        // No step yet: without a drain of its own the writer would wait for one forever (the guard below
        // only keeps a broken build from hanging).
        for (int waited = 0; !written && waited < 60000; waited += 10)
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        const bool drained = written;
        std::vector<uint8_t> rest(1 << 20);
        while (!written && ::read(input.readEnd(), rest.data(), rest.size()) > 0) {
        }
        QVERIFY2(drained, "the writer still waits: nothing drained the pipe between two steps");
        GrowingProfileLoader::StepEnd end;
        while ((end = loader.step(std::chrono::milliseconds(20))) != GrowingProfileLoader::StepEnd::Ended)
            if (end == GrowingProfileLoader::StepEnd::CaughtUp)
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
        grown = loader.finish();
    }
    writer.join();
    const std::shared_ptr<const Profile> read = loadProfile(pipeFile, goldenOptions());
    QCOMPARE(grown->samples.size(), read->samples.size());
    compareSamples(*grown, *read);
    compareTrees(grown, read);
}

// A reader that lags for long does not make the spool hold the whole stream: past its cap it stops reading,
// the writer waits (it cannot have written all), and once the reader takes, the rest comes, every byte in
// order.
void TestGrowingProfile::pipeSpoolHoldsAtMostItsCap() {
    constexpr size_t kCap = size_t{1} << 20;
    constexpr size_t kStream = 8 * kCap; // more than the cap, a read's chunk and the pipe's buffer together
    int ends[2];
    QCOMPARE(::pipe2(ends, O_CLOEXEC), 0);
    UniqueFd readEnd(ends[0]);
    std::atomic<bool> written{false};
    std::jthread writer([&written, writeEnd = UniqueFd(ends[1])] {
        std::vector<uint8_t> bytes(kStream);
        for (size_t i = 0; i < bytes.size(); ++i)
            bytes[i] = static_cast<uint8_t>(i * 7);
        for (size_t done = 0; done < bytes.size();) {
            const ssize_t wrote = ::write(writeEnd.get(), bytes.data() + done, bytes.size() - done);
            if (wrote <= 0) return;
            done += static_cast<size_t>(wrote);
        }
        written = true;
    });
    std::vector<uint8_t> received;
    size_t heldAtCap = 0;
    bool writtenAtCap = false;
    {
        PipeSpool spool(readEnd.get(), "test pipe", kCap);
        for (int waited = 0; spool.waiting() < kCap && waited < 60000; waited += 10)
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        heldAtCap = spool.waiting();
        writtenAtCap = written;
        // Checked once all is taken: a failure must not leave the writer waiting.
        std::vector<uint8_t> part(64 << 10);
        while (!spool.ended()) {
            const size_t got = spool.take(part.data(), part.size());
            received.insert(received.end(), part.begin(), part.begin() + static_cast<std::ptrdiff_t>(got));
            if (got == 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
    }
    QVERIFY2(heldAtCap >= kCap, qPrintable(QString::number(heldAtCap)));
    QVERIFY2(heldAtCap <= kCap + (size_t{1} << 20),
             qPrintable(QString::number(heldAtCap))); // one read past it
    QVERIFY(!writtenAtCap);
    QVERIFY(written);
    QCOMPARE(received.size(), kStream);
    for (size_t i = 0; i < received.size(); ++i)
        if (received[i] != static_cast<uint8_t>(i * 7))
            QFAIL(qPrintable(QStringLiteral("byte %1 differs").arg(i)));
}

// A pipe-mode session saved in a regular file (perf record -o - > file), read in steps as a large file
// opens: it is read as a file is, to its end in one step, not as a pipe whose drain may lag the reader (a
// step that stopped "caught up" would end a file opened in steps there).
void TestGrowingProfile::pipeModeFileReadsToItsEnd() {
    QTemporaryDir dir;
    const std::string pipeFile = dir.filePath("pipe.data").toStdString();
    writeLargePipeSession(pipeFile);
    PerfDataReader reader(pipeFile);
    reader.readIncrementally();
    QVERIFY(reader.isPipe());
    QVERIFY(!reader.drainsPipe());
    GrowingProfileLoader loader(pipeFile, goldenOptions());
    QCOMPARE(loader.step(std::chrono::hours(1)), GrowingProfileLoader::StepEnd::Ended);
    const std::shared_ptr<const Profile> grown = loader.finish();
    const std::shared_ptr<const Profile> read = loadProfile(pipeFile, goldenOptions());
    QCOMPARE(grown->samples.size(), read->samples.size());
    compareSamples(*grown, *read);
}

void TestGrowingProfile::cancelledLoadKeepsWhatItRead() {
    QTemporaryDir dir;
    const std::string whole = dir.filePath("whole.data").toStdString();
    writeLargeSession(whole);
    std::stop_source stop;
    LoadOptions options = goldenOptions();
    options.stop = stop.get_token();
    GrowingProfileLoader loader(whole, options);
    QCOMPARE(loader.step(std::chrono::hours(1)) == GrowingProfileLoader::StepEnd::Ended, true);
    const size_t total = loader.samplesRead();

    GrowingProfileLoader cancelled(whole, options);
    stop.request_stop(); // the step ends at its first look at the stop (RecordFeed::kRecordsBetweenLooks)
    QCOMPARE(cancelled.step(std::chrono::hours(1)), GrowingProfileLoader::StepEnd::Stopped);
    const std::shared_ptr<const Profile> partial = cancelled.finish();
    QVERIFY(partial->samples.size() > 0);
    QVERIFY(partial->samples.size() < total);
    QCOMPARE(partial->samples.size(), size_t{cancelled.samplesRead()});
    QVERIFY(hasPartialNotice(*partial));
    QVERIFY(cancelled.ended());
}

// A step whose budget is spent ends at the feed's next look at the clock, kRecordsBetweenLooks records on:
// the first step of a large DWARF file must not read on for another hundred milliseconds of unwinding.
void TestGrowingProfile::spentBudgetEndsTheStepSoon() {
    QTemporaryDir dir;
    const std::string whole = dir.filePath("whole.data").toStdString();
    writeLargeSession(whole);
    GrowingProfileLoader loader(whole, goldenOptions());
    QCOMPARE(loader.step(std::chrono::nanoseconds(0)), GrowingProfileLoader::StepEnd::Budget);
    QVERIFY(loader.samplesRead() > 0);
    QVERIFY2(loader.samplesRead() <= RecordFeed::kRecordsBetweenLooks,
             qPrintable(QString::number(loader.samplesRead())));
    QCOMPARE(loader.step(std::chrono::hours(1)), GrowingProfileLoader::StepEnd::Ended);
    QCOMPARE(loader.finish()->samples.size(), size_t{loader.samplesRead()});
}

QTEST_GUILESS_MAIN(TestGrowingProfile)
#include "tst_growingprofile.moc"
