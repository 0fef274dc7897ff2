// CPU lists in the kernel's notation ("0-3,6"), as in /sys/devices/system/cpu/online and perf's -C option.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace perfglass {

// Throws Error naming the bad part of text.
std::vector<int> parseCpuList(std::string_view text);
// The online CPUs of this machine; falls back to 0..nprocs-1 when sysfs is unreadable.
std::vector<int> onlineCpus();

} // namespace perfglass
