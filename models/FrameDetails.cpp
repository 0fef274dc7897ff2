#include "FrameDetails.h"

#include "ProfileDerivedCache.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QStringList>

namespace perfglass {

namespace {

constexpr qsizetype kMaxNamedCallers = 3;

ProfileDerivedCache<SourceLocations> &sourceLocationsCache() {
    static ProfileDerivedCache<SourceLocations> cache(&SourceLocations::compute);
    return cache;
}

} // namespace

std::shared_ptr<const SourceLocations> sourceLocationsOf(const std::shared_ptr<const Profile> &profile) {
    return sourceLocationsCache().of(profile);
}

std::shared_ptr<const SourceLocations> sourceLocationsOf(const std::shared_ptr<const Profile> &profile,
                                                         const std::shared_ptr<const Profile> &earlier) {
    return sourceLocationsCache().of(profile, earlier, &SourceLocations::extend);
}

QString locationText(const Profile &profile, const SourceLocations &locations, FunctionId function,
                     bool shortName) {
    const SourceLocation location = locations.of(function);
    if (!location.known()) return {};
    QString file = QString::fromStdString(profile.strings[location.file]);
    if (shortName) file = QFileInfo(file).fileName();
    return location.line == 0 ? file : QStringLiteral("%1:%2").arg(file).arg(location.line);
}

QString inlinedSuffix() {
    return QCoreApplication::translate("perfglass::FrameDetails", " (inlined)");
}

QString inlinedIntoText(const CallTree &tree, uint32_t node) {
    if (node == CallTree::kRoot || node >= tree.nodes().size() || !tree.node(node).inlined) return {};
    const CallTreeNode &n = tree.node(node);
    QStringList names;
    if (tree.kind() == CallTree::Kind::TopDown) {
        if (n.parent != CallTree::kRoot)
            names << QString::fromStdString(tree.functionName(tree.node(n.parent).function));
    } else {
        for (const uint32_t caller : n.children)
            names << QString::fromStdString(tree.functionName(tree.node(caller).function));
    }
    names.removeDuplicates();
    if (names.size() <= kMaxNamedCallers) return names.join(QStringLiteral(", "));
    const qsizetype more = names.size() - kMaxNamedCallers;
    return QCoreApplication::translate("perfglass::FrameDetails", "%1 and %n more", nullptr,
                                       static_cast<int>(more))
        .arg(names.first(kMaxNamedCallers).join(QStringLiteral(", ")));
}

} // namespace perfglass
