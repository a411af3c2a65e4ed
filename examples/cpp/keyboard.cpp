// A keyboard front end in miniature, in C++: it "shows" an on-screen
// keyboard that opts in to clicks, then types each line of standard input at
// a human rhythm, clicking on every key, and prints what each tap did.
// ' ' plays space, '<' delete, '^' shift (modifier), end of line return.
//
// Build:  c++ -std=c++17 keyboard.cpp $(pkg-config --cflags --libs inputclick) -o keyboard
// Run:    echo "hello world" | ./keyboard [DEVICE]
#include "inputclick.hpp"

#include <chrono>
#include <iostream>
#include <string>
#include <thread>

static int kind_of(char c) {
    switch (c) {
    case ' ': return INPUTCLICK_KIND_SPACE;
    case '<': return INPUTCLICK_KIND_DELETE;
    case '^': return INPUTCLICK_KIND_MODIFIER;
    default: return INPUTCLICK_KIND_KEY;
    }
}

int main(int argc, char **argv) try {
    inputclick::Context keyboard(argc > 1 ? argv[1] : "");
    keyboard.set_visible_views({1});  // shown, opted in: the device opens now
    if (keyboard.wait_until_running(2000) != INPUTCLICK_OK)
        std::cerr << "keyboard: not running yet (" << inputclick::last_error_message() << "); typing anyway\n";

    std::string line;
    while (std::getline(std::cin, line)) {
        for (char c : line + '\n') {
            int decision = keyboard.play(c == '\n' ? INPUTCLICK_KIND_RETURN : kind_of(c));
            std::cout << (c == '\n' ? std::string("return") : std::string(1, c)) << ':'
                      << inputclick_decision_name(decision) << ' ' << std::flush;
            std::this_thread::sleep_for(std::chrono::milliseconds(90));
        }
        std::cout << '\n';
    }
    keyboard.set_visible_views({});  // hidden
    auto latency = keyboard.latency();
    std::cout << "tap to converter over " << latency.count << " clicks: p50 " << latency.p50 / 1000 << " ms, p99 "
              << latency.p99 / 1000 << " ms\n";
    return 0;
} catch (const inputclick::Error &error) {
    std::cerr << "keyboard: " << inputclick_strerror(error.code()) << ": " << error.what() << '\n';
    return 1;
}
