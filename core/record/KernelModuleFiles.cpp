#include "record/KernelModuleFiles.h"

#include "record/HostBuildIds.h"

#include <sys/utsname.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string_view>

namespace perfglass {

namespace {
constexpr std::array<std::string_view, 4> kModuleSuffixes{".ko", ".ko.xz", ".ko.zst", ".ko.gz"};

std::string runningModulesDirectory() {
    utsname name{};
    if (::uname(&name) != 0) return {};
    return std::string("/lib/modules/") + name.release;
}
} // namespace

KernelModuleFiles::KernelModuleFiles()
    : KernelModuleFiles(Roots{}) {}

KernelModuleFiles::KernelModuleFiles(Roots roots)
    : roots_(std::move(roots)) {
    if (roots_.modulesDirectory.empty()) roots_.modulesDirectory = runningModulesDirectory();
}

std::vector<uint8_t> KernelModuleFiles::buildId(const std::string &name) const {
    if (name.empty() || name.find('/') != std::string::npos || name.starts_with(".")) return {};
    std::ifstream file(roots_.sysModule + "/" + name + "/notes/.note.gnu.build-id", std::ios::binary);
    const std::vector<uint8_t> notes((std::istreambuf_iterator<char>(file)), {});
    return gnuBuildIdOfNotes(notes);
}

std::string KernelModuleFiles::path(const std::string &name) const {
    if (!files_) walk();
    const auto found = files_->find(name);
    return found != files_->end() ? found->second : std::string();
}

bool KernelModuleFiles::isCompressed(const std::string &path) {
    return !path.ends_with(".ko");
}

// "nf-conntrack.ko.xz" -> "nf_conntrack"; empty for a file that is no module.
std::string KernelModuleFiles::nameOfFile(const std::string &fileName) {
    for (std::string_view suffix : kModuleSuffixes) {
        if (!fileName.ends_with(suffix) || fileName.size() == suffix.size()) continue;
        std::string name = fileName.substr(0, fileName.size() - suffix.size());
        std::replace(name.begin(), name.end(), '-', '_');
        return name;
    }
    return {};
}

// The first file of each name wins, in the order of a sorted walk, so that the result does not depend on the
// directory's order on disk.
void KernelModuleFiles::walk() const {
    namespace fs = std::filesystem;
    files_.emplace();
    std::vector<fs::path> found;
    std::error_code error;
    for (fs::recursive_directory_iterator it(roots_.modulesDirectory, error), end; !error && it != end;
         it.increment(error))
        if (it->is_regular_file(error) && !nameOfFile(it->path().filename().string()).empty())
            found.push_back(it->path());
    std::sort(found.begin(), found.end());
    for (const fs::path &file : found)
        files_->emplace(nameOfFile(file.filename().string()), file.lexically_normal().string());
}

} // namespace perfglass
