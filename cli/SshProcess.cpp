#include "SshProcess.h"

#include "base/ChildProcess.h"
#include "base/Error.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>

namespace perfglass::cli {

namespace {

[[noreturn]] void execSsh(std::vector<char *> &argv, int input, int output) {
    ::signal(SIGINT, SIG_IGN);
    ::signal(SIGQUIT, SIG_IGN);
    ::signal(SIGPIPE, SIG_DFL);
    if (::dup2(input, STDIN_FILENO) < 0 || ::dup2(output, STDOUT_FILENO) < 0) ::_exit(127);
    ::execv(argv[0], argv.data());
    ::_exit(127);
}

} // namespace

SshProcess::SshProcess(const std::vector<std::string> &command) {
    const std::string program = ChildProcess::resolveProgram(command.at(0));
    if (program.empty())
        throw Error(command[0] + " is not installed (or not in PATH): remote recording runs the system's ssh "
                                 "(Debian: apt install openssh-client)");
    int toSsh[2];
    int fromSsh[2];
    if (::pipe2(toSsh, O_CLOEXEC) != 0) throw Error(systemErrorMessage("cannot make a pipe for ssh", errno));
    UniqueFd toRead(toSsh[0]);
    UniqueFd toWrite(toSsh[1]);
    if (::pipe2(fromSsh, O_CLOEXEC) != 0)
        throw Error(systemErrorMessage("cannot make a pipe for ssh", errno));
    UniqueFd fromRead(fromSsh[0]);
    UniqueFd fromWrite(fromSsh[1]);
    std::vector<std::string> arguments = command;
    arguments[0] = program;
    std::vector<char *> argv;
    for (auto &argument : arguments)
        argv.push_back(argument.data());
    argv.push_back(nullptr);
    pid_ = ::fork();
    if (pid_ < 0) throw Error(systemErrorMessage("cannot start ssh", errno));
    if (pid_ == 0) execSsh(argv, toRead.get(), fromWrite.get());
    input_ = std::move(toWrite);
    output_ = std::move(fromRead);
}

SshProcess::~SshProcess() {
    closeInput();
    output_.reset();
    if (status_ < 0) wait();
}

bool SshProcess::write(const std::string &bytes) {
    const std::lock_guard lock(inputMutex_);
    size_t done = 0;
    while (done < bytes.size()) {
        if (!input_.valid()) return false;
        const ssize_t wrote = ::write(input_.get(), bytes.data() + done, bytes.size() - done);
        if (wrote < 0 && errno == EINTR) continue;
        if (wrote <= 0) return false;
        done += static_cast<size_t>(wrote);
    }
    return true;
}

void SshProcess::closeInput() {
    const std::lock_guard lock(inputMutex_);
    input_.reset();
}

std::string SshProcess::outputPath() const {
    return "/proc/self/fd/" + std::to_string(output_.get());
}

int SshProcess::wait() {
    if (status_ >= 0) return status_;
    int raw = 0;
    while (::waitpid(pid_, &raw, 0) < 0) {
        if (errno != EINTR) return status_ = 255;
    }
    status_ = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
    return status_;
}

void SshProcess::signal(int signalNumber) const {
    if (status_ < 0) ::kill(pid_, signalNumber);
}

} // namespace perfglass::cli
