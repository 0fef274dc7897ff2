// The one convention for a call that opens a file descriptor: the owned descriptor, or the errno that
// refused it, always positive (never -errno, never 0 for success).
#pragma once

#include "base/Expected.h"
#include "base/UniqueFd.h"

#include <cerrno>

namespace perfglass {

using FdOrErrno = Expected<UniqueFd, int>;

// The outcome of a system call that returned a descriptor, or -1 with errno set. Call it right after the
// system call, before anything else can change errno.
inline FdOrErrno fdOrErrno(int result) {
    if (result >= 0) return UniqueFd(result);
    return unexpected(errno > 0 ? errno : EIO);
}

} // namespace perfglass
