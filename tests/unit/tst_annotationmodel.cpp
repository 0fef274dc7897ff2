// AnnotationModel (Source and Disassembly) on a golden recording (tests/fixtures/golden, perf-fp): spin of
// golden.c annotated through the core (Annotator, the binary found under the fixtures as a sysroot, golden.c
// through the source paths). The instructions side: a row per instruction, the self shares adding up to the
// whole function, the call to finish named, addresses and search text; the lines side: golden.c's lines with
// their text, the hottest the loop's body. Qt's model checks on both.
#include "AnnotationModel.h"
#include "GoldenFixtures.h"
#include "annotate/Annotator.h"

#include <QAbstractItemModelTester>
#include <QGuiApplication>
#include <QTest>

using namespace perfglass;
using namespace perfglass::test;

namespace {

std::shared_ptr<const FunctionAnnotation> annotateSpin() {
    const auto profile = loadGolden("perf-fp");
    FunctionId spin = 0;
    while (spin < profile->functions.size() && profile->functionName(spin) != "spin")
        ++spin;
    AnnotateOptions options;
    options.symbols.sysroot = goldenDir().toStdString();
    options.symbols.sourcePaths = {goldenDir().toStdString()};
    SampleFilter samples;
    samples.cost = CostKind::Samples;
    return std::make_shared<const FunctionAnnotation>(Annotator::annotate(*profile, samples, spin, options));
}

// The row with the highest share in ROLE.
int hottestRow(const QAbstractItemModel &model, int column, int role) {
    int hottest = 0;
    for (int row = 1; row < model.rowCount(); ++row)
        if (model.index(row, column).data(role).toDouble() >
            model.index(hottest, column).data(role).toDouble())
            hottest = row;
    return hottest;
}

} // namespace

class TestAnnotationModel : public QObject {
    Q_OBJECT

private:
    std::shared_ptr<const FunctionAnnotation> spin_;

private slots:
    void initTestCase() {
        spin_ = annotateSpin();
        QCOMPARE(QString::fromStdString(spin_->functionName), QStringLiteral("spin"));
        QVERIFY(spin_->selfTotal > 0);
    }

    void instructions() {
        AnnotationModel model(AnnotationModel::Kind::Instructions);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        model.setAnnotation(spin_);
        QCOMPARE(model.kind(), AnnotationModel::Kind::Instructions);
        QCOMPARE(model.rowCount(), int(spin_->instructions.size()));
        QCOMPARE(model.columnCount(), int(AnnotationModel::InlinedColumn) + 1);
        double selfShares = 0;
        bool callsFinish = false;
        for (int row = 0; row < model.rowCount(); ++row) {
            const AnnotatedInstruction &instruction = spin_->instructions[static_cast<size_t>(row)];
            selfShares +=
                model.index(row, AnnotationModel::SelfColumn).data(AnnotationModel::SelfShareRole).toDouble();
            const QString address = model.index(row, AnnotationModel::LocationColumn).data().toString();
            QCOMPARE(address, QString::number(instruction.code.address, 16));
            const QString text = model.index(row, AnnotationModel::TextColumn).data().toString();
            QVERIFY(text.startsWith(QString::fromStdString(instruction.code.mnemonic)));
            QVERIFY(model.index(row, 0).data(AnnotationModel::SearchTextRole).toString().startsWith(address));
            callsFinish |= text.contains(QStringLiteral("<finish>"));
            QCOMPARE(model.index(row, AnnotationModel::SelfColumn).data().toString().isEmpty(),
                     instruction.self == 0);
        }
        QVERIFY(std::abs(selfShares - 1.0) < 1e-9);
        QVERIFY2(callsFinish, "the call to finish is named");
        const int hottest = hottestRow(model, AnnotationModel::SelfColumn, AnnotationModel::SelfShareRole);
        QVERIFY(model.index(hottest, AnnotationModel::TextColumn).data(Qt::BackgroundRole).isValid());
        QCOMPARE(model.headerData(AnnotationModel::TextColumn, Qt::Horizontal).toString(),
                 QStringLiteral("Instruction"));
        model.setAnnotation(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

    void lines() {
        AnnotationModel model(AnnotationModel::Kind::Lines);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setAnnotation(spin_);
        QCOMPARE(model.rowCount(), int(spin_->lines.size()));
        QVERIFY(model.rowCount() > 0);
        QCOMPARE(model.columnCount(), int(AnnotationModel::TextColumn) + 1);
        for (int row = 0; row < model.rowCount(); ++row)
            QVERIFY(model.index(row, AnnotationModel::LocationColumn)
                        .data()
                        .toString()
                        .startsWith(QStringLiteral("golden.c:")));
        const int hottest = hottestRow(model, AnnotationModel::SelfColumn, AnnotationModel::SelfShareRole);
        const QString text = model.index(hottest, AnnotationModel::TextColumn).data().toString();
        QVERIFY2(text.contains(QStringLiteral("value")), qPrintable(text));
        QCOMPARE(model.headerData(AnnotationModel::TextColumn, Qt::Horizontal).toString(),
                 QStringLiteral("Source"));
    }
};

QTEST_MAIN(TestAnnotationModel)
#include "tst_annotationmodel.moc"
