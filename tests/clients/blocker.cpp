// A test program that is off the CPU most of its time, in known places: sleepInNanosleep sleeps 3 x 40 ms
// (nanosleep), and waitForPipe blocks 3 x 40 ms in read() on a pipe that a second thread (writeLater) writes
// to after sleeping. Off-CPU tests expect these two functions in the blocking stacks with about 120 ms each.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <thread>

namespace {

constexpr auto kPause = std::chrono::milliseconds(40);
constexpr int kRounds = 3;

__attribute__((noinline)) void sleepInNanosleep() {
    for (int i = 0; i < kRounds; ++i)
        std::this_thread::sleep_for(kPause);
}

__attribute__((noinline)) void writeLater(int fd) {
    char byte = 'x';
    for (int i = 0; i < kRounds; ++i) {
        std::this_thread::sleep_for(kPause);
        if (write(fd, &byte, 1) != 1) return;
    }
}

__attribute__((noinline)) long waitForPipe(int fd) {
    long total = 0;
    char byte = 0;
    for (int i = 0; i < kRounds; ++i)
        total += read(fd, &byte, 1);
    return total;
}

} // namespace

int main() {
    sleepInNanosleep();
    int fds[2];
    if (pipe(fds) != 0) return 1;
    std::thread writer(writeLater, fds[1]);
    const long got = waitForPipe(fds[0]);
    writer.join();
    std::printf("blocker done %ld\n", got);
    return 0;
}
