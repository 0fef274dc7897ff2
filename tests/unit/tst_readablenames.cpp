// Readable names (symbols/ReadableName.h, profile/ReadableNames.h) on names as libstdc++'s demangler prints
// them: GCC 12's mangled names of std::map, std::basic_string, std::unordered_map, std::unique_ptr, lambdas,
// operator< and anonymous namespaces, through c++filt. Names that are not C++ (Rust's, JIT runtimes') stay as
// written; perf's spelling (perfName) is checked against libiberty without DMGL_PARAMS, as perf 6.1
// demangles.
#include "HandProfile.h"
#include "profile/ReadableNames.h"
#include "symbols/Demangler.h"
#include "symbols/ReadableName.h"

#include <QtTest>

#include <fcntl.h>
#include <gelf.h>
#define HAVE_DECL_BASENAME 1 // glibc's string.h declares it
#include <libiberty/demangle.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <memory>
#include <optional>
#include <set>

using namespace perfglass;

namespace {

const char *const kString = "std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >";

std::string withString(const char *pattern) {
    std::string text(pattern);
    for (size_t at = text.find('$'); at != std::string::npos; at = text.find('$'))
        text.replace(at, 1, kString);
    return text;
}

// The C++ symbols (_Z…) of the ELF file at PATH, from .symtab and .dynsym, without symbol versions.
std::set<std::string> cppSymbols(const std::string &path) {
    std::set<std::string> symbols;
    elf_version(EV_CURRENT);
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return symbols;
    Elf *elf = elf_begin(fd, ELF_C_READ, nullptr);
    for (Elf_Scn *section = elf_nextscn(elf, nullptr); section; section = elf_nextscn(elf, section)) {
        GElf_Shdr header;
        if (!gelf_getshdr(section, &header) || (header.sh_type != SHT_SYMTAB && header.sh_type != SHT_DYNSYM))
            continue;
        Elf_Data *data = elf_getdata(section, nullptr);
        GElf_Sym symbol;
        for (int i = 0; data && gelf_getsym(data, i, &symbol); ++i) {
            const char *name = elf_strptr(elf, header.sh_link, symbol.st_name);
            if (name && std::string_view(name).starts_with("_Z"))
                symbols.insert(std::string(name).substr(0, std::string_view(name).find('@')));
        }
    }
    elf_end(elf);
    ::close(fd);
    return symbols;
}

// The path of the loaded libstdc++ (this test is a C++ program), from /proc/self/maps.
std::string loadedLibstdcxx() {
    std::ifstream maps("/proc/self/maps");
    for (std::string line; std::getline(maps, line);)
        if (const size_t at = line.find('/');
            at != std::string::npos && line.find("libstdc++.so") != std::string::npos)
            return line.substr(at);
    return {};
}

} // namespace

class TestReadableNames : public QObject {
    Q_OBJECT
private slots:
    void simplified_data();
    void simplified();
    void shortNames_data();
    void shortNames();
    void overloadsShowParameters();
    void inlineAndOutOfLineReadTheSame();
    void cppOrNot_data();
    void cppOrNot();
    void otherNamesStayAsWritten();
    void noOverloadNoParameters();
    void clonesToldApart();
    void jitAndKernelNamesAsWritten();
    void namesExtendSnapshotBySnapshot();
    void perfNames_data();
    void perfNames();
    void perfNamesOfRealSymbols();
};

void TestReadableNames::simplified_data() {
    QTest::addColumn<QString>("full");
    QTest::addColumn<QString>("expected");
    QTest::newRow("string") << QString::fromStdString(withString("(anonymous namespace)::anonFn($ const&)"))
                            << "(anonymous namespace)::anonFn(std::string const&)";
    QTest::newRow("map") << QString::fromStdString(withString(
                                "std::map<$, std::vector<int, std::allocator<int> >, std::less<$ >, "
                                "std::allocator<std::pair<$ const, std::vector<int, "
                                "std::allocator<int> > > > >::operator[]($&&)"))
                         << "std::map<std::string, std::vector<int>>::operator[](std::string&&)";
    QTest::newRow("unordered_map") << QString::fromStdString(withString(
                                          "std::unordered_map<$, int, std::hash<$ >, std::equal_to<$ >, "
                                          "std::allocator<std::pair<$ const, int> > >::operator[]($&&)"))
                                   << "std::unordered_map<std::string, int>::operator[](std::string&&)";
    QTest::newRow("set")
        << "std::set<(anonymous namespace)::Key, std::less<(anonymous namespace)::Key>, "
           "std::allocator<(anonymous namespace)::Key> >::insert((anonymous namespace)::Key&&)"
        << "std::set<(anonymous namespace)::Key>::insert((anonymous namespace)::Key&&)";
    QTest::newRow("unique_ptr")
        << "std::unique_ptr<app::Widget, std::default_delete<app::Widget> >::operator->() const"
        << "std::unique_ptr<app::Widget>::operator->() const";
    QTest::newRow("ostream") << "std::basic_ostream<char, std::char_traits<char> >::operator<<(int)"
                             << "std::ostream::operator<<(int)";
    QTest::newRow("operator< template")
        << QString::fromStdString(withString("bool std::operator< <char, std::char_traits<char>, "
                                             "std::allocator<char> >($ const&, $ const&)"))
        << "bool std::operator< <char, std::char_traits<char>, std::allocator<char>>(std::string const&, "
           "std::string const&)";
    QTest::newRow("non-default kept") << "std::vector<int, my::Alloc<int> >::push_back(int&&)"
                                      << "std::vector<int, my::Alloc<int>>::push_back(int&&)";
    QTest::newRow("C") << "finish_task_switch.isra.0"
                       << "finish_task_switch.isra.0";
    QTest::newRow("unknown") << "[unknown]"
                             << "[unknown]";
}

void TestReadableNames::simplified() {
    QFETCH(QString, full);
    QFETCH(QString, expected);
    QCOMPARE(QString::fromStdString(simplifiedName(full.toStdString())), expected);
}

void TestReadableNames::shortNames_data() {
    QTest::addColumn<QString>("full");
    QTest::addColumn<QString>("expected");
    QTest::newRow("anonymous namespace")
        << QString::fromStdString(withString("(anonymous namespace)::anonFn($ const&)")) << "(anon)::anonFn";
    QTest::newRow("operator< member")
        << "(anonymous namespace)::Key::operator<((anonymous namespace)::Key const&) const"
        << "(anon)::Key::operator<";
    QTest::newRow("map") << QString::fromStdString(withString(
                                "std::map<int, $, std::less<int>, std::allocator<std::pair<int const, $ > > "
                                ">::operator[](int&&)"))
                         << "std::map<…>::operator[]";
    QTest::newRow("lambda") << "main::{lambda(int, int)#2}::operator()(int, int) const"
                            << "main::{lambda#2}::operator()";
    QTest::newRow("function template with return type")
        << "void std::vector<int, std::allocator<int> >::_M_realloc_insert<int const&>(__gnu_cxx::"
           "__normal_iterator<int*, std::vector<int, std::allocator<int> > >, int const&)"
        << "std::vector<…>::_M_realloc_insert<…>";
    QTest::newRow("return type with references")
        << "std::remove_reference<main::{lambda(int, int)#2}&>::type&& std::move<main::{lambda(int, "
           "int)#2}&>("
           "main::{lambda(int, int)#2}&)"
        << "std::move<…>";
    QTest::newRow("operator< template")
        << QString::fromStdString(withString("bool std::operator< <char, std::char_traits<char>, "
                                             "std::allocator<char> >($ const&, $ const&)"))
        << "std::operator< <…>";
    QTest::newRow("constructor") << QString::fromStdString(withString("$::basic_string($&&)"))
                                 << "std::string::basic_string";
    QTest::newRow("clone suffix") << "foo::bar(int) [clone .isra.0]"
                                  << "foo::bar";
    QTest::newRow("kernel") << "finish_task_switch.isra.0"
                            << "finish_task_switch.isra.0";
    QTest::newRow("DWARF inline name") << "(anonymous namespace)::coldStep"
                                       << "(anon)::coldStep";
    QTest::newRow("Rust legacy") << "core::ptr::drop_in_place<alloc::vec::Vec<u8>>"
                                 << "core::ptr::drop_in_place<alloc::vec::Vec<u8>>";
    QTest::newRow("Rust trait impl") << "<core::hash::sip::Hasher<S> as core::hash::Hasher>::write"
                                     << "<core::hash::sip::Hasher<S> as core::hash::Hasher>::write";
    QTest::newRow("HotSpot stub") << "StubRoutines (1)"
                                  << "StubRoutines (1)";
    QTest::newRow("Java method") << "void Hot.main(java.lang.String[])"
                                 << "void Hot.main(java.lang.String[])";
    QTest::newRow("PLT stub") << "std::_Rb_tree_insert_and_rebalance(bool, std::_Rb_tree_node_base*, "
                                 "std::_Rb_tree_node_base*, std::_Rb_tree_node_base&)@plt"
                              << "std::_Rb_tree_insert_and_rebalance@plt";
    QTest::newRow("lambda of a const member")
        << "app::Model::load(int) const::{lambda(int)#2}::operator()(int) const [clone .constprop.0]"
        << "app::Model::load(int) const::{lambda#2}::operator()";
    QTest::newRow("thunk") << "non-virtual thunk to app::Widget::paint(QPainter*)"
                           << "non-virtual thunk to app::Widget::paint";
}

void TestReadableNames::shortNames() {
    QFETCH(QString, full);
    QFETCH(QString, expected);
    QCOMPARE(QString::fromStdString(shortName(full.toStdString())), expected);
}

void TestReadableNames::overloadsShowParameters() {
    const std::vector<std::string_view> names = {
        "app::Widget::draw(int)",
        "app::Widget::draw(double)",
        "app::Widget::size() const",
        "app::sum(std::vector<int, std::allocator<int> > const&)",
        "app::sum(std::vector<double, std::allocator<double> > const&)",
        "std::vector<int, std::allocator<int> >::push_back(int const&)",
        "std::vector<double, std::allocator<double> >::push_back(double const&)"};
    const ReadableNames readable(names);
    QCOMPARE(readable.name(0), std::string("app::Widget::draw(int)"));
    QCOMPARE(readable.name(1), std::string("app::Widget::draw(double)"));
    QCOMPARE(readable.name(2), std::string("app::Widget::size"));
    // Collapsed parameters still collide: the simplified full names tell them apart.
    QCOMPARE(readable.name(3), std::string("app::sum(std::vector<int> const&)"));
    QCOMPARE(readable.name(4), std::string("app::sum(std::vector<double> const&)"));
    // Instances of one class template differ in their parameters.
    QCOMPARE(readable.name(5), std::string("std::vector<…>::push_back(int const&)"));
    QCOMPARE(readable.name(6), std::string("std::vector<…>::push_back(double const&)"));
    QCOMPARE(readable.name(7), std::string());
}

void TestReadableNames::inlineAndOutOfLineReadTheSame() {
    // An inline frame named from DWARF has no parameter list; its out-of-line copy from the ELF symbol has.
    const ReadableNames readable(std::vector<std::string_view>{"(anonymous namespace)::coldStep(int, double)",
                                                               "(anonymous namespace)::coldStep"});
    QCOMPARE(readable.name(0), std::string("(anon)::coldStep"));
    QCOMPARE(readable.name(1), std::string("(anon)::coldStep"));
}

void TestReadableNames::cppOrNot_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("cpp");
    QTest::newRow("C") << "memcpy" << true;
    QTest::newRow("C++ function") << "app::Widget::draw(int) const" << true;
    QTest::newRow("return type and clones")
        << "void std::__introsort_loop<int*, long>(int*, int*, long) [clone .isra.0] [clone .cold]" << true;
    QTest::newRow("variadic") << "printf_like(char const*, ...)" << true;
    QTest::newRow("operator>>") << "std::istream::operator>>(int&)" << true;
    QTest::newRow("return type in anonymous namespace")
        << "void (anonymous namespace)::fill<int>(std::vector<int, std::allocator<int> >&)" << true;
    QTest::newRow("Rust v0") << "demo::apply::<demo::main::{closure#0}>" << false;
    QTest::newRow("Rust trait impl") << "<demo::Square<f32> as demo::Shape>::area" << false;
    QTest::newRow("Rust legacy generics") << "hashbrown::raw::RawTable<T,A>::reserve_rehash" << false;
    QTest::newRow("Rust legacy nested")
        << "core::ptr::drop_in_place<alloc::boxed::Box<dyn demo::Shape>>" << false;
    QTest::newRow("Rust legacy closure") << "std::rt::lang_start::{{closure}}" << false;
    QTest::newRow("HotSpot") << "StubRoutines (1)" << false;
    QTest::newRow("Java") << "void Hot.main(java.lang.String[])" << false;
    QTest::newRow("V8") << "LazyCompile:*fib /tmp/fib.js:3" << false;
    QTest::newRow("Go") << "main.(*Server).handle" << false;
    QTest::newRow("kernel clone") << "finish_task_switch.isra.0" << false;
    QTest::newRow("unknown") << "[unknown]" << false;
}

void TestReadableNames::cppOrNot() {
    QFETCH(QString, name);
    QFETCH(bool, cpp);
    QCOMPARE(isCppName(name.toStdString()), cpp);
}

// Names of other languages keep their spelling in every readable form, parentheses and spaces included.
void TestReadableNames::otherNamesStayAsWritten() {
    for (const char *name :
         {"StubRoutines (1)", "void Hot.main(java.lang.String[])", "Interpreter",
          "<demo::Square<f32> as demo::Shape>::area", "demo::apply::<demo::main::{closure#0}>"}) {
        QCOMPARE(shortName(name), std::string(name));
        QCOMPARE(shortNameWithParameters(name), std::string(name));
        QCOMPARE(simplifiedName(name), std::string(name));
        QCOMPARE(perfName(name), std::string(name));
    }
    const ReadableNames readable(std::vector<std::string_view>{"StubRoutines (1)", "StubRoutines (2)"});
    QCOMPARE(readable.name(0), std::string("StubRoutines (1)"));
    QCOMPARE(readable.name(1), std::string("StubRoutines (2)"));
}

// A function without overloads reads without its parameter list, even beside its own PLT stub.
void TestReadableNames::noOverloadNoParameters() {
    const std::string rebalance = "std::_Rb_tree_insert_and_rebalance(bool, std::_Rb_tree_node_base*, "
                                  "std::_Rb_tree_node_base*, std::_Rb_tree_node_base&)";
    const std::string plt = rebalance + "@plt";
    const ReadableNames readable(std::vector<std::string_view>{rebalance, plt, "app::run(int)", "app::run"});
    QCOMPARE(readable.name(0), std::string("std::_Rb_tree_insert_and_rebalance"));
    QCOMPARE(readable.name(1), std::string("std::_Rb_tree_insert_and_rebalance@plt"));
    QCOMPARE(readable.name(2), std::string("app::run"));
    QCOMPARE(readable.name(3), std::string("app::run"));
}

// A clone beside the function it was cloned from shows its clone suffix, not the parameter list they share;
// overloads still show theirs.
void TestReadableNames::clonesToldApart() {
    const ReadableNames clones(
        std::vector<std::string_view>{"app::step(int)", "app::step(int) [clone .cold]"});
    QCOMPARE(clones.name(0), std::string("app::step"));
    QCOMPARE(clones.name(1), std::string("app::step [clone .cold]"));
    const ReadableNames both(std::vector<std::string_view>{"app::step(int)", "app::step(int) [clone .cold]",
                                                           "app::step(double)",
                                                           "app::lone(int) [clone .isra.0]"});
    QCOMPARE(both.name(0), std::string("app::step(int)"));
    QCOMPARE(both.name(1), std::string("app::step(int) [clone .cold]"));
    QCOMPARE(both.name(2), std::string("app::step(double)"));
    QCOMPARE(both.name(3), std::string("app::lone"));
}

// In a Profile, the functions of perf maps, jitdumps and the kernel keep their names as written, whatever
// they look like.
void TestReadableNames::jitAndKernelNamesAsWritten() {
    test::HandProfile hand;
    const ModuleId map = hand.addModule("/tmp/perf-4242.map", false);
    const ModuleId dump = hand.addModule("/home/u/.debug/jit/jit-4242.dump", false);
    const FunctionId stub = hand.addFunction("Interpreter::run(int)", map);
    const FunctionId jitted = hand.addFunction("std::vector<int, std::allocator<int> >::size() const", dump);
    const FunctionId kernel = hand.addFunction("do_syscall_64(int)", hand.module("[kernel.kallsyms]"));
    const FunctionId native = hand.addFunction("app::run(int)", hand.module("app"));
    const ReadableNames readable = ReadableNames::of(hand.profile);
    QCOMPARE(readable.name(stub), std::string("Interpreter::run(int)"));
    QCOMPARE(readable.name(jitted), std::string("std::vector<int, std::allocator<int> >::size() const"));
    QCOMPARE(readable.name(kernel), std::string("do_syscall_64(int)"));
    QCOMPARE(readable.name(native), std::string("app::run"));
    QCOMPARE(perfglass::perfSpelling(hand.profile, stub), std::string("Interpreter::run(int)"));
    QCOMPARE(perfglass::perfSpelling(hand.profile, native), std::string("app::run"));
}

// A growing profile's names, extended snapshot by snapshot, are those of the whole snapshot: a function
// added later that overloads or clones one named before makes both show more.
void TestReadableNames::namesExtendSnapshotBySnapshot() {
    test::HandProfile hand;
    const ModuleId app = hand.module("app");
    const ModuleId kernel = hand.module("[kernel.kallsyms]");
    const std::vector<std::vector<std::pair<const char *, ModuleId>>> batches = {
        {{"app::Widget::draw(int)", app},
         {"app::run(int)", app},
         {"std::vector<int, std::allocator<int> >::push_back(int const&)", app},
         {"(anonymous namespace)::coldStep", app},
         {"app::step(int)", app}},
        {},
        {{"app::Widget::draw(double)", app},
         {"app::sum(std::vector<int, std::allocator<int> > const&)", app},
         {"do_syscall_64(int)", kernel},
         {"app::step(int) [clone .cold]", app}},
        {{"app::sum(std::vector<double, std::allocator<double> > const&)", app},
         {"std::vector<double, std::allocator<double> >::push_back(double const&)", app},
         {"(anonymous namespace)::coldStep(int, double)", app},
         {"app::run(int)", kernel}}};
    std::optional<ReadableNames> names;
    for (const auto &batch : batches) {
        for (const auto &[name, module] : batch)
            hand.addFunction(name, module);
        names = names ? ReadableNames::extend(*names, hand.profile) : ReadableNames::of(hand.profile);
        const ReadableNames whole = ReadableNames::of(hand.profile);
        QCOMPARE(names->size(), hand.profile.functions.size());
        for (FunctionId f = 0; f < hand.profile.functions.size(); ++f)
            QCOMPARE(names->name(f), whole.name(f));
    }
    QCOMPARE(names->name(hand.function("app::Widget::draw(int)")), std::string("app::Widget::draw(int)"));
    QCOMPARE(names->name(hand.function("app::step(int)")), std::string("app::step"));
    QCOMPARE(names->name(hand.function("app::step(int) [clone .cold]")),
             std::string("app::step [clone .cold]"));
}

void TestReadableNames::perfNames_data() {
    QTest::addColumn<QString>("full");
    QTest::addColumn<QString>("expected");
    QTest::newRow("return type, parameters, clone")
        << "void std::__introsort_loop<int*, long>(int*, int*, long) [clone .isra.0] [clone .cold]"
        << "std::__introsort_loop<int*, long>";
    QTest::newRow("const member") << "app::Widget::size() const"
                                  << "app::Widget::size";
    QTest::newRow("PLT stub") << "operator new(unsigned long)@plt"
                              << "operator new@plt";
    QTest::newRow("operator<")
        << "(anonymous namespace)::Key::operator<((anonymous namespace)::Key const&) const"
        << "(anonymous namespace)::Key::operator<";
    QTest::newRow("lambda of a const member")
        << "app::Model::load(int) const::{lambda(int)#2}::operator()(int) const"
        << "app::Model::load(int) const::{lambda(int)#2}::operator()";
    QTest::newRow("thunk") << "non-virtual thunk to app::Widget::paint(QPainter*)"
                           << "non-virtual thunk to app::Widget::paint(QPainter*)";
    QTest::newRow("Java") << "void Hot.main(java.lang.String[])"
                          << "void Hot.main(java.lang.String[])";
}

void TestReadableNames::perfNames() {
    QFETCH(QString, full);
    QFETCH(QString, expected);
    QCOMPARE(QString::fromStdString(perfName(full.toStdString())), expected);
}

// perf 6.1 (Debian's, without libbfd) demangles with libiberty without DMGL_PARAMS: every C++ symbol of
// libstdc++ and of this test reads, through perfName of our full name, as that.
void TestReadableNames::perfNamesOfRealSymbols() {
    const std::string libstdcxx = loadedLibstdcxx();
    QVERIFY(!libstdcxx.empty());
    size_t checked = 0;
    QStringList wrong;
    for (const std::string &path : {libstdcxx, std::string("/proc/self/exe")}) {
        for (const std::string &symbol : cppSymbols(path)) {
            const std::unique_ptr<char, decltype(&std::free)> perf(cplus_demangle(symbol.c_str(), 0),
                                                                   &std::free);
            const std::string full = demangle(symbol);
            if (!perf || full == symbol || !isCppName(full)) continue;
            ++checked;
            if (perfName(full) != perf.get())
                wrong << QString::fromStdString(full + "\n  is:  " + perfName(full) +
                                                "\n  not: " + perf.get());
        }
    }
    QVERIFY2(checked > 3000, qPrintable(QString::number(checked)));
    QVERIFY2(wrong.isEmpty(),
             qPrintable(QString("%1 of %2, first: %3").arg(wrong.size()).arg(checked).arg(wrong.value(0))));
}

QTEST_GUILESS_MAIN(TestReadableNames)
#include "tst_readablenames.moc"
