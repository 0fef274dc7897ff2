#include "analysis/FrameCategory.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace perfglass {

namespace {

// Hue 0..359, saturation and lightness 0..255, as Qt's QColor::fromHsl takes them.
struct Hsl {
    double hue = 0;
    double saturation = 0;
    double lightness = 0;
};

uint8_t channel(double value) {
    return static_cast<uint8_t>(std::clamp(std::lround(value * 255.0), 0L, 255L));
}

Rgb toRgb(const Hsl &hsl) {
    const double s = hsl.saturation / 255.0;
    const double l = hsl.lightness / 255.0;
    const double chroma = (1.0 - std::abs(2.0 * l - 1.0)) * s;
    const double sector = std::fmod(hsl.hue, 360.0) / 60.0;
    const double x = chroma * (1.0 - std::abs(std::fmod(sector, 2.0) - 1.0));
    const double m = l - chroma / 2.0;
    const std::array<std::array<double, 3>, 6> sectors{
        {{chroma, x, 0}, {x, chroma, 0}, {0, chroma, x}, {0, x, chroma}, {x, 0, chroma}, {chroma, 0, x}}};
    const auto &rgb = sectors[static_cast<size_t>(sector) % 6];
    return {channel(rgb[0] + m), channel(rgb[1] + m), channel(rgb[2] + m)};
}

Hsl toHsl(Rgb rgb) {
    const double r = rgb.red / 255.0, g = rgb.green / 255.0, b = rgb.blue / 255.0;
    const double high = std::max({r, g, b}), low = std::min({r, g, b});
    const double l = (high + low) / 2.0;
    const double delta = high - low;
    if (delta == 0) return {0, 0, l * 255.0};
    const double s = delta / (1.0 - std::abs(2.0 * l - 1.0));
    double hue = high == r   ? std::fmod((g - b) / delta, 6.0)
                 : high == g ? (b - r) / delta + 2.0
                             : (r - g) / delta + 4.0;
    hue *= 60.0;
    if (hue < 0) hue += 360.0;
    return {hue, s * 255.0, l * 255.0};
}

uint32_t nameHash(std::string_view name) {
    uint32_t hash = 2166136261u; // FNV-1a: stable across runs and platforms
    for (const char c : name) {
        hash ^= static_cast<unsigned char>(c);
        hash *= 16777619u;
    }
    return hash;
}

// JIT code is named from a perf map (perf-PID.map), a jitdump (jit-PID.dump) or, after perf inject --jit, the
// ELF files perf made of one (jitted-PID-N.so).
bool isJitMap(std::string_view path) {
    const size_t slash = path.rfind('/');
    const std::string_view file = slash == std::string_view::npos ? path : path.substr(slash + 1);
    return (file.starts_with("perf-") && file.ends_with(".map")) ||
           (file.starts_with("jit-") && file.ends_with(".dump")) ||
           (file.starts_with("jitted-") && file.ends_with(".so"));
}

bool isUnderSystemLibraryDirectory(std::string_view path) {
    static constexpr std::array<std::string_view, 5> systemDirs = {"/usr/lib", "/lib", "/usr/lib64", "/lib64",
                                                                   "/usr/libexec"};
    return std::any_of(systemDirs.begin(), systemDirs.end(), [path](std::string_view dir) {
        return path.starts_with(dir) && path.size() > dir.size() &&
               (path[dir.size()] == '/' || path.substr(dir.size()).starts_with("32/"));
    });
}

// Whether FILE is named as a shared object is ("libc.so.6", "ld-linux-x86-64.so.2", "_ssl.cpython-311.so").
bool isSharedObjectName(std::string_view file) {
    for (size_t at = file.find(".so"); at != std::string_view::npos; at = file.find(".so", at + 1))
        if (at + 3 == file.size() || file[at + 3] == '.') return true;
    return false;
}

} // namespace

FrameCategory frameCategoryOfPath(std::string_view path, bool kernel) {
    if (kernel) return FrameCategory::Kernel;
    if (path.empty() || path == "[unknown]") return FrameCategory::Unknown;
    if (path.starts_with("[kernel") || path.ends_with(".ko") || path.ends_with(".ko]"))
        return FrameCategory::Kernel;
    if (path.starts_with("[")) return FrameCategory::SystemLibrary; // [vdso], [vsyscall]
    if (isJitMap(path)) return FrameCategory::Jit;
    // A program installed under a library directory (GCC's cc1plus in /usr/lib/gcc, helpers in /usr/libexec)
    // is the code a process runs, not a library it calls.
    const std::string_view file = path.substr(path.rfind('/') + 1);
    if (isUnderSystemLibraryDirectory(path) && isSharedObjectName(file)) return FrameCategory::SystemLibrary;
    return FrameCategory::Application;
}

FrameCategory frameCategory(const Profile &profile, ModuleId module) {
    if (module == kProcessModule) return FrameCategory::Process;
    if (module == kIdleModule) return FrameCategory::Idle;
    if (module >= profile.modules.size()) return FrameCategory::Unknown;
    return frameCategoryOfPath(profile.modulePath(module), profile.modules[module].kernel);
}

namespace FramePalette {

Rgb frameColour(FrameCategory category, std::string_view name) {
    const uint32_t hash = nameHash(name);
    const double v1 = (hash & 0xff) / 255.0;
    const double v2 = ((hash >> 8) & 0xff) / 255.0;
    // Whole numbers, as the colours were first picked with integer HSL.
    const auto hsl = [](double hue, double saturation, double lightness) {
        return toRgb({std::trunc(hue), std::trunc(saturation), std::trunc(lightness)});
    };
    switch (category) {
    case FrameCategory::Application: // warm: orange to yellow
        return hsl(18 + 32 * v1, 200 + 40 * v2, 150 + 30 * v2);
    case FrameCategory::SystemLibrary: // cool blue
        return hsl(195 + 25 * v1, 120 + 60 * v2, 170 + 25 * v2);
    case FrameCategory::Kernel: // green
        return hsl(90 + 40 * v1, 110 + 50 * v2, 155 + 25 * v2);
    case FrameCategory::Jit: // violet
        return hsl(265 + 25 * v1, 110 + 50 * v2, 165 + 25 * v2);
    case FrameCategory::Process: // rose
        return hsl(330 + 20 * v1, 90 + 40 * v2, 185 + 20 * v2);
    case FrameCategory::Idle: // one pale blue-grey, the same for every idle box
        return hsl(210, 30, 225);
    case FrameCategory::Unknown:
        break;
    }
    return hsl(0, 0, 185 + 25 * v1);
}

Rgb inlinedColour(Rgb base) {
    const Hsl hsl = toHsl(base);
    const double lightness = std::round(hsl.lightness);
    return toRgb({std::round(hsl.hue), std::trunc(std::round(hsl.saturation) * 4 / 5),
                  lightness + std::trunc((245 - std::min(245.0, lightness)) / 2)});
}

Rgb inlinedOutline(Rgb base) {
    // About QColor::darker(135): the same hue and saturation, 1/1.35 of the brightness.
    const auto darker = [](uint8_t value) { return static_cast<uint8_t>(std::lround(value / 1.35)); };
    return {darker(base.red), darker(base.green), darker(base.blue)};
}

Rgb outOfLineColour(const CallTree &tree, uint32_t node) {
    if (node == CallTree::kRoot) return kRoot;
    const FunctionId function = tree.node(node).function;
    const std::string &name = tree.functionName(function);
    if (name == kBrokenStackName) return kBrokenStack;
    return frameColour(frameCategory(tree.profile(), tree.functionModule(function)), name);
}

} // namespace FramePalette

} // namespace perfglass
