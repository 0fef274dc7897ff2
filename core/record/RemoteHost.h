// A host given to record --host: [USER@]HOST[:PORT] ([USER@][ADDRESS]:PORT for IPv6), and how ssh is started
// for it. ssh is the system's own, run without a shell, so ~/.ssh/config, agents, ProxyJump and connection
// sharing work as the user set them up; the command it runs on the host is built only from fixed words and
// single-quoted paths (user arguments travel on the channel's standard input, see cli/StdinArguments.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace perfglass {

struct RemoteHost {
    std::string user; // empty: ssh's own choice (the config's User, else the local user)
    std::string host;
    std::optional<uint16_t> port;

    // Throws Error naming what is wrong with text (empty, a leading '-', spaces or control characters, a
    // port that is not 1-65535).
    static RemoteHost parse(const std::string &text);
    // A name for files: the host, with any character but letters, digits, '.', '-' and '_' made '_'.
    std::string fileLabel() const;
    // ssh's argument vector: ssh [-F CONFIG] -T [-p PORT] [-l USER] -- HOST REMOTE-COMMAND.
    std::vector<std::string> sshCommand(const std::string &sshConfig, const std::string &remoteCommand) const;
};

// text in single quotes for a POSIX shell ('\'' for each quote inside): the shell takes it as one word and
// interprets nothing in it ($, `, ;, newlines included).
std::string shellQuoted(const std::string &text);

// The session file of a host when recording to outputPath on several hosts: FILE-HOST.data (perf.data ->
// perf-HOST.data), hostLabel from RemoteHost::fileLabel.
std::string sessionPathForHost(const std::string &outputPath, const std::string &hostLabel);

} // namespace perfglass
