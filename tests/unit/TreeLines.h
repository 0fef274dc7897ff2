// A call tree as text lines, for tests that compare whole trees: tst_aggregation and tst_processgroups.
#pragma once

#include "analysis/CallTree.h"

#include <QString>
#include <QStringList>

#include <utility>
#include <vector>

namespace perfglass::test {

// Every node of a tree as "path self inclusive", the path from the root joined by ';' (an inline frame's
// name followed by " [inlined]"), sorted.
inline QStringList treeLines(const CallTree &tree) {
    QStringList lines;
    std::vector<std::pair<uint32_t, QString>> pending{{CallTree::kRoot, QString()}};
    while (!pending.empty()) {
        auto [index, path] = pending.back();
        pending.pop_back();
        const CallTreeNode &node = tree.node(index);
        if (index != CallTree::kRoot) {
            path += (path.isEmpty() ? "" : ";") + QString::fromStdString(tree.functionName(node.function));
            if (node.inlined) path += QStringLiteral(" [inlined]");
            lines << QStringLiteral("%1 %2 %3").arg(path).arg(node.self).arg(node.inclusive);
        }
        for (uint32_t child : node.children)
            pending.emplace_back(child, path);
    }
    lines.sort();
    return lines;
}

} // namespace perfglass::test
