#include "export/DiffFoldedExporter.h"

#include "base/Error.h"
#include "export/CollapsedStacksExporter.h"

#include <cerrno>
#include <fstream>
#include <vector>

namespace perfglass {

void DiffFoldedExporter::write(const CallTreeDiff &diff, std::ostream &out) {
    if (diff.kind() != CallTree::Kind::TopDown)
        throw Error("differential folded stacks are written from a top-down comparison");
    const DiffTreeNode &root = diff.node(CallTreeDiff::kRoot);
    if (root.baseline.self > 0 || root.comparison.self > 0)
        out << "[no stack] " << root.baseline.self << ' ' << root.comparison.self << '\n';
    std::vector<std::pair<uint32_t, size_t>> pending; // node, length of the path before it
    for (auto it = root.children.rbegin(); it != root.children.rend(); ++it)
        pending.emplace_back(*it, 0);
    std::string path;
    while (!pending.empty()) {
        const auto [index, prefixLength] = pending.back();
        pending.pop_back();
        const DiffTreeNode &node = diff.node(index);
        path.resize(prefixLength);
        if (prefixLength > 0) path += ';';
        path += CollapsedStacksExporter::frameText(diff.functionName(index));
        if (node.inlined) path += CollapsedStacksExporter::kInlineSuffix;
        if (node.baseline.self > 0 || node.comparison.self > 0)
            out << path << ' ' << node.baseline.self << ' ' << node.comparison.self << '\n';
        for (auto child = node.children.rbegin(); child != node.children.rend(); ++child)
            pending.emplace_back(*child, path.size());
    }
}

void DiffFoldedExporter::writeFile(const CallTreeDiff &diff, const std::string &path) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out) throw Error(systemErrorMessage("cannot write differential folded stacks to " + path, errno));
    write(diff, out);
    out.flush();
    if (!out) throw Error("cannot write differential folded stacks to " + path + ": write failed");
}

} // namespace perfglass
