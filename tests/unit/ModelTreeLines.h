// A tree model's rows as text lines, for model suites that compare whole trees with the trees they show:
// "path self inclusive", the path of shown names from the top joined by ';', sorted (as TreeLines.h writes a
// CallTree).
#pragma once

#include <QAbstractItemModel>
#include <QStringList>

namespace perfglass::test {

// NAMECOLUMN holds the name; SELF and INCLUSIVE are the columns whose SORTROLE gives the costs.
inline void collectModelLines(const QAbstractItemModel &model, const QModelIndex &parent, const QString &path,
                              int nameColumn, int self, int inclusive, int sortRole, QStringList &lines) {
    for (int row = 0; row < model.rowCount(parent); ++row) {
        const QModelIndex index = model.index(row, nameColumn, parent);
        const QString rowPath =
            (path.isEmpty() ? QString() : path + QLatin1Char(';')) + index.data().toString();
        lines << QStringLiteral("%1 %2 %3")
                     .arg(rowPath)
                     .arg(index.siblingAtColumn(self).data(sortRole).toULongLong())
                     .arg(index.siblingAtColumn(inclusive).data(sortRole).toULongLong());
        collectModelLines(model, model.index(row, 0, parent), rowPath, nameColumn, self, inclusive, sortRole,
                          lines);
    }
}

inline QStringList modelLines(const QAbstractItemModel &model, int nameColumn, int self, int inclusive,
                              int sortRole) {
    QStringList lines;
    collectModelLines(model, {}, QString(), nameColumn, self, inclusive, sortRole, lines);
    lines.sort();
    return lines;
}

} // namespace perfglass::test
