// A program started for recording: forked now, held before exec until the recorder has opened its events,
// then released. It runs as the user who started the recorder, with the recorder's stdio.
#pragma once

#include "base/UniqueFd.h"

#include <sys/types.h>

#include <optional>
#include <string>
#include <vector>

namespace perfglass {

class ChildProcess {
public:
    // Resolves command[0] through PATH and forks a child that waits. Throws Error when the program does not
    // exist or is not executable, before anything is forked.
    ChildProcess(const std::vector<std::string> &command, const std::string &workingDirectory,
                 const std::vector<std::string> &extraEnvironment);
    // Kills a child that was never released and reaps it.
    ~ChildProcess();
    ChildProcess(const ChildProcess &) = delete;
    ChildProcess &operator=(const ChildProcess &) = delete;

    pid_t pid() const { return pid_; }
    // A file descriptor that becomes readable when the child exits (pidfd).
    int exitFd() const { return pidFd_.get(); }
    // Lets the child exec. Throws Error when exec failed (the reason is the child's errno).
    void release();
    // Reaps the child if it has exited; returns its exit code (128+signal when killed).
    std::optional<int> tryWait();
    int wait();
    void signal(int signalNumber) const;
    bool exited() const { return exitCode_.has_value(); }

    // Finds program in PATH (or checks it when it holds a '/'). Returns an empty string when not found.
    static std::string resolveProgram(const std::string &program);

private:
    [[noreturn]] void execInChild(int goFd, int errorFd, const std::string &workingDirectory,
                                  std::vector<char *> &argv, std::vector<char *> &envp) const;

    pid_t pid_ = -1;
    UniqueFd pidFd_;
    UniqueFd goFd_;    // write end: one byte lets the child exec
    UniqueFd errorFd_; // read end: the child's errno when exec fails, EOF when exec succeeded
    std::string program_;
    std::optional<int> exitCode_;
};

} // namespace perfglass
