#include "export/SvgFlameGraphExporter.h"

#include "base/Error.h"
#include "profile/SourceLocations.h"

#include <fmt/format.h>

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
constexpr double kHeader = 36;

struct Rgb {
    int red, green, blue;
};

// A warm colour per module, stable across runs; kernel frames are blue-grey.
Rgb moduleRgb(const Profile &profile, ModuleId module) {
    if (profile.modules[module].kernel) return {120, 150, 190};
    const size_t hash = std::hash<std::string>()(profile.modulePath(module));
    return {200 + static_cast<int>(hash % 56), 80 + static_cast<int>((hash >> 8) % 140),
            30 + static_cast<int>((hash >> 16) % 50)};
}

std::string colourFor(const Profile &profile, ModuleId module) {
    const Rgb rgb = moduleRgb(profile, module);
    return fmt::format("rgb({},{},{})", rgb.red, rgb.green, rgb.blue);
}

// An inline frame's colour: its module's, blended halfway to white.
std::string inlineColourFor(const Profile &profile, ModuleId module) {
    const Rgb rgb = moduleRgb(profile, module);
    return fmt::format("rgb({},{},{})", (rgb.red + 255) / 2, (rgb.green + 255) / 2, (rgb.blue + 255) / 2);
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

void SvgFlameGraphExporter::write(const CallTree &tree, std::ostream &out,
                                  const SvgFlameGraphOptions &options) {
    if (tree.kind() != CallTree::Kind::TopDown)
        throw Error("the SVG flame graph is drawn from a top-down call tree");
    const double graphWidth = options.width - 2 * kMargin;
    const double height = kHeader + (tree.maxDepth() + 1) * options.frameHeight + kMargin;
    const uint64_t total = tree.total();
    const double scale = total == 0 ? 0 : graphWidth / static_cast<double>(total);
    out << fmt::format(
        "<?xml version=\"1.0\" standalone=\"no\"?>\n"
        "<svg version=\"1.1\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" "
        "viewBox=\"0 0 {0} {1}\">\n"
        "<style>text {{ font-family: Verdana, Helvetica, sans-serif; font-size: {2}px; fill: #000; "
        "}}</style>\n"
        "<rect x=\"0\" y=\"0\" width=\"{0}\" height=\"{1}\" fill=\"#f8f8f8\"/>\n"
        "<text x=\"{3}\" y=\"24\" style=\"font-size: 17px\">{4}</text>\n",
        options.width, height, kFontSize, options.width / 2 - 100, escape(options.title));

    // Depth-first; each frame is drawn at its left offset, children packed from that offset.
    struct Pending {
        uint32_t node;
        double x;
        uint32_t depth;
    };
    std::optional<SourceLocations> locations; // computed when the first inline frame needs it
    const auto locationOf = [&](FunctionId function) {
        if (!locations) locations = SourceLocations::compute(tree.profile());
        const std::string text = locations->text(tree.profile(), function);
        return text.empty() ? text : " at " + text;
    };
    std::vector<Pending> pending{{CallTree::kRoot, kMargin, 0}};
    while (!pending.empty()) {
        const Pending item = pending.back();
        pending.pop_back();
        const CallTreeNode &node = tree.node(item.node);
        const double width = static_cast<double>(node.inclusive) * scale;
        if (width < options.minFrameWidth) continue;
        const double y = height - kMargin - (item.depth + 1) * options.frameHeight;
        const bool root = item.node == CallTree::kRoot;
        const std::string name = root ? std::string("all") : tree.functionName(node.function);
        const std::string module =
            root ? std::string() : tree.profile().moduleName(tree.functionModule(node.function));
        const double share =
            total == 0 ? 0 : 100.0 * static_cast<double>(node.inclusive) / static_cast<double>(total);
        const bool inlined = !root && node.inlined;
        const std::string tooltip =
            root      ? fmt::format("all ({} {}, 100%)", node.inclusive, options.unit)
            : inlined ? fmt::format("{}{} [{}]{} ({} {}, {:.2f}%; self {})", name, kInlineSuffix, module,
                                    locationOf(node.function), node.inclusive, options.unit, share, node.self)
                      : fmt::format("{} [{}] ({} {}, {:.2f}%; self {})", name, module, node.inclusive,
                                    options.unit, share, node.self);
        const ModuleId nodeModule = root ? 0 : tree.functionModule(node.function);
        const std::string colour = root      ? std::string("rgb(210,210,210)")
                                   : inlined ? inlineColourFor(tree.profile(), nodeModule)
                                             : colourFor(tree.profile(), nodeModule);
        out << fmt::format(
            "<g><title>{}</title><rect x=\"{:.2f}\" y=\"{:.1f}\" width=\"{:.2f}\" height=\"{:.1f}\" "
            "fill=\"{}\" rx=\"2\" ry=\"2\"{}/>",
            escape(tooltip), item.x, y, width, options.frameHeight - 1, colour,
            inlined ? fmt::format(" stroke=\"{}\" stroke-dasharray=\"3,2\"",
                                  colourFor(tree.profile(), nodeModule))
                    : std::string());
        const std::string label = fitted(name, width);
        if (!label.empty())
            out << fmt::format("<text x=\"{:.2f}\" y=\"{:.1f}\"{}>{}</text>", item.x + 3,
                               y + options.frameHeight - 4.5, inlined ? " font-style=\"italic\"" : "",
                               escape(label));
        out << "</g>\n";
        double childX = item.x;
        for (const uint32_t child : node.children) {
            pending.push_back({child, childX, item.depth + 1});
            childX += static_cast<double>(tree.node(child).inclusive) * scale;
        }
    }
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
