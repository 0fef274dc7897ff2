// Readable names (symbols/ReadableName.h, profile/ReadableNames.h) on names as libstdc++'s demangler prints
// them: GCC 12's mangled names of std::map, std::basic_string, std::unordered_map, std::unique_ptr, lambdas,
// operator< and anonymous namespaces, through c++filt.
#include "profile/ReadableNames.h"
#include "symbols/ReadableName.h"

#include <QtTest>

using namespace perfglass;

namespace {

const char *const kString = "std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >";

std::string withString(const char *pattern) {
    std::string text(pattern);
    for (size_t at = text.find('$'); at != std::string::npos; at = text.find('$'))
        text.replace(at, 1, kString);
    return text;
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
    QTest::newRow("Rust") << "core::ptr::drop_in_place<alloc::vec::Vec<u8>>"
                          << "core::ptr::drop_in_place<…>";
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

QTEST_GUILESS_MAIN(TestReadableNames)
#include "tst_readablenames.moc"
