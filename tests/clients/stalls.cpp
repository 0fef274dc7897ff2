// A test program with a periodic stall, as a service with a pause every second: for SECONDS seconds (the
// first argument, default 3), it computes in busyWork for the first 800 ms of each second after its start and
// sleeps for the remaining 200 ms. A heat map of its cpu-clock samples shows the sleep as an empty stripe at
// 800-1000 ms of every column.
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <thread>

namespace {

volatile double sink;

__attribute__((noinline)) void busyWork(std::chrono::steady_clock::time_point until) {
    double value = 0;
    for (int i = 0; std::chrono::steady_clock::now() < until; ++i)
        for (int j = 0; j < 1000; ++j)
            value += std::sqrt(static_cast<double>(i + j) + value * 1e-9);
    sink = value;
}

} // namespace

int main(int argc, char **argv) {
    const int seconds = argc > 1 ? std::atoi(argv[1]) : 3;
    const auto start = std::chrono::steady_clock::now();
    for (int second = 0; second < seconds; ++second) {
        const auto column = start + std::chrono::seconds(second);
        busyWork(column + std::chrono::milliseconds(800));
        std::this_thread::sleep_until(column + std::chrono::seconds(1));
    }
    return 0;
}
