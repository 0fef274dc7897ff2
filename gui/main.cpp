// perfglass: the desktop application. `perfglass [FILE...]` opens each FILE in a tab of its own, a session in
// the perf.data format
// (./perf.data when no FILE is given and it exists, as perf report reads it).
#include "CompareWindow.h"
#include "HeapRetention.h"
#include "LiveRefreshInterval.h"
#include "MainWindow.h"
#include "SessionComparer.h"
#include "SessionDocument.h"
#include "SessionPage.h"
#include "StartupTiming.h"
#include "SymbolCommandLine.h"
#include "Translations.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QTimer>

#include <cstdio>
#include <memory>
#include <string_view>
#include <utility>

namespace {

// --help and --version only print text: they are answered by a QCoreApplication, which needs no display.
bool asksOnlyForText(int argc, char *argv[]) {
    for (int i = 1; i < argc; ++i) {
        const std::string_view argument = argv[i];
        if (argument == "--") break;
        if (argument == "-h" || argument == "-?" || argument == "--help" || argument == "--help-all" ||
            argument == "-v" || argument == "--version")
            return true;
    }
    return false;
}

void nameApplication() {
    QCoreApplication::setApplicationName(QStringLiteral("perfglass"));
    QCoreApplication::setOrganizationName(QStringLiteral("perfglass"));
    QCoreApplication::setApplicationVersion(QStringLiteral(PERFGLASS_VERSION));
}

// The command line: [FILE...], --screenshot PNG, --compare COMPARISON, --refresh SECONDS and the symbol
// options, besides --help and --version.
QCommandLineOption describeCommandLine(QCommandLineParser &parser) {
    parser.setApplicationDescription(QCoreApplication::translate(
        "main", "Perfglass, a Linux profiler: shows perf.data sessions as flame graphs "
                "and call trees."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(
        QStringLiteral("FILE"),
        QCoreApplication::translate(
            "main", "Sessions to open, one tab each (perf.data format or an archive; default: "
                    "./perf.data if it exists)."),
        QStringLiteral("[FILE...]"));
    QCommandLineOption screenshotOption(
        QStringLiteral("screenshot"),
        QCoreApplication::translate(
            "main", "Open FILE, save a picture of the window to PNG once it is shown (with --compare, of the "
                    "comparison window), and quit."),
        QStringLiteral("PNG"));
    parser.addOption(screenshotOption);
    parser.addOption(QCommandLineOption(
        QStringLiteral("compare"),
        QCoreApplication::translate("main", "Compare FILE (the baseline) with COMPARISON once FILE is open."),
        QStringLiteral("COMPARISON")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("refresh"),
        QCoreApplication::translate("main",
                                    "Read a stream (FILE -) and the live view of a recording again every "
                                    "SECONDS (1 to 60; default: the Recording dock's setting, 1)."),
        QStringLiteral("SECONDS")));
    perfglass::SymbolCommandLine::addOptions(parser);
    return screenshotOption;
}

// --refresh SECONDS: the live interval for this run; false (said on standard error) for a wrong value.
bool takeRefreshOption(const QCommandLineParser &parser) {
    if (!parser.isSet(QStringLiteral("refresh"))) return true;
    const QString value = parser.value(QStringLiteral("refresh"));
    bool number = false;
    const int seconds = value.toInt(&number);
    using perfglass::LiveRefreshInterval;
    if (!number || seconds < LiveRefreshInterval::kMinSeconds || seconds > LiveRefreshInterval::kMaxSeconds) {
        std::fprintf(
            stderr, "%s\n",
            qPrintable(QApplication::translate(
                           "main", "--refresh %1: a whole number of seconds from %2 to %3 was expected.")
                           .arg(value)
                           .arg(LiveRefreshInterval::kMinSeconds)
                           .arg(LiveRefreshInterval::kMaxSeconds)));
        return false;
    }
    LiveRefreshInterval::overrideSeconds(seconds);
    return true;
}

// Prints the help or the version and exits (QCommandLineParser::process), or returns 2 for a mistake.
int answerWithText(int argc, char *argv[]) {
    QCoreApplication app(argc, argv);
    nameApplication();
    perfglass::installTranslations(app);
    QCommandLineParser parser;
    describeCommandLine(parser);
    parser.process(app);
    return 2;
}

void exitWithScreenshot(QWidget *widget, const QString &png) {
    QTimer::singleShot(100, widget, [widget, png] {
        const bool saved = widget->grab().save(png);
        if (!saved)
            std::fprintf(stderr, "%s\n",
                         qPrintable(QApplication::translate("main", "cannot write %1").arg(png)));
        QApplication::exit(saved ? 0 : 1);
    });
}

// --screenshot: saves a picture of the window once FILE is shown (with --compare, of the comparison window
// once it shows the comparison; a large file once it is read whole) and quits; quits with 1 when that fails.
void screenshotWhenShown(perfglass::MainWindow &window, const QString &png, bool compare) {
    auto fail = [](const QString &message) {
        std::fprintf(stderr, "%s\n", qPrintable(message));
        QApplication::exit(1);
    };
    if (compare)
        QObject::connect(window.comparer(), &perfglass::SessionComparer::compared, &window,
                         [&window, png] { exitWithScreenshot(window.comparer()->compareWindow(), png); });
    else
        QObject::connect(&window, &perfglass::MainWindow::sessionLoaded, &window, [&window, png] {
            const auto *page = window.currentPage();
            if (page && page->document()->file() && page->document()->file()->isPartial())
                return; // a large file, still being read
            const perfglass::SessionDocument *document = page ? page->document() : nullptr;
            if (document && document->analysis() && !document->analysis()->timeline) {
                // The timeline follows the flame graph: the picture shows both (or what failed).
                auto once = std::make_shared<bool>(false);
                const auto shoot = [&window, png, once] {
                    if (std::exchange(*once, true)) return;
                    exitWithScreenshot(&window, png);
                };
                QObject::connect(document, &perfglass::SessionDocument::timelineMade, &window, shoot);
                QObject::connect(document, &perfglass::SessionDocument::analysisFailed, &window, shoot);
                return;
            }
            exitWithScreenshot(&window, png);
        });
    QObject::connect(&window, &perfglass::MainWindow::loadFailed, &window, fail);
    QObject::connect(window.comparer(), &perfglass::SessionComparer::failed, &window, fail);
}

} // namespace

int main(int argc, char *argv[]) {
    perfglass::StartupTiming::start();
    perfglass::HeapRetention::retainFreedMemory();
    if (asksOnlyForText(argc, argv)) return answerWithText(argc, argv);
    QApplication app(argc, argv);
    nameApplication();
    QApplication::setApplicationDisplayName(QStringLiteral("Perfglass"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/perfglass.png")));

    perfglass::installTranslations(app);

    QCommandLineParser parser;
    const QCommandLineOption screenshotOption = describeCommandLine(parser);
    parser.process(app);
    QStringList files = parser.positionalArguments();
    // As perf report: without a FILE, the session in the current directory, if there is one.
    if (files.isEmpty() && QFileInfo(QStringLiteral("perf.data")).isFile())
        files << QStringLiteral("perf.data");

    if (!takeRefreshOption(parser)) return 2;
    perfglass::MainWindow window;
    const perfglass::SymbolSettings symbols =
        perfglass::SymbolCommandLine::settingsFrom(parser, window.symbolSettings());
    if (!(symbols == window.symbolSettings())) window.setSymbolSettings(symbols, false);
    const bool compare = parser.isSet(QStringLiteral("compare"));
    if ((parser.isSet(screenshotOption) || compare) && files.isEmpty()) {
        std::fprintf(stderr, "%s\n",
                     qPrintable(compare ? QApplication::translate("main", "--compare needs a FILE.")
                                        : QApplication::translate("main", "--screenshot needs a FILE.")));
        return 2;
    }
    // The files start loading (on the thread pool) while the window is laid out and shown; what they load
    // arrives through the event loop, after the connections below.
    for (const QString &file : std::as_const(files)) // one tab each
        window.openFile(file);
    window.show();
    perfglass::StartupTiming::mark("window shown");
    if (parser.isSet(screenshotOption)) screenshotWhenShown(window, parser.value(screenshotOption), compare);
    if (compare) {
        const QString comparison = parser.value(QStringLiteral("compare"));
        QObject::connect(
            &window, &perfglass::MainWindow::sessionLoaded, &window,
            [&window, comparison] { window.comparer()->compareWith(comparison); }, Qt::SingleShotConnection);
    }
    return QApplication::exec();
}
