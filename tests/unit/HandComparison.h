// Two hand-made profiles to compare (HandProfile.h), for the comparison's models. Both add
// ns::Parser::parse(std::vector<int, std::allocator<int> > const&) (app), called from main; the comparison
// also has "fresh", which the baseline lacks:
//   baseline   (12 samples): the hand profile, and main;parse once
//   comparison (16 samples): the hand profile, main;c<int>;sqrt;sqrt_inner once more, main;fresh twice and
//                            main;parse twice
// Shares of main's children, baseline -> comparison: a 33.33 -> 25.00 %, c<int> 25.00 -> 25.00 %, rec 25.00
// -> 18.75 %, parse 8.33 -> 12.50 %, fresh 0 -> 12.50 %; main 91.67 -> 93.75 %.
#pragma once

#include "HandProfile.h"

#include <memory>
#include <string>

namespace perfglass::test {

inline const std::string kParseName = "ns::Parser::parse(std::vector<int, std::allocator<int> > const&)";

inline std::shared_ptr<const Profile> handBaseline() {
    HandProfile hand;
    hand.addFunction(kParseName, hand.module("app"));
    hand.addSample({"main", kParseName}, 2100, 1, 0, 1);
    hand.profile.endTime = 2400;
    return hand.shared();
}

inline std::shared_ptr<const Profile> handComparison() {
    HandProfile hand;
    hand.addFunction(kParseName, hand.module("app"));
    hand.addFunction("fresh", hand.module("app"));
    hand.addSample({"main", "c<int>", "sqrt", "sqrt_inner"}, 2100, 1, 0, 1);
    for (uint64_t k = 0; k < 2; ++k) {
        hand.addSample({"main", "fresh"}, 2200 + k, 1, 0, 1);
        hand.addSample({"main", kParseName}, 2300 + k, 1, 0, 1);
    }
    hand.profile.endTime = 2400;
    return hand.shared();
}

} // namespace perfglass::test
