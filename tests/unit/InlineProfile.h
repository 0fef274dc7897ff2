// HandProfile (HandProfile.h) with inline frames, for exact checks of how aggregations and exports treat
// them.
#pragma once

#include "unit/HandProfile.h"

#include <map>
#include <string>
#include <vector>

namespace perfglass::test {

// HandProfile's modules and functions plus work, mix and step (app), with inline frames, and other samples:
// "mix*" is an inline frame of mix (mix's code inlined into its caller), "mix" an out-of-line call of it.
//   k 0-2 main;work;mix*          k 3 main;work;mix*;step*     k 4 main;work
//   k 5-6 main;mix                k 7 main;work;mix*;sqrt
struct InlineProfile {
    HandProfile hand;
    std::map<std::string, FrameId> frames;

    InlineProfile() {
        const ModuleId app = hand.module("app");
        for (const char *name : {"main", "a", "b", "c<int>", "sqrt", "sqrt_inner", "kfunc", "rec"})
            frames[name] = hand.function(name); // frame i is function i
        for (const char *name : {"work", "mix", "step"})
            frames[name] = hand.addFunction(name, app);
        for (const char *name : {"mix", "step"}) {
            Frame frame = hand.profile.frames[frames[name]];
            frame.inlined = true;
            frames[std::string(name) + "*"] = static_cast<FrameId>(hand.profile.frames.size());
            hand.profile.frames.push_back(frame);
        }
        hand.profile.samples = {};
        const std::vector<std::vector<std::string>> stacks = {
            {"main", "work", "mix*"}, {"main", "work", "mix*"},
            {"main", "work", "mix*"}, {"main", "work", "mix*", "step*"},
            {"main", "work"},         {"main", "mix"},
            {"main", "mix"},          {"main", "work", "mix*", "sqrt"},
        };
        for (size_t k = 0; k < stacks.size(); ++k)
            addSample(stacks[k], 1000 + 100 * k);
    }

    void addSample(const std::vector<std::string> &path, uint64_t time) {
        StackId stack = kNoStack;
        for (const auto &name : path) {
            hand.profile.stacks.push_back({frames.at(name), stack});
            stack = static_cast<StackId>(hand.profile.stacks.size() - 1);
        }
        auto &samples = hand.profile.samples;
        samples.time.push_back(time);
        samples.pid.push_back(1);
        samples.tid.push_back(1);
        samples.cpu.push_back(0);
        samples.event.push_back(0);
        samples.period.push_back(1);
        samples.stack.push_back(stack);
    }
};

} // namespace perfglass::test
