#include "export/CollapsedStacksExporter.h"

#include "base/Error.h"

#include <cerrno>
#include <fstream>
#include <vector>

namespace perfglass {

std::string CollapsedStacksExporter::frameText(const std::string &name) {
    std::string text = name.empty() ? std::string("[unknown]") : name;
    for (char &c : text) {
        if (c == ';') c = ':';
        if (c == '\n' || c == '\r') c = ' ';
    }
    return text;
}

void CollapsedStacksExporter::write(const CallTree &tree, std::ostream &out) {
    if (tree.kind() != CallTree::Kind::TopDown)
        throw Error("collapsed stacks are written from a top-down call tree");
    if (tree.node(CallTree::kRoot).self > 0) out << "[no stack] " << tree.node(CallTree::kRoot).self << '\n';
    // Depth-first with an explicit stack; each node's path is its parent's path plus its frame.
    std::vector<std::pair<uint32_t, size_t>> pending; // node, length of the path before it
    std::string path;
    for (auto it = tree.node(CallTree::kRoot).children.rbegin();
         it != tree.node(CallTree::kRoot).children.rend(); ++it)
        pending.emplace_back(*it, 0);
    while (!pending.empty()) {
        const auto [index, prefixLength] = pending.back();
        pending.pop_back();
        const CallTreeNode &node = tree.node(index);
        path.resize(prefixLength);
        if (prefixLength > 0) path += ';';
        path += frameText(tree.functionName(node.function));
        if (node.inlined) path += kInlineSuffix;
        if (node.self > 0) out << path << ' ' << node.self << '\n';
        for (auto child = node.children.rbegin(); child != node.children.rend(); ++child)
            pending.emplace_back(*child, path.size());
    }
}

void CollapsedStacksExporter::writeFile(const CallTree &tree, const std::string &path) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out) throw Error(systemErrorMessage("cannot write collapsed stacks to " + path, errno));
    write(tree, out);
    out.flush();
    if (!out) throw Error("cannot write collapsed stacks to " + path + ": write failed");
}

} // namespace perfglass
