// The German and French catalogues (translations/perfglass_de.ts, perfglass_fr.ts) in the application: they
// load for their locale and for the language the environment asks for (LANGUAGE), translate the plural forms
// by count, phrase the core's messages (models/CoreMessages), give every menu and the record dialog
// accelerators that are unique, leave no label or button of the record dialog cut off, and the windows are
// saved as screenshots in each language (mainwindow-de.png, summary-de.png, events-dock-fr.png,
// record-dialog-launch-fr.png...) for a person to look at. The main window shows a golden recording
// (tests/fixtures/golden), so the suite runs where recording is refused.
#include "CoreMessages.h"
#include "EventFilterModel.h"
#include "EventListModel.h"
#include "EventsView.h"
#include "FrameActions.h"
#include "GuiTestSupport.h"
#include "MainWindow.h"
#include "RecordDialog.h"
#include "TestSupport.h"
#include "TimelineWidget.h"
#include "Translations.h"
#include "base/Message.h"

#include <QAbstractButton>
#include <QApplication>
#include <QDockWidget>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>
#include <QTreeView>

#include <memory>

using namespace perfglass;
using namespace perfglass::test;

namespace {

constexpr int kLoadTimeoutMs = 120000;

// The accelerator of TEXT ('&' before a character; "&&" is a literal '&'), lower-cased; null when none.
QChar accelerator(const QString &text) {
    for (qsizetype i = 0; i + 1 < text.size(); ++i) {
        if (text[i] != QLatin1Char('&')) continue;
        if (text[i + 1] != QLatin1Char('&')) return text[i + 1].toLower();
        ++i;
    }
    return {};
}

// The texts among TEXTS whose accelerators another text of TEXTS has too.
QStringList clashes(const QStringList &texts) {
    QMultiHash<QChar, QString> byKey;
    for (const QString &text : texts)
        if (const QChar key = accelerator(text); !key.isNull()) byKey.insert(key, text);
    QStringList clashing;
    for (const QChar &key : byKey.uniqueKeys())
        if (byKey.count(key) > 1) clashing += byKey.values(key);
    return clashing;
}

QStringList actionTexts(const QMenu *menu) {
    QStringList texts;
    for (const QAction *action : menu->actions())
        if (!action->isSeparator() && action->isVisible()) texts << action->text();
    return texts;
}

// The accelerators the user can reach in the record dialog with tab INDEX shown: the tabs, the buttons and
// the labels with a buddy that are visible.
QStringList dialogTexts(const RecordDialog &dialog, const QTabWidget &tabs) {
    QStringList texts;
    for (int i = 0; i < tabs.count(); ++i)
        texts << tabs.tabText(i);
    for (const QAbstractButton *button : dialog.findChildren<QAbstractButton *>())
        if (button->isVisible()) texts << button->text();
    for (const QLabel *label : dialog.findChildren<QLabel *>())
        if (label->isVisible() && label->buddy()) texts << label->text();
    return texts;
}

// The visible labels and buttons of DIALOG narrower than they need to be to show their text whole.
QStringList cutOff(const QWidget &dialog) {
    QStringList cut;
    for (const QLabel *label : dialog.findChildren<QLabel *>())
        if (label->isVisible() && !label->wordWrap() && !label->text().isEmpty() &&
            label->width() < label->minimumSizeHint().width())
            cut << label->text();
    for (const QAbstractButton *button : dialog.findChildren<QAbstractButton *>())
        if (button->isVisible() && !button->text().isEmpty() && button->width() < button->sizeHint().width())
            cut << button->text();
    return cut;
}

QString translated(const char *context, const char *source, int n = -1) {
    return QCoreApplication::translate(context, source, nullptr, n);
}

} // namespace

class TestTranslations : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void catalogueLoads_data();
    void catalogueLoads();
    void environmentChoosesLanguage_data();
    void environmentChoosesLanguage();
    void coreMessagesArePhrased_data();
    void coreMessagesArePhrased();
    void windowsInEachLanguage_data();
    void windowsInEachLanguage();

private:
    void addLanguages();
    void checkMenus(MainWindow &window);
    void checkRecordDialog(const QString &language);
};

void TestTranslations::initTestCase() {
    useTestSettings(QStringLiteral("tst_translations"));
}

void TestTranslations::cleanupTestCase() {
    installTranslations(*QCoreApplication::instance(), QLocale(QLocale::English, QLocale::UnitedStates));
}

void TestTranslations::addLanguages() {
    QTest::addColumn<QString>("language");
    QTest::newRow("de") << QStringLiteral("de");
    QTest::newRow("fr") << QStringLiteral("fr");
}

void TestTranslations::catalogueLoads_data() {
    addLanguages();
}

void TestTranslations::catalogueLoads() {
    QFETCH(QString, language);
    QCOMPARE(installTranslations(*QCoreApplication::instance(), QLocale(language)),
             QStringLiteral("perfglass_%1.qm").arg(language));
    const QString file = translated("perfglass::MainWindow", "&File");
    QVERIFY2(file != QLatin1String("&File"), qPrintable(file));
    // Plural forms by count: one sample, two samples.
    const QString one = translated("perfglass::SessionStatusBar", "%Ln sample(s) of %1", 1);
    const QString two = translated("perfglass::SessionStatusBar", "%Ln sample(s) of %1", 2);
    QVERIFY2(one.startsWith(QLatin1String("1 ")) && two.startsWith(QLatin1String("2 ")),
             qPrintable(one + two));
    QVERIFY2(one.mid(2) != two.mid(2), qPrintable(one + QLatin1String(" / ") + two));
    QVERIFY(!one.contains(QLatin1String("(s)")));
    // The field's vocabulary.
    const QString flameGraph = translated("perfglass::SessionPage", "Flame Graph");
    QCOMPARE(flameGraph, language == QLatin1String("de") ? QStringLiteral("Flammendiagramm")
                                                         : QStringLiteral("Graphe de flammes"));
    // A language without a catalogue falls back to English, with its plural forms.
    QCOMPARE(installTranslations(*QCoreApplication::instance(), QLocale(QLocale::Japanese)),
             QStringLiteral("perfglass_en.qm"));
    QCOMPARE(translated("perfglass::SessionStatusBar", "%Ln sample(s) of %1", 1),
             QStringLiteral("1 sample of %1"));
}

void TestTranslations::environmentChoosesLanguage_data() {
    addLanguages();
}

// The application reads its language from the environment: LANGUAGE forces one.
void TestTranslations::environmentChoosesLanguage() {
    QFETCH(QString, language);
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("LANGUAGE"), language);
    environment.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(PERFGLASS_GUI), {QStringLiteral("--help")});
    QVERIFY(process.waitForFinished(60000));
    const QString help = QString::fromUtf8(process.readAllStandardOutput());
    const QString description = language == QLatin1String("de") ? QStringLiteral("ein Linux-Profiler")
                                                                : QStringLiteral("un profileur pour Linux");
    QVERIFY2(help.contains(description), qPrintable(help));
}

void TestTranslations::coreMessagesArePhrased_data() {
    addLanguages();
}

void TestTranslations::coreMessagesArePhrased() {
    QFETCH(QString, language);
    installTranslations(*QCoreApplication::instance(), QLocale(language));
    // Every kind with a phrasing of its own is translated, its arguments filled in.
    for (auto kind = static_cast<uint16_t>(MessageKind::CannotOpenFile);
         kind <= static_cast<uint16_t>(MessageKind::TracepointWithoutId); ++kind) {
        const Message message{static_cast<MessageKind>(kind), {"101", "102", "103", "104", "105"}};
        const QString text = CoreMessages::text(message);
        QVERIFY2(text != QString::fromStdString(message.english()), qPrintable(text));
        QVERIFY2(!text.contains(QRegularExpression(QStringLiteral("%[0-9n]"))), qPrintable(text));
        const QRegularExpression argument(QStringLiteral("10[1-5]"));
        QVERIFY2(text.contains(argument) || !QString::fromStdString(message.english()).contains(argument),
                 qPrintable(text));
    }
    const QString process = CoreMessages::text(coreMessage(MessageKind::NoSuchProcess, 4242));
    QVERIFY2(process.contains(QLatin1String("4242")), qPrintable(process));
    QVERIFY2(process.contains(language == QLatin1String("de") ? QLatin1String("Prozess")
                                                              : QLatin1String("processus")),
             qPrintable(process));
    // Plural forms by count.
    const QString one = CoreMessages::text(coreMessage(MessageKind::NoKernelSymbols, 1));
    const QString many = CoreMessages::text(coreMessage(MessageKind::NoKernelSymbols, 12));
    QVERIFY2(one.contains(QLatin1String("1 ")) && many.contains(QLatin1String("12 ")),
             qPrintable(one + many));
    QVERIFY2(QString(one).replace(QLatin1String("1 "), QString()) !=
                 QString(many).replace(QLatin1String("12 "), QString()),
             qPrintable(one));
    // A message phrased where it was made stays as it is.
    QCOMPARE(CoreMessages::text(textMessage("unknown event 'foo'")), QStringLiteral("unknown event 'foo'"));
}

void TestTranslations::windowsInEachLanguage_data() {
    addLanguages();
    QTest::newRow("en") << QStringLiteral("en"); // the source language's accelerators are checked too
}

void TestTranslations::windowsInEachLanguage() {
    QFETCH(QString, language);
    installTranslations(*QCoreApplication::instance(), QLocale(language));
    const auto window = openGoldenWindow(QStringLiteral("perf-fp"), kLoadTimeoutMs);
    QVERIFY(window);
    saveScreenshot(window.get(), QStringLiteral("mainwindow-%1.png").arg(language));
    auto *summary = part<QDockWidget>(window, "summaryDock");
    summary->setFloating(true);
    summary->resize(900, 640);
    saveScreenshot(summary, QStringLiteral("summary-%1.png").arg(language));
    // The Events dock: why events cannot be opened, in the user's language.
    auto *events = window->findChild<EventsView *>();
    QVERIFY(events);
    QSignalSpy listed(events->model(), &EventListModel::loaded);
    auto *eventsDock = part<QDockWidget>(window, "eventsDock");
    eventsDock->setFloating(true);
    eventsDock->resize(1200, 700);
    eventsDock->show();
    eventsDock->raise();
    QVERIFY(events->model()->eventCount() > 0 || listed.wait(60000));
    events->tree()->expand(events->filterModel()->mapFromSource(
        events->model()->indexOfEvent(QStringLiteral("cycles")).parent()));
    saveScreenshot(eventsDock, QStringLiteral("events-dock-%1.png").arg(language));
    checkMenus(*window);
    checkRecordDialog(language);
}

void TestTranslations::checkMenus(MainWindow &window) {
    QStringList bar;
    for (const QAction *action : window.menuBar()->actions())
        bar << action->text();
    QVERIFY2(clashes(bar).isEmpty(), qPrintable(clashes(bar).join(QLatin1String(", "))));
    for (const QMenu *menu : window.findChildren<QMenu *>()) {
        const QStringList texts = actionTexts(menu);
        QVERIFY2(clashes(texts).isEmpty(),
                 qPrintable(menu->title() + QLatin1String(": ") + clashes(texts).join(QLatin1String(", "))));
    }
    // The context menus of a frame (every action it can have) and of a timeline row.
    FrameActions actions;
    FrameTarget target;
    target.name = QStringLiteral("hotLoop");
    target.moduleName = QStringLiteral("libc.so.6");
    target.callPath = {1, 2};
    target.callPathNames = {QStringLiteral("main"), QStringLiteral("hotLoop")};
    std::unique_ptr<QMenu> frameMenu(actions.createMenu(target, nullptr));
    QVERIFY2(clashes(actionTexts(frameMenu.get())).isEmpty(),
             qPrintable(clashes(actionTexts(frameMenu.get())).join(QLatin1String(", "))));
    auto *timeline = window.findChild<TimelineWidget *>();
    QVERIFY(timeline);
    std::unique_ptr<QMenu> rowMenu(timeline->createContextMenu(0));
    QVERIFY(rowMenu);
    QVERIFY2(clashes(actionTexts(rowMenu.get())).isEmpty(),
             qPrintable(clashes(actionTexts(rowMenu.get())).join(QLatin1String(", "))));
}

void TestTranslations::checkRecordDialog(const QString &language) {
    RecordDialog dialog;
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    auto *tabs = dialog.findChild<QTabWidget *>();
    QVERIFY(tabs);
    const QStringList names = {QStringLiteral("launch"), QStringLiteral("attach"),
                               QStringLiteral("system-wide")};
    for (int tab = 0; tab < tabs->count(); ++tab) {
        tabs->setCurrentIndex(tab);
        QCoreApplication::processEvents();
        const QStringList texts = dialogTexts(dialog, *tabs);
        QVERIFY2(clashes(texts).isEmpty(), qPrintable(clashes(texts).join(QLatin1String(", "))));
        QVERIFY2(cutOff(dialog).isEmpty(), qPrintable(cutOff(dialog).join(QLatin1String(" | "))));
        saveScreenshot(&dialog, QStringLiteral("record-dialog-%1-%2.png").arg(names.value(tab), language));
    }
}

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
