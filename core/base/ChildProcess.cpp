#include "base/ChildProcess.h"

#include "base/Error.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <map>
#include <utility>

extern char **environ;

namespace perfglass {

namespace {

bool isExecutableFile(const std::string &path) {
    struct stat info {};
    return ::stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

std::vector<std::string> mergedEnvironment(const std::vector<std::string> &extra) {
    std::map<std::string, std::string> byName;
    std::vector<std::string> order;
    auto add = [&](const std::string &entry) {
        const auto name = entry.substr(0, entry.find('='));
        if (!byName.count(name)) order.push_back(name);
        byName[name] = entry;
    };
    for (char **entry = environ; entry && *entry; ++entry)
        add(*entry);
    for (const auto &entry : extra)
        add(entry);
    std::vector<std::string> result;
    for (const auto &name : order)
        result.push_back(byName[name]);
    return result;
}

std::vector<char *> pointers(std::vector<std::string> &strings) {
    std::vector<char *> result;
    for (auto &text : strings)
        result.push_back(text.data());
    result.push_back(nullptr);
    return result;
}

// A close-on-exec pipe: {read end, write end}.
std::pair<UniqueFd, UniqueFd> makePipe() {
    int ends[2];
    if (::pipe2(ends, O_CLOEXEC) != 0) throw Error(systemErrorMessage("cannot create a pipe", errno));
    return {UniqueFd(ends[0]), UniqueFd(ends[1])};
}

int exitCodeFromStatus(int status) {
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
    return 1;
}

} // namespace

std::string ChildProcess::resolveProgram(const std::string &program) {
    if (program.empty()) return {};
    if (program.find('/') != std::string::npos) return isExecutableFile(program) ? program : std::string();
    const char *path = std::getenv("PATH");
    std::string directories = path ? path : "/usr/local/bin:/usr/bin:/bin";
    size_t start = 0;
    while (start <= directories.size()) {
        const size_t colon = std::min(directories.find(':', start), directories.size());
        std::string directory = directories.substr(start, colon - start);
        const std::string candidate = (directory.empty() ? "." : directory) + "/" + program;
        if (isExecutableFile(candidate)) return candidate;
        start = colon + 1;
    }
    return {};
}

ChildProcess::ChildProcess(const std::vector<std::string> &command, const std::string &workingDirectory,
                           const std::vector<std::string> &extraEnvironment) {
    if (command.empty()) throw Error(coreMessage(MessageKind::NoCommand));
    program_ = resolveProgram(command[0]);
    if (program_.empty())
        throw Error(coreMessage(command[0].find('/') == std::string::npos ? MessageKind::CommandNotFound
                                                                          : MessageKind::NoSuchExecutable,
                                command[0]));
    if (!workingDirectory.empty()) {
        struct stat info {};
        if (::stat(workingDirectory.c_str(), &info) != 0 || !S_ISDIR(info.st_mode))
            throw Error(coreMessage(MessageKind::NoWorkingDirectory, workingDirectory));
    }

    // Everything the child needs is prepared before fork: only async-signal-safe calls run in the child.
    std::vector<std::string> arguments = command;
    std::vector<std::string> environment = mergedEnvironment(extraEnvironment);
    std::vector<char *> argv = pointers(arguments);
    std::vector<char *> envp = pointers(environment);

    auto [goRead, goWrite] = makePipe();
    auto [errorRead, errorWrite] = makePipe();
    pid_ = ::fork();
    if (pid_ < 0) throw Error(systemErrorMessage("cannot fork", errno));
    if (pid_ == 0) {
        // The child's copy of the go pipe's write end would keep its read from seeing the recorder give up.
        goWrite.reset();
        errorRead.reset();
        execInChild(goRead.get(), errorWrite.get(), workingDirectory, argv, envp);
    }
    goFd_ = std::move(goWrite);
    errorFd_ = std::move(errorRead);
    pidFd_.reset(static_cast<int>(::syscall(SYS_pidfd_open, pid_, 0)));
}

// Runs in the forked child: only async-signal-safe calls. exec closes the pipe ends (O_CLOEXEC).
void ChildProcess::execInChild(int goFd, int errorFd, const std::string &workingDirectory,
                               std::vector<char *> &argv, std::vector<char *> &envp) const {
    char go = 0;
    if (::read(goFd, &go, 1) != 1) ::_exit(127); // the recorder gave up before releasing us
    int error = 0;
    if (!workingDirectory.empty() && ::chdir(workingDirectory.c_str()) != 0) error = errno;
    if (error == 0) {
        ::execve(program_.c_str(), argv.data(), envp.data());
        error = errno;
    }
    [[maybe_unused]] auto ignored = ::write(errorFd, &error, sizeof error);
    ::_exit(127);
}

ChildProcess::~ChildProcess() {
    goFd_.reset();
    errorFd_.reset();
    if (pid_ > 0 && !exitCode_) {
        ::kill(pid_, SIGKILL);
        wait();
    }
}

void ChildProcess::release() {
    const char go = 1;
    const bool sent = ::write(goFd_.get(), &go, 1) == 1;
    goFd_.reset();
    int childError = 0;
    ssize_t got;
    do {
        got = ::read(errorFd_.get(), &childError, sizeof childError);
    } while (got < 0 && errno == EINTR);
    errorFd_.reset();
    if (!sent) throw Error(coreMessage(MessageKind::ProgramExitedBeforeStart));
    if (got == sizeof childError) {
        wait();
        throw Error(coreMessage(MessageKind::CannotRunProgram, program_, std::strerror(childError)));
    }
}

std::optional<int> ChildProcess::tryWait() {
    if (exitCode_) return exitCode_;
    int status = 0;
    const pid_t result = ::waitpid(pid_, &status, WNOHANG);
    if (result == pid_) exitCode_ = exitCodeFromStatus(status);
    return exitCode_;
}

int ChildProcess::wait() {
    if (exitCode_) return *exitCode_;
    int status = 0;
    pid_t result;
    do {
        result = ::waitpid(pid_, &status, 0);
    } while (result < 0 && errno == EINTR);
    exitCode_ = result == pid_ ? exitCodeFromStatus(status) : 1;
    return *exitCode_;
}

void ChildProcess::signal(int signalNumber) const {
    if (pid_ > 0 && !exitCode_) ::kill(pid_, signalNumber);
}

} // namespace perfglass
