// Exports read back: collapsed stacks parsed line by line, speedscope JSON parsed with nlohmann and checked
// against the format's required fields and indices, the SVG flame graph parsed as XML. Inline frames
// (InlineProfile.h) are marked in each ("_[i]", " (inlined)" with source file and line, paler dashed boxes);
// other frames are written as before. SourceLocations picks each function's hottest line.
#include "unit/HandProfile.h"
#include "unit/InlineProfile.h"

#include "analysis/CallTree.h"
#include "analysis/FrameCategory.h"
#include "base/Error.h"
#include "export/CollapsedStacksExporter.h"
#include "export/FirefoxProfileExporter.h"
#include "export/PprofExporter.h"
#include "export/SpeedscopeExporter.h"
#include "export/SvgFlameGraphExporter.h"
#include "profile/SourceLocations.h"

#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

#include <nlohmann/json.hpp>
#include <zlib.h>

#include <fstream>
#include <map>
#include <set>
#include <sstream>

using namespace perfglass;
using perfglass::test::HandProfile;
using perfglass::test::InlineProfile;

namespace {

// "a;b;c 12" lines into a map; fails the test on a malformed line.
std::map<std::string, uint64_t> parseCollapsed(const std::string &text) {
    std::map<std::string, uint64_t> stacks;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        const auto space = line.rfind(' ');
        if (space == std::string::npos || space == 0) throw std::runtime_error("malformed line: " + line);
        size_t used = 0;
        const uint64_t count = std::stoull(line.substr(space + 1), &used);
        if (used != line.size() - space - 1) throw std::runtime_error("malformed count: " + line);
        if (!stacks.emplace(line.substr(0, space), count).second)
            throw std::runtime_error("repeated: " + line);
    }
    return stacks;
}

// InlineProfile with source locations: mix's inline frame at src/mix.h:12, work's frame at src/work.cpp:30.
// step's inline frame has none.
InlineProfile inlineProfileWithSources() {
    InlineProfile inl;
    Profile &profile = inl.hand.profile;
    profile.frames.edit(inl.frames.at("mix*")).sourceFile = profile.strings.intern("src/mix.h");
    profile.frames.edit(inl.frames.at("mix*")).line = 12;
    profile.frames.edit(inl.frames.at("work")).sourceFile = profile.strings.intern("src/work.cpp");
    profile.frames.edit(inl.frames.at("work")).line = 30;
    return inl;
}

// An SVG flame graph's frames: per <g>, its title, its rect's attributes and its label's attributes.
struct SvgFrame {
    QString title;
    QXmlStreamAttributes rect;
    QXmlStreamAttributes text;
};

QList<SvgFrame> svgFrames(const std::string &svg) {
    QXmlStreamReader xml(QByteArray::fromStdString(svg));
    QList<SvgFrame> frames;
    bool inGroup = false;
    while (!xml.atEnd()) {
        const auto token = xml.readNext();
        if (token == QXmlStreamReader::EndElement && xml.name() == QLatin1String("g")) inGroup = false;
        if (token != QXmlStreamReader::StartElement) continue;
        if (xml.name() == QLatin1String("g")) {
            frames.append(SvgFrame{});
            inGroup = true;
        } else if (inGroup && xml.name() == QLatin1String("title")) {
            frames.last().title = xml.readElementText();
        } else if (inGroup && xml.name() == QLatin1String("rect")) {
            frames.last().rect = xml.attributes();
        } else if (inGroup && xml.name() == QLatin1String("text")) {
            frames.last().text = xml.attributes();
        }
    }
    if (xml.hasError()) throw std::runtime_error("bad SVG: " + xml.errorString().toStdString());
    return frames;
}

std::string readFile(const QString &path) {
    std::ifstream in(path.toStdString(), std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// One level of a protocol buffers message: per field number, its varint values and its length-delimited
// payloads, in order. Throws on anything else (pprof uses no other wire types).
struct ProtoFields {
    std::multimap<uint32_t, uint64_t> varints;
    std::multimap<uint32_t, std::string> payloads;

    static uint64_t varint(std::string_view data, size_t &at) {
        uint64_t value = 0;
        for (int shift = 0; at < data.size(); shift += 7) {
            const auto byte = static_cast<uint8_t>(data[at++]);
            value |= uint64_t{byte & 0x7fu} << shift;
            if (!(byte & 0x80)) return value;
        }
        throw std::runtime_error("truncated varint");
    }
    explicit ProtoFields(std::string_view data) {
        for (size_t at = 0; at < data.size();) {
            const uint64_t tag = varint(data, at);
            if ((tag & 7) == 0) {
                varints.emplace(static_cast<uint32_t>(tag >> 3), varint(data, at));
            } else if ((tag & 7) == 2) {
                const uint64_t size = varint(data, at);
                if (at + size > data.size()) throw std::runtime_error("truncated field");
                payloads.emplace(static_cast<uint32_t>(tag >> 3), std::string(data.substr(at, size)));
                at += size;
            } else {
                throw std::runtime_error("unexpected wire type");
            }
        }
    }
    uint64_t one(uint32_t field) const {
        const auto it = varints.find(field);
        return it == varints.end() ? 0 : it->second;
    }
    std::vector<std::string> all(uint32_t field) const {
        std::vector<std::string> values;
        for (auto [it, end] = payloads.equal_range(field); it != end; ++it)
            values.push_back(it->second);
        return values;
    }
    // A packed repeated varint field.
    std::vector<uint64_t> packed(uint32_t field) const {
        std::vector<uint64_t> values;
        for (const std::string &payload : all(field))
            for (size_t at = 0; at < payload.size();)
                values.push_back(varint(payload, at));
        return values;
    }
};

std::string gunzip(const std::string &data) {
    z_stream stream{};
    if (inflateInit2(&stream, 15 + 16) != Z_OK) throw std::runtime_error("inflateInit2");
    std::string out;
    stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data.data()));
    stream.avail_in = static_cast<uInt>(data.size());
    int status = Z_OK;
    while (status == Z_OK) {
        char buffer[4096];
        stream.next_out = reinterpret_cast<Bytef *>(buffer);
        stream.avail_out = sizeof buffer;
        status = inflate(&stream, Z_NO_FLUSH);
        out.append(buffer, sizeof buffer - stream.avail_out);
    }
    inflateEnd(&stream);
    if (status != Z_STREAM_END) throw std::runtime_error("not a complete gzip stream");
    return out;
}

} // namespace

class TestExports : public QObject {
    Q_OBJECT

private slots:
    void collapsedStacks();
    void collapsedStacksWithTransforms();
    void collapsedFrameText();
    void collapsedPerProcess();
    void systemWideSessions();
    void firefoxProfile();
    void speedscope();
    void speedscopeFocused();
    void speedscopeHeaviestThreadFirst();
    void pprof();
    void pprofFiltered();
    void svgFlameGraph();
    void svgInteractive();
    void unwritableFiles();
    void sourceLocationsPickTheHottestLine();
    void collapsedInlineFrames();
    void speedscopeInlineFrames();
    void svgInlineFrames();
    void frameCategories();
    void framePalette();
};

void TestExports::collapsedStacks() {
    HandProfile hand;
    const auto tree = CallTree::topDown(hand.shared(), SampleFilter{});
    std::ostringstream out;
    CollapsedStacksExporter::write(*tree, out);
    const std::map<std::string, uint64_t> expected = {
        {"[no stack]", 1},
        {"main;a", 1},
        {"main;a;b", 3},
        {"main;c<int>;sqrt;sqrt_inner", 2},
        {"main;c<int>;sqrt;sqrt_inner;kfunc", 1},
        {"main;rec;rec;b", 2},
        {"main;rec;a;rec;c<int>", 1},
    };
    QCOMPARE(parseCollapsed(out.str()), expected);
    uint64_t sum = 0;
    for (const auto &[stack, count] : parseCollapsed(out.str()))
        sum += count;
    QCOMPARE(sum, tree->total());
    QVERIFY_THROWS_EXCEPTION(Error,
                             CollapsedStacksExporter::write(*CallTree::bottomUp(hand.shared(), {}), out));
}

void TestExports::collapsedStacksWithTransforms() {
    HandProfile hand;
    SampleFilter filter;
    filter.transforms = {Transform::collapseModule(hand.module("libm.so.6")), Transform::hideKernel()};
    filter.tids = {1}; // samples 0 2 4 6 8 10
    std::ostringstream out;
    CollapsedStacksExporter::write(*CallTree::topDown(hand.shared(), filter), out);
    const std::map<std::string, uint64_t> expected = {
        {"[no stack]", 1}, {"main;a;b", 2}, {"main;c<int>;libm.so.6", 2}, {"main;rec;rec;b", 1}};
    QCOMPARE(parseCollapsed(out.str()), expected);
}

void TestExports::collapsedFrameText() {
    QCOMPARE(CollapsedStacksExporter::frameText("f;g"), std::string("f:g"));
    QCOMPARE(CollapsedStacksExporter::frameText("a\nb"), std::string("a b"));
    QCOMPARE(CollapsedStacksExporter::frameText(""), std::string("[unknown]"));
}

void TestExports::collapsedPerProcess() {
    HandProfile hand;
    hand.profile.threads.push_back({7, 7, hand.profile.strings.intern("other")});
    hand.addSample({"main", "a"}, 5000, 7, 0, 4); // a second process
    hand.profile.samples.pid.back() = 7;
    const auto profile = hand.shared();
    std::ostringstream perProcess;
    CollapsedStacksExporter::write(profile, SampleFilter{}, {true, false}, perProcess);
    const auto byProcess = parseCollapsed(perProcess.str());
    QCOMPARE(byProcess.at("app;main;a;b"), uint64_t(3)); // pid 1 is named after its main thread, "app"
    QCOMPARE(byProcess.at("app;[no stack]"), uint64_t(1));
    QCOMPARE(byProcess.at("other;main;a"), uint64_t(4));
    QCOMPARE(byProcess.at("app;main;a"), uint64_t(1));
    std::ostringstream perThread;
    CollapsedStacksExporter::write(profile, SampleFilter{}, {false, true}, perThread);
    const auto byThread = parseCollapsed(perThread.str());
    QCOMPARE(byThread.at("app-1/1;main;a;b"), uint64_t(2));
    QCOMPARE(byThread.at("worker-1/2;main;a;b"), uint64_t(1));
    // Without either, the lines of the call tree, processes merged.
    std::ostringstream merged;
    CollapsedStacksExporter::write(profile, SampleFilter{}, {}, merged);
    QCOMPARE(parseCollapsed(merged.str()).at("main;a"), uint64_t(5));
}

void TestExports::systemWideSessions() {
    Profile profile;
    QVERIFY(!profile.systemWide());
    QVERIFY(!CollapsedOptions::defaultFor(profile).perProcess);
    profile.cmdline = {"perf", "record", "-ag", "--", "sleep", "1"};
    QVERIFY(profile.systemWide());
    QVERIFY(CollapsedOptions::defaultFor(profile).perProcess);
    profile.cmdline = {"perfglass-cli", "record", "--all-cpus"};
    QVERIFY(profile.systemWide());
    profile.cmdline = {"perfglass-cli", "record", "-g", "--", "prog", "-a"};
    QVERIFY(!profile.systemWide());
}

void TestExports::firefoxProfile() {
    HandProfile hand;
    const nlohmann::json json = FirefoxProfileExporter::toJson(hand.profile, SampleFilter{}, "hand");
    QCOMPARE(json.at("meta").at("version").get<int>(), FirefoxProfileExporter::kGeckoFormatVersion);
    QCOMPARE(json.at("meta").at("categories").size(), size_t(6));
    const auto &threads = json.at("threads");
    QCOMPARE(threads.size(), size_t(2));
    QCOMPARE(threads[0].at("name").get<std::string>(), std::string("app"));
    QCOMPARE(threads[0].at("processName").get<std::string>(), std::string("app"));
    QCOMPARE(threads[1].at("tid").get<int>(), 2);
    // Thread 1's stacks rebuilt from the tables: samples 0 2 4 6 8 10 in time order.
    const auto &thread = threads[0];
    const auto &strings = thread.at("stringTable");
    const auto &frames = thread.at("frameTable").at("data");
    const auto &stackRows = thread.at("stackTable").at("data");
    const auto stackText = [&](const nlohmann::json &stack) {
        std::string text;
        for (nlohmann::json walk = stack; !walk.is_null(); walk = stackRows[walk.get<size_t>()][0]) {
            const auto &frame = frames[stackRows[walk.get<size_t>()][1].get<size_t>()];
            text = strings[frame[0].get<size_t>()].get<std::string>() + (text.empty() ? "" : ";") + text;
        }
        return text;
    };
    const auto &samples = thread.at("samples").at("data");
    QCOMPARE(samples.size(), size_t(6));
    QCOMPARE(stackText(samples[0][0]), std::string("main (in app);a (in app);b (in app)"));
    QCOMPARE(stackText(samples[3][0]), std::string("main (in app);c<int> (in app);sqrt (in libm.so.6);"
                                                   "sqrt_inner (in libm.so.6);kfunc (in [kernel.kallsyms])"));
    QVERIFY(samples[5][0].is_null()); // no stack
    // cpu-clock's periods are CPU time: threadCPUDelta, in nanoseconds.
    QCOMPARE(samples[0].size(), size_t(4));
    QCOMPARE(samples[0][3].get<int>(), 1);
    QCOMPARE(thread.at("samples").at("schema").at("threadCPUDelta").get<int>(), 3);
    QCOMPARE(json.at("meta").at("sampleUnits").at("threadCPUDelta").get<std::string>(), std::string("ns"));
    QCOMPARE(samples[1][1].get<double>(), 0.0002); // 200 ns after the first sample, in milliseconds
    for (size_t i = 0; i < stackRows.size(); ++i)  // prefixes come before the stacks that use them
        QVERIFY(stackRows[i][0].is_null() || stackRows[i][0].get<size_t>() < i);
}

void TestExports::speedscope() {
    HandProfile hand;
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath("profile.speedscope.json");
    SpeedscopeExporter::writeFile(hand.profile, SampleFilter{}, "hand", path.toStdString());
    const nlohmann::json json = nlohmann::json::parse(readFile(path));

    QCOMPARE(json.at("$schema").get<std::string>(),
             std::string("https://www.speedscope.app/file-format-schema.json"));
    QCOMPARE(json.at("name").get<std::string>(), std::string("hand"));
    const auto &frames = json.at("shared").at("frames");
    QVERIFY(frames.is_array());
    QCOMPARE(frames.size(), size_t(8)); // every function occurs on some stack
    for (const auto &frame : frames) {
        QVERIFY(frame.at("name").is_string() && !frame.at("name").get<std::string>().empty());
        QCOMPARE(frame.size(), size_t(2)); // name and file (the module) only, as without inline frames
    }
    const auto &profiles = json.at("profiles");
    QCOMPARE(profiles.size(), size_t(2)); // one per thread
    const std::vector<uint64_t> expectedTotals = {6, 5};
    for (size_t p = 0; p < profiles.size(); ++p) {
        const auto &profile = profiles[p];
        QCOMPARE(profile.at("type").get<std::string>(), std::string("sampled"));
        QVERIFY(profile.at("name").is_string());
        QCOMPARE(profile.at("unit").get<std::string>(), std::string("nanoseconds"));
        const auto &samples = profile.at("samples");
        const auto &weights = profile.at("weights");
        QCOMPARE(samples.size(), weights.size());
        uint64_t total = 0;
        for (const auto &weight : weights)
            total += weight.get<uint64_t>();
        QCOMPARE(total, expectedTotals[p]);
        QCOMPARE(profile.at("startValue").get<uint64_t>(), uint64_t(0));
        QCOMPARE(profile.at("endValue").get<uint64_t>(), total);
        for (const auto &stack : samples)
            for (const auto &index : stack)
                QVERIFY(index.get<size_t>() < frames.size());
    }
    // Thread 1's samples in time order: main;a;b, main;a;b, main;c;sqrt;sqrt_inner, ...; outermost frame
    // first.
    const auto frameName = [&](const nlohmann::json &index) {
        return frames[index.get<size_t>()].at("name").get<std::string>();
    };
    const auto &first = profiles[0].at("samples")[0];
    QCOMPARE(first.size(), size_t(3));
    QCOMPARE(frameName(first[0]), std::string("main"));
    QCOMPARE(frameName(first[2]), std::string("b"));
    const auto &third = profiles[0].at("samples")[2];
    QCOMPARE(frameName(third[3]), std::string("sqrt_inner"));
    QCOMPARE(frames[third[3].get<size_t>()].at("file").get<std::string>(), std::string("/usr/lib/libm.so.6"));
    QVERIFY(profiles[0].at("samples")[5].empty()); // sample 10 has no stack
    QCOMPARE(profiles[0].at("name").get<std::string>(), std::string("app (pid 1, tid 1)"));
}

void TestExports::speedscopeFocused() {
    HandProfile hand;
    SampleFilter filter;
    filter.cost = CostKind::Samples;
    filter.transforms = {Transform::focusFunction(hand.function("rec"))};
    const nlohmann::json json = SpeedscopeExporter::toJson(hand.profile, filter, "rec");
    const auto &profiles = json.at("profiles");
    QCOMPARE(profiles.size(), size_t(2)); // samples 7 9 (tid 2) and 8 (tid 1)
    QCOMPARE(profiles[0].at("unit").get<std::string>(), std::string("none"));
    QCOMPARE(profiles[0].at("samples").size() + profiles[1].at("samples").size(), size_t(3));
    const auto &frames = json.at("shared").at("frames");
    for (const auto &profile : profiles)
        for (const auto &stack : profile.at("samples"))
            QCOMPARE(frames[stack[0].get<size_t>()].at("name").get<std::string>(), std::string("rec"));
}

void TestExports::speedscopeHeaviestThreadFirst() {
    HandProfile hand;
    SampleFilter filter;
    filter.transforms = {Transform::focusFunction(hand.function("rec"))};
    // Thread 2 has samples 7 and 9 under rec, thread 1 only sample 8: thread 2 comes first though its tid is
    // higher.
    const nlohmann::json json = SpeedscopeExporter::toJson(hand.profile, filter, "rec");
    QCOMPARE(json.at("activeProfileIndex").get<int>(), 0);
    QCOMPARE(json.at("profiles")[0].at("name").get<std::string>(), std::string("worker (pid 1, tid 2)"));
    QCOMPARE(json.at("profiles")[0].at("endValue").get<uint64_t>(), uint64_t(2));
    QCOMPARE(json.at("profiles")[1].at("endValue").get<uint64_t>(), uint64_t(1));
}

void TestExports::pprof() {
    HandProfile hand;
    hand.profile.modules[hand.module("app")].buildId = "0123abcd";
    QTemporaryDir dir;
    const QString path = dir.filePath("hand.pb.gz");
    PprofExporter::writeFile(hand.profile, SampleFilter{}, path.toStdString());
    const std::string gzipped = readFile(path);
    QVERIFY(gzipped.size() > 2 && uint8_t(gzipped[0]) == 0x1f && uint8_t(gzipped[1]) == 0x8b);
    const ProtoFields profile(gunzip(gzipped));
    const std::vector<std::string> strings = profile.all(6);
    QVERIFY(!strings.empty() && strings[0].empty()); // string_table[0] is ""
    const auto string = [&](uint64_t index) { return strings.at(index); };
    // One sample type, the event, in nanoseconds (a clock event weighed by period); it is the default.
    QCOMPARE(profile.all(1).size(), size_t(1));
    const ProtoFields type(profile.all(1)[0]);
    QCOMPARE(string(type.one(1)), std::string("cpu-clock"));
    QCOMPARE(string(type.one(2)), std::string("nanoseconds"));
    QCOMPARE(string(profile.one(14)), std::string("cpu-clock"));
    // Functions by id, locations by id (one line each: no inline frames), mappings with the build id.
    std::map<uint64_t, std::string> functionName;
    for (const std::string &data : profile.all(5))
        functionName[ProtoFields(data).one(1)] = string(ProtoFields(data).one(2));
    QCOMPARE(functionName.size(), size_t(8));
    std::map<uint64_t, std::string> locationName;
    std::map<uint64_t, uint64_t> locationMapping;
    for (const std::string &data : profile.all(4)) {
        const ProtoFields location(data);
        QCOMPARE(location.all(4).size(), size_t(1));
        locationName[location.one(1)] = functionName.at(ProtoFields(location.all(4)[0]).one(1));
        locationMapping[location.one(1)] = location.one(2);
    }
    std::map<uint64_t, std::string> mappingFile, mappingBuildId;
    for (const std::string &data : profile.all(3)) {
        const ProtoFields mapping(data);
        mappingFile[mapping.one(1)] = string(mapping.one(5));
        mappingBuildId[mapping.one(1)] = string(mapping.one(6));
        QCOMPARE(mapping.one(7), uint64_t(1)); // has_functions
    }
    QCOMPARE(mappingFile.size(), size_t(3));
    // Samples: stacks leaf first, summed per stack and thread, labelled with pid and tid; 11 in all.
    std::map<std::string, uint64_t> stacks;
    uint64_t total = 0;
    for (const std::string &data : profile.all(2)) {
        const ProtoFields sample(data);
        std::string stack;
        for (const uint64_t location : sample.packed(1)) {
            stack = locationName.at(location) + (stack.empty() ? "" : ";") + stack;
            if (locationName.at(location) == "main")
                QCOMPARE(mappingBuildId.at(locationMapping.at(location)), std::string("0123abcd"));
            if (locationName.at(location) == "kfunc")
                QCOMPARE(mappingFile.at(locationMapping.at(location)), std::string("[kernel.kallsyms]"));
        }
        const std::vector<uint64_t> values = sample.packed(2);
        QCOMPARE(values.size(), size_t(1));
        stacks[stack] += values[0];
        total += values[0];
        QCOMPARE(sample.all(3).size(), size_t(3)); // pid, tid, thread
    }
    QCOMPARE(total, uint64_t(11));
    QCOMPARE(stacks["main;a;b"], uint64_t(3));
    QCOMPARE(stacks["main;c<int>;sqrt;sqrt_inner;kfunc"], uint64_t(1));
    QCOMPARE(stacks[""], uint64_t(1));           // the sample without a stack
    QCOMPARE(profile.all(2).size(), size_t(10)); // 7 stacks; three of them in both threads

    // The first mapping is the program's (pprof's "File:"), though the first sample from 1600 on ends in
    // the kernel.
    SampleFilter late;
    late.startTime = 1600;
    const ProtoFields lateProfile(PprofExporter::encode(hand.profile, late));
    const ProtoFields firstMapping(lateProfile.all(3).at(0));
    QCOMPARE(firstMapping.one(1), uint64_t(1));
    QCOMPARE(lateProfile.all(6).at(firstMapping.one(5)), std::string("/usr/bin/app"));
}

void TestExports::pprofFiltered() {
    HandProfile hand;
    SampleFilter filter;
    filter.cost = CostKind::Samples;
    filter.tids = {2};
    filter.transforms = {Transform::collapseModule(hand.module("libm.so.6"))};
    const ProtoFields profile(PprofExporter::encode(hand.profile, filter));
    const std::vector<std::string> strings = profile.all(6);
    QCOMPARE(strings.at(ProtoFields(profile.all(1)[0]).one(2)), std::string("count"));
    std::set<std::string> names;
    for (const std::string &data : profile.all(5))
        names.insert(strings.at(ProtoFields(data).one(2)));
    QVERIFY(names.count("libm.so.6"));
    QVERIFY(!names.count("sqrt"));
    uint64_t total = 0;
    for (const std::string &data : profile.all(2))
        total += ProtoFields(data).packed(2).at(0);
    QCOMPARE(total, uint64_t(5)); // samples 1 3 5 7 9
}

void TestExports::svgFlameGraph() {
    HandProfile hand;
    const auto tree = CallTree::topDown(hand.shared(), SampleFilter{});
    SvgFlameGraphOptions options;
    options.title = "Hand <made> & small";
    options.width = 1100;
    std::ostringstream out;
    SvgFlameGraphExporter::write(*tree, out, options);

    QXmlStreamReader xml(QByteArray::fromStdString(out.str()));
    int rects = 0;
    QStringList titles;
    QMap<QString, double> widthOf; // by function, from the title
    QString currentTitle;
    QString pageTitle;
    QString svgWidth;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement) continue;
        if (xml.name() == QLatin1String("svg")) svgWidth = xml.attributes().value("width").toString();
        if (xml.name() == QLatin1String("title")) {
            currentTitle = xml.readElementText();
            titles << currentTitle;
        } else if (xml.name() == QLatin1String("rect")) {
            ++rects;
            if (!currentTitle.isEmpty())
                widthOf[currentTitle.section(' ', 0, 0)] += xml.attributes().value("width").toDouble();
            currentTitle.clear();
        } else if (xml.name() == QLatin1String("text") && pageTitle.isEmpty()) {
            pageTitle = xml.readElementText();
        }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QCOMPARE(svgWidth, QString("1100"));
    QCOMPARE(pageTitle, QString("Hand <made> & small"));
    QCOMPARE(titles.size(), 14); // "all" and the 13 nodes of the tree
    QCOMPARE(rects, 18);         // and the background, and the legend's application, system library, kernel
    QVERIFY(titles.contains("all (11 samples, 100%)"));
    QVERIFY2(titles.contains("main [app] (10 samples, 90.91%; self 0)"), qPrintable(titles.join('\n')));
    QVERIFY(titles.contains("c<int> [app] (3 samples, 27.27%; self 0)"));
    QVERIFY(titles.contains("kfunc [kernel.kallsyms] (1 samples, 9.09%; self 1)"));
    QVERIFY(!QString::fromStdString(out.str()).contains("inlined"));
    QVERIFY(!QString::fromStdString(out.str()).contains("stroke=")); // no dashed outlines
    QVERIFY(!QString::fromStdString(out.str()).contains("italic"));
    // Widths proportional to inclusive cost: all is 11 units over 1080 pixels, main 10, b 3 + 2.
    QVERIFY(qAbs(widthOf["all"] - 1080) < 0.01);
    QVERIFY(qAbs(widthOf["main"] - 1080 * 10 / 11.0) < 0.01);
    QVERIFY(qAbs(widthOf["b"] - 1080 * 5 / 11.0) < 0.02);

    // Frames narrower than the minimum are left out.
    options.width = 30;
    options.minFrameWidth = 2;
    std::ostringstream narrow;
    SvgFlameGraphExporter::write(*tree, narrow, options);
    QVERIFY(QString::fromStdString(narrow.str()).count("<rect") < 15);
}

void TestExports::svgInteractive() {
    const InlineProfile inl = inlineProfileWithSources();
    std::ostringstream out;
    SvgFlameGraphExporter::write(*CallTree::topDown(inl.hand.shared(), SampleFilter{}), out);
    const QString svg = QString::fromStdString(out.str());
    // The script (zoom, search with the matched share, details) and what it works on.
    QVERIFY(svg.contains("<script type=\"text/ecmascript\"><![CDATA["));
    for (const char *function : {"function flameZoom(", "function flameUnzoom(", "function flameSearch(",
                                 "Matched: ", "window.addEventListener(\"load\", flameInit)"})
        QVERIFY2(svg.contains(function), function);
    QXmlStreamReader xml(QByteArray::fromStdString(out.str()));
    QMap<QString, QString> textById;
    QStringList frameNames, legend;
    QString svgMargin;
    bool inLegend = false;
    while (!xml.atEnd()) {
        const auto token = xml.readNext();
        if (token == QXmlStreamReader::EndElement && xml.name() == QLatin1String("g")) inLegend = false;
        if (token != QXmlStreamReader::StartElement) continue;
        const QXmlStreamAttributes attributes = xml.attributes();
        if (xml.name() == QLatin1String("svg")) svgMargin = attributes.value("data-margin").toString();
        if (xml.name() == QLatin1String("g") && attributes.value("class") == QLatin1String("f"))
            frameNames << attributes.value("data-name").toString();
        if (xml.name() == QLatin1String("g") && attributes.value("class") == QLatin1String("legend"))
            inLegend = true;
        if (xml.name() == QLatin1String("text") && inLegend) legend << xml.readElementText();
        if (xml.name() == QLatin1String("text") && attributes.hasAttribute("id"))
            textById[attributes.value("id").toString()] = xml.readElementText();
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QCOMPARE(svgMargin, QString("10"));
    QCOMPARE(textById.value("unzoom"), QString("Reset Zoom"));
    QCOMPARE(textById.value("search"), QString("Search"));
    QVERIFY(textById.contains("details") && textById.contains("matched"));
    QVERIFY(frameNames.contains("all") && frameNames.contains("mix") && frameNames.contains("work"));
    // The legend names the colours this graph uses: the program's frames, libm's sqrt, inline frames.
    QCOMPARE(legend, QStringList({"application", "system library", "inlined"}));
}

void TestExports::unwritableFiles() {
    HandProfile hand;
    const auto tree = CallTree::topDown(hand.shared(), SampleFilter{});
    const std::string path = "/nonexistent-dir/out";
    try {
        CollapsedStacksExporter::writeFile(*tree, path);
        QFAIL("writing into a missing directory succeeded");
    } catch (const Error &error) {
        QVERIFY2(QString(error.what()).contains("/nonexistent-dir/out"), error.what());
    }
    QVERIFY_THROWS_EXCEPTION(Error, SvgFlameGraphExporter::writeFile(*tree, path));
    QVERIFY_THROWS_EXCEPTION(Error, SpeedscopeExporter::writeFile(hand.profile, {}, "x", path));
}

void TestExports::sourceLocationsPickTheHottestLine() {
    InlineProfile inl = inlineProfileWithSources();
    Profile &profile = inl.hand.profile;
    // A second frame of work, at line 31, on two samples: work's six samples at line 30 still win.
    Frame other = profile.frames[inl.frames.at("work")];
    other.address += 4;
    other.line = 31;
    inl.frames["work@31"] = static_cast<FrameId>(profile.frames.size());
    profile.frames.push_back(other);
    inl.addSample({"main", "work@31"}, 2000);
    inl.addSample({"main", "work@31"}, 2100);
    SourceLocations locations = SourceLocations::compute(profile);
    QCOMPARE(locations.text(profile, inl.hand.function("work")), std::string("src/work.cpp:30"));
    QCOMPARE(locations.text(profile, inl.hand.function("mix")), std::string("src/mix.h:12"));
    QCOMPARE(locations.text(profile, inl.hand.function("step")), std::string()); // no source information
    QVERIFY(!locations.of(inl.hand.function("main")).known());
    QVERIFY(!locations.of(100000).known()); // a synthetic function
    QVERIFY(!locations.empty());
    // Four more samples at line 31: it becomes the hottest.
    for (int k = 0; k < 5; ++k)
        inl.addSample({"main", "work@31"}, 2200 + 100 * k);
    locations = SourceLocations::compute(profile);
    QCOMPARE(locations.text(profile, inl.hand.function("work")), std::string("src/work.cpp:31"));
    QVERIFY(SourceLocations::compute(HandProfile().profile).empty());
}

void TestExports::collapsedInlineFrames() {
    const InlineProfile inl;
    std::ostringstream out;
    CollapsedStacksExporter::write(*CallTree::topDown(inl.hand.shared(), SampleFilter{}), out);
    // Inline frames end in _[i] (as stackcollapse-perf.pl writes them); mix called out of line does not.
    const std::map<std::string, uint64_t> expected = {
        {"main;work;mix_[i]", 3}, {"main;work;mix_[i];step_[i]", 1}, {"main;work", 1},
        {"main;mix", 2},          {"main;work;mix_[i];sqrt", 1},
    };
    QCOMPARE(parseCollapsed(out.str()), expected);
}

void TestExports::speedscopeInlineFrames() {
    const InlineProfile inl = inlineProfileWithSources();
    const nlohmann::json json = SpeedscopeExporter::toJson(inl.hand.profile, SampleFilter{}, "inline");
    const auto &frames = json.at("shared").at("frames");
    std::map<std::string, nlohmann::json> byName;
    for (const auto &frame : frames)
        QVERIFY(byName.emplace(frame.at("name").get<std::string>(), frame).second);
    QCOMPARE(byName.size(), size_t(6)); // main, work, mix (inlined), mix, step (inlined), sqrt
    // The inline frame of mix: marked, with its source file and line; mix called out of line is unchanged.
    const nlohmann::json expectedMix = {{"name", "mix (inlined)"}, {"file", "src/mix.h"}, {"line", 12}};
    QCOMPARE(byName.at("mix (inlined)"), expectedMix);
    const nlohmann::json plainMix = {{"name", "mix"}, {"file", "/usr/bin/app"}};
    QCOMPARE(byName.at("mix"), plainMix);
    // step's inline frame has no source information: its module stands in, without a line.
    const nlohmann::json expectedStep = {{"name", "step (inlined)"}, {"file", "/usr/bin/app"}};
    QCOMPARE(byName.at("step (inlined)"), expectedStep);
    // Non-inline frames stay name and module even when their source is known.
    const nlohmann::json plainWork = {{"name", "work"}, {"file", "/usr/bin/app"}};
    QCOMPARE(byName.at("work"), plainWork);
    // Sample 3 (main;work;mix*;step*) names the inline frames, outermost first.
    const auto &sample = json.at("profiles").at(0).at("samples").at(3);
    std::vector<std::string> names;
    for (const auto &index : sample)
        names.push_back(frames.at(index.get<size_t>()).at("name").get<std::string>());
    QCOMPARE(names, (std::vector<std::string>{"main", "work", "mix (inlined)", "step (inlined)"}));
}

void TestExports::svgInlineFrames() {
    const InlineProfile inl = inlineProfileWithSources();
    std::ostringstream out;
    SvgFlameGraphExporter::write(*CallTree::topDown(inl.hand.shared(), SampleFilter{}), out);
    const QList<SvgFrame> frames = svgFrames(out.str());
    const auto find = [&](const QString &prefix) -> const SvgFrame * {
        for (const SvgFrame &frame : frames)
            if (frame.title.startsWith(prefix)) return &frame;
        return nullptr;
    };
    const SvgFrame *inlineMix = find("mix (inlined) ");
    const SvgFrame *plainMix = find("mix [app]");
    const SvgFrame *work = find("work [app]");
    QVERIFY(inlineMix && plainMix && work);
    QCOMPARE(inlineMix->title, QString("mix (inlined) [app] at src/mix.h:12 (5 samples, 62.50%; self 3)"));
    QCOMPARE(plainMix->title, QString("mix [app] (2 samples, 25.00%; self 2)"));
    QCOMPARE(work->title, QString("work [app] (6 samples, 75.00%; self 1)"));
    // Colours from the palette the desktop application's flame graph uses: /usr/bin/app is the program's.
    const auto css = [](Rgb rgb) {
        return QString("rgb(%1,%2,%3)").arg(rgb.red).arg(rgb.green).arg(rgb.blue);
    };
    const Rgb mixColour = FramePalette::frameColour(FrameCategory::Application, "mix");
    QCOMPARE(plainMix->rect.value("fill").toString(), css(mixColour));
    QCOMPARE(work->rect.value("fill").toString(),
             css(FramePalette::frameColour(FrameCategory::Application, "work")));
    // Inline boxes: a paler fill than the same function's out-of-line box, a dashed outline, an italic label.
    QCOMPARE(inlineMix->rect.value("fill").toString(), css(FramePalette::inlinedColour(mixColour)));
    QCOMPARE(inlineMix->rect.value("stroke").toString(), css(FramePalette::inlinedOutline(mixColour)));
    QVERIFY(!inlineMix->rect.value("stroke-dasharray").isEmpty());
    QCOMPARE(inlineMix->text.value("font-style"), QStringView(u"italic"));
    QVERIFY(plainMix->rect.value("stroke-dasharray").isEmpty());
    QVERIFY(plainMix->text.value("font-style").isEmpty());
    const SvgFrame *step = find("step (inlined) [app] (");
    QVERIFY2(step, "step's inline frame has no source location, so its title has none");
}

void TestExports::frameCategories() {
    QCOMPARE(frameCategoryOfPath("/usr/lib/x86_64-linux-gnu/libc.so.6", false), FrameCategory::SystemLibrary);
    QCOMPARE(frameCategoryOfPath("/lib64/ld-linux-x86-64.so.2", false), FrameCategory::SystemLibrary);
    QCOMPARE(frameCategoryOfPath("[vdso]", false), FrameCategory::SystemLibrary);
    QCOMPARE(frameCategoryOfPath("[kernel.kallsyms]", true), FrameCategory::Kernel);
    QCOMPARE(frameCategoryOfPath("[unknown]", false), FrameCategory::Unknown);
    QCOMPARE(frameCategoryOfPath("/tmp/perf-4242.map", false), FrameCategory::Jit);
    QCOMPARE(frameCategoryOfPath("/work/app/jit-4242.dump", false), FrameCategory::Jit);
    QCOMPARE(frameCategoryOfPath("/root/.debug/jit/java-jit-1/jitted-4242-7.so", false), FrameCategory::Jit);
    QCOMPARE(frameCategoryOfPath("/home/me/build/app", false), FrameCategory::Application);
    QCOMPARE(frameCategoryOfPath("/usr/library-of-mine/app", false), FrameCategory::Application);
    // Programs installed under library directories are the application, whose process runs them.
    QCOMPARE(frameCategoryOfPath("/usr/lib/gcc/x86_64-linux-gnu/12/cc1plus", false),
             FrameCategory::Application);
    QCOMPARE(frameCategoryOfPath("/usr/libexec/gcc/x86_64-linux-gnu/12/lto1", false),
             FrameCategory::Application);
    QCOMPARE(frameCategoryOfPath("/usr/lib/python3/dist-packages/_x.cpython-311-x86_64-linux-gnu.so", false),
             FrameCategory::SystemLibrary);
    QCOMPARE(frameCategoryOfPath("/usr/lib/x86_64-linux-gnu/libstdc++.so", false),
             FrameCategory::SystemLibrary);
}

void TestExports::framePalette() {
    // Stable per name, distinct per category, paler when inline.
    using FramePalette::frameColour;
    QCOMPARE(frameColour(FrameCategory::Application, "main"),
             frameColour(FrameCategory::Application, "main"));
    QVERIFY(frameColour(FrameCategory::Application, "main") != frameColour(FrameCategory::Kernel, "main"));
    QVERIFY(frameColour(FrameCategory::Jit, "main") != frameColour(FrameCategory::SystemLibrary, "main"));
    const Rgb base = frameColour(FrameCategory::SystemLibrary, "memcpy");
    const Rgb pale = FramePalette::inlinedColour(base);
    QVERIFY(pale.red + pale.green + pale.blue > base.red + base.green + base.blue);
    const Rgb grey = frameColour(FrameCategory::Unknown, "x");
    QVERIFY(grey.red == grey.green && grey.green == grey.blue);
}

QTEST_GUILESS_MAIN(TestExports)
#include "tst_exports.moc"
