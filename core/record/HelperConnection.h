// The recorder's side of the privileged helper: starts perfglass-helper (through pkexec when the user is not
// root) with one end of a SOCK_SEQPACKET socketpair and sends it HelperProtocol.h requests.
#pragma once

#include "protocol/HelperProtocol.h"

#include <sys/types.h>

#include <memory>
#include <string>
#include <vector>

namespace perfglass {

struct HelperStartOptions {
    // Empty: the helper installed beside this program (expectedHelperPath). Tests may name another one.
    std::string helperPath;
    // Start through pkexec. Default: only when the recorder is not root.
    bool usePkexec = false;
    bool autoPkexec = true;
    std::vector<std::string> extraArguments; // e.g. --tracefs-root DIR in tests (refused under pkexec)
};

class HelperConnection {
public:
    struct Reply {
        helper::MessageType type{};
        uint32_t sequence = 0;
        std::vector<uint8_t> payload;
        helper::UniqueFd fd;
    };

    // Starts the helper and exchanges Hello. Throws Error saying what failed and what the user can do
    // instead.
    static std::unique_ptr<HelperConnection> start(const HelperStartOptions &options);
    // Where this program's helper is: its own directory (/proc/self/exe), then PERFGLASS_HELPER_FROM_BINDIR
    // (packaging/HelperPath.cmake: bin/ to libexec/ when installed, for any prefix; the build tree puts the
    // helper where the same path leads from its programs and tests). No environment variable or build-tree
    // path is consulted. Empty when /proc/self/exe cannot be read.
    static std::string expectedHelperPath();
    // expectedHelperPath() when an executable is there, else empty.
    static std::string findHelper();

    // Takes over a socket connected to a helper, and the helper's pid to reap (-1: none).
    HelperConnection(helper::UniqueFd socket, pid_t child);
    ~HelperConnection();
    HelperConnection(const HelperConnection &) = delete;
    HelperConnection &operator=(const HelperConnection &) = delete;

    helper::Status hello();
    helper::Status openEvent(const helper::OpenEventRequest &request, helper::UniqueFd &fd, uint32_t &index);
    helper::Status readKallsyms(std::string &content);
    helper::Status readTracepoint(const std::string &subsystem, const std::string &name,
                                  helper::TracepointInfo &info);
    helper::Status readProc(pid_t pid, helper::ProcEntry which, std::string &content);
    // Raises the recorder's RLIMIT_MEMLOCK to at least bytes so ring buffers beyond perf_event_mlock_kb map.
    helper::Status raiseMemlock(uint64_t bytes);
    // Tells the helper the recording's targets, once; it then refuses events and /proc reads outside them.
    helper::Status setScope(const helper::ScopeRequest &scope);
    // Every tracepoint, "subsystem/name" per line, and tracefs's events/header_page or header_event.
    helper::Status listTracepoints(std::string &content);
    helper::Status readTracefsHeader(helper::TracefsHeader which, std::string &content);
    // A read-only descriptor of the file an executable mapping [start, end) of task pid (in scope) maps, as
    // that task sees it (HelperProtocol.h, OpenMappedFile).
    helper::Status openMappedFile(const helper::MappedFileRequest &request, helper::UniqueFd &fd,
                                  helper::MappedFileVia &via);

    // Low level, for tests: one request of any type and its reply (an Error reply becomes the status).
    helper::Status call(uint16_t type, const std::vector<uint8_t> &payload, Reply &reply);
    // Sends bytes as one packet, exactly as given.
    helper::Status sendRaw(const std::vector<uint8_t> &bytes);
    // Receives one packet and checks its framing.
    helper::Status receive(Reply &reply);

    int socketFd() const { return socket_.get(); }
    pid_t childPid() const { return child_; }
    // Closes the socket and waits for the helper to exit; returns its exit status (-1 when unknown).
    int closeAndWait();

private:
    helper::Status receiveData(uint32_t sequence, uint64_t limit, std::string &content);

    helper::UniqueFd socket_;
    pid_t child_ = -1;
    uint32_t sequence_ = 0;
};

// What to do when the helper cannot be used: the sysctl values and the capabilities to grant instead.
std::string privilegeAdvice();

} // namespace perfglass
