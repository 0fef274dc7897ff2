// The privileged side of the helper protocol (HelperProtocol.h): serves one client over a SOCK_SEQPACKET
// socket until the client closes it.
#pragma once

#include "protocol/HelperProtocol.h"

#include <sys/types.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace perfglass::helper {

struct ServerConfig {
    std::string tracefsRoot; // empty: /sys/kernel/tracing, then /sys/kernel/debug/tracing
    uid_t peerUid = 0;       // the requesting user (SO_PEERCRED, equal to PKEXEC_UID under pkexec)
    pid_t peerPid = 0;       // the process that created the socket (SO_PEERCRED)
};

class HelperServer {
public:
    HelperServer(int socketFd, ServerConfig config);

    // Serves requests until the socket closes. Returns the process exit code.
    int run();

private:
    enum class Received { Packet, EndOfStream, Failed };
    Received receive(size_t &packetSize, bool &hadFds);
    void handlePacket(size_t packetSize, bool hadFds);
    void dispatch(const Header &header, const uint8_t *payload);

    Status handleHello(const uint8_t *payload, size_t size, uint32_t sequence);
    Status handleOpenEvent(const uint8_t *payload, size_t size, uint32_t sequence);
    Status handleKallsyms(size_t size, uint32_t sequence);
    Status handleTracepoint(const uint8_t *payload, size_t size, uint32_t sequence);
    Status handleProc(const uint8_t *payload, size_t size, uint32_t sequence);
    Status handleRaiseMemlock(const uint8_t *payload, size_t size, uint32_t sequence);
    Status handleScope(const uint8_t *payload, size_t size, uint32_t sequence);
    Status handleListTracepoints(size_t size, uint32_t sequence);
    Status handleTracefsHeader(const uint8_t *payload, size_t size, uint32_t sequence);
    Status handleMappedFile(const uint8_t *payload, size_t size, uint32_t sequence);
    // /proc/PID of a task in scope, for what (a request's words).
    Status openProcDir(int32_t pid, const char *what, UniqueFd &dir) const;
    Status handleRequest(MessageType type, const uint8_t *payload, size_t size, uint32_t sequence);
    // Whether the scope lets the helper open an event on pid (-1: every task on a CPU) or read its /proc.
    Status checkScope(int32_t pid, const char *what) const;

    Status openTracefsEvents(UniqueFd &out) const;
    void send(MessageType type, uint32_t sequence, const std::vector<uint8_t> &payload, int fd = -1);
    void sendData(uint32_t sequence, const std::string &content);

    int socket_;
    ServerConfig config_;
    MachineLimits limits_;
    std::vector<UniqueFd> events_;
    std::optional<ScopeRequest> scope_; // the recording's targets, once SetScope arrived
    std::vector<UniqueFd> scopeFds_;    // a pidfd per target (scope_->pids order), invalid where none
    std::vector<uint8_t> buffer_;
    bool greeted_ = false;
};

// Reads the machine's limits: pid_max, configured CPUs and the dynamic PMU types from sysfs (kprobe and
// uprobe excluded: they take kernel addresses and file paths). Symlinks under /sys/bus/event_source/devices
// are read with readlink and the target opened component by component, never followed.
MachineLimits readMachineLimits();

} // namespace perfglass::helper
