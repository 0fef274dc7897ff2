// Something computed from a Profile once and shared by every view of it while the profile lives (readable
// names, source locations). One entry per live profile, so that views of several sessions (tabs, the
// comparison) do not evict each other's; entries of profiles that are gone are dropped at the next look-up.
// Thread-safe: LoadJob fills it off the UI thread, views read it on the UI thread.
#pragma once

#include "profile/Profile.h"

#include <algorithm>
#include <memory>
#include <mutex>
#include <vector>

namespace perfglass {

template <typename Value> class ProfileDerivedCache {
public:
    using Compute = Value (*)(const Profile &);

    explicit ProfileDerivedCache(Compute compute)
        : compute_(compute) {}

    std::shared_ptr<const Value> of(const std::shared_ptr<const Profile> &profile) {
        return of(profile, [this, &profile] { return compute_(*profile); });
    }
    // The same, computed by make() (from what is known of an earlier snapshot of a growing profile) when
    // not known yet.
    template <typename Make>
    std::shared_ptr<const Value> of(const std::shared_ptr<const Profile> &profile, const Make &make) {
        if (!profile) return std::make_shared<const Value>();
        if (auto known = find(profile)) return known;
        // Computed outside the lock: a long computation for one session must not hold up the views of
        // another.
        auto computed = std::make_shared<const Value>(make());
        const std::lock_guard lock(mutex_);
        for (const Entry &entry : entries_)
            if (entry.profile.lock() == profile) return entry.value; // computed meanwhile by another thread
        entries_.push_back({profile, computed});
        return computed;
    }

    // The value of PROFILE, a snapshot of a growing profile, made by EXTEND(value of EARLIER, PROFILE) from
    // that of EARLIER, an earlier snapshot (null: computed whole).
    template <typename Extend>
    std::shared_ptr<const Value> of(const std::shared_ptr<const Profile> &profile,
                                    const std::shared_ptr<const Profile> &earlier, const Extend &extend) {
        if (!earlier) return of(profile);
        const auto before = of(earlier);
        return of(profile, [&] { return extend(*before, *profile); });
    }

private:
    struct Entry {
        std::weak_ptr<const Profile> profile;
        std::shared_ptr<const Value> value;
    };

    std::shared_ptr<const Value> find(const std::shared_ptr<const Profile> &profile) {
        const std::lock_guard lock(mutex_);
        std::erase_if(entries_, [](const Entry &entry) { return entry.profile.expired(); });
        for (const Entry &entry : entries_)
            if (entry.profile.lock() == profile) return entry.value;
        return nullptr;
    }

    const Compute compute_;
    std::mutex mutex_;
    std::vector<Entry> entries_;
};

} // namespace perfglass
