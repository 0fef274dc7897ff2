#include "RemoteRecording.h"

#include "StdinArguments.h"

#include "base/Error.h"

#include <fmt/format.h>
#include <signal.h>

namespace perfglass::cli {

RemoteRecording::RemoteRecording(RemoteRecordingSetup setup)
    : setup_(std::move(setup)) {}

std::string RemoteRecording::remoteCommand(const std::string &remoteCli, const std::string &subcommand,
                                           const std::vector<std::string> &fixedArguments) {
    std::string command = "exec " + shellQuoted(remoteCli) + " " + subcommand;
    for (const auto &argument : fixedArguments)
        command += " " + shellQuoted(argument);
    return command;
}

void RemoteRecording::start() {
    const std::string command = remoteCommand(setup_.remoteCli, "record", {"--arguments-from-stdin"});
    ssh_ = std::make_unique<SshProcess>(setup_.host.sshCommand(setup_.sshConfig, command));
    std::vector<std::string> arguments{"--stop-on-stdin-close", "-o", "-", "-z", "-N"};
    arguments.insert(arguments.end(), setup_.recordArguments.begin(), setup_.recordArguments.end());
    // When ssh fails before reading, the write fails too; finish() then says why from its status.
    ssh_->write(argumentBlock(arguments));
}

void RemoteRecording::stop() {
    if (ssh_) ssh_->closeInput();
}

void RemoteRecording::abort() {
    if (ssh_) ssh_->signal(SIGTERM);
}

RemoteRecordingResult RemoteRecording::finish() {
    RemoteRecordingResult result;
    try {
        result.saved = PipeStreamSaver::save(ssh_->outputPath(), setup_.outputPath, setup_.compressionLevel);
    } catch (const Error &error) {
        ssh_->closeInput();
        const int status = ssh_->wait();
        throw Error(status != 0 ? fmt::format("{}: {} ({})", setup_.host.host, failure(status), error.what())
                                : fmt::format("{}: {}", setup_.host.host, error.what()));
    }
    ssh_->closeInput();
    result.exitStatus = ssh_->wait();
    if (result.exitStatus == 255)
        result.saved.notices.push_back(
            Message{MessageKind::Text,
                    {fmt::format("{}: the connection ended with ssh's error (status 255) "
                                 "after {} records; the file keeps every whole record "
                                 "that arrived",
                                 setup_.host.host, result.saved.records)}});
    return result;
}

std::string RemoteRecording::failure(int status) const {
    if (status == 255)
        return "ssh could not connect or log in (status 255; its message is above). An unknown host key is "
               "never accepted here: connect once with `ssh " +
               setup_.host.host +
               "` and check the key, or add it to ~/.ssh/known_hosts (ssh-keyscan); a password prompt needs "
               "a "
               "terminal or SSH_ASKPASS";
    if (status == 127)
        return "no '" + setup_.remoteCli +
               "' on the host (status 127): install Perfglass there, or give the recorder's path with "
               "--remote-cli (copying this build there, --deploy, is not implemented yet)";
    return fmt::format("the recorder on the host failed (status {}; its message is above)", status);
}

} // namespace perfglass::cli
