// Annotating a function without recording: a hand-made Profile over the benchmark workload's binary (its
// symbols read with nm), annotated by Annotator: self costs on the sampled instruction, inclusive costs on
// the call site a return address points after, filters, the recursive call named, jumps resolved within the
// function, source lines from the line table, inline ranges, Intel and AT&T syntax, what cannot be annotated;
// the disassembler's way back after bytes it cannot decode; capstone opened on use, not linked; source files
// found under search paths; JIT code from the bytes its jitdump recorded.
#include "TestSupport.h"
#include "annotate/Annotator.h"
#include "annotate/Disassembler.h"
#include "base/Error.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <elf.h>

#include <array>
#include <cstring>

using namespace perfglass;
using namespace perfglass::test;

namespace {

// The address of a function of the workload by its demangled name, from nm.
uint64_t symbolAddress(const QString &binary, const QString &name) {
    const auto nm = runProgram(QStringLiteral("nm"), {QStringLiteral("-C"), binary});
    for (const QString &line : nm.out.split(QLatin1Char('\n')))
        if (line.endsWith(QLatin1Char(' ') + name) && line.size() > 19)
            return line.left(16).toULongLong(nullptr, 16);
    return 0;
}

// A Profile of one module (the workload) and the named functions; frames and samples are added by the test.
struct ProfileMaker {
    Profile profile;
    explicit ProfileMaker(const QString &binary) {
        profile.modules.push_back({profile.strings.intern(binary.toStdString()), false, true, {}, {}});
        profile.modules.push_back({profile.strings.intern("[kernel.kallsyms]"), true, true, {}, {}});
        profile.events.push_back({"cpu-clock", 1, 0, 0});
    }
    FunctionId function(const std::string &name, ModuleId module = 0) {
        profile.functions.push_back({profile.strings.intern(name), module});
        return static_cast<FunctionId>(profile.functions.size() - 1);
    }
    StackId push(FunctionId function, uint64_t address, StackId parent, bool inlined = false) {
        profile.frames.push_back({function, profile.functions[function].module, address, 0, 0, inlined});
        profile.stacks.push_back({static_cast<FrameId>(profile.frames.size() - 1), parent});
        return static_cast<StackId>(profile.stacks.size() - 1);
    }
    void sample(StackId stack, uint32_t tid, uint64_t period) {
        auto &s = profile.samples;
        s.time.push_back(s.time.size());
        s.pid.push_back(tid);
        s.tid.push_back(tid);
        s.cpu.push_back(0);
        s.event.push_back(0);
        s.period.push_back(period);
        s.stack.push_back(stack);
        ++profile.events[0].samples;
    }
};

} // namespace

class TestAnnotate : public QObject {
    Q_OBJECT

private:
    QString binary_ = workloadPath(QStringLiteral("workload-fp"));
    uint64_t fib_ = 0;

    FunctionAnnotation annotateFirst(const ProfileMaker &maker, const SampleFilter &filter = {},
                                     AnnotateOptions options = {}) {
        return Annotator::annotate(maker.profile, filter, 0, options);
    }

private slots:
    void initTestCase() {
        fib_ = symbolAddress(binary_, QStringLiteral("fib(int)"));
        QVERIFY2(fib_ != 0, "fib(int) is not in the workload's symbols");
    }

    void selfCostsAndCalls() {
        ProfileMaker maker(binary_);
        const FunctionId fib = maker.function("fib(int)");
        const StackId leaf = maker.push(fib, fib_, kNoStack);
        maker.sample(leaf, 1, 300);
        maker.sample(leaf, 2, 100);
        const FunctionAnnotation result = annotateFirst(maker);
        QVERIFY(result.instructions.size() > 10);
        QCOMPARE(result.start, fib_);
        QCOMPARE(result.instructions.front().code.address, fib_);
        QCOMPARE(result.instructions.front().self, uint64_t{400});
        QCOMPARE(result.selfTotal, uint64_t{400});
        QCOMPARE(result.selfSamples, uint64_t{2});
        QCOMPARE(result.percent(result.instructions.front().self), 100.0);
        QCOMPARE(result.hottestInstruction(), 0u);
        QCOMPARE(result.instructions.front().code.mnemonic.substr(0, 4), std::string("push"));
        bool recursiveCall = false, jumpInside = false;
        for (const auto &instruction : result.instructions) {
            if (instruction.code.branch == BranchKind::Call && instruction.targetName == "fib(int)")
                recursiveCall = true;
            if (instruction.jumpTarget != kNoIndex) {
                jumpInside = true;
                QCOMPARE(result.instructions[instruction.jumpTarget].code.address, *instruction.code.target);
            }
        }
        QVERIFY(recursiveCall);
        QVERIFY(jumpInside);
        // Filters: only thread 1.
        SampleFilter onlyOne;
        onlyOne.tids = {1};
        QCOMPARE(annotateFirst(maker, onlyOne).instructions.front().self, uint64_t{300});
    }

    void inclusiveCostOnCallSite() {
        ProfileMaker probe(binary_);
        probe.sample(probe.push(probe.function("fib(int)"), fib_, kNoStack), 1, 1);
        const FunctionAnnotation code = annotateFirst(probe);
        uint32_t call = kNoIndex;
        for (uint32_t i = 0; i < code.instructions.size(); ++i)
            if (code.instructions[i].code.branch == BranchKind::Call) call = i;
        QVERIFY(call != kNoIndex);
        const auto &callInstruction = code.instructions[call].code;
        // fib called from fib's call site: the caller's frame is one byte before the return address.
        ProfileMaker maker(binary_);
        const FunctionId fib = maker.function("fib(int)");
        const StackId caller = maker.push(fib, callInstruction.address + callInstruction.size - 1, kNoStack);
        maker.sample(maker.push(fib, fib_, caller), 1, 5);
        const FunctionAnnotation result = annotateFirst(maker);
        QCOMPARE(result.instructions[call].inclusive, uint64_t{5});
        QCOMPARE(result.instructions[call].self, uint64_t{0});
        QCOMPARE(result.instructions.front().inclusive, uint64_t{5});
        QCOMPARE(result.inclusiveTotal, uint64_t{5}); // once per sample, though fib is on the stack twice
        QCOMPARE(result.inclusivePercent(result.instructions[call].inclusive), 100.0);
    }

    void sourceLinesAndSyntax() {
        ProfileMaker maker(binary_);
        maker.sample(maker.push(maker.function("fib(int)"), fib_, kNoStack), 1, 1);
        AnnotateOptions options;
        options.symbols.sourcePaths = {QStringLiteral(PERFGLASS_FIXTURES_DIR "/../../bench").toStdString()};
        const FunctionAnnotation result = annotateFirst(maker, {}, options);
        QVERIFY(result.hasSourceLines);
        QVERIFY(!result.lines.empty());
        const AnnotatedLine &first = result.lines[result.instructions.front().line];
        QVERIFY2(first.file.ends_with("workload.cpp"), first.file.c_str());
        QVERIFY(first.file.starts_with('/'));
        QVERIFY2(first.fileFound, first.file.c_str());
        QVERIFY2(first.text.find("fib(int n)") != std::string::npos, first.text.c_str());
        QCOMPARE(first.self, uint64_t{1});
        QVERIFY(result.instructions.front().code.operands.find('%') != std::string::npos);
        options.syntax = AsmSyntax::Intel;
        const FunctionAnnotation intel = annotateFirst(maker, {}, options);
        QCOMPARE(intel.instructions.front().code.operands, std::string("rbp"));
    }

    void inlineRanges() {
        const uint64_t memWork = symbolAddress(binary_, QStringLiteral("memWork(unsigned int)"));
        QVERIFY(memWork != 0);
        ProfileMaker maker(binary_);
        maker.sample(maker.push(maker.function("memWork(unsigned int)"), memWork, kNoStack), 1, 1);
        const FunctionAnnotation result = annotateFirst(maker);
        QVERIFY(!result.inlineRanges.empty());
        bool mixInline = false;
        for (const InlineRange &range : result.inlineRanges) {
            QVERIFY(range.first <= range.last);
            QCOMPARE(result.instructions[range.first].inlined.at(range.depth), range.function);
            mixInline = mixInline || range.function.find("mixInline") != std::string::npos;
        }
        QVERIFY(mixInline);
    }

    void notAnnotatable() {
        ProfileMaker maker(binary_);
        const FunctionId kernel = maker.function("schedule", 1);
        maker.sample(maker.push(kernel, 0xffffffff81000000, kNoStack), 1, 1);
        QVERIFY_THROWS_EXCEPTION(Error, Annotator::annotate(maker.profile, {}, kernel, {}));
        const FunctionId fib = maker.function("fib(int)");
        const FunctionId inlinedOnly = maker.function("mixInline(unsigned long, unsigned long)");
        const StackId outer = maker.push(fib, fib_, kNoStack);
        maker.sample(maker.push(inlinedOnly, fib_, outer, true), 1, 1);
        QVERIFY_THROWS_EXCEPTION(Error, Annotator::annotate(maker.profile, {}, inlinedOnly, {}));
    }

    // JIT code named from a jitdump: the code bytes the runtime recorded (Profile::jitCode), its source lines
    // from the dump's debug information, a call to itself named; a perf map's code cannot be annotated.
    void jitCodeFromItsJitdump() {
        QTemporaryDir dir;
        QFile script(dir.filePath(QStringLiteral("hot.js")));
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write("// first\nfunction fib(n) { return n; }\n");
        script.close();
        ProfileMaker maker(binary_);
        maker.profile.modules.push_back(
            {maker.profile.strings.intern("/tmp/jit-7.dump"), false, true, {}, {}});
        maker.profile.modules.push_back(
            {maker.profile.strings.intern("/tmp/perf-7.map"), false, true, {}, {}});
        const FunctionId jit = maker.function("JS:*fib hot.js:2", 2);
        const FunctionId mapped = maker.function("LazyCompile:~main", 3);
        const uint64_t start = 0x7f0000001000;
        // push %rbp; mov %rsp,%rbp; call start; pop %rbp; ret
        const std::vector<uint8_t> code{0x55, 0x48, 0x89, 0xe5, 0xe8, 0xf7, 0xff, 0xff, 0xff, 0x5d, 0xc3};
        const StringId file =
            maker.profile.strings.intern(dir.filePath(QStringLiteral("hot.js")).toStdString());
        maker.profile.jitCode.push_back({jit, start, 100, code, {{start, file, 1}, {start + 4, file, 2}}});
        maker.sample(maker.push(jit, start + 4, kNoStack), 1, 10);
        maker.sample(maker.push(jit, start + 9, kNoStack), 1, 30);
        const FunctionAnnotation result = Annotator::annotate(maker.profile, {}, jit, {});
        QCOMPARE(result.start, start);
        QCOMPARE(result.end, start + code.size());
        QCOMPARE(result.instructions.size(), size_t(5));
        QCOMPARE(result.instructions[2].code.branch, BranchKind::Call);
        QCOMPARE(result.instructions[2].self, uint64_t{10});
        QCOMPARE(result.instructions[3].self, uint64_t{30});
        QVERIFY(result.hasSourceLines);
        QCOMPARE(result.lines.size(), size_t(2));
        QCOMPARE(result.lines[1].line, 2u);
        QCOMPARE(result.lines[1].text, std::string("function fib(n) { return n; }"));
        QCOMPARE(result.lines[1].self, uint64_t{40});
        QVERIFY(std::any_of(result.notes.begin(), result.notes.end(), [](const std::string &note) {
            return note.find("jit-7.dump") != std::string::npos;
        }));

        maker.sample(maker.push(mapped, 0x7f0000002000, kNoStack), 1, 1);
        try {
            Annotator::annotate(maker.profile, {}, mapped, {});
            QFAIL("a perf map's function was annotated");
        } catch (const Error &error) {
            QVERIFY2(QString::fromUtf8(error.what()).contains(QLatin1String("perf map")), error.what());
        }
    }

    // A kernel function of a fake kernel: kallsyms names its range, a core file in /proc/kcore's format holds
    // its code (push %rbp; mov %rsp,%rbp; pop %rbp; ret).
    void kernelFunction() {
        QTemporaryDir dir;
        const uint64_t base = 0xffffffff81000000;
        QFile kallsyms(dir.filePath(QStringLiteral("kallsyms")));
        QVERIFY(kallsyms.open(QIODevice::WriteOnly));
        kallsyms.write("ffffffff81000000 T fake_function\nffffffff81000006 T next_function\n");
        kallsyms.close();
        const std::array<uint8_t, 6> code{0x55, 0x48, 0x89, 0xe5, 0x5d, 0xc3};
        Elf64_Ehdr header{};
        std::memcpy(header.e_ident, ELFMAG, SELFMAG);
        header.e_ident[EI_CLASS] = ELFCLASS64;
        header.e_phoff = sizeof header;
        header.e_phentsize = sizeof(Elf64_Phdr);
        header.e_phnum = 1;
        Elf64_Phdr segment{};
        segment.p_type = PT_LOAD;
        segment.p_offset = sizeof header + sizeof segment;
        segment.p_vaddr = base;
        segment.p_filesz = segment.p_memsz = 4096;
        QByteArray core(reinterpret_cast<const char *>(&header), sizeof header);
        core.append(reinterpret_cast<const char *>(&segment), sizeof segment);
        core.append(reinterpret_cast<const char *>(code.data()), code.size());
        core.append(QByteArray(4096 - code.size(), '\0'));
        QFile kcore(dir.filePath(QStringLiteral("kcore")));
        QVERIFY(kcore.open(QIODevice::WriteOnly));
        kcore.write(core);
        kcore.close();

        ProfileMaker maker(binary_);
        const FunctionId function = maker.function("fake_function", 1);
        maker.sample(maker.push(function, base + 4, kNoStack), 1, 7);
        AnnotateOptions options;
        options.kallsyms = kallsyms.fileName().toStdString();
        options.kcore = kcore.fileName().toStdString();
        const FunctionAnnotation result = Annotator::annotate(maker.profile, {}, function, options);
        QCOMPARE(result.start, base);
        QCOMPARE(result.end, base + 6);
        QCOMPARE(result.instructions.size(), size_t{4});
        QCOMPARE(result.instructions[2].code.address, base + 4);
        QCOMPARE(result.instructions[2].self, uint64_t{7});
        QCOMPARE(result.instructions[3].code.branch, BranchKind::Return);
        QVERIFY(!result.notes.empty());
        // Another kernel (kallsyms names another function there), or no kcore: an error that says why.
        const FunctionId other = maker.function("other_function", 1);
        maker.sample(maker.push(other, base + 1, kNoStack), 1, 1);
        QVERIFY_THROWS_EXCEPTION(Error, Annotator::annotate(maker.profile, {}, other, options));
        options.kcore = dir.filePath(QStringLiteral("missing")).toStdString();
        QVERIFY_THROWS_EXCEPTION(Error, Annotator::annotate(maker.profile, {}, function, options));
    }

    void undecodableBytes() {
        const Disassembler disassembler(AsmSyntax::Att);
        // 0x06 (push %es) is no instruction in 64-bit mode; 0x90 is nop.
        const std::array<uint8_t, 3> bad{0x06, 0x06, 0x90};
        const std::array<uint64_t, 1> start{0x1002};
        size_t undecoded = 0;
        auto out = disassembler.disassemble(bad, 0x1000, start, &undecoded);
        QCOMPARE(out.size(), size_t{2});
        QCOMPARE(out[0].mnemonic, std::string(".byte"));
        QCOMPARE(out[0].size, 2u);
        QCOMPARE(out[1].mnemonic, std::string("nop"));
        QCOMPARE(undecoded, size_t{1});
        // An instruction that would cover a known start is cut there: mov %rsp,%rbp is 48 89 e5.
        const std::array<uint8_t, 4> moved{0x48, 0x89, 0xe5, 0x90};
        const std::array<uint64_t, 1> inside{0x2001};
        out = disassembler.disassemble(moved, 0x2000, inside);
        QCOMPARE(out[0].mnemonic, std::string(".byte"));
        QCOMPARE(out[1].address, uint64_t{0x2001});
        QCOMPARE(out.back().mnemonic, std::string("nop"));
    }

    // capstone is opened on first use, not linked: the programs do not pay for its relocations at every
    // start, and the disassembler still finds it.
    void capstoneIsOpenedOnUse() {
        // ldd: the libraries of the program and of ours it loads (the sanitizer build's core is shared)
        const auto libraries = runProgram(QStringLiteral("ldd"), {QStringLiteral(PERFGLASS_CLI)});
        QVERIFY2(libraries.out.contains(QStringLiteral("libc.so")), qPrintable(libraries.out));
        QVERIFY2(!libraries.out.contains(QStringLiteral("capstone")), qPrintable(libraries.out));
        QVERIFY(Disassembler::version() != "unavailable");
        const Disassembler disassembler(AsmSyntax::Intel);
        const std::array<uint8_t, 1> ret{0xc3};
        const auto out = disassembler.disassemble(ret, 0x1000);
        QCOMPARE(out.size(), size_t{1});
        QCOMPARE(out[0].mnemonic, std::string("ret"));
        QCOMPARE(out[0].branch, BranchKind::Return);
    }

    // Annotation finds sources with SourceFileFinder: a copy of the source tree under a source path, found by
    // a tail of the recorded path; a directory named like the file is no source file.
    void sourceFilesUnderSourcePaths() {
        QTemporaryDir dir;
        const QString bench = QStringLiteral(PERFGLASS_FIXTURES_DIR "/../../bench/workload.cpp");
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("copy/bench")));
        QFile original(bench);
        QVERIFY(original.open(QIODevice::ReadOnly));
        QFile copy(dir.filePath(QStringLiteral("copy/bench/workload.cpp")));
        QVERIFY(copy.open(QIODevice::WriteOnly));
        for (const QByteArray &text : original.readAll().split('\n'))
            copy.write("/*copy*/" + text + '\n'); // the copy's lines are told from the original's
        copy.close();
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("decoy/workload.cpp")));
        ProfileMaker maker(binary_);
        maker.sample(maker.push(maker.function("fib(int)"), fib_, kNoStack), 1, 1);
        AnnotateOptions options;
        options.symbols.sourcePaths = {dir.filePath(QStringLiteral("decoy")).toStdString(),
                                       dir.filePath(QStringLiteral("copy")).toStdString()};
        const FunctionAnnotation result = annotateFirst(maker, {}, options);
        const AnnotatedLine &first = result.lines[result.instructions.front().line];
        QVERIFY2(first.file.ends_with("bench/workload.cpp"), first.file.c_str());
        QVERIFY(first.fileFound);
        // Where the recorded path (made absolute with the build's directory) exists, it is read first.
        if (!QFileInfo::exists(QString::fromStdString(first.file)))
            QVERIFY2(first.text.starts_with("/*copy*/"), first.text.c_str());
    }
};

QTEST_GUILESS_MAIN(TestAnnotate)
#include "tst_annotate.moc"
