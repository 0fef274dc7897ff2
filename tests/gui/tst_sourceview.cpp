// The Source & Disassembly dock on recordings of the benchmark workload that perfglass-cli made (frame
// pointers, once: tests/fixtures/workload; DWARF, at test time, skipped where recording is refused) and on a
// library without debug information (libstdc++): opened from a frame's context menu, the source lines and
// instructions side by side with their costs, the hottest line selected with its instructions, the two sides
// linked, search, a call followed to its callee and back and forward, the costs following the filter.
// Screenshots: source-fp.png, source-dwarf.png, source-stripped.png.
#include "GuiTestSupport.h"
#include "TestSupport.h"

#include "AnnotationModel.h"
#include "FrameActions.h"
#include "SourceDisassemblyView.h"
#include "analysis/FunctionMatcher.h"
#include "identity/BuildIdCache.h"
#include "identity/ElfBuildId.h"
#include "symbols/ElfSymbols.h"

#include <QAction>
#include <QDockWidget>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QToolButton>
#include <QTreeView>
#include <QtTest>

using namespace perfglass;
using namespace perfglass::test;

class TestSourceView : public QObject {
    Q_OBJECT

private:
    QTemporaryDir dir_;

    // `record -g workload-fp -800 2`, recorded once (tests/fixtures/workload), with the binary found under
    // the fixture's folder as sysroot and its source in the tree's bench/ (a source path).
    static std::unique_ptr<MainWindow> openFramePointerSession() {
        SymbolSettings symbols;
        symbols.sysroot = QStringLiteral(PERFGLASS_FIXTURES_DIR "/workload");
        symbols.sourcePaths = {QStringLiteral(PERFGLASS_FIXTURES_DIR "/../../bench")};
        return openSessionWindow(QStringLiteral(PERFGLASS_FIXTURES_DIR "/workload/workload.data"), 60000,
                                 QSize(1400, 900), symbols);
    }

    // Environment variables set back as they were when it goes.
    class EnvironmentRestored {
    public:
        explicit EnvironmentRestored(std::initializer_list<const char *> names) {
            for (const char *name : names)
                kept_.push_back({name, qEnvironmentVariableIsSet(name), qgetenv(name)});
        }
        ~EnvironmentRestored() {
            for (const Kept &kept : kept_)
                kept.set ? qputenv(kept.name, kept.value) : qunsetenv(kept.name);
        }
        EnvironmentRestored(const EnvironmentRestored &) = delete;
        EnvironmentRestored &operator=(const EnvironmentRestored &) = delete;

    private:
        struct Kept {
            const char *name;
            bool set;
            QByteArray value;
        };
        std::vector<Kept> kept_;
    };

    QString record(const QString &name, const QStringList &options, const QString &program) {
        const QString path = dir_.filePath(name);
        if (QFileInfo::exists(path)) return path;
        runCli(QStringList{QStringLiteral("record")} + options +
               QStringList{QStringLiteral("-o"), path, QStringLiteral("--"), workloadPath(program),
                           QStringLiteral("-800"), QStringLiteral("2")});
        return QFileInfo(path).size() > 0 ? path : QString();
    }

    // Opens FUNCTION's Source & Disassembly through its context menu and waits for the annotation.
    static SourceDisassemblyView *openSource(MainWindow &window, FunctionId function) {
        auto *actions = part<FrameActions>(&window, "frameActions");
        const Profile &profile = *window.session()->profile();
        QMenu *menu = actions->createMenu(FrameTarget::fromFunction(profile, nullptr, function), &window);
        auto *show = menu->findChild<QAction *>(QStringLiteral("showSource"));
        if (!show) return nullptr;
        show->trigger();
        delete menu;
        auto *view = part<SourceDisassemblyView>(&window, "sourceView");
        if (!QTest::qWaitFor([view] { return !view->isBusy(); }, 30000)) return nullptr;
        QTest::qWait(50);
        return view;
    }

    static void checkLinked(SourceDisassemblyView *view) {
        const FunctionAnnotation &annotation = *view->annotation();
        // The hottest line is selected with its instructions.
        QVERIFY(annotation.hottestLine() != kNoIndex);
        QCOMPARE(view->sourceView()->currentIndex().row(), static_cast<int>(annotation.hottestLine()));
        const auto &hotLine = annotation.lines[annotation.hottestLine()];
        QCOMPARE(view->disassemblyView()->selectionModel()->selectedRows().size(),
                 static_cast<qsizetype>(hotLine.instructions.size()));
        // Selecting an instruction selects its line.
        const uint32_t last = static_cast<uint32_t>(annotation.instructions.size() - 1);
        view->disassemblyView()->setCurrentIndex(view->disassemblyModel()->index(static_cast<int>(last), 0));
        QCOMPARE(view->sourceView()->currentIndex().row(),
                 static_cast<int>(annotation.instructions[last].line));
    }

    // The call with the highest inclusive cost whose target is another function of the profile.
    static uint32_t callRow(const FunctionAnnotation &annotation, const Profile &profile) {
        uint32_t best = kNoIndex;
        for (uint32_t i = 0; i < annotation.instructions.size(); ++i) {
            const auto &instruction = annotation.instructions[i];
            if (instruction.code.branch != BranchKind::Call || instruction.targetName.empty() ||
                instruction.targetName == annotation.functionName || instruction.targetName.ends_with("@plt"))
                continue;
            if (best != kNoIndex && instruction.inclusive <= annotation.instructions[best].inclusive)
                continue;
            for (FunctionId f = 0; f < profile.functions.size(); ++f)
                if (profile.functionName(f) == instruction.targetName) {
                    best = i;
                    break;
                }
        }
        return best;
    }

private slots:
    void initTestCase() {
        useTestSettings(QStringLiteral("tst_sourceview"));
        QVERIFY(dir_.isValid());
    }

    void framePointers() {
        const auto window = openFramePointerSession();
        QVERIFY(window);
        const Profile &profile = *window->session()->profile();
        const FunctionId sortWork = FunctionMatcher(profile).function("sortWork");
        SourceDisassemblyView *view = openSource(*window, sortWork);
        QVERIFY(view);
        QVERIFY2(view->annotation(), qPrintable(view->heading()->text()));
        QVERIFY(part<QDockWidget>(window, "sourceDock")->isVisible());
        QVERIFY(view->sourceModel()->rowCount() > 0);
        QVERIFY(view->disassemblyModel()->rowCount() > 10);
        QVERIFY(view->annotation()->selfTotal > 0);
        checkLinked(view);
        if (QTest::currentTestFailed()) return;
        // Jumps are drawn in lanes from the jump to its target, with the arrowhead at the target.
        bool drawn = false;
        for (uint32_t i = 0; i < view->annotation()->instructions.size() && !drawn; ++i) {
            const uint32_t target = view->annotation()->instructions[i].jumpTarget;
            if (target == kNoIndex || target == i) continue;
            const auto &marks = view->disassemblyModel()->jumpMarks(static_cast<int>(target));
            drawn = std::any_of(marks.begin(), marks.end(), [](const auto &mark) { return mark.target; }) &&
                    !view->disassemblyModel()->jumpMarks(static_cast<int>(i)).empty();
        }
        QVERIFY(drawn);
        // Search: the next row with "call".
        part<QLineEdit>(view, "sourceSearch")->setText(QStringLiteral("call"));
        view->disassemblyView()->setCurrentIndex(view->disassemblyModel()->index(0, 0));
        view->findNext(QStringLiteral("call"));
        const int found = view->disassemblyView()->currentIndex().row();
        QVERIFY(found > 0);
        QCOMPARE(view->annotation()->instructions[static_cast<size_t>(found)].code.branch, BranchKind::Call);
        saveScreenshot(window.get(), QStringLiteral("source-fp.png"));

        // The filter: dropping the samples through the callee empties the call's inclusive cost.
        const uint32_t call = callRow(*view->annotation(), profile);
        QVERIFY(call != kNoIndex);
        const std::string callee = view->annotation()->instructions[call].targetName;
        QVERIFY(view->annotation()->instructions[call].inclusive > 0);
        const FunctionId calleeId = FunctionMatcher(profile).function(callee);
        window->addTransform(Transform::dropFunction(calleeId), QStringLiteral("drop"));
        QVERIFY(QTest::qWaitFor(
            [&] {
                return !view->isBusy() && view->annotation() &&
                       view->annotation()->instructions[call].inclusive == 0;
            },
            30000));
        window->clearFilter();
        QVERIFY(QTest::qWaitFor(
            [&] {
                return !view->isBusy() && view->annotation() &&
                       view->annotation()->instructions[call].inclusive > 0;
            },
            30000));

        // A call followed to its callee, then back and forward.
        view->followCall(static_cast<int>(call));
        QVERIFY(QTest::qWaitFor([view] { return !view->isBusy(); }, 30000));
        QCOMPARE(view->annotation()->functionName, callee);
        view->goBack();
        QVERIFY(QTest::qWaitFor([view] { return !view->isBusy(); }, 30000));
        QCOMPARE(view->function().value(), sortWork);
        QVERIFY(part<QToolButton>(view, "sourceForward")->isEnabled());
        view->goForward();
        QVERIFY(QTest::qWaitFor([view] { return !view->isBusy(); }, 30000));
        QCOMPARE(view->annotation()->functionName, callee);
    }

    void dwarf() {
        const QString path =
            record(QStringLiteral("dwarf.data"), {QStringLiteral("--call-graph"), QStringLiteral("dwarf")},
                   QStringLiteral("workload-nofp"));
        if (path.isEmpty()) QSKIP("a DWARF recording cannot be made here");
        const auto window = openSessionWindow(path, 60000);
        QVERIFY(window);
        const FunctionId memWork = FunctionMatcher(*window->session()->profile()).function("memWork");
        // The workload's source where the build may not have been: the tree's bench/ as a source path of the
        // Symbol Settings, which the dock uses.
        SymbolSettings settings = window->symbolSettings();
        settings.sourcePaths = {QStringLiteral(PERFGLASS_FIXTURES_DIR "/../../bench")};
        window->setSymbolSettings(settings, false);
        SourceDisassemblyView *view = openSource(*window, memWork);
        QVERIFY(view);
        QVERIFY2(view->annotation(), qPrintable(view->heading()->text()));
        QVERIFY(!view->annotation()->inlineRanges.empty());
        QVERIFY(view->annotation()->hasSourceLines);
        QVERIFY(view->annotation()->missingFiles.empty());
        checkLinked(view);
        saveScreenshot(window.get(), QStringLiteral("source-dwarf.png"));
    }

    // "Choose Source Folder…" uses the folder at once and offers to save it into the Symbol Settings.
    void chosenFolderSaved() {
        const auto window = openFramePointerSession();
        QVERIFY(window);
        window->setSymbolSettings({}, false);
        const QString folder = dir_.filePath(QStringLiteral("chosen-sources"));
        QVERIFY(QDir().mkpath(folder));
        auto *view = part<SourceDisassemblyView>(window, "sourceView");
        view->addSourceFolder(folder);
        QVERIFY(view->sourcePaths().contains(folder));
        QMessageBox *box = nullptr;
        QVERIFY(QTest::qWaitFor(
            [&] { return (box = window->findChild<QMessageBox *>(QStringLiteral("saveSourceFolder"))); },
            5000));
        saveScreenshot(box, QStringLiteral("source-folder-offer.png"));
        QVERIFY(box->button(QMessageBox::Save));
        box->button(QMessageBox::Save)->click();
        QCOMPARE(window->symbolSettings().sourcePaths, QStringList{folder});
        window->setSymbolSettings({}, true); // leave the stored settings as they were
    }

    void strippedLibrary() {
        const auto window = openFramePointerSession();
        QVERIFY(window);
        const SessionAnalysis &session = *window->session();
        const Profile &profile = *session.profile();
        std::optional<FunctionId> library;
        for (const FunctionCost &cost : session.flat.functions)
            if (profile.moduleName(profile.functions[cost.function].module).starts_with("libstdc++") &&
                cost.self > 0) {
                library = cost.function;
                break;
            }
        if (!library) QSKIP("no samples in libstdc++ in this recording");
        SourceDisassemblyView *view = openSource(*window, *library);
        QVERIFY(view);
        QVERIFY2(view->annotation(), qPrintable(view->heading()->text()));
        if (view->annotation()->hasSourceLines) QSKIP("libstdc++ has debug information on this machine");
        QVERIFY(!view->annotation()->notes.empty());
        QVERIFY(view->heading()->text().contains(QStringLiteral("no debug information")));
        QVERIFY(!view->sourceView()->isVisible());
        QVERIFY(view->annotation()->hottestInstruction() != kNoIndex);
        QCOMPARE(view->disassemblyView()->currentIndex().row(),
                 static_cast<int>(view->annotation()->hottestInstruction()));
        saveScreenshot(window.get(), QStringLiteral("source-stripped.png"));
    }

    // A session opened from its archive, whose program was stripped of its debug information into a separate
    // debug file that only the archive's cache entry keeps, then deleted, another program put at its path:
    // the dock disassembles the archive's copy (sortWork's own range in the program that ran) and shows its
    // source lines from the archive's debug file, never the other program's bytes.
    void archiveWithTheBinaryGone() {
        if (QStandardPaths::findExecutable(QStringLiteral("objcopy")).isEmpty())
            QSKIP("objcopy (binutils) is needed to split off the debug information");
        QTemporaryDir dir;
        const QString program = dir.filePath(QStringLiteral("workload"));
        const QString ran = dir.filePath(QStringLiteral("workload.ran")); // a copy, to check against
        const QString debug = dir.filePath(QStringLiteral("workload.debug"));
        QVERIFY(QFile::copy(workloadPath(QStringLiteral("workload-fp")), program));
        for (const QStringList &step : {QStringList{QStringLiteral("--only-keep-debug"), program, debug},
                                        QStringList{QStringLiteral("--strip-debug"), program}}) {
            const ProcessResult split = runProgram(QStringLiteral("objcopy"), step);
            QVERIFY2(split.exitCode == 0, qPrintable(split.err));
        }
        QVERIFY(QFile::copy(program, ran));
        const QString cache = dir.filePath(QStringLiteral("cache"));
        const EnvironmentRestored restored({"HOME", "XDG_CACHE_HOME", "PERF_BUILDID_DIR"});
        qputenv("PERF_BUILDID_DIR", cache.toUtf8());
        const QString session = dir.filePath(QStringLiteral("stripped.data"));
        const RecordedSession recorded{
            session, runCli({QStringLiteral("record"), QStringLiteral("-g"), QStringLiteral("-o"), session,
                             QStringLiteral("--"), program, QStringLiteral("-800"), QStringLiteral("2")})};
        if (recorded.refused()) QSKIP(qPrintable(recorded.why()));
        QVERIFY2(recorded.made(), qPrintable(recorded.result.err));
        const std::vector<uint8_t> id = elfBuildIdOfFile(program.toStdString());
        const QString cachedElf = QString::fromStdString(BuildIdCache(cache.toStdString()).find(id, "elf"));
        QVERIFY2(!cachedElf.isEmpty(), "record did not keep the program in the build-id cache");
        QVERIFY(QFile::copy(debug, QFileInfo(cachedElf).dir().filePath(QStringLiteral("debug"))));
        const QString archive = dir.filePath(QStringLiteral("stripped.tar.bz2"));
        const ProcessResult archived = runCli(
            {QStringLiteral("archive"), QStringLiteral("--all"), session, QStringLiteral("-o"), archive});
        QVERIFY2(archived.exitCode == 0, qPrintable(archived.err));

        // Elsewhere: no cache, an empty HOME, another program at the recorded path.
        qunsetenv("PERF_BUILDID_DIR");
        qputenv("HOME", dir.filePath(QStringLiteral("elsewhere")).toUtf8());
        qputenv("XDG_CACHE_HOME", dir.filePath(QStringLiteral("elsewhere/.cache")).toUtf8());
        QVERIFY(QFile::remove(program));
        QVERIFY(QFile::copy(clientPath(QStringLiteral("hotspots-fp")), program));
        const auto window = openSessionWindow(archive, 60000);
        QVERIFY(window);
        const Profile &profile = *window->session()->profile();
        const FunctionId sortWork = FunctionMatcher(profile).function("sortWork");
        SourceDisassemblyView *view = openSource(*window, sortWork);
        QVERIFY(view);
        QVERIFY2(view->annotation(), qPrintable(view->heading()->text()));
        const FunctionAnnotation &annotation = *view->annotation();
        const auto original = ElfSymbols::open(ran.toStdString());
        QVERIFY(original);
        const SymbolMatch symbol = (*original)->symbolAt(annotation.instructions.front().code.address);
        QCOMPARE(symbol.start, annotation.start);
        QCOMPARE(symbol.end, annotation.end);
        QVERIFY2(QString::fromStdString(symbol.name).contains(QStringLiteral("sortWork")),
                 symbol.name.c_str());
        QVERIFY(view->disassemblyModel()->rowCount() > 10);
        QVERIFY2(annotation.hasSourceLines, qPrintable(view->heading()->text()));
        QVERIFY(view->sourceView()->isVisible());
        QVERIFY(view->sourceModel()->rowCount() > 0);
        saveScreenshot(window.get(), QStringLiteral("source-archive.png"));
    }
};

QTEST_MAIN(TestSourceView)
#include "tst_sourceview.moc"
