#include "profile/ThreadCommands.h"

#include <algorithm>

namespace perfglass {

ThreadCommands::ThreadCommands(const Profile &profile)
    : profile_(profile) {
    for (const ThreadInfo &thread : profile.threads)
        threads_[thread.tid] = &thread;
}

StringId ThreadCommands::threadAt(uint32_t tid, uint64_t time) const {
    const ThreadInfo *info = thread(tid);
    return info ? info->commandAt(time) : 0;
}

const ThreadInfo *ThreadCommands::thread(uint32_t tid) const {
    const auto found = threads_.find(tid);
    return found == threads_.end() ? nullptr : found->second;
}

StringId ThreadCommands::processAt(uint32_t pid, uint32_t tid, uint64_t time) const {
    return processCommandAt(pid, tid, time).command;
}

ThreadCommands::ProcessCommand ThreadCommands::processCommandAt(uint32_t pid, uint32_t tid,
                                                                uint64_t time) const {
    if (const auto main = threads_.find(pid); main != threads_.end() && main->second->pid == pid)
        if (const StringId command = main->second->commandAt(time); command != 0) return {command, true};
    return {threadAt(tid, time), false};
}

std::vector<bool> ThreadCommands::samplesOf(const std::vector<std::string> &names) const {
    std::vector<bool> chosen(profile_.strings.size(), false); // by StringId
    for (StringId id = 0; id < profile_.strings.size(); ++id)
        chosen[id] = std::find(names.begin(), names.end(), profile_.strings[id]) != names.end();
    const auto &samples = profile_.samples;
    std::vector<bool> result(samples.size(), false);
    for (size_t i = 0; i < samples.size(); ++i)
        result[i] = chosen[threadAt(samples.tid[i], samples.time[i])];
    return result;
}

} // namespace perfglass
