// An owned memory mapping (mmap), unmapped when its owner goes.
#pragma once

#include <sys/mman.h>

#include <cstddef>
#include <utility>

namespace perfglass {

class MappedRegion {
public:
    MappedRegion() = default;
    // Takes a mapping mmap returned; MAP_FAILED or null makes an empty region.
    MappedRegion(void *address, size_t size)
        : address_(address == MAP_FAILED ? nullptr : address)
        , size_(address_ ? size : 0) {}
    ~MappedRegion() { reset(); }
    MappedRegion(MappedRegion &&other) noexcept
        : address_(std::exchange(other.address_, nullptr))
        , size_(std::exchange(other.size_, 0)) {}
    MappedRegion &operator=(MappedRegion &&other) noexcept {
        if (this != &other) {
            reset();
            address_ = std::exchange(other.address_, nullptr);
            size_ = std::exchange(other.size_, 0);
        }
        return *this;
    }
    MappedRegion(const MappedRegion &) = delete;
    MappedRegion &operator=(const MappedRegion &) = delete;

    void *get() const { return address_; }
    size_t size() const { return size_; }
    bool valid() const { return address_ != nullptr; }
    // Gives up ownership (the mapping is then someone else's to unmap) and returns the address.
    [[nodiscard]] void *release() {
        size_ = 0;
        return std::exchange(address_, nullptr);
    }
    void reset() {
        if (address_) ::munmap(address_, size_);
        address_ = nullptr;
        size_ = 0;
    }

private:
    void *address_ = nullptr;
    size_t size_ = 0;
};

} // namespace perfglass
