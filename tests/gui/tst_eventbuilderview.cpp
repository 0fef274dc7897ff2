// The Events dock's builder (EventBuilderView): a PMU's format fields become inputs that refuse values above
// the field's largest, a named event prefills them, modifiers, period and name complete the event, the
// result in perf's syntax is checked by the CLI's parser and added to the built list, where rows join into
// groups; the Events dock's chosen list carries them. On the sysfs fixtures of Intel, AMD and POWER and on
// this machine's PMUs; screenshots for a person to look at.
#include "BuiltEventList.h"
#include "EventBuilderView.h"
#include "EventsView.h"
#include "GuiTestSupport.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTest>

using namespace perfglass;
using namespace perfglass::test;

namespace {

std::string fixture(const char *name) {
    return std::string(PERFGLASS_FIXTURES_DIR "/") + name;
}

void pick(QComboBox *box, const QString &text) {
    const int index = box->findText(text);
    QVERIFY2(index >= 0, qPrintable(text));
    box->setCurrentIndex(index);
}

} // namespace

class TestEventBuilderView : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { useTestSettings(QStringLiteral("tst_eventbuilderview")); }

    void intelNamedEventAndModifiers() {
        EventBuilderView view;
        view.setSysfsRoot(fixture("sysfs-intel"));
        view.resize(1100, 520);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QCOMPARE(view.pmuBox()->currentText(), QStringLiteral("cpu"));
        pick(view.namedEventBox(), QStringLiteral("mem-loads"));
        QCOMPARE(view.fieldEdit(QStringLiteral("event"))->text(), QStringLiteral("0xcd"));
        QCOMPARE(view.fieldEdit(QStringLiteral("umask"))->text(), QStringLiteral("1"));
        QCOMPARE(view.fieldEdit(QStringLiteral("ldlat"))->text(), QStringLiteral("3"));
        QCOMPARE(view.resultField()->text(), QStringLiteral("cpu/event=0xcd,ldlat=3,umask=1/"));
        QVERIFY2(view.statusLabel()->text().startsWith(QStringLiteral("Valid")),
                 qPrintable(view.statusLabel()->text()));

        // umask is config:8-15: 0x1ff cannot be typed, its last digit is refused.
        QLineEdit *umask = view.fieldEdit(QStringLiteral("umask"));
        QVERIFY(umask->toolTip().contains(QStringLiteral("0xff")));
        umask->clear();
        QTest::keyClicks(umask, QStringLiteral("0x1ff"));
        QCOMPARE(umask->text(), QStringLiteral("0x1f"));

        view.modifierBox('k')->setChecked(false);
        view.modifierBox('h')->setChecked(false);
        view.preciseBox()->setCurrentIndex(2);
        view.modifierBox('D')->setChecked(true);
        view.samplingBox()->setCurrentIndex(1);
        QTest::keyClicks(view.samplingEdit(), QStringLiteral("20000"));
        QTest::keyClicks(view.nameEdit(), QStringLiteral("loads bad"));
        QCOMPARE(view.nameEdit()->text(), QStringLiteral("loadsbad")); // a space cannot be typed
        QCOMPARE(view.resultField()->text(),
                 QStringLiteral("cpu/event=0xcd,ldlat=3,umask=0x1f,period=20000,name=loadsbad/uppD"));
        QVERIFY(view.addButton()->isEnabled());
        saveScreenshot(&view, QStringLiteral("eventbuilder-intel.png"));
        QTest::mouseClick(view.addButton(), Qt::LeftButton);
        QCOMPARE(view.list()->count(), 1);
    }

    void groupsInTheChosenList() {
        EventsView events;
        EventBuilderView *view = events.builder();
        view->setSysfsRoot(fixture("sysfs-amd"));
        events.resize(1200, 560);
        events.show();
        QVERIFY(QTest::qWaitForWindowExposed(&events));
        part<QTabWidget>(events, "eventsTabs")->setCurrentIndex(1);
        pick(view->pmuBox(), QStringLiteral("cpu"));
        QLineEdit *field = view->fieldEdit(QStringLiteral("event"));
        QTest::keyClicks(field, QStringLiteral("0x76"));
        QTest::mouseClick(view->addButton(), Qt::LeftButton);
        field->clear();
        QTest::keyClicks(field, QStringLiteral("0xc0"));
        QTest::mouseClick(view->addButton(), Qt::LeftButton);
        pick(view->pmuBox(), QStringLiteral("power"));
        pick(view->namedEventBox(), QStringLiteral("energy-pkg"));
        QTest::mouseClick(view->addButton(), Qt::LeftButton);
        QCOMPARE(view->list()->count(), 3);
        // What dropping row 1 onto row 0 does: one row, a group.
        QVERIFY(view->list()->groupRows(1, 0));
        QCOMPARE(view->list()->events(), (QStringList{QStringLiteral("{cpu/event=0x76/,cpu/event=0xc0/}"),
                                                      QStringLiteral("power/event=2/")}));
        QCOMPARE(events.selectionField()->text(),
                 QStringLiteral("{cpu/event=0x76/,cpu/event=0xc0/},power/event=2/"));
        QCOMPARE(events.selectedEvents(), events.selectionField()->text());
        saveScreenshot(&events, QStringLiteral("eventbuilder-amd-group.png"));
        view->list()->ungroupRow(0);
        QCOMPARE(view->list()->count(), 3);
    }

    void powerPlaceholder() {
        EventBuilderView view;
        view.setSysfsRoot(fixture("sysfs-power"));
        pick(view.pmuBox(), QStringLiteral("hv_24x7"));
        pick(view.namedEventBox(), QStringLiteral("CPM_ADJUNCT_INST__PHYS_CORE"));
        QVERIFY(view.fieldEdit(QStringLiteral("core"))->text().isEmpty()); // "core=?": the user's to fill
        QTest::keyClicks(view.fieldEdit(QStringLiteral("core")), QStringLiteral("5"));
        QCOMPARE(view.resultField()->text(), QStringLiteral("hv_24x7/core=5,domain=2,lpar=0,offset=0x90/"));
    }

    void thisMachine() {
        EventBuilderView view;
        if (view.pmuBox()->count() == 0) QSKIP("no PMU with format fields on this machine");
        view.resize(1100, 420);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        for (int i = 0; i < view.pmuBox()->count(); ++i) {
            view.pmuBox()->setCurrentIndex(i);
            QVERIFY2(view.statusLabel()->text().startsWith(QStringLiteral("Valid")),
                     qPrintable(view.pmuBox()->currentText() + ": " + view.statusLabel()->text()));
        }
        pick(view.pmuBox(), view.pmuBox()->itemText(0));
        saveScreenshot(&view, QStringLiteral("eventbuilder-this-machine.png"));
    }
};

QTEST_MAIN(TestEventBuilderView)
#include "tst_eventbuilderview.moc"
