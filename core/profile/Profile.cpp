#include "profile/Profile.h"

namespace perfglass {

std::string Profile::moduleName(ModuleId id) const {
    const std::string &path = modulePath(id);
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

} // namespace perfglass
