#include "BuildIdListCommand.h"

#include "base/Error.h"
#include "identity/BuildIdCache.h"
#include "perfdata/PerfDataReader.h"
#include "record/HostBuildIds.h"

#include <fmt/format.h>

namespace perfglass::cli {

CLI::App *BuildIdListCommand::setup(CLI::App &app) {
    CLI::App *sub = app.add_subcommand(
        "buildid-list", "List the build ids of the files a session's samples hit, as perf buildid-list");
    sub->add_option("-i,--input", input_, "The session to read (default perf.data; - reads standard input)");
    sub->add_flag("-k,--kernel", kernel_, "Print the running kernel's build id instead");
    sub->footer("Each line is HEX PATH: the build id and the path the recording knew the file by\n"
                "([kernel.kallsyms] and [vdso] for the kernel and the vdso).\n"
                "Examples:\n  perfglass-cli buildid-list -i perf.data\n  perfglass-cli buildid-list -k");
    return sub;
}

int BuildIdListCommand::run() {
    if (kernel_) {
        const auto kernel = kernelBuildIdEntry();
        if (!kernel) throw Error("the running kernel's build id cannot be read from /sys/kernel/notes");
        fmt::print("{}\n", buildIdHex(kernel->buildId));
        return 0;
    }
    PerfDataReader reader(input_);
    // A pipe-mode stream says its build ids in records among the others, the last ones at its end.
    if (input_ == "-")
        while (reader.next()) {
        }
    for (const auto &entry : reader.metadata().buildIds)
        if (!entry.buildId.empty()) fmt::print("{} {}\n", buildIdHex(entry.buildId), entry.path);
    return 0;
}

} // namespace perfglass::cli
