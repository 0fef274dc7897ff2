// perfglass-helper: the privileged half of Perfglass's recorder. Started by the unprivileged recorder through
// pkexec (polkit action com.perfglass.helper), it serves HelperProtocol.h requests over the socket it
// inherits and exits when that socket closes. See HelperServer.h for what it does and README/design.md for
// why.
//
//   perfglass-helper [--socket-fd N] [--tracefs-root DIR]
//
// --socket-fd: the inherited AF_UNIX SOCK_SEQPACKET socket (default 3; pkexec keeps only 0-2 open, so the
// recorder passes its socket as stdin and --socket-fd 0). --tracefs-root: for tests, and refused under
// pkexec.
#include "HelperServer.h"

#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>

using namespace perfglass::helper;

namespace {

struct Options {
    int socketFd = 3;
    std::string tracefsRoot;
};

int fail(const std::string &message) {
    std::fprintf(stderr, "perfglass-helper: %s\n", message.c_str());
    return 2;
}

bool parseFd(const char *text, int &fd) {
    char *end = nullptr;
    errno = 0;
    const long value = std::strtol(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || value < 0 || value > 1023) return false;
    fd = static_cast<int>(value);
    return true;
}

// The helper refuses to start: what is wrong, printed before it exits.
class Refusal : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

Options parseOptions(int argc, char **argv) {
    Options options;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--socket-fd" && i + 1 < argc) {
            if (!parseFd(argv[++i], options.socketFd))
                throw Refusal(std::string("--socket-fd: not a descriptor: ") + argv[i]);
        } else if (arg == "--tracefs-root" && i + 1 < argc) {
            options.tracefsRoot = argv[++i];
        } else {
            throw Refusal("unknown argument '" + arg +
                          "' (usage: perfglass-helper [--socket-fd N] [--tracefs-root DIR])");
        }
    }
    return options;
}

// The socket must be an AF_UNIX SOCK_SEQPACKET socket; returns its peer's credentials.
ucred checkSocket(int fd) {
    int type = 0, domain = 0;
    socklen_t length = sizeof type;
    if (::getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &length) != 0)
        throw Refusal("descriptor " + std::to_string(fd) + " is not a socket: " + std::strerror(errno));
    length = sizeof domain;
    if (::getsockopt(fd, SOL_SOCKET, SO_DOMAIN, &domain, &length) != 0 || domain != AF_UNIX ||
        type != SOCK_SEQPACKET)
        throw Refusal("descriptor " + std::to_string(fd) + " is not an AF_UNIX SOCK_SEQPACKET socket");
    ucred peer{};
    length = sizeof peer;
    if (::getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &peer, &length) != 0)
        throw Refusal(std::string("cannot read the peer's credentials: ") + std::strerror(errno));
    return peer;
}

// Who asked: under pkexec PKEXEC_UID names the invoking user and must be the socket's peer; otherwise the
// helper was started directly by root, who may serve any peer.
void checkCaller(const ucred &peer, const Options &options) {
    if (::getuid() != ::geteuid())
        throw Refusal(
            "refusing to run set-user-ID; install perfglass-helper without the setuid bit and start "
            "it with pkexec");
    if (::geteuid() != 0) throw Refusal("must run as root (start it with pkexec)");
    const char *pkexecUid = std::getenv("PKEXEC_UID");
    if (!pkexecUid) return;
    if (std::to_string(peer.uid) != pkexecUid)
        throw Refusal(std::string("the socket's peer (uid ") + std::to_string(peer.uid) +
                      ") is not the user who ran pkexec (uid " + pkexecUid + ")");
    if (!options.tracefsRoot.empty())
        throw Refusal("--tracefs-root is for tests and is refused under pkexec");
}

} // namespace

int main(int argc, char **argv) {
    Options options;
    ucred peer{};
    try {
        options = parseOptions(argc, argv);
        peer = checkSocket(options.socketFd);
        checkCaller(peer, options);
    } catch (const Refusal &refusal) {
        return fail(refusal.what());
    }

    ::signal(SIGPIPE, SIG_IGN);
    ::prctl(PR_SET_DUMPABLE, 0);
    ::prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (::chdir("/") != 0) return fail("cannot change to /");
    ::umask(077);
    // Up to kMaxOpenEvents event fds and a pidfd per target of the scope: the soft limit up to the hard one.
    rlimit files{};
    if (::getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < files.rlim_max) {
        files.rlim_cur = files.rlim_max;
        ::setrlimit(RLIMIT_NOFILE, &files);
    }

    ServerConfig config;
    config.tracefsRoot = options.tracefsRoot;
    config.peerUid = peer.uid;
    config.peerPid = peer.pid;
    HelperServer server(options.socketFd, config);
    return server.run();
}
