/*
 * The fcitx5 add-on as a client of the latency benchmark (bench/run-latency.py,
 * client "fcitx5"): an in-process fcitx5 Instance with the test front end and
 * the add-on, one focused input context, and for every line on standard input
 * one key press (a letter, space, BackSpace, Return and Shift in turn) sent through fcitx5's key handling (the front end's key event,
 * the add-on's watcher before the input method, the library's wait-free play).
 * So the benchmark's figure is key event to sound as fcitx5 users meet it,
 * less only the display server's and the toolkit's share.
 *
 * Usage: inputclick-fcitx5-bench WORK_DIR DEVICE
 * Prints READY once the stream runs; exits at the end of its input, after
 * printing the library's call-to-write latency figures on standard error.
 */
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>

#include <sys/stat.h>
#include <unistd.h>

#include <fcitx-utils/event.h>
#include <fcitx-utils/eventdispatcher.h>
#include <fcitx-utils/key.h>
#include <fcitx-utils/log.h>
#include <fcitx-utils/testing.h>
#include <fcitx/addonmanager.h>
#include <fcitx/inputcontextmanager.h>
#include <fcitx/instance.h>
#include <testfrontend_public.h>

#include "inputclick_public.h"

int main(int argc, char **argv) {
    if (argc != 3) {
        std::cerr << "usage: inputclick-fcitx5-bench WORK_DIR DEVICE" << std::endl;
        return 64;
    }
    const std::string configHome = std::string(argv[1]) + "/config";
    fcitx::setupTestingEnvironment(TEST_BINARY_DIR, {TEST_ADDON_LIBRARY_DIR}, {TEST_DATA_DIR});
    setenv("FCITX_CONFIG_HOME", configHome.c_str(), 1);
    unsetenv("SKIP_FCITX_USER_PATH");
    // The same directory serves every round of a benchmark run.
    if ((mkdir(configHome.c_str(), 0700) != 0 && errno != EEXIST) ||
        (mkdir((configHome + "/conf").c_str(), 0700) != 0 && errno != EEXIST)) {
        std::cerr << "inputclick-fcitx5-bench: cannot create " << configHome << "/conf: " << std::strerror(errno) << std::endl;
        return 1;
    }
    if (FILE *config = std::fopen((configHome + "/conf/inputclick.conf").c_str(), "w")) {
        std::fprintf(config, "Enabled=True\nDevice=%s\n", argv[2]);
        std::fclose(config);
    }

    char arg0[] = "inputclick-fcitx5-bench", arg1[] = "--disable=all", arg2[] = "--enable=testim,testfrontend,inputclick";
    char *arguments[] = {arg0, arg1, arg2};
    fcitx::Log::setLogRule("default=2");
    fcitx::Instance instance(3, arguments);
    instance.addonManager().registerDefaultLoader(nullptr);

    fcitx::AddonInstance *frontend = nullptr;
    inputclick_context *context = nullptr;
    fcitx::ICUUID id{};
    std::unique_ptr<fcitx::EventSourceIO> input;
    // One key of each kind in turn, so that the benchmark's bursts (taps 30 ms
    // apart) stay under the library's rate limit of one kind (20 a second).
    const char *const keys[] = {"a", "space", "BackSpace", "Return", "Shift_L"};
    size_t presses = 0;
    int status = 0;
    fcitx::EventDispatcher dispatcher;
    dispatcher.attach(&instance.eventLoop());
    dispatcher.schedule([&] {
        auto *addon = instance.addonManager().addon("inputclick");
        frontend = instance.addonManager().addon("testfrontend");
        context = addon ? addon->call<fcitx::IInputClick::context>() : nullptr;
        if (!frontend || !context) {
            std::cerr << "inputclick-fcitx5-bench: the add-on did not load or open its device" << std::endl;
            status = 1;
            instance.exit();
            return;
        }
        id = frontend->call<fcitx::ITestFrontend::createInputContext>("bench");
        instance.inputContextManager().findByUUID(id)->focusIn();
        int waited = inputclick_wait_until_running(context, 10000);
        if (waited != INPUTCLICK_OK) {
            std::cerr << "inputclick-fcitx5-bench: the stream did not start: " << inputclick_strerror(waited) << std::endl;
            status = 1;
            instance.exit();
            return;
        }
        inputclick_reset_latency(context);
        // One key press per line, as soon as fcitx5's event loop sees it.
        input = instance.eventLoop().addIOEvent(STDIN_FILENO, fcitx::IOEventFlag::In,
                                                [&](fcitx::EventSourceIO *, int fd, fcitx::IOEventFlags) {
            char buffer[256];
            ssize_t got = read(fd, buffer, sizeof buffer);
            if (got <= 0) {
                input.reset();
                instance.exit();
                return true;
            }
            for (ssize_t i = 0; i < got; ++i) {
                if (buffer[i] == '\n') {
                    const char *key = keys[presses++ % (sizeof keys / sizeof *keys)];
                    frontend->call<fcitx::ITestFrontend::keyEvent>(id, fcitx::Key(key), false);
                    frontend->call<fcitx::ITestFrontend::keyEvent>(id, fcitx::Key(key), true);
                }
            }
            return true;
        });
        std::cout << "READY" << std::endl;
    });
    instance.exec();
    if (context) {
        size_t count = 0;
        double p50 = 0, p95 = 0, p99 = 0, max = 0;
        if (inputclick_latency(context, INPUTCLICK_MEASURE_CALL_TO_WRITE, &count, &p50, &p95, &p99, &max) == INPUTCLICK_OK) {
            std::fprintf(stderr, "latency: call to write: p50 %.3f ms, p95 %.3f ms, p99 %.3f ms, max %.3f ms, n=%zu\n",
                         p50 / 1000, p95 / 1000, p99 / 1000, max / 1000, count);
        }
    }
    return status;
}
