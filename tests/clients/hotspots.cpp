// A test program with known hot functions: about 60% of its CPU time in hotLoop, 30% in warmLoop and 10% in
// coldLoop, all called from spinFor. Arguments: [MILLISECONDS | -ROUNDS] [THREADS] [--fork]. A positive first
// argument runs every thread for that much wall time; a negative one makes every thread do ROUNDS rounds of
// the three loops, a fixed amount of work (1-2 ms of CPU time a round on the test VM) that yields
// the same number of cpu-clock samples however little CPU a loaded machine gives. With --fork, a child
// process does the same work too. Exits with status 3, so tests can check that the status passes through.
// coldLoop's loop body is the always-inlined coldStep, so that profiles loaded with inline frames have some
// (as their own frames under coldLoop); the machine code, and so the cost split, is what it was without it.
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

namespace {

volatile double sink;

__attribute__((noinline)) double hotLoop(int rounds) {
    double value = 0;
    for (int i = 0; i < rounds * 6; ++i)
        value += std::sqrt(static_cast<double>(i) + value * 1e-9);
    return value;
}

__attribute__((noinline)) double warmLoop(int rounds) {
    double value = 0;
    for (int i = 0; i < rounds * 3; ++i)
        value += std::sqrt(static_cast<double>(i) + value * 1e-9);
    return value;
}

__attribute__((always_inline)) inline double coldStep(int i, double value) {
    return std::sqrt(static_cast<double>(i) + value * 1e-9);
}

__attribute__((noinline)) double coldLoop(int rounds) {
    double value = 0;
    for (int i = 0; i < rounds; ++i)
        value += coldStep(i, value);
    return value;
}

// How long each thread runs: for a wall-clock duration, or for a number of rounds.
struct Amount {
    std::chrono::milliseconds duration{0};
    long rounds = 0;
};

__attribute__((noinline)) void spinFor(Amount amount) {
    const auto end = std::chrono::steady_clock::now() + amount.duration;
    for (long round = 0; amount.rounds > 0 ? round < amount.rounds : std::chrono::steady_clock::now() < end;
         ++round)
        sink = hotLoop(20000) + warmLoop(20000) + coldLoop(20000);
}

} // namespace

int main(int argc, char **argv) {
    const long first = argc > 1 ? std::atol(argv[1]) : 500;
    Amount amount;
    if (first < 0)
        amount.rounds = -first;
    else
        amount.duration = std::chrono::milliseconds(first);
    const int threads = argc > 2 ? std::atoi(argv[2]) : 1;
    const bool forkChild = argc > 3 && std::strcmp(argv[3], "--fork") == 0;
    pid_t child = -1;
    if (forkChild) {
        child = fork();
        if (child == 0) {
            spinFor(amount);
            _exit(0);
        }
    }
    std::vector<std::thread> workers;
    for (int i = 1; i < threads; ++i)
        workers.emplace_back(spinFor, amount);
    spinFor(amount);
    for (auto &worker : workers)
        worker.join();
    if (child > 0) waitpid(child, nullptr, 0);
    std::printf("hotspots done\n");
    return 3;
}
