/*
 * The InputClick fcitx5 add-on, headless: an in-process fcitx5 Instance with
 * the test front end and the add-on only, driven the way a desktop drives it
 * (input contexts created, focused in and out, marked as password fields,
 * keys pressed and released), playing through the real library into the
 * virtual sink with the file capture. Afterwards each capture is cut into
 * clicks and every click matched against the bundled sounds, so the test
 * knows which presses clicked and with which sound, and that nothing else did.
 *
 * Usage: testinputclick WORK_DIR SOUNDS_DIR
 *   WORK_DIR    an empty private directory: the add-on's configuration and
 *               the captures go there
 *   SOUNDS_DIR  the bundled sounds (the project's Sounds/), to recognise clicks
 * Environment: ALSA_CONFIG_PATH and the sink's variables as
 * scripts/virtual-sink.sh env sets them (the capture PCM is
 * INPUTCLICK_FCITX5_TEST_PCM, default inputclick_capture).
 *
 * Prints one line per check and "N passed, M failed"; exits 1 on any failure.
 */
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <iostream>
#include <iterator>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <sys/stat.h>

#include <fcitx-config/rawconfig.h>
#include <fcitx-utils/capabilityflags.h>
#include <fcitx-utils/event.h>
#include <fcitx-utils/eventdispatcher.h>
#include <fcitx-utils/key.h>
#include <fcitx-utils/log.h>
#include <fcitx-utils/testing.h>
#include <fcitx-utils/utf8.h>
#include <fcitx/addonmanager.h>
#include <fcitx/event.h>
#include <fcitx/inputcontext.h>
#include <fcitx/inputcontextmanager.h>
#include <fcitx/instance.h>
#include <testfrontend_public.h>

#include "inputclick_public.h"

namespace {

int passed = 0, failed = 0;

void check(bool condition, const std::string &name, const std::string &detail = "") {
    if (condition) {
        ++passed;
        std::cout << "ok - " << name << std::endl;
    } else {
        ++failed;
        std::cout << "not ok - " << name << (detail.empty() ? "" : ": " + detail) << std::endl;
    }
}

// ---------------------------------------------------------------------------
// Audio: the captures and the bundled sounds.

/** A WAV file's first channel as floats, −1…1 (16-bit integer or 32-bit float data). */
struct Audio {
    int rate = 0;
    std::vector<float> samples;
    std::string error;
};

uint32_t le32(const std::vector<unsigned char> &b, size_t at) {
    return b[at] | b[at + 1] << 8 | b[at + 2] << 16 | static_cast<uint32_t>(b[at + 3]) << 24;
}
uint16_t le16(const std::vector<unsigned char> &b, size_t at) { return static_cast<uint16_t>(b[at] | b[at + 1] << 8); }

// alsa-lib's file plugin writes format tag 1 even for float data, and leaves
// the data size open until the stream closes; 32-bit data is float here (the
// sink's format), and an open size runs to the end of the file.
Audio readWav(const std::string &path) {
    Audio audio;
    std::ifstream file(path, std::ios::binary);
    std::vector<unsigned char> bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    if (bytes.size() < 12 || std::memcmp(bytes.data(), "RIFF", 4) != 0 || std::memcmp(bytes.data() + 8, "WAVE", 4) != 0) {
        audio.error = path + ": not a WAV file (" + std::to_string(bytes.size()) + " bytes)";
        return audio;
    }
    size_t offset = 12;
    int channels = 0, bits = 0;
    while (offset + 8 <= bytes.size()) {
        std::string id(reinterpret_cast<const char *>(bytes.data() + offset), 4);
        size_t size = le32(bytes, offset + 4), start = offset + 8;
        if (id == "fmt " && start + 16 <= bytes.size()) {
            channels = le16(bytes, start + 2);
            audio.rate = static_cast<int>(le32(bytes, start + 4));
            bits = le16(bytes, start + 14);
        } else if (id == "data") {
            size_t end = size == 0 || start + size > bytes.size() ? bytes.size() : start + size;
            if (channels < 1 || (bits != 16 && bits != 32)) {
                audio.error = path + ": unexpected format";
                return audio;
            }
            size_t frameBytes = static_cast<size_t>(channels) * (bits / 8);
            for (size_t at = start; at + frameBytes <= end; at += frameBytes) {
                if (bits == 16) {
                    audio.samples.push_back(static_cast<int16_t>(le16(bytes, at)) / 32768.0f);
                } else {
                    uint32_t raw = le32(bytes, at);
                    float value;
                    std::memcpy(&value, &raw, sizeof value);
                    audio.samples.push_back(value);
                }
            }
            return audio;
        }
        offset = start + size + (size & 1);
    }
    audio.error = path + ": no data chunk";
    return audio;
}

/** Where clicks start: a sample over the threshold after at least `quiet` quiet samples. */
std::vector<size_t> onsets(const std::vector<float> &samples, float threshold = 0.01f, size_t quiet = 480) {
    std::vector<size_t> found;
    size_t quietRun = quiet;
    for (size_t i = 0; i < samples.size(); ++i) {
        if (std::fabs(samples[i]) > threshold) {
            if (quietRun >= quiet) {
                found.push_back(i);
            }
            quietRun = 0;
        } else {
            ++quietRun;
        }
    }
    return found;
}

const char *const kindNames[] = {"key", "delete", "modifier", "space", "return"};

/** The bundled sound a captured click is, by normalised correlation; "?" below 0.95. */
std::string recognise(const std::vector<float> &capture, size_t onset, const std::vector<Audio> &sounds, double *best) {
    *best = 0;
    std::string name = "?";
    for (size_t kind = 0; kind < sounds.size(); ++kind) {
        const auto &reference = sounds[kind].samples;
        for (long lag = -48; lag <= 8; ++lag) {
            long start = static_cast<long>(onset) + lag;
            if (start < 0) {
                continue;
            }
            double dot = 0, energyCapture = 0, energyReference = 0;
            for (size_t i = 0; i < reference.size(); ++i) {
                size_t at = static_cast<size_t>(start) + i;
                double c = at < capture.size() ? capture[at] : 0.0;
                dot += c * reference[i];
                energyCapture += c * c;
                energyReference += static_cast<double>(reference[i]) * reference[i];
            }
            double score = energyCapture > 0 && energyReference > 0 ? dot / std::sqrt(energyCapture * energyReference) : 0;
            if (score > *best) {
                *best = score;
                name = kindNames[kind];
            }
        }
    }
    return *best >= 0.95 ? name : "?";
}

/** The sounds the capture at `path` holds, in order, named by kind. */
std::vector<std::string> clicksIn(const std::string &path, const std::vector<Audio> &sounds, std::string *detail) {
    std::vector<std::string> names;
    Audio capture = readWav(path);
    if (!capture.error.empty()) {
        *detail = capture.error;
        return names;
    }
    std::ostringstream scores;
    for (size_t onset : onsets(capture.samples)) {
        double score = 0;
        names.push_back(recognise(capture.samples, onset, sounds, &score));
        scores << names.back() << "@" << onset << " (" << score << ") ";
    }
    *detail = scores.str();
    return names;
}

std::string joined(const std::vector<std::string> &names) {
    std::string text;
    for (const auto &name : names) {
        text += (text.empty() ? "" : " ") + name;
    }
    return "[" + text + "]";
}

// ---------------------------------------------------------------------------
// The script: steps run one after another on fcitx5's event loop, each some
// milliseconds after the one before, as a typist's presses come.

struct Step {
    int afterMs;
    std::function<void()> run;
};

class Script {
public:
    Script(fcitx::Instance &instance, std::vector<Step> steps) : instance_(instance), steps_(std::move(steps)) {}
    void start() { next(); }

private:
    void next() {
        if (index_ == steps_.size()) {
            instance_.exit();
            return;
        }
        uint64_t due = fcitx::now(CLOCK_MONOTONIC) + static_cast<uint64_t>(steps_[index_].afterMs) * 1000;
        timer_ = instance_.eventLoop().addTimeEvent(CLOCK_MONOTONIC, due, 0, [this](fcitx::EventSourceTime *, uint64_t) {
            steps_[index_++].run();
            next();
            return true;
        });
    }

    fcitx::Instance &instance_;
    std::vector<Step> steps_;
    size_t index_ = 0;
    std::unique_ptr<fcitx::EventSourceTime> timer_;
};

void writeConfig(const std::string &path, const std::string &text) {
    std::ofstream(path) << text;
}

} // namespace

int main(int argc, char **argv) {
    if (argc != 3) {
        std::cerr << "usage: testinputclick WORK_DIR SOUNDS_DIR" << std::endl;
        return 64;
    }
    const std::string work = argv[1], soundsDir = argv[2];
    const char *pcmVariable = std::getenv("INPUTCLICK_FCITX5_TEST_PCM");
    const std::string pcm = pcmVariable && *pcmVariable ? pcmVariable : "inputclick_capture";
    const std::string captureA = work + "/a.wav", captureB = work + "/b.wav";
    const std::string deviceA = pcm + ":FILE=" + captureA, deviceB = pcm + ":FILE=" + captureB;

    std::vector<Audio> sounds;
    for (const char *kind : kindNames) {
        sounds.push_back(readWav(soundsDir + "/" + kind + ".wav"));
        if (!sounds.back().error.empty()) {
            std::cerr << "testinputclick: " << sounds.back().error << std::endl;
            return 1;
        }
    }

    // fcitx5's testing layout: the add-on library from the build, the test
    // add-ons and this add-on's .conf from the data directories, and a
    // configuration directory of the test's own, holding the add-on's file.
    fcitx::setupTestingEnvironment(TEST_BINARY_DIR, {TEST_ADDON_LIBRARY_DIR}, {TEST_DATA_DIR});
    const std::string configHome = work + "/config";
    setenv("FCITX_CONFIG_HOME", configHome.c_str(), 1);
    unsetenv("SKIP_FCITX_USER_PATH"); // the add-on's configuration file is the user's
    if (mkdir(configHome.c_str(), 0700) != 0 || mkdir((configHome + "/conf").c_str(), 0700) != 0) {
        std::cerr << "testinputclick: cannot create " << configHome << "/conf: " << std::strerror(errno) << std::endl;
        return 1;
    }
    const std::string configFile = configHome + "/conf/inputclick.conf";
    writeConfig(configFile, "Enabled=True\nPasswordFields=Uniform\nDevice=" + deviceA + "\n");

    {
        char arg0[] = "testinputclick", arg1[] = "--disable=all", arg2[] = "--enable=testim,testfrontend,inputclick";
        char *arguments[] = {arg0, arg1, arg2};
        fcitx::Log::setLogRule("default=3,inputclick=4");
        fcitx::Instance instance(3, arguments);
        instance.addonManager().registerDefaultLoader(nullptr);

        fcitx::AddonInstance *addon = nullptr, *frontend = nullptr;
        fcitx::ICUUID editorId{}, passwordId{};
        fcitx::InputContext *editor = nullptr, *password = nullptr;
        auto context = [&] { return addon->call<fcitx::IInputClick::context>(); };
        auto press = [&](fcitx::ICUUID id, const char *key) {
            frontend->call<fcitx::ITestFrontend::keyEvent>(id, fcitx::Key(key), false);
            frontend->call<fcitx::ITestFrontend::keyEvent>(id, fcitx::Key(key), true);
        };
        // A key event straight to fcitx5's event watchers, for a context
        // without the focus (the test front end would focus it first).
        auto pressUnfocused = [&](fcitx::InputContext *ic, const char *key) {
            fcitx::KeyEvent event(ic, fcitx::Key(key), false);
            instance.postEvent(event);
        };
        auto setConfig = [&](const char *path, const std::string &value) {
            fcitx::RawConfig config;
            config.setValueByPath(path, value);
            addon->setConfig(config);
        };
        const int gap = 100; // ms between presses: slower than the rate limit of one kind (20/s)

        std::vector<Step> steps{
            {0, [&] {
                 addon = instance.addonManager().addon("inputclick");
                 frontend = instance.addonManager().addon("testfrontend");
                 check(addon != nullptr, "fcitx5 loads the add-on at start-up (OnDemand=False)");
                 check(frontend != nullptr, "the test front end is loaded");
                 if (!addon || !frontend) {
                     instance.exit();
                     return;
                 }
                 check(context() != nullptr, "the add-on opened the library on the device its configuration file names");
                 editorId = frontend->call<fcitx::ITestFrontend::createInputContext>("editor");
                 passwordId = frontend->call<fcitx::ITestFrontend::createInputContext>("login");
                 editor = instance.inputContextManager().findByUUID(editorId);
                 password = instance.inputContextManager().findByUUID(passwordId);
                 password->setCapabilityFlags(fcitx::CapabilityFlag::Password);
                 // No context has the focus: no view is visible, nothing opens, nothing clicks.
                 pressUnfocused(editor, "a");
                 check(inputclick_state(context()) == INPUTCLICK_STATE_CLOSED,
                       "with no focused input context no stream opens");
                 check(inputclick_decision(context(), INPUTCLICK_KIND_KEY) == INPUTCLICK_NO_VISIBLE_INPUT_VIEW,
                       "with no focused input context the gate says no input view is visible");
             }},
            {gap, [&] {
                 editor->focusIn();
                 check(inputclick_decision(context(), INPUTCLICK_KIND_KEY) != INPUTCLICK_NO_VISIBLE_INPUT_VIEW,
                       "focusing an input context makes a visible, opted-in input view");
                 int waited = inputclick_wait_until_running(context(), 5000);
                 check(waited == INPUTCLICK_OK, "the stream opens on focus",
                       "inputclick_wait_until_running: " + std::to_string(waited));
             }},
            {gap, [&] { press(editorId, "a"); }},
            {gap, [&] { press(editorId, "BackSpace"); }},
            {gap, [&] { press(editorId, "space"); }},
            {gap, [&] { press(editorId, "Return"); }},
            {gap, [&] { press(editorId, "Shift_L"); }},
            {gap, [&] { press(editorId, "Tab"); }},
            {gap, [&] { press(editorId, "Escape"); }},
            {gap, [&] { press(editorId, "KP_Enter"); }},
            {gap, [&] { press(editorId, "Delete"); }},
            {gap, [&] { press(editorId, "Control+Shift+z"); }},
            {gap, [&] {
                 editor->focusOut();
                 check(inputclick_decision(context(), INPUTCLICK_KIND_KEY) == INPUTCLICK_NO_VISIBLE_INPUT_VIEW,
                       "losing the focus hides the view");
                 check(inputclick_state(context()) != INPUTCLICK_STATE_CLOSED, "the stream lingers after the focus leaves");
                 pressUnfocused(editor, "b");
             }},
            // A password field: one uniform sound, whatever the key.
            {gap, [&] { password->focusIn(); }},
            {gap, [&] { press(passwordId, "a"); }},
            {gap, [&] { press(passwordId, "BackSpace"); }},
            {gap, [&] { press(passwordId, "space"); }},
            {gap, [&] { press(passwordId, "Return"); }},
            // ... or silence, as configured (the configuration tool's setConfig).
            {gap, [&] {
                 setConfig("PasswordFields", "Silent");
                 check(inputclick_decision(context(), INPUTCLICK_KIND_KEY) == INPUTCLICK_NOT_OPTED_IN,
                       "in a password field set to silent the view does not opt in");
             }},
            {gap, [&] { press(passwordId, "a"); }},
            {gap, [&] { press(passwordId, "Return"); }},
            // Back in the editor, which then turns sensitive while focused.
            {gap, [&] {
                 password->focusOut();
                 editor->focusIn();
             }},
            {gap, [&] { press(editorId, "x"); }},
            // A key event for a context without the focus, while another has it: no click.
            {gap, [&] { pressUnfocused(password, "BackSpace"); }},
            {gap, [&] { editor->setCapabilityFlags(fcitx::CapabilityFlag::Sensitive); }},
            {gap, [&] { press(editorId, "y"); }},
            {gap, [&] { setConfig("PasswordFields", "Uniform"); }},
            {gap, [&] { press(editorId, "space"); }},
            {gap, [&] {
                 editor->setCapabilityFlags(fcitx::CapabilityFlag::NoFlag);
                 // Disabled: the library is closed (capture a is complete), and keys do nothing.
                 setConfig("Enabled", "False");
                 check(context() == nullptr, "disabling the add-on closes the library: no device, no thread");
                 press(editorId, "a");
             }},
            // Re-enabled by a configuration reload, on another device.
            {gap, [&] {
                 writeConfig(configFile, "Enabled=True\nPasswordFields=Uniform\nDevice=" + deviceB + "\n");
                 instance.reloadAddonConfig("inputclick");
                 check(context() != nullptr, "a configuration reload enables the add-on again");
                 check(inputclick_decision(context(), INPUTCLICK_KIND_KEY) != INPUTCLICK_NO_VISIBLE_INPUT_VIEW,
                       "after the reload the focused input context is a visible view at once");
                 check(inputclick_wait_until_running(context(), 5000) == INPUTCLICK_OK, "the new device's stream opens");
             }},
            {gap, [&] { press(editorId, "space"); }},
            {gap, [&] { press(editorId, "BackSpace"); }},
            {gap, [&] {
                 frontend->call<fcitx::ITestFrontend::destroyInputContext>(editorId);
                 check(inputclick_decision(context(), INPUTCLICK_KIND_KEY) == INPUTCLICK_NO_VISIBLE_INPUT_VIEW,
                       "destroying the focused input context hides the view");
                 frontend->call<fcitx::ITestFrontend::destroyInputContext>(passwordId);
                 setConfig("Enabled", "False"); // closes the library: capture b is complete
             }},
        };
        Script script(instance, std::move(steps));
        fcitx::EventDispatcher dispatcher;
        dispatcher.attach(&instance.eventLoop());
        dispatcher.schedule([&script] { script.start(); });
        instance.exec();
    }

    std::string detail;
    auto a = clicksIn(captureA, sounds, &detail);
    const std::vector<std::string> expectedA{
        "key", "delete", "space", "return", "modifier", "modifier", "modifier", "return", "delete", "key", // the editor
        "key", "key", "key", "key",                                                                        // the password field
        "key",                                                                                             // x in the editor
        "key",                                                                                             // space, sensitive
    };
    std::cout << "# capture a: " << detail << std::endl;
    check(a == expectedA, "presses click with their kind's sound, password fields with the key sound, and nothing else clicks",
          "heard " + joined(a) + ", expected " + joined(expectedA) + "; " + detail);
    auto b = clicksIn(captureB, sounds, &detail);
    const std::vector<std::string> expectedB{"space", "delete"};
    std::cout << "# capture b: " << detail << std::endl;
    check(b == expectedB, "after disabling and a reload, presses click again on the new device",
          "heard " + joined(b) + ", expected " + joined(expectedB) + "; " + detail);

    std::cout << passed << " passed, " << failed << " failed" << std::endl;
    return failed == 0 ? 0 : 1;
}
