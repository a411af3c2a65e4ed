// Tests the InputClick C interface from C++ (through inputclick.hpp, and raw
// where bad arguments are the point): version, error names, bad arguments, a
// device that does not exist, the gate's decisions through the real-time
// virtual sink, latency figures, and many threads tapping while one closes.
//
// Build:  c++ -std=c++17 test_inputclick.cpp $(pkg-config --cflags --libs inputclick) -pthread -o test_inputclick
// Run:    INPUTCLICK_TEST_DEVICE=inputclick_sink ./test_inputclick
// Prints one line per check and "N passed, M failed"; exits 1 on any failure.
#include "inputclick.hpp"

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <set>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

namespace {

int passed = 0, failed = 0;

void check(bool ok, const std::string &name, const std::string &detail = "") {
    if (ok) {
        ++passed;
        std::cout << "ok - " << name << '\n';
    } else {
        ++failed;
        std::cout << "FAIL - " << name << (detail.empty() ? "" : ": " + detail) << '\n';
    }
}

std::string describe(int result) {
    return std::to_string(result) + " (" + (result < 0 ? inputclick_strerror(result) : inputclick_decision_name(result)) + ")";
}

void check_code(int result, int expected, const std::string &name) {
    check(result == expected, name,
          "got " + describe(result) + ", expected " + describe(expected) + "; last message: " + inputclick::last_error_message());
}

// Runs `body`, expecting it to throw inputclick::Error with `code`.
template <typename Body> void check_throws(int code, const std::string &name, Body body) {
    try {
        body();
        check(false, name, "no exception");
    } catch (const inputclick::Error &error) {
        check(error.code() == code, name, "code " + describe(error.code()) + ": " + error.what());
    }
}

void sleep_ms(int ms) { std::this_thread::sleep_for(std::chrono::milliseconds(ms)); }

std::string test_device() {
    const char *device = std::getenv("INPUTCLICK_TEST_DEVICE");
    return device && *device ? device : "inputclick_sink";
}

// Options for a test context; destroyed by the caller after opening.
inputclick_options *make_options(const std::string &settings, int linger_ms) {
    inputclick_options *options = nullptr;
    inputclick::check(inputclick_options_create(&options));
    inputclick::check(inputclick_options_set_device(options, test_device().c_str()));
    inputclick::check(inputclick_options_set_settings_file(options, settings.c_str()));
    inputclick::check(inputclick_options_set_watch_settings(options, 0));
    inputclick::check(inputclick_options_set_warnings_to_stderr(options, 0));
    inputclick::check(inputclick_options_set_linger_ms(options, linger_ms));
    return options;
}

inputclick::Context open_test_context(const std::string &settings, int linger_ms) {
    inputclick_options *options = make_options(settings, linger_ms);
    try {
        inputclick::Context context(options);
        inputclick_options_destroy(options);
        return context;
    } catch (...) {
        inputclick_options_destroy(options);
        throw;
    }
}

void test_version_and_names() {
    check(std::string(inputclick_version()) == INPUTCLICK_VERSION_STRING, "version string matches the header", inputclick_version());
    check(inputclick_version_number() == INPUTCLICK_VERSION_NUMBER, "version number matches the header");
    std::set<std::string> sentences;
    for (int code = INPUTCLICK_OK; code >= INPUTCLICK_ERROR_SETTINGS; --code) {
        std::string text = inputclick_strerror(code);
        check(!text.empty() && text != "unknown error code", "strerror(" + std::to_string(code) + ") names it", text);
        sentences.insert(text);
    }
    check(sentences.size() == 10, "each code has its own sentence");
    check(std::string(inputclick_strerror(-10)) == "unknown error code", "an unknown code says so");
    check(std::string(inputclick_decision_name(INPUTCLICK_NOT_OPTED_IN)) == "not-opted-in", "decision names");
    check(std::string(inputclick_decision_name(99)) == "unknown", "unknown decision name");
}

void test_bad_arguments() {
    inputclick_context *ctx = nullptr;
    check_code(inputclick_open(nullptr, nullptr), INPUTCLICK_ERROR_INVALID_ARGUMENT, "open with a NULL out-pointer");
    check_code(inputclick_open("", &ctx), INPUTCLICK_ERROR_INVALID_ARGUMENT, "open with an empty device name");
    check_code(inputclick_open("\xc3\x28", &ctx), INPUTCLICK_ERROR_INVALID_ARGUMENT, "open with invalid UTF-8");
    check(ctx == nullptr, "failed opens store NULL");
    check_code(inputclick_play(nullptr, 0), INPUTCLICK_ERROR_INVALID_ARGUMENT, "play on NULL");
    check_code(inputclick_set_visible_views(nullptr, nullptr, 0), INPUTCLICK_ERROR_INVALID_ARGUMENT, "set_visible_views on NULL");
    check_code(inputclick_latency(nullptr, 0, nullptr, nullptr, nullptr, nullptr, nullptr), INPUTCLICK_ERROR_INVALID_ARGUMENT,
               "latency on NULL");
    check_code(inputclick_close(nullptr), INPUTCLICK_ERROR_INVALID_ARGUMENT, "close on NULL");
    check_code(inputclick_options_set_latency_frames(nullptr, 64, 2), INPUTCLICK_ERROR_INVALID_ARGUMENT, "options setter on NULL");
    check_code(inputclick_last_error_message(nullptr, 3), INPUTCLICK_ERROR_INVALID_ARGUMENT, "message into NULL with a size");
}

void test_nonexistent_device() {
    check_throws(INPUTCLICK_ERROR_NO_SUCH_DEVICE, "a device that does not exist fails to open", [] {
        inputclick::Context context("inputclick_no_such_device");
    });
    check(inputclick::last_error_message().find("inputclick_no_such_device") != std::string::npos,
          "the message names the device", inputclick::last_error_message());
}

void test_clicks(const std::string &settings) {
    inputclick::Context keyboard = open_test_context(settings, 200);
    check_code(keyboard.play(), INPUTCLICK_NO_VISIBLE_INPUT_VIEW, "hidden keyboard: no visible input view");
    check_throws(INPUTCLICK_ERROR_INVALID_KIND, "kind 7 is refused", [&] { keyboard.play(7); });
    keyboard.set_visible_views({0});
    check_code(keyboard.play(INPUTCLICK_KIND_SPACE), INPUTCLICK_NOT_OPTED_IN, "a view that does not opt in");
    keyboard.set_visible_views({1, 0});
    check_code(keyboard.wait_until_running(5000), INPUTCLICK_OK, "the stream runs within 5 s");
    for (int kind = INPUTCLICK_KIND_KEY; kind <= INPUTCLICK_KIND_RETURN; ++kind) {
        check_code(keyboard.play(kind), INPUTCLICK_PLAYS, std::string("a ") + inputclick_kind_name(kind) + " tap plays through the sink");
        sleep_ms(25);
    }
    inputclick::Latency latency;
    for (int i = 0; i < 200 && (latency = keyboard.latency(INPUTCLICK_MEASURE_CALL_TO_WRITE)).count < 5; ++i) sleep_ms(10);
    check(latency.count >= 5 && latency.p50 > 0 && latency.p50 <= latency.p99 && latency.p99 <= latency.max,
          "latency figures after clicks", "n=" + std::to_string(latency.count) + " p50=" + std::to_string(latency.p50));
    std::cout << "# call to write: p50 " << latency.p50 << " us, max " << latency.max << " us over " << latency.count << '\n';
    keyboard.set_visible_views({});
    check_code(keyboard.play(), INPUTCLICK_NO_VISIBLE_INPUT_VIEW, "hidden again: no visible input view");
    inputclick_context *raw = keyboard.get();
    keyboard.close();
    check_code(inputclick_close(raw), INPUTCLICK_ERROR_CLOSED, "a second close is harmless");
    check_code(inputclick_play(raw, 0), INPUTCLICK_ERROR_CLOSED, "play after close");
}

void test_close_under_load(const std::string &settings) {
    inputclick::Context keyboard = open_test_context(settings, 0);
    keyboard.set_visible_views({1});
    keyboard.wait_until_running(5000);
    inputclick_context *raw = keyboard.get();
    std::atomic<int> bad{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([raw, &bad, t] {
            for (int i = 0;; ++i) {
                int result = (i + t) % 3 == 0 ? inputclick_decision(raw, i % 5) : inputclick_play(raw, i % 5);
                if (result == INPUTCLICK_ERROR_CLOSED) return;
                if (result < 0 || result > INPUTCLICK_SUSPECT) ++bad;
            }
        });
    }
    sleep_ms(150);
    keyboard.close();
    for (auto &thread : threads) thread.join();
    check(bad == 0, "four threads tapping while the context closes see decisions, then CLOSED");
}

}  // namespace

int main() {
    char directory[] = "/tmp/inputclick-cpp-test-XXXXXX";
    if (!mkdtemp(directory)) return 2;
    std::string settings = std::string(directory) + "/settings.conf";  // does not exist: every default
    std::cout << "# inputclick " << inputclick_version() << ", device '" << test_device() << "'\n";
    try {
        test_version_and_names();
        test_bad_arguments();
        test_nonexistent_device();
        test_clicks(settings);
        test_close_under_load(settings);
    } catch (const inputclick::Error &error) {
        check(false, "unexpected error", describe(error.code()) + ": " + error.what());
    }
    rmdir(directory);
    std::cout << passed << " passed, " << failed << " failed\n";
    return failed == 0 ? 0 : 1;
}
