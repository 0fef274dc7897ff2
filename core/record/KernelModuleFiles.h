// The loaded kernel modules as perf record lists and caches them: a module's build id as the kernel gives it
// (SYSFS/NAME/notes/.note.gnu.build-id) and its file, found by name under the running kernel's modules
// directory (/lib/modules/RELEASE). /proc/modules names a module with underscores (nf_conntrack) while its
// file may have dashes (nf-conntrack.ko), and distributions compress them (.ko.xz, .ko.zst, .ko.gz).
// Both roots are given, so that a fixture stands in for a machine's modules.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace perfglass {

class KernelModuleFiles {
public:
    struct Roots {
        std::string sysModule = "/sys/module";
        std::string modulesDirectory; // empty: /lib/modules/RELEASE of the running kernel
    };

    KernelModuleFiles(); // this machine's
    explicit KernelModuleFiles(Roots roots);

    // The build id the kernel reports for the loaded module; empty when it reports none.
    std::vector<uint8_t> buildId(const std::string &name) const;
    // The module's file under the modules directory, empty when there is none; the directory is walked
    // once, on first use.
    std::string path(const std::string &name) const;
    const std::string &modulesDirectory() const { return roots_.modulesDirectory; }

    // Whether the file is compressed (its build id cannot be read without unpacking it).
    static bool isCompressed(const std::string &path);

private:
    static std::string nameOfFile(const std::string &fileName);
    void walk() const;

    Roots roots_;
    mutable std::optional<std::map<std::string, std::string>> files_; // module name -> path
};

} // namespace perfglass
