// Round numbers for chart axes and grid lines.
#pragma once

#include <cmath>

namespace perfglass {

// The smallest of 1, 2 or 5 times a power of ten that is at least value (value > 0).
inline double niceCeiling(double value) {
    const double power = std::pow(10.0, std::floor(std::log10(value)));
    for (double factor : {1.0, 2.0, 5.0})
        if (factor * power >= value) return factor * power;
    return 10.0 * power;
}

} // namespace perfglass
