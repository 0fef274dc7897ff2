// The system's ssh, started without a shell, with a pipe to its standard input (the remote command's input)
// and one from its standard output (the remote command's output); its standard error is ours, so that its
// questions, password prompts and the host's messages reach the user. It ignores SIGINT and SIGQUIT (ssh
// keeps signals it finds ignored), so that Ctrl-C reaches only perfglass-cli, which then ends the remote
// recording by closing the input.
#pragma once

#include "base/UniqueFd.h"

#include <sys/types.h>

#include <mutex>
#include <string>
#include <vector>

namespace perfglass::cli {

class SshProcess {
public:
    // command[0] is looked up in PATH. Throws Error when it is not found or cannot be started.
    explicit SshProcess(const std::vector<std::string> &command);
    // Closes the pipes and waits for ssh, unless wait() did.
    ~SshProcess();
    SshProcess(const SshProcess &) = delete;
    SshProcess &operator=(const SshProcess &) = delete;

    // Writes all of bytes to ssh's input. Returns false when ssh is gone.
    bool write(const std::string &bytes);
    // Closes ssh's input (the remote command sees its end). Safe from any thread; idempotent.
    void closeInput();
    int outputFd() const { return output_.get(); }
    // The path a reader opens to read ssh's output.
    std::string outputPath() const;
    // Waits for ssh to exit; returns its exit status (the remote command's, 255 when ssh itself failed,
    // 128+signal when it was killed).
    int wait();
    void signal(int signalNumber) const;

private:
    pid_t pid_ = -1;
    mutable std::mutex inputMutex_; // write() and closeInput() may come from two threads
    UniqueFd input_;
    UniqueFd output_;
    int status_ = -1;
};

} // namespace perfglass::cli
