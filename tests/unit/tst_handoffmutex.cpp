// HandoffMutex: mutual exclusion, a holder that lets a waiting thread in between two steps when spinning is
// on, and a plain mutex (the holder keeps it) when spinning is off.
#include "base/HandoffMutex.h"

#include <QtTest>

#include <atomic>
#include <chrono>
#include <thread>

using namespace perfglass;

namespace {

// A thread that waits for the mutex while the test holds it, and notes when it got it.
class Visitor {
public:
    explicit Visitor(HandoffMutex &mutex)
        : thread_([this, &mutex] {
            started_.store(true);
            mutex.lock();
            visited_.store(true);
            mutex.unlock();
        }) {
        while (!started_.load())
            std::this_thread::yield();
    }
    ~Visitor() { thread_.join(); }
    bool visited() const { return visited_.load(); }

private:
    std::atomic<bool> started_{false};
    std::atomic<bool> visited_{false};
    std::thread thread_;
};

// Calls letWaitersIn() until visitor got the mutex or a few seconds passed (a loaded machine may take long
// to run the visitor at all); returns whether it got it.
bool letInUntilVisited(HandoffMutex &mutex, const Visitor &visitor) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (!visitor.visited() && std::chrono::steady_clock::now() < deadline)
        mutex.letWaitersIn();
    return visitor.visited();
}

} // namespace

class TestHandoffMutex : public QObject {
    Q_OBJECT

private slots:
    void excludesWhileHandingOff() {
        HandoffMutex mutex;
        mutex.setSpinning(true);
        int counter = 0; // not atomic: the mutex alone keeps the increments whole
        constexpr int kSteps = 20000;
        std::thread other([&] {
            for (int i = 0; i < kSteps; ++i) {
                std::lock_guard guard(mutex);
                ++counter;
            }
        });
        {
            std::unique_lock guard(mutex);
            for (int i = 0; i < kSteps; ++i) {
                ++counter;
                mutex.letWaitersIn();
            }
        }
        other.join();
        QCOMPARE(counter, 2 * kSteps);
    }

    void aSpinningHolderLetsAWaiterIn() {
        HandoffMutex mutex;
        mutex.setSpinning(true);
        mutex.lock();
        bool visitedWhileHeld = false;
        {
            Visitor visitor(mutex);
            std::this_thread::sleep_for(
                std::chrono::milliseconds(1)); // the visitor is in lock(), or about to be
            visitedWhileHeld = letInUntilVisited(mutex, visitor);
            mutex.unlock();
        }
        QVERIFY2(visitedWhileHeld, "the visitor never got the mutex while the holder let waiters in");
    }

    void withoutSpinningTheHolderKeepsIt() {
        HandoffMutex mutex; // spinning is off until set
        mutex.lock();
        Visitor visitor(mutex);
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
        for (int i = 0; i < 10000; ++i)
            mutex.letWaitersIn();
        QVERIFY(!visitor.visited());
        mutex.unlock();
    }
};

QTEST_GUILESS_MAIN(TestHandoffMutex)
#include "tst_handoffmutex.moc"
