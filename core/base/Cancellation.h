// How long work is cancelled, everywhere in the core and the models: the caller keeps a std::stop_source and
// hands its std::stop_token down; the work checks it now and then and throws Cancelled, which the caller
// catches (BackgroundJob in the models reports it as cancelled()).
#pragma once

#include <exception>
#include <stop_token>

namespace perfglass {

class Cancelled : public std::exception {
public:
    const char *what() const noexcept override { return "cancelled"; }
};

inline void throwIfCancelled(const std::stop_token &stop) {
    if (stop.stop_requested()) throw Cancelled();
}

} // namespace perfglass
