#include "export/SvgFlameGraphExporter.h"

#include "analysis/FrameCategory.h"
#include "base/Error.h"
#include "base/TextUtil.h"
#include "export/SvgFlameGraphScript.h"
#include "profile/SourceLocations.h"

#include <fmt/format.h>

#include <array>
#include <cerrno>
#include <fstream>
#include <functional>
#include <optional>
#include <vector>

namespace perfglass {

namespace {

constexpr double kFontSize = 12;
constexpr double kCharWidth = 0.59 * kFontSize; // average advance of a sans-serif font
constexpr double kMargin = 10;
constexpr double kHeader = 56; // title and buttons, then the legend
constexpr double kFooter = 24; // the details line

std::string css(Rgb rgb) {
    return fmt::format("rgb({},{},{})", rgb.red, rgb.green, rgb.blue);
}

std::string fitted(const std::string &name, double width) {
    const auto fits = static_cast<size_t>((width - 6) / kCharWidth);
    if (fits < 3) return {};
    if (name.size() <= fits) return name;
    return name.substr(0, fits - 2) + "..";
}

} // namespace

std::string SvgFlameGraphExporter::escape(const std::string &text) {
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        case '\'':
            out += "&apos;";
            break;
        default:
            const auto byte = static_cast<unsigned char>(c);
            out += byte < 0x20 && c != '\t' && c != '\n' ? '?' : c;
        }
    }
    return out;
}

namespace {

// The colours the drawing uses, for its legend: the categories of its frames, broken stacks, inline frames.
struct Legend {
    std::array<bool, 5> categories{};
    bool broken = false;
    bool inlined = false;

    void add(const CallTree &tree, uint32_t node) {
        if (node == CallTree::kRoot) return;
        const CallTreeNode &frame = tree.node(node);
        if (tree.functionName(frame.function) == kBrokenStackName)
            broken = true;
        else
            categories[static_cast<size_t>(
                frameCategory(tree.profile(), tree.functionModule(frame.function)))] = true;
        inlined = inlined || frame.inlined;
    }
};

// What one frame of the drawing shows; the frame's label and tooltip name its function and module.
struct SvgFrame {
    const CallTree &tree;
    const SvgFlameGraphOptions &options;
    uint32_t node;
    double x, y, width;
};

std::string tooltipOf(const SvgFrame &frame, uint64_t total,
                      const std::function<std::string(FunctionId)> &locationOf) {
    const CallTreeNode &node = frame.tree.node(frame.node);
    const std::string &unit = frame.options.unit;
    if (frame.node == CallTree::kRoot) return fmt::format("all ({} {}, 100%)", node.inclusive, unit);
    const std::string &name = frame.tree.functionName(node.function);
    const std::string module = frame.tree.profile().moduleName(frame.tree.functionModule(node.function));
    const double share =
        total == 0 ? 0 : 100.0 * static_cast<double>(node.inclusive) / static_cast<double>(total);
    if (node.inlined)
        return fmt::format("{}{} {}{} ({} {}, {:.2f}%; self {})", name, SvgFlameGraphExporter::kInlineSuffix,
                           bracketedModule(module), locationOf(node.function), node.inclusive, unit, share,
                           node.self);
    return fmt::format("{} {} ({} {}, {:.2f}%; self {})", name, bracketedModule(module), node.inclusive, unit,
                       share, node.self);
}

void writeFrame(std::ostream &out, const SvgFrame &frame, const std::string &tooltip) {
    const bool root = frame.node == CallTree::kRoot;
    const bool inlined = !root && frame.tree.node(frame.node).inlined;
    const Rgb outOfLine = FramePalette::outOfLineColour(frame.tree, frame.node);
    const Rgb fill = inlined ? FramePalette::inlinedColour(outOfLine) : outOfLine;
    const double height = frame.options.frameHeight;
    const std::string name =
        root ? std::string("all") : frame.tree.functionName(frame.tree.node(frame.node).function);
    out << fmt::format(
        "<g class=\"f\" data-name=\"{}\"><title>{}</title><rect x=\"{:.2f}\" y=\"{:.1f}\" width=\"{:.2f}\" "
        "height=\"{:.1f}\" fill=\"{}\" rx=\"2\" ry=\"2\"{}/>",
        SvgFlameGraphExporter::escape(name), SvgFlameGraphExporter::escape(tooltip), frame.x, frame.y,
        frame.width, height - 1, css(fill),
        inlined ? fmt::format(" stroke=\"{}\" stroke-dasharray=\"3,2\"",
                              css(FramePalette::inlinedOutline(outOfLine)))
                : std::string());
    const std::string label = fitted(name, frame.width);
    out << fmt::format("<text x=\"{:.2f}\" y=\"{:.1f}\"{}>{}</text>", frame.x + 3, frame.y + height - 4.5,
                       inlined ? " font-style=\"italic\"" : "", SvgFlameGraphExporter::escape(label));
    out << "</g>\n";
}

void writeHeader(std::ostream &out, const SvgFlameGraphOptions &options, double height) {
    out << fmt::format(
        "<?xml version=\"1.0\" standalone=\"no\"?>\n"
        "<svg version=\"1.1\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" "
        "viewBox=\"0 0 {0} {1}\" data-width=\"{0}\" data-margin=\"{5}\" data-char-width=\"{6}\">\n"
        "<style>text {{ font-family: Verdana, Helvetica, sans-serif; font-size: {2}px; fill: #000; }}\n"
        "g.f {{ cursor: pointer; }} g.f:hover rect {{ stroke: #000; stroke-width: 0.5; }}\n"
        "g.parent {{ opacity: 0.5; }} .button {{ cursor: pointer; fill: #333; text-decoration: underline; "
        "}}\n"
        "</style>\n<script type=\"text/ecmascript\"><![CDATA[{7}]]></script>\n"
        "<rect x=\"0\" y=\"0\" width=\"{0}\" height=\"{1}\" fill=\"#f8f8f8\"/>\n"
        "<text x=\"{3}\" y=\"24\" style=\"font-size: 17px\">{4}</text>\n"
        "<text id=\"unzoom\" class=\"button\" x=\"{5}\" y=\"24\" style=\"display: none\">Reset Zoom</text>\n"
        "<text id=\"search\" class=\"button\" x=\"{8}\" y=\"24\" text-anchor=\"end\">Search</text>\n",
        options.width, height, kFontSize, options.width / 2 - 100,
        SvgFlameGraphExporter::escape(options.title), kMargin, kCharWidth, kSvgFlameGraphScript,
        options.width - kMargin);
}

// The legend under the title (the colours used) and the lines the script fills: the frame under the
// pointer (bottom left) and the share a search matched (bottom right).
void writeLegendAndFooter(std::ostream &out, const SvgFlameGraphOptions &options, double height,
                          const Legend &legend) {
    static constexpr std::array<const char *, 5> names = {"application", "system library", "kernel", "JIT",
                                                          "unknown"};
    double x = kMargin;
    const auto entry = [&](Rgb fill, const std::string &label, bool dashed) {
        out << fmt::format("<g class=\"legend\"><rect x=\"{:.1f}\" y=\"36\" width=\"12\" height=\"12\" "
                           "fill=\"{}\" rx=\"2\" ry=\"2\"{}/><text x=\"{:.1f}\" y=\"46\">{}</text></g>\n",
                           x, css(fill),
                           dashed ? fmt::format(" stroke=\"{}\" stroke-dasharray=\"3,2\"",
                                                css(FramePalette::inlinedOutline(fill)))
                                  : std::string(),
                           x + 16, label);
        x += 16 + static_cast<double>(label.size()) * 0.55 * kFontSize + 18;
    };
    for (size_t category = 0; category < names.size(); ++category)
        if (legend.categories[category])
            entry(FramePalette::frameColour(static_cast<FrameCategory>(category), ""), names[category],
                  false);
    if (legend.broken) entry(FramePalette::kBrokenStack, kBrokenStackName, false);
    if (legend.inlined)
        entry(FramePalette::inlinedColour(FramePalette::frameColour(FrameCategory::Application, "")),
              "inlined", true);
    out << fmt::format("<text id=\"details\" x=\"{0}\" y=\"{1:.1f}\"> </text>\n"
                       "<text id=\"matched\" x=\"{2}\" y=\"{1:.1f}\" text-anchor=\"end\"></text>\n",
                       kMargin, height - 8, options.width - kMargin);
}

} // namespace

void SvgFlameGraphExporter::write(const CallTree &tree, std::ostream &out,
                                  const SvgFlameGraphOptions &options) {
    if (tree.kind() != CallTree::Kind::TopDown)
        throw Error("the SVG flame graph is drawn from a top-down call tree");
    const double height = kHeader + (tree.maxDepth() + 1) * options.frameHeight + kFooter;
    const uint64_t total = tree.total();
    const double scale = total == 0 ? 0 : (options.width - 2 * kMargin) / static_cast<double>(total);
    writeHeader(out, options, height);
    std::optional<SourceLocations> locations; // computed when the first inline frame needs it
    const auto locationOf = [&](FunctionId function) {
        if (!locations) locations = SourceLocations::compute(tree.profile());
        const std::string text = locations->text(tree.profile(), function);
        return text.empty() ? text : " at " + text;
    };
    // Depth-first; each frame is drawn at its left offset, children packed from that offset.
    struct Pending {
        uint32_t node;
        double x;
        uint32_t depth;
    };
    std::vector<Pending> pending{{CallTree::kRoot, kMargin, 0}};
    Legend legend;
    while (!pending.empty()) {
        const Pending item = pending.back();
        pending.pop_back();
        const CallTreeNode &node = tree.node(item.node);
        const double width = static_cast<double>(node.inclusive) * scale;
        if (width < options.minFrameWidth) continue;
        const double y = height - kFooter - (item.depth + 1) * options.frameHeight;
        const SvgFrame frame{tree, options, item.node, item.x, y, width};
        writeFrame(out, frame, tooltipOf(frame, total, locationOf));
        legend.add(tree, item.node);
        double childX = item.x;
        for (const uint32_t child : node.children) {
            pending.push_back({child, childX, item.depth + 1});
            childX += static_cast<double>(tree.node(child).inclusive) * scale;
        }
    }
    writeLegendAndFooter(out, options, height, legend);
    out << "</svg>\n";
}

void SvgFlameGraphExporter::writeFile(const CallTree &tree, const std::string &path,
                                      const SvgFlameGraphOptions &options) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out) throw Error(systemErrorMessage("cannot write SVG flame graph to " + path, errno));
    write(tree, out, options);
    out.flush();
    if (!out) throw Error("cannot write SVG flame graph to " + path + ": write failed");
}

} // namespace perfglass
