// perfglass: the desktop application. `perfglass [FILE]` opens FILE, a session in the perf.data format.
#include "MainWindow.h"
#include "Translations.h"

#include <QApplication>
#include <QCommandLineParser>

#include <cstdio>

int main(int argc, char *argv[]) {
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("perfglass"));
    QApplication::setOrganizationName(QStringLiteral("perfglass"));
    QApplication::setApplicationDisplayName(QStringLiteral("Perfglass"));
    QApplication::setApplicationVersion(QStringLiteral(PERFGLASS_VERSION));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/perfglass.png")));

    perfglass::installTranslations(app);

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate(
        "main", "Perfglass, a Linux profiler: shows perf.data sessions as flame graphs "
                "and call trees."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("FILE"),
                                 QApplication::translate("main", "Session to open (perf.data format)."),
                                 QStringLiteral("[FILE]"));
    parser.process(app);
    const QStringList files = parser.positionalArguments();
    if (files.size() > 1) {
        std::fprintf(stderr, "%s\n", qPrintable(QApplication::translate("main", "Give at most one FILE.")));
        return 2;
    }

    perfglass::MainWindow window;
    window.show();
    if (!files.isEmpty()) window.openFile(files.first());
    return QApplication::exec();
}
