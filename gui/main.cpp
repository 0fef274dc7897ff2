// perfglass: the desktop application. `perfglass [FILE]` opens FILE, a session in the perf.data format.
#include "MainWindow.h"
#include "Translations.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QTimer>

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
    const QCommandLineOption screenshotOption(
        QStringLiteral("screenshot"),
        QApplication::translate("main",
                                "Open FILE, save a picture of the window to PNG once it is shown, and quit."),
        QStringLiteral("PNG"));
    parser.addOption(screenshotOption);
    parser.process(app);
    const QStringList files = parser.positionalArguments();
    if (files.size() > 1) {
        std::fprintf(stderr, "%s\n", qPrintable(QApplication::translate("main", "Give at most one FILE.")));
        return 2;
    }

    perfglass::MainWindow window;
    window.show();
    if (parser.isSet(screenshotOption)) {
        const QString png = parser.value(screenshotOption);
        if (files.isEmpty()) {
            std::fprintf(stderr, "%s\n",
                         qPrintable(QApplication::translate("main", "--screenshot needs a FILE.")));
            return 2;
        }
        QObject::connect(&window, &perfglass::MainWindow::sessionLoaded, &window, [&window, png] {
            QTimer::singleShot(100, &window, [&window, png] {
                const bool saved = window.grab().save(png);
                if (!saved)
                    std::fprintf(stderr, "%s\n",
                                 qPrintable(QApplication::translate("main", "cannot write %1").arg(png)));
                QApplication::exit(saved ? 0 : 1);
            });
        });
        QObject::connect(&window, &perfglass::MainWindow::loadFailed, &window, [](const QString &message) {
            std::fprintf(stderr, "%s\n", qPrintable(message));
            QApplication::exit(1);
        });
    }
    if (!files.isEmpty()) window.openFile(files.first());
    return QApplication::exec();
}
