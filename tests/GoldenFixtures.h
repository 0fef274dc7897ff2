// The golden recordings of tests/fixtures/golden (its README.md): small perf.data files with the static
// binaries that made them, read with the binaries found through a sysroot. Tests that need a session but not
// a fresh recording use them, so they run where recording is refused (unprivileged, without perf).
//
// golden.c's profile: main -> work -> hot, warm, cold (about 60, 30 and 10 % of the samples) -> spin; one
// thread, user-only cpu-clock at a fixed period of 1 ms.
#pragma once

#include "load/LoadProfile.h"

#include <QString>

#include <memory>
#include <string>

namespace perfglass::test {

// The folder of the golden fixtures, also the sysroot under which their binaries are found.
inline QString goldenDir() {
    return QStringLiteral(PERFGLASS_FIXTURES_DIR "/golden");
}

// NAME.data of the golden fixtures: perf-fp, perf-dwarf or perfglass-dwarf.
inline QString goldenPath(const QString &name) {
    return goldenDir() + QLatin1Char('/') + name + QStringLiteral(".data");
}

inline std::shared_ptr<const Profile> loadGolden(const std::string &name) {
    LoadOptions options;
    // The recorded /perfglass-golden/golden-fp is read as DIR/perfglass-golden/golden-fp.
    options.sysroot = goldenDir().toStdString();
    options.unwindThreads = 1;
    return loadProfile(goldenPath(QString::fromStdString(name)).toStdString(), options);
}

} // namespace perfglass::test
