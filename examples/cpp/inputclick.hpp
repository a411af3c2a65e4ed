// A small C++17 wrapper over inputclick.h: a move-only Context that closes
// itself, and exceptions carrying the code and the library's message.
// Header-only; link with $(pkg-config --libs inputclick).
#pragma once

#include <inputclick.h>

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace inputclick {

// A failed call: the negative INPUTCLICK_ERROR_* code and the detailed message.
class Error : public std::runtime_error {
public:
    Error(int code, const std::string &message) : std::runtime_error(message), code_(code) {}
    int code() const noexcept { return code_; }

private:
    int code_;
};

// The calling thread's last error message (inputclick_last_error_message).
inline std::string last_error_message() {
    int length = inputclick_last_error_message(nullptr, 0);
    if (length <= 0) return {};
    std::string message(static_cast<size_t>(length) + 1, '\0');
    inputclick_last_error_message(&message[0], message.size());
    message.resize(static_cast<size_t>(length));
    return message;
}

// Throws Error for a negative result; returns it otherwise.
inline int check(int result) {
    if (result < 0) throw Error(result, last_error_message());
    return result;
}

// Latency percentiles in microseconds.
struct Latency {
    size_t count = 0;
    double p50 = 0, p95 = 0, p99 = 0, max = 0;
};

// An open inputclick_context. Thread context: as the C functions it calls.
class Context {
public:
    // Opens `device` ("" means "default") with default options.
    explicit Context(const std::string &device = "") {
        check(inputclick_open(device.empty() ? nullptr : device.c_str(), &ctx_));
    }
    // Opens with options (which may be destroyed afterwards).
    explicit Context(const inputclick_options *options) { check(inputclick_open_with_options(options, &ctx_)); }
    ~Context() {
        if (ctx_) inputclick_close(ctx_);
    }
    Context(Context &&other) noexcept : ctx_(std::exchange(other.ctx_, nullptr)) {}
    Context &operator=(Context &&other) noexcept {
        if (this != &other) {
            if (ctx_) inputclick_close(ctx_);
            ctx_ = std::exchange(other.ctx_, nullptr);
        }
        return *this;
    }
    Context(const Context &) = delete;
    Context &operator=(const Context &) = delete;

    // One flag per visible input or accessory view: does it opt in to clicks? Empty: keyboard hidden.
    void set_visible_views(const std::vector<int> &opt_in) {
        check(inputclick_set_visible_views(ctx_, opt_in.empty() ? nullptr : opt_in.data(), opt_in.size()));
    }
    void set_secure_text_entry(bool secure) { check(inputclick_set_secure_text_entry(ctx_, secure ? 1 : 0)); }
    // Returns the decision (INPUTCLICK_PLAYS or why not). Real-time safe.
    int play(int kind = INPUTCLICK_KIND_KEY) { return check(inputclick_play(ctx_, kind)); }
    int decision(int kind = INPUTCLICK_KIND_KEY) { return check(inputclick_decision(ctx_, kind)); }
    int state() { return check(inputclick_state(ctx_)); }
    // Returns 0 or the negative code (no throw): not running yet is an answer, not a failure.
    int wait_until_running(int timeout_ms) { return inputclick_wait_until_running(ctx_, timeout_ms); }
    int drain(int timeout_ms) { return inputclick_drain(ctx_, timeout_ms); }
    Latency latency(int measure = INPUTCLICK_MEASURE_CALL_TO_CONVERTER) {
        Latency l;
        check(inputclick_latency(ctx_, measure, &l.count, &l.p50, &l.p95, &l.p99, &l.max));
        return l;
    }
    void reload_settings() { check(inputclick_reload_settings(ctx_)); }
    // Host settings over the user's settings file, in memory: NAN or nullptr clears one.
    void set_volume(double volume) { check(inputclick_set_volume(ctx_, volume)); }
    void set_profile(const char *profile) { check(inputclick_set_profile(ctx_, profile)); }
    void set_sound_pack(const char *path) { check(inputclick_set_sound_pack(ctx_, path)); }
    void clear_host_settings() { check(inputclick_clear_host_settings(ctx_)); }
    // Closes now (the destructor would otherwise); later calls throw Error(INPUTCLICK_ERROR_INVALID_ARGUMENT).
    void close() {
        if (ctx_) check(inputclick_close(std::exchange(ctx_, nullptr)));
    }
    inputclick_context *get() const noexcept { return ctx_; }

private:
    inputclick_context *ctx_ = nullptr;
};

}  // namespace inputclick
