// Symbol names as `perf report` and `perf diff` print them and as Perfglass does, brought to one form for
// comparing: perf drops return types, parameter lists and clone suffixes in its sorted output.
#pragma once

#include <QRegularExpression>
#include <QString>

namespace perfglass::test {

// perf prints C++ names without return type, parameter list and clone suffix in this mode; compare the rest.
inline QString normalized(QString name) {
    name = name.trimmed();
    static const QRegularExpression clone(QStringLiteral("( \\[clone [^\\]]*\\])+$"));
    name.remove(clone);
    if (name.endsWith(QLatin1Char(')')) || name.endsWith(QStringLiteral(") const"))) {
        int depth = 0;
        for (qsizetype i = name.lastIndexOf(QLatin1Char(')')); i >= 0; --i) {
            if (name[i] == QLatin1Char(')')) ++depth;
            if (name[i] == QLatin1Char('(') && --depth == 0) {
                if (i > 0 && !name.startsWith(QStringLiteral("(anonymous"))) name.truncate(i);
                break;
            }
        }
    }
    // A leading return type ends at the last space outside template arguments.
    int angle = 0;
    qsizetype cut = -1;
    for (qsizetype i = 0; i < name.size(); ++i) {
        if (name[i] == QLatin1Char('<')) ++angle;
        if (name[i] == QLatin1Char('>')) --angle;
        if (name[i] == QLatin1Char(' ') && angle == 0) cut = i;
    }
    if (cut >= 0 && !name.startsWith(QLatin1Char('['))) name = name.mid(cut + 1);
    return name;
}

// normalized, and without the symbol version perf shows for some dynamic symbols ("cfree@GLIBC_2.2.5"); the
// name of a PLT entry ("operator delete(void*)@plt") is normalized before its "@plt".
inline QString normalizedVersioned(QString name) {
    static const QRegularExpression version(QStringLiteral("@@?[A-Z][A-Z0-9_.]*$"));
    name.remove(version);
    const QString plt = QStringLiteral("@plt");
    if (name.endsWith(plt)) return normalized(name.chopped(plt.size())) + plt;
    return normalized(name);
}

} // namespace perfglass::test
