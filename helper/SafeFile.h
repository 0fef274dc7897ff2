// Opening and reading the few files the helper serves, without following any symbolic link: every path is
// walked one component at a time from "/" with O_NOFOLLOW, and a component that is a symlink is refused.
#pragma once

#include "protocol/HelperProtocol.h"

#include <cstdint>
#include <string>
#include <vector>

namespace perfglass::helper {

// Opens the directory absolutePath (no "." or ".." components, no symlinks anywhere along it).
Status openDirectoryNoFollow(const std::string &absolutePath, UniqueFd &out);
// Opens the directory or regular file name inside dirFd; name is a single component.
Status openDirectoryAt(int dirFd, const std::string &name, UniqueFd &out);
Status openFileAt(int dirFd, const std::string &name, UniqueFd &out);
// Opens the regular file absolutePath without following symlinks.
Status openFileNoFollow(const std::string &absolutePath, UniqueFd &out);

// Reads fd to its end; ContentTooLarge when it holds more than limit bytes. what names it in messages.
Status readBounded(int fd, uint64_t limit, const std::string &what, std::string &out);
// The names in the directory fd (without "." and ".."), at most limit of them.
Status listDirectory(int fd, size_t limit, const std::string &what, std::vector<std::string> &names);

} // namespace perfglass::helper
