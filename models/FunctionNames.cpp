#include "FunctionNames.h"

#include "ProfileDerivedCache.h"

namespace perfglass {

namespace {

bool gReadableNamesShown = true;

ProfileDerivedCache<ReadableNames> &readableNamesCache() {
    static ProfileDerivedCache<ReadableNames> cache(&ReadableNames::of);
    return cache;
}

} // namespace

bool readableNamesShown() {
    return gReadableNamesShown;
}

void setReadableNamesShown(bool shown) {
    gReadableNamesShown = shown;
}

std::shared_ptr<const ReadableNames> readableNamesOf(const std::shared_ptr<const Profile> &profile) {
    return readableNamesCache().of(profile);
}

std::shared_ptr<const ReadableNames> readableNamesOf(const std::shared_ptr<const Profile> &profile,
                                                     const std::shared_ptr<const Profile> &earlier) {
    return readableNamesCache().of(profile, earlier, &ReadableNames::extend);
}

QString displayName(const ReadableNames *names, FunctionId function, const std::string &fullName) {
    if (!gReadableNamesShown || !names || function >= names->size()) return QString::fromStdString(fullName);
    return QString::fromStdString(names->name(function));
}

QString withoutParameters(const QString &name) {
    const qsizetype close = name.lastIndexOf(QLatin1Char(')'));
    if (close <= 0) return name;
    int depth = 0;
    for (qsizetype i = close; i >= 0; --i) {
        if (name[i] == QLatin1Char(')')) ++depth;
        if (name[i] == QLatin1Char('(') && --depth == 0) {
            // "(anonymous namespace)" or similar, and a runtime's "StubRoutines (1)": no parameter list
            // follows a space or begins a name.
            if (i == 0 || name[i - 1] == QLatin1Char(' ')) return name;
            return name.left(i);
        }
    }
    return name;
}

QString unqualifiedName(const QString &name) {
    int angle = 0;
    int paren = 0;
    qsizetype start = 0;
    for (qsizetype i = 0; i + 1 < name.size(); ++i) {
        const QChar c = name[i];
        if (c == QLatin1Char('<'))
            ++angle;
        else if (c == QLatin1Char('>') && angle > 0)
            --angle;
        else if (c == QLatin1Char('('))
            ++paren;
        else if (c == QLatin1Char(')') && paren > 0)
            --paren;
        else if (c == QLatin1Char(':') && name[i + 1] == QLatin1Char(':') && angle == 0 && paren == 0) {
            start = i + 2;
            ++i;
        }
    }
    return start > 0 && start < name.size() ? name.mid(start) : name;
}

} // namespace perfglass
