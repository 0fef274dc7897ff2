// A small Profile filled by hand, for exact checks of aggregations, transforms and exports.
//
// Modules: app, libm.so.6, [kernel.kallsyms] (kernel). Functions (one frame each): main, a, b, c<int>
// (app), sqrt, sqrt_inner (libm), kfunc (kernel), rec (app). Eleven samples of period 1 (pid 1; sample k at
// time 1000 + 100 k, tid 1 for even k, 2 for odd k, cpu k % 2):
//   k 0-2 main;a;b                  k 3 main;a
//   k 4-5 main;c;sqrt;sqrt_inner     k 6 main;c;sqrt;sqrt_inner;kfunc
//   k 7-8 main;rec;rec;b             k 9 main;rec;a;rec;c          k 10 (no stack)
#pragma once

#include "profile/Profile.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace perfglass::test {

class HandProfile {
public:
    HandProfile() {
        const ModuleId app = addModule("/usr/bin/app", false);
        const ModuleId libm = addModule("/usr/lib/libm.so.6", false);
        const ModuleId kernel = addModule("[kernel.kallsyms]", true);
        for (const char *name : {"main", "a", "b", "c<int>"})
            addFunction(name, app);
        addFunction("sqrt", libm);
        addFunction("sqrt_inner", libm);
        addFunction("kfunc", kernel);
        addFunction("rec", app);
        profile.events.push_back({"cpu-clock", 1, 0});
        profile.threads.push_back({1, 1, profile.strings.intern("app")});
        profile.threads.push_back({1, 2, profile.strings.intern("worker")});
        const std::vector<std::vector<std::string>> stacks = {
            {"main", "a", "b"},
            {"main", "a", "b"},
            {"main", "a", "b"},
            {"main", "a"},
            {"main", "c<int>", "sqrt", "sqrt_inner"},
            {"main", "c<int>", "sqrt", "sqrt_inner"},
            {"main", "c<int>", "sqrt", "sqrt_inner", "kfunc"},
            {"main", "rec", "rec", "b"},
            {"main", "rec", "rec", "b"},
            {"main", "rec", "a", "rec", "c<int>"},
            {},
        };
        for (size_t k = 0; k < stacks.size(); ++k)
            addSample(stacks[k], 1000 + 100 * k, k % 2 == 0 ? 1 : 2, static_cast<uint32_t>(k % 2), 1);
        profile.startTime = 1000;
        profile.endTime = 2000;
    }

    FunctionId function(const std::string &name) const { return functions.at(name); }
    bool hasFunction(const std::string &name) const { return functions.count(name) != 0; }
    ModuleId module(const std::string &name) const { return modules.at(name); }
    std::shared_ptr<const Profile> shared() const { return std::make_shared<const Profile>(profile); }

    ModuleId addModule(const std::string &path, bool kernel) {
        const auto id = static_cast<ModuleId>(profile.modules.size());
        profile.modules.push_back({profile.strings.intern(path), kernel, true, {}, {}});
        modules[profile.moduleName(id)] = id;
        return id;
    }
    FunctionId addFunction(const std::string &name, ModuleId module) {
        const auto id = static_cast<FunctionId>(profile.functions.size());
        profile.functions.push_back({profile.strings.intern(name), module});
        profile.frames.push_back({id, module, 0x1000 + id * 0x10, 0, 0, false});
        functions[name] = id;
        return id;
    }
    StackId stackOf(const std::vector<std::string> &path) {
        StackId stack = kNoStack;
        for (const auto &name : path) {
            const FrameId frame = function(name); // frame i is function i
            const auto key = std::make_pair(frame, stack);
            const auto found = stackIds.find(key);
            if (found != stackIds.end()) {
                stack = found->second;
                continue;
            }
            profile.stacks.push_back({frame, stack});
            stack = static_cast<StackId>(profile.stacks.size() - 1);
            stackIds[key] = stack;
        }
        return stack;
    }
    void addSample(const std::vector<std::string> &path, uint64_t time, uint32_t tid, uint32_t cpu,
                   uint64_t period) {
        auto &samples = profile.samples;
        samples.time.push_back(time);
        samples.pid.push_back(1);
        samples.tid.push_back(tid);
        samples.cpu.push_back(cpu);
        samples.event.push_back(0);
        samples.period.push_back(period);
        samples.stack.push_back(stackOf(path));
    }

    Profile profile;

private:
    std::map<std::string, FunctionId> functions;
    std::map<std::string, ModuleId> modules;
    std::map<std::pair<FrameId, StackId>, StackId> stackIds;
};

} // namespace perfglass::test
