// ProfileDerivedCache, what views share of a Profile (readable names, source locations): computed once per
// live profile, whichever profiles are looked up in between (several tabs, a comparison), and dropped once
// the profile is gone.
#include "ProfileDerivedCache.h"

#include <QTest>

using namespace perfglass;

namespace {

int gComputations = 0;

size_t countFunctions(const Profile &profile) {
    ++gComputations;
    return profile.functions.size();
}

std::shared_ptr<const Profile> profileWithFunctions(size_t count) {
    auto profile = std::make_shared<Profile>();
    profile->functions.resize(count);
    return profile;
}

} // namespace

class TestProfileDerivedCache : public QObject {
    Q_OBJECT
private slots:
    void init() { gComputations = 0; }

    void computedOncePerProfile() {
        ProfileDerivedCache<size_t> cache(&countFunctions);
        const auto first = profileWithFunctions(3);
        const auto second = profileWithFunctions(5);
        // Views of two sessions asking in turn: each profile's value is computed once, not once per turn.
        for (int turn = 0; turn < 4; ++turn) {
            QCOMPARE(*cache.of(first), size_t(3));
            QCOMPARE(*cache.of(second), size_t(5));
        }
        QCOMPARE(gComputations, 2);
        QCOMPARE(cache.of(first).get(), cache.of(first).get());
    }

    void profileGoneIsForgotten() {
        ProfileDerivedCache<size_t> cache(&countFunctions);
        std::weak_ptr<const size_t> valueOfGone;
        {
            const auto gone = profileWithFunctions(2);
            valueOfGone = cache.of(gone);
        }
        const auto next = profileWithFunctions(7);
        QCOMPARE(*cache.of(next), size_t(7)); // never the gone profile's value, even at the same address
        QVERIFY(valueOfGone.expired());       // dropped with its profile
        QCOMPARE(gComputations, 2);
    }

    void noProfileGivesAnEmptyValue() {
        ProfileDerivedCache<size_t> cache(&countFunctions);
        QCOMPARE(*cache.of(nullptr), size_t(0));
        QCOMPARE(gComputations, 0);
    }
};

QTEST_GUILESS_MAIN(TestProfileDerivedCache)
#include "tst_profilederivedcache.moc"
