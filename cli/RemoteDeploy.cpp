#include "RemoteDeploy.h"

#include "SshProcess.h"

#include "base/Error.h"
#include "base/UniqueFd.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <nettle/sha2.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <cerrno>
#include <sstream>
#include <vector>

namespace perfglass::cli {

namespace {

std::string thisProgram() {
    std::vector<char> path(4096);
    const ssize_t length = ::readlink("/proc/self/exe", path.data(), path.size() - 1);
    if (length <= 0)
        throw Error(systemErrorMessage("--deploy: cannot find this program (/proc/self/exe)", errno));
    return std::string(path.data(), static_cast<size_t>(length));
}

std::string thisMachine() {
    utsname names{};
    ::uname(&names);
    return names.machine;
}

// The shell words that name the deploy directory of hash on the host (hash is hex: nothing to quote).
std::string deployDirectory(const std::string &hash) {
    return "dir=\"${XDG_CACHE_HOME:-$HOME/.cache}/perfglass/deploy/" + hash + "\"";
}

std::string readAll(int fd) {
    std::string text;
    char buffer[4096];
    for (;;) {
        const ssize_t got = ::read(fd, buffer, sizeof buffer);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return text;
        text.append(buffer, static_cast<size_t>(got));
    }
}

} // namespace

std::string sha256OfFile(const std::string &path) {
    const UniqueFd file(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
    if (!file.valid()) throw Error(systemErrorMessage("cannot read " + path, errno));
    sha256_ctx context;
    sha256_init(&context);
    std::vector<uint8_t> buffer(1 << 20);
    for (;;) {
        const ssize_t got = ::read(file.get(), buffer.data(), buffer.size());
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) throw Error(systemErrorMessage("cannot read " + path, errno));
        if (got == 0) break;
        sha256_update(&context, static_cast<size_t>(got), buffer.data());
    }
    uint8_t digest[SHA256_DIGEST_SIZE];
    sha256_digest(&context, sizeof digest, digest);
    std::string hex;
    for (const uint8_t byte : digest)
        hex += fmt::format("{:02x}", byte);
    return hex;
}

RemoteDeploy::RemoteDeploy(const RemoteHost &host, std::string sshConfig)
    : host_(host)
    , sshConfig_(std::move(sshConfig)) {}

// Runs script (our own text, never the user's) on the host, with the file at inputPath as its input.
RemoteDeploy::Output RemoteDeploy::runOnHost(const std::string &script, const std::string &inputPath) const {
    SshProcess ssh(host_.sshCommand(sshConfig_, script));
    if (!inputPath.empty()) {
        const UniqueFd file(::open(inputPath.c_str(), O_RDONLY | O_CLOEXEC));
        if (!file.valid()) throw Error(systemErrorMessage("--deploy: cannot read " + inputPath, errno));
        std::string chunk(1 << 20, '\0');
        for (ssize_t got; (got = ::read(file.get(), chunk.data(), chunk.size())) > 0;)
            if (!ssh.write(chunk.substr(0, static_cast<size_t>(got)))) break;
    }
    ssh.closeInput();
    Output output;
    output.text = readAll(ssh.outputFd());
    output.status = ssh.wait();
    if (output.status == 255)
        throw Error(
            fmt::format("--deploy: ssh could not reach {} (status 255; its message is above)", host_.host));
    return output;
}

void RemoteDeploy::checkLibraries(const std::string &path) const {
    const Output ldd = runOnHost("ldd " + shellQuoted(path) + " 2>&1");
    if (ldd.status == 127) return; // no ldd on the host: the recording itself will say what is missing
    std::istringstream lines(ldd.text);
    std::string missing;
    for (std::string line; std::getline(lines, line);)
        if (line.find("not found") != std::string::npos) missing += "\n  " + line;
    if (!missing.empty())
        throw Error(
            fmt::format("--deploy: this build's libraries do not all resolve on {}:{}\nInstall them "
                        "there (Debian: the run set of packaging/install-deps.sh), or install Perfglass "
                        "on the host",
                        host_.host, missing));
}

DeployedRecorder RemoteDeploy::deploy() const {
    const std::string program = thisProgram();
    const std::string hash = sha256OfFile(program);
    const Output probe = runOnHost(
        deployDirectory(hash) + "; uname -m; printf '%s\\n' \"$dir/perfglass-cli\"; "
                                "if test -x \"$dir/perfglass-cli\"; then echo present; else echo absent; fi");
    std::istringstream lines(probe.text);
    std::string machine, path, state;
    std::getline(lines, machine);
    std::getline(lines, path);
    std::getline(lines, state);
    if (probe.status != 0 || path.empty() || state.empty())
        throw Error(fmt::format("--deploy: {} did not answer the probe (status {}): {}", host_.host,
                                probe.status, probe.text));
    if (machine != thisMachine())
        throw Error(
            fmt::format("--deploy: {} is {}, this build is {}: install Perfglass built for the host there",
                        host_.host, machine, thisMachine()));
    DeployedRecorder deployed{path, state != "present"};
    if (deployed.copied) {
        const Output copy =
            runOnHost(deployDirectory(hash) +
                          "; umask 077 && mkdir -p \"$dir\" && cat > \"$dir/perfglass-cli.part\" && "
                          "chmod 700 \"$dir/perfglass-cli.part\" && "
                          "mv \"$dir/perfglass-cli.part\" \"$dir/perfglass-cli\"",
                      program);
        if (copy.status != 0)
            throw Error(
                fmt::format("--deploy: copying perfglass-cli to {} failed (status {}; the host's message "
                            "is above)",
                            host_.host, copy.status));
    }
    checkLibraries(path);
    return deployed;
}

} // namespace perfglass::cli
