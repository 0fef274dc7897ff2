#include "record/RemoteHost.h"

#include "base/Error.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>

namespace perfglass {

namespace {

bool unsafeCharacter(char c) {
    return std::iscntrl(static_cast<unsigned char>(c)) || c == ' ';
}

uint16_t parsePort(const std::string &text, const std::string &whole) {
    unsigned value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc() || end != text.data() + text.size() || value == 0 ||
        value > 65535)
        throw Error(fmt::format("--host {}: '{}' is not a port (1-65535)", whole, text));
    return static_cast<uint16_t>(value);
}

} // namespace

RemoteHost RemoteHost::parse(const std::string &text) {
    if (text.empty()) throw Error("--host: the host is empty");
    if (std::any_of(text.begin(), text.end(), unsafeCharacter))
        throw Error(fmt::format("--host '{}': a host name holds no spaces or control characters", text));
    RemoteHost remote;
    std::string rest = text;
    if (const auto at = rest.rfind('@'); at != std::string::npos) {
        remote.user = rest.substr(0, at);
        rest = rest.substr(at + 1);
        if (remote.user.empty()) throw Error(fmt::format("--host {}: the user before '@' is empty", text));
    }
    if (!rest.empty() && rest.front() == '[') { // [IPv6]:PORT
        const auto close = rest.find(']');
        if (close == std::string::npos) throw Error(fmt::format("--host {}: '[' without ']'", text));
        if (close + 1 < rest.size()) {
            if (rest[close + 1] != ':') throw Error(fmt::format("--host {}: ':PORT' must follow ']'", text));
            remote.port = parsePort(rest.substr(close + 2), text);
        }
        rest = rest.substr(1, close - 1);
    } else if (const auto colon = rest.find(':');
               colon != std::string::npos && rest.find(':', colon + 1) == std::string::npos) {
        remote.port = parsePort(rest.substr(colon + 1), text);
        rest = rest.substr(0, colon);
    }
    if (rest.empty()) throw Error(fmt::format("--host {}: the host name is empty", text));
    if (rest.front() == '-' || (!remote.user.empty() && remote.user.front() == '-'))
        throw Error(fmt::format("--host {}: a host or user may not start with '-'", text));
    remote.host = rest;
    return remote;
}

std::string RemoteHost::fileLabel() const {
    std::string label = host;
    for (char &c : label)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '-' && c != '_') c = '_';
    return label;
}

std::vector<std::string> RemoteHost::sshCommand(const std::string &sshConfig,
                                                const std::string &remoteCommand) const {
    std::vector<std::string> command{"ssh"};
    if (!sshConfig.empty()) command.insert(command.end(), {"-F", sshConfig});
    command.push_back("-T"); // no terminal on the host: the stream is binary and Ctrl-C stays here
    if (port) command.insert(command.end(), {"-p", std::to_string(*port)});
    if (!user.empty()) command.insert(command.end(), {"-l", user});
    command.insert(command.end(), {"--", host, remoteCommand});
    return command;
}

std::string shellQuoted(const std::string &text) {
    std::string quoted = "'";
    for (char c : text) {
        if (c == '\'')
            quoted += "'\\''";
        else
            quoted += c;
    }
    return quoted + "'";
}

std::string sessionPathForHost(const std::string &outputPath, const std::string &hostLabel) {
    const std::string suffix = ".data";
    if (outputPath.size() > suffix.size() && outputPath.ends_with(suffix))
        return outputPath.substr(0, outputPath.size() - suffix.size()) + "-" + hostLabel + suffix;
    return outputPath + "-" + hostLabel + suffix;
}

} // namespace perfglass
