// The parts of record --host that take input from users and hosts: [USER@]HOST[:PORT] parsing and the ssh
// command made of it (no host or user can become an ssh option), single quoting for the host's shell, the
// argument block a host's recorder reads on standard input (round trip of hostile arguments, the empty one
// included; a cut or overlong block is refused with the reason), and the symbols request (round trip; bad
// lines named by number), and the session file names of several hosts.
#include "cli/StdinArguments.h"
#include "cli/SymbolsRequest.h"
#include "record/RemoteHost.h"

#include "base/Error.h"

#include <QtTest>

#include <unistd.h>

using namespace perfglass;
using namespace perfglass::cli;

namespace {

// What a POSIX shell makes of text: sh -c 'printf %s "$1"' with text as the word after -c's script.
QByteArray shellReads(const std::string &quoted) {
    QProcess shell;
    shell.start(QStringLiteral("/bin/sh"),
                {QStringLiteral("-c"), QString::fromStdString("printf %s " + quoted)});
    shell.waitForFinished(30000);
    return shell.readAllStandardOutput();
}

QString errorOf(const std::function<void()> &action) {
    try {
        action();
    } catch (const Error &error) {
        return QString::fromUtf8(error.what());
    }
    return {};
}

} // namespace

class TestRemoteParts : public QObject {
    Q_OBJECT

private slots:
    void hostsParse() {
        const RemoteHost plain = RemoteHost::parse("server");
        QCOMPARE(plain.host, std::string("server"));
        QVERIFY(plain.user.empty() && !plain.port);
        const RemoteHost full = RemoteHost::parse("build@server.lan:2200");
        QCOMPARE(full.user, std::string("build"));
        QCOMPARE(full.host, std::string("server.lan"));
        QCOMPARE(*full.port, uint16_t{2200});
        const RemoteHost v6 = RemoteHost::parse("[::1]:22");
        QCOMPARE(v6.host, std::string("::1"));
        QCOMPARE(*v6.port, uint16_t{22});
        QCOMPARE(RemoteHost::parse("fe80::1").host, std::string("fe80::1")); // bare IPv6: no port
        QCOMPARE(RemoteHost::parse("me@host/1").fileLabel(), std::string("host_1"));
    }

    void badHostsAreRefusedWithTheReason() {
        QVERIFY(errorOf([] { RemoteHost::parse(""); }).contains(QStringLiteral("empty")));
        QVERIFY(
            errorOf([] { RemoteHost::parse("-oProxyCommand=touch x"); }).contains(QStringLiteral("spaces")));
        QVERIFY(errorOf([] {
                    RemoteHost::parse("-oProxyCommand=x");
                }).contains(QStringLiteral("may not start with '-'")));
        QVERIFY(
            errorOf([] { RemoteHost::parse("-l@host"); }).contains(QStringLiteral("may not start with '-'")));
        QVERIFY(errorOf([] { RemoteHost::parse("host:0"); }).contains(QStringLiteral("not a port")));
        QVERIFY(errorOf([] { RemoteHost::parse("host:99999"); }).contains(QStringLiteral("not a port")));
        QVERIFY(
            errorOf([] { RemoteHost::parse("@host"); }).contains(QStringLiteral("user before '@' is empty")));
        QVERIFY(errorOf([] { RemoteHost::parse("host\nx"); }).contains(QStringLiteral("control characters")));
        QVERIFY(errorOf([] { RemoteHost::parse("[::1"); }).contains(QStringLiteral("without ']'")));
    }

    // The host follows "--", so ssh never reads it as an option; the port and user are ssh's own options.
    void sshCommandKeepsTheHostAfterDoubleDash() {
        const auto command = RemoteHost::parse("me@box:2222").sshCommand("/tmp/config", "exec 'x'");
        const std::vector<std::string> expected{"ssh", "-F", "/tmp/config", "-T",  "-p",      "2222",
                                                "-l",  "me", "--",          "box", "exec 'x'"};
        QVERIFY(command == expected);
    }

    void shellQuotingKeepsEveryByte() {
        for (const std::string text :
             {"plain", "it's", "$(touch /tmp/pwned)", "`id`", "a;b", "two\nlines", "", "'''", "\\n", "*"})
            QCOMPARE(shellReads(shellQuoted(text)), QByteArray::fromStdString(text));
    }

    void argumentBlockRoundTrip() {
        const std::vector<std::string> arguments{"-e", "cpu-clock",  "--",  "sh", "-c", "echo \"$1\"; $(id)",
                                                 "",   "two\nlines", "it's"};
        int pipe[2];
        QVERIFY(::pipe(pipe) == 0);
        const std::string block = argumentBlock(arguments) + "rest stays unread";
        QCOMPARE(::write(pipe[1], block.data(), block.size()), static_cast<ssize_t>(block.size()));
        ::close(pipe[1]);
        QVERIFY(readArgumentBlock(pipe[0]) == arguments);
        char rest[64] = {};
        QCOMPARE(::read(pipe[0], rest, sizeof rest - 1), static_cast<ssize_t>(17));
        ::close(pipe[0]);
    }

    void cutOrForeignBlocksAreRefused() {
        // From a file, not a pipe: the 2 MiB block would not fit a pipe nobody reads yet.
        const auto readFrom = [](const std::string &bytes) {
            QTemporaryFile file;
            if (!file.open() ||
                file.write(bytes.data(), static_cast<qint64>(bytes.size())) != qint64(bytes.size()) ||
                !file.flush() || !file.seek(0))
                return QStringLiteral("cannot write a temporary file");
            ::lseek(file.handle(), 0, SEEK_SET);
            return errorOf([&] { readArgumentBlock(file.handle()); });
        };
        QVERIFY(readFrom("Arecord").contains(QStringLiteral("ended inside the argument list")));
        QVERIFY(
            readFrom(std::string("Xrecord\0", 8)).contains(QStringLiteral("does not start with its mark")));
        QVERIFY(readFrom(std::string(2 << 20, 'A')).contains(QStringLiteral("longer than 1 MiB")));
    }

    void symbolsRequestRoundTrip() {
        SymbolsRequest request;
        request.files.push_back({-1, false, {0xab, 0xcd, 0x01}, "/usr/lib/libc.so.6"});
        request.files.push_back({-1, true, {0x12, 0x34}, "[kernel.kallsyms]"});
        request.files.push_back({-1, false, {0x56, 0x78}, "/a path/with spaces"});
        request.sampledAddresses["abcd01"] = {0x1000, 0x2fff};
        const SymbolsRequest back = SymbolsRequest::parse(request.encode());
        QCOMPARE(back.files.size(), size_t{3});
        QCOMPARE(back.files[2].path, std::string("/a path/with spaces"));
        QVERIFY(back.files[1].kernel);
        QVERIFY(back.files[0].buildId == request.files[0].buildId);
        QVERIFY(back.sampledAddresses == request.sampledAddresses);
    }

    void badSymbolsRequestsNameTheLine() {
        const auto errorFor = [](const std::string &text) {
            return errorOf([&] { SymbolsRequest::parse(text); });
        };
        QVERIFY(errorFor("").contains(QStringLiteral("empty")));
        QVERIFY(errorFor("hello\n").contains(QStringLiteral("first line")));
        QVERIFY(errorFor("perfglass-symbols-request 1\nfile zz /x\n")
                    .contains(QStringLiteral("line 2: 'zz' is not a build id")));
        QVERIFY(
            errorFor("perfglass-symbols-request 1\nfile abcd\n").contains(QStringLiteral("line 2: no path")));
        QVERIFY(errorFor("perfglass-symbols-request 1\naddr abcd 10 xyz\n")
                    .contains(QStringLiteral("'xyz' is not a hex address")));
        QVERIFY(errorFor("perfglass-symbols-request 1\n\nrm -rf /\n")
                    .contains(QStringLiteral("line 3: unknown item 'rm'")));
    }

    void sessionFilesOfSeveralHosts() {
        QCOMPARE(sessionPathForHost("perf.data", "a"), std::string("perf-a.data"));
        QCOMPARE(sessionPathForHost("/tmp/run.data", "b.lan"), std::string("/tmp/run-b.lan.data"));
        QCOMPARE(sessionPathForHost("session", "c"), std::string("session-c.data"));
    }
};

QTEST_GUILESS_MAIN(TestRemoteParts)
#include "tst_remoteparts.moc"
