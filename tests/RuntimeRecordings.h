// Recordings of programs of the runtimes Debian ships (tests/fixtures/runtimes), made at test time with
// `perfglass-cli record -g`: Java with HotSpot's perf map, Rust built by Debian's rustc (legacy mangling) and
// Node with its jitdump. A runtime that is not installed, or a machine that does not permit recording, gives
// no session and a reason the test skips with. Each program does a fixed amount of work (about 0.8 s of CPU
// time here), so the shares of its parts do not depend on how much CPU time the machine gives it.
#pragma once

#include "TestSupport.h"

#include <QFileInfo>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

namespace perfglass::test {

struct RuntimeRecording {
    QString session;    // the recording, empty when there is none
    QString skipReason; // why there is none
    bool made() const { return !session.isEmpty(); }
};

inline QString runtimeFixture(const QString &name) {
    return QStringLiteral(PERFGLASS_FIXTURES_DIR "/runtimes/") + name;
}

// Records COMMAND into DIR/NAME with `record -g` and RECORD_OPTIONS, in DIR.
inline RuntimeRecording recordRuntime(const QTemporaryDir &dir, const QString &name,
                                      const QStringList &recordOptions, const QStringList &command) {
    const QString session = dir.filePath(name);
    const ProcessResult recorded =
        runCli(QStringList{QStringLiteral("record"), QStringLiteral("-g")} + recordOptions +
               QStringList{QStringLiteral("-o"), session, QStringLiteral("--cwd"), dir.path(),
                           QStringLiteral("--")} +
               command);
    if (!QFileInfo::exists(session) || QFileInfo(session).size() == 0)
        return {{}, QStringLiteral("recording refused: ") + recorded.err};
    if (recorded.exitCode != 0)
        return {{},
                QStringLiteral("%1 exited with %2: %3")
                    .arg(command.front())
                    .arg(recorded.exitCode)
                    .arg(recorded.err)};
    return {session, {}};
}

// Debian's rustc: /usr/bin/rustc before any other on PATH (a rustup toolchain in ~/.cargo/bin may come
// first and mangle differently).
inline QString debianRustc() {
    const QString debian = QStringLiteral("/usr/bin/rustc");
    return QFileInfo(debian).isExecutable() ? debian
                                            : QStandardPaths::findExecutable(QStringLiteral("rustc"));
}

// hashes.rs built with `rustc -O -g` (rustc's default, legacy, mangling; frame pointers for -g's call
// chains) and recorded.
inline RuntimeRecording recordRust(const QTemporaryDir &dir) {
    const QString rustc = debianRustc();
    if (rustc.isEmpty()) return {{}, QStringLiteral("rustc is not installed (Debian's rustc)")};
    const QString binary = dir.filePath(QStringLiteral("hashes"));
    const ProcessResult built =
        runProgram(rustc,
                   {QStringLiteral("-O"), QStringLiteral("-g"), QStringLiteral("-C"),
                    QStringLiteral("force-frame-pointers=yes"), runtimeFixture(QStringLiteral("hashes.rs")),
                    QStringLiteral("-o"), binary},
                   300000);
    if (built.exitCode != 0) return {{}, QStringLiteral("rustc failed: ") + built.err};
    return recordRuntime(dir, QStringLiteral("rust.data"), {}, {binary});
}

// Hot.java compiled with javac and run with HotSpot's perf map written at its exit (/tmp/perf-PID.map) and
// frame pointers kept in compiled code.
inline RuntimeRecording recordJava(const QTemporaryDir &dir) {
    const QString java = QStandardPaths::findExecutable(QStringLiteral("java"));
    const QString javac = QStandardPaths::findExecutable(QStringLiteral("javac"));
    if (java.isEmpty() || javac.isEmpty())
        return {{}, QStringLiteral("java or javac is not installed (Debian's default-jdk-headless)")};
    const ProcessResult compiled = runProgram(
        javac, {QStringLiteral("-d"), dir.path(), runtimeFixture(QStringLiteral("Hot.java"))}, 300000);
    if (compiled.exitCode != 0) return {{}, QStringLiteral("javac failed: ") + compiled.err};
    return recordRuntime(dir, QStringLiteral("java.data"), {},
                         {java, QStringLiteral("-XX:+UnlockDiagnosticVMOptions"),
                          QStringLiteral("-XX:+DumpPerfMapAtExit"),
                          QStringLiteral("-XX:+PreserveFramePointer"), QStringLiteral("-cp"), dir.path(),
                          QStringLiteral("Hot")});
}

// fibonacci.js run by node --perf-prof (its jitdump, jit-PID.dump, lands in DIR), recorded with `-k mono` as
// the runtimes' documentation says to type.
inline RuntimeRecording recordNodeJitdump(const QTemporaryDir &dir) {
    const QString node = QStandardPaths::findExecutable(QStringLiteral("node"));
    if (node.isEmpty()) return {{}, QStringLiteral("node is not installed (Debian's nodejs)")};
    return recordRuntime(
        dir, QStringLiteral("node.data"), {QStringLiteral("-k"), QStringLiteral("mono")},
        {node, QStringLiteral("--perf-prof"), runtimeFixture(QStringLiteral("fibonacci.js"))});
}

// The perf map a JIT runtime wrote for the process whose module is MODULE ("perf-PID.map"), in /tmp.
inline QString perfMapFile(const QString &module) {
    static const QRegularExpression map(QStringLiteral("^perf-\\d+\\.map$"));
    return map.match(module).hasMatch() ? QStringLiteral("/tmp/") + module : QString();
}

} // namespace perfglass::test
