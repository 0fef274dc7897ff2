// Files that perf, hotspot and perf on other machines read: compressed records of every frame size around a
// record cut (perf report and perf script read them all), default DWARF recordings that hotspot's perfparser
// reads (no compressed records), BUILD_ID entries for the kernel and the vdso as perf lists them, the
// machine's feature sections (host, kernel, CPUs, CPU model and id, memory) as perf writes them, and
// sessions readable by their owner only. Parts that need perf or hotspot skip, saying so, where they are not
// installed.
#include "TestSupport.h"
#include "unit/RawSampleSession.h"

#include "perfdata/PerfDataReader.h"
#include "perfdata/PerfFileFormat.h"

#include <QFileInfo>
#include <QTest>

#include <sys/stat.h>

#include <cstring>

using namespace perfglass;
using namespace perfglass::test;

namespace {

constexpr size_t kMaxPayload = 65520; // the most zstd bytes one PERF_RECORD_COMPRESSED holds

QString perfparserPath() {
    const QString path = QStringLiteral("/usr/lib/x86_64-linux-gnu/libexec/hotspot-perfparser");
    return QFileInfo(path).isExecutable() ? path : QString();
}

// How many records of type the data section of file holds, walking it as written (compressed records are
// not opened).
int countRecordsOfType(const QString &file, uint32_t type) {
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly)) return -1;
    const QByteArray bytes = f.readAll();
    uint64_t offset = 0, size = 0;
    std::memcpy(&offset, bytes.constData() + 40, 8); // perf_file_header.data
    std::memcpy(&size, bytes.constData() + 48, 8);
    int count = 0;
    for (uint64_t at = offset; at + sizeof(perf_event_header) <= offset + size;) {
        perf_event_header header;
        std::memcpy(&header, bytes.constData() + at, sizeof header);
        if (header.size == 0) return -1;
        if (header.type == type) ++count;
        at += header.size;
    }
    return count;
}

// `perf buildid-list -i file`'s line for name ("ID NAME"), empty when it lists none.
QString buildIdLine(const QString &file, const QString &name) {
    const ProcessResult result =
        runProgram(perfPath(), {QStringLiteral("buildid-list"), QStringLiteral("-i"), file});
    for (const QString &line : result.out.split(QLatin1Char('\n')))
        if (line.endsWith(QLatin1Char(' ') + name)) return line;
    return {};
}

// The lines of `perf report --header-only -i file` (-I: with the detailed sections) that start with
// "# KEY" for one of the keys.
QStringList headerLines(const QString &file, const QStringList &keys, bool detailed = false) {
    QStringList arguments{QStringLiteral("report"), QStringLiteral("--header-only"), QStringLiteral("-i"),
                          file};
    if (detailed) arguments << QStringLiteral("-I");
    const ProcessResult result = runProgram(perfPath(), arguments);
    QStringList lines;
    for (const QString &line : result.out.split(QLatin1Char('\n')))
        for (const QString &key : keys)
            if (line.startsWith(QStringLiteral("# ") + key + (key.contains(QLatin1Char(':')) ? "" : " ")))
                lines << line;
    return lines;
}

} // namespace

class TestPerfCompat : public QObject {
    Q_OBJECT

private:
    QTemporaryDir dir_;
    QString path(const QString &name) const { return dir_.filePath(name); }

private slots:
    void initTestCase() { QVERIFY(dir_.isValid()); }

    void perfReadsCompressedRecordsOfEveryFrameSize() {
        // Batches whose compressed size ends at every position around one, two and four record payloads.
        std::vector<std::vector<uint8_t>> batches;
        uint64_t time = 1;
        for (size_t size = kMaxPayload - 128; size <= kMaxPayload + 64; size += 8)
            batches.push_back(rawSampleBatch(size, 8, static_cast<uint32_t>(size), time));
        for (size_t size = 2 * kMaxPayload - 128; size <= 2 * kMaxPayload + 64; size += 8)
            batches.push_back(rawSampleBatch(size, 8, static_cast<uint32_t>(size), time));
        for (size_t size = 4 * kMaxPayload - 256; size <= 4 * kMaxPayload + 256; size += 8)
            batches.push_back(rawSampleBatch(size, 2, static_cast<uint32_t>(size), time));
        const uint64_t samples = time - 1;
        const QString file = path(QStringLiteral("frames.data"));
        writeCompressedSession(file.toStdString(), batches);

        PerfDataReader reader(file.toStdString());
        uint64_t read = 0;
        while (const perf_event_header *record = reader.next())
            read += record->type == PERF_RECORD_SAMPLE ? 1 : 0;
        QCOMPARE(read, samples);

        if (perfPath().isEmpty()) QSKIP("perf is not installed");
        const ProcessResult report =
            runProgram(perfPath(), {QStringLiteral("report"), QStringLiteral("--stdio"), QStringLiteral("-i"),
                                    file, QStringLiteral("--sort"), QStringLiteral("pid")});
        QVERIFY2(report.exitCode == 0, qPrintable(report.err));
        QVERIFY2(!report.err.contains(QLatin1String("decompress")), qPrintable(report.err));
        const ProcessResult script =
            runProgram(perfPath(), {QStringLiteral("script"), QStringLiteral("-i"), file,
                                    QStringLiteral("-F"), QStringLiteral("time")});
        QVERIFY2(script.exitCode == 0, qPrintable(script.err));
        QVERIFY2(!script.err.contains(QLatin1String("decompress")), qPrintable(script.err));
        QCOMPARE(static_cast<uint64_t>(script.out.count(QLatin1Char('\n'))), samples);
    }

    void defaultDwarfRecordingIsReadByPerfparser() {
        const QString file = path(QStringLiteral("dwarf.data"));
        const ProcessResult result =
            runCli({QStringLiteral("record"), QStringLiteral("--call-graph"), QStringLiteral("dwarf"),
                    QStringLiteral("-o"), file, QStringLiteral("--"),
                    clientPath(QStringLiteral("hotspots-nofp")), QStringLiteral("-300")});
        QCOMPARE(result.exitCode, 3);
        QCOMPARE(countRecordsOfType(file, format::kRecordCompressed), 0);
        QVERIFY(countRecordsOfType(file, PERF_RECORD_SAMPLE) > 0);
        const QString perfparser = perfparserPath();
        if (perfparser.isEmpty()) QSKIP("hotspot (its perfparser) is not installed");
        const QString output = path(QStringLiteral("dwarf.perfparser"));
        const ProcessResult parsed =
            runProgram(perfparser, {QStringLiteral("--input"), file, QStringLiteral("--output"), output});
        QVERIFY2(parsed.exitCode == 0, qPrintable(parsed.err));
        QVERIFY2(!parsed.err.contains(QLatin1String("unhandled event type")), qPrintable(parsed.err));
        // perfparser sends the names of the functions that samples hit, unwound from the stacks.
        QFile stream(output);
        QVERIFY(stream.open(QIODevice::ReadOnly));
        const QByteArray bytes = stream.readAll();
        QVERIFY2(bytes.contains("hotLoop") && bytes.contains("spinFor"), qPrintable(parsed.err));
    }

    void buildIdsOfKernelAndVdsoAreListedAsPerfDoes() {
        if (perfPath().isEmpty()) QSKIP("perf is not installed");
        const QString ours = path(QStringLiteral("buildids.data"));
        const ProcessResult result =
            runCli({QStringLiteral("record"), QStringLiteral("-o"), ours, QStringLiteral("--"),
                    clientPath(QStringLiteral("hotspots-fp")), QStringLiteral("-100")});
        QCOMPARE(result.exitCode, 3);
        const QString theirs = path(QStringLiteral("perf-buildids.data"));
        const ProcessResult perfRecord =
            runPerfRecord({QStringLiteral("--buildid-all"), QStringLiteral("-o"), theirs,
                           QStringLiteral("--"), QStringLiteral("true")});
        QVERIFY2(perfRecord.exitCode == 0, qPrintable(perfRecord.err));

        const QString vdso = buildIdLine(theirs, QStringLiteral("[vdso]"));
        if (vdso.isEmpty()) QSKIP("perf lists no [vdso] build id on this machine");
        QCOMPARE(buildIdLine(ours, QStringLiteral("[vdso]")), vdso);
        if (result.err.contains(QLatin1String("recording user space only")))
            QSKIP("no kernel samples for this user: the kernel's build id is not written");
        const QString kernel = buildIdLine(theirs, QStringLiteral("[kernel.kallsyms]"));
        QVERIFY(!kernel.isEmpty());
        QCOMPARE(buildIdLine(ours, QStringLiteral("[kernel.kallsyms]")), kernel);
        const ProcessResult running =
            runProgram(perfPath(), {QStringLiteral("buildid-list"), QStringLiteral("-k")});
        QVERIFY(kernel.startsWith(running.out.trimmed()));
    }

    // perf report --header-only shows the same machine facts for our file as for its own, made here.
    void machineFeaturesAreWrittenAsPerfWritesThem() {
        if (perfPath().isEmpty()) QSKIP("perf is not installed");
        const QString ours = path(QStringLiteral("machine.data"));
        const ProcessResult result =
            runCli({QStringLiteral("record"), QStringLiteral("-o"), ours, QStringLiteral("--"),
                    clientPath(QStringLiteral("hotspots-fp")), QStringLiteral("-100")});
        QVERIFY2(result.exitCode == 3, qPrintable(result.err)); // the client's own exit status
        const QString theirs = path(QStringLiteral("perf-machine.data"));
        const ProcessResult perfRecord = runPerfRecord({QStringLiteral("-q"), QStringLiteral("-o"), theirs,
                                                        QStringLiteral("--"), QStringLiteral("true")});
        QVERIFY2(perfRecord.exitCode == 0, qPrintable(perfRecord.err));
        const QStringList keys = {QStringLiteral("hostname"),     QStringLiteral("os release"),
                                  QStringLiteral("arch"),         QStringLiteral("nrcpus online"),
                                  QStringLiteral("nrcpus avail"), QStringLiteral("cpudesc"),
                                  QStringLiteral("cpuid"),        QStringLiteral("total memory")};
        const QStringList expected = headerLines(theirs, keys);
        QCOMPARE(expected.size(), keys.size());
        QCOMPARE(headerLines(ours, keys), expected);
        // CPU_TOPOLOGY, which perf prints with -I: sibling lists and every CPU's core, die and socket.
        const QStringList topologyKeys = {QStringLiteral("sibling sockets"), QStringLiteral("sibling dies"),
                                          QStringLiteral("sibling threads"), QStringLiteral("CPU 0: Core ID"),
                                          QStringLiteral("CPU 1: Core ID")};
        const QStringList topology = headerLines(theirs, topologyKeys, true);
        QVERIFY(topology.size() >= 3);
        QCOMPARE(headerLines(ours, topologyKeys, true), topology);
        // SAMPLE_TIME: perf prints the first and last sample's time and the duration between them.
        QCOMPARE(headerLines(ours, {QStringLiteral("time of first sample"),
                                    QStringLiteral("time of last sample"), QStringLiteral("sample duration")})
                     .size(),
                 3);
    }

    void sessionsAreReadableByTheirOwnerOnly() {
        const QString file = path(QStringLiteral("mode.data"));
        QFile existing(file);
        QVERIFY(existing.open(QIODevice::WriteOnly));
        existing.close();
        QVERIFY(::chmod(file.toLocal8Bit().constData(), 0644) == 0);
        const ProcessResult result =
            runCli({QStringLiteral("record"), QStringLiteral("--call-graph"), QStringLiteral("dwarf"),
                    QStringLiteral("-o"), file, QStringLiteral("--"), QStringLiteral("true")});
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        struct stat status {};
        QVERIFY(::stat(file.toLocal8Bit().constData(), &status) == 0);
        QCOMPARE(status.st_mode & 07777, mode_t{0600});
    }
};

QTEST_GUILESS_MAIN(TestPerfCompat)
#include "tst_perfcompat.moc"
