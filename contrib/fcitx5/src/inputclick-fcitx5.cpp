/*
 * The InputClick add-on for fcitx5; see inputclick-fcitx5.h.
 */
#include "inputclick-fcitx5.h"

#include <fcitx-config/iniparser.h>
#include <fcitx-utils/capabilityflags.h>
#include <fcitx-utils/keysym.h>
#include <fcitx-utils/log.h>
#include <fcitx/addonfactory.h>
#include <fcitx/addonmanager.h>
#include <fcitx/inputcontext.h>
#include <fcitx/inputcontextmanager.h>

namespace inputclick_fcitx5 {

namespace {

FCITX_DEFINE_LOG_CATEGORY(inputclickLog, "inputclick");
#define INPUTCLICK_INFO() FCITX_LOGC(inputclickLog, Info)
#define INPUTCLICK_ERROR() FCITX_LOGC(inputclickLog, Error)

constexpr char configFile[] = "conf/inputclick.conf";

/* How long the add-on waits, at exit, for a click still sounding. */
constexpr int drainAtExitMs = 100;

/* The library's message for this thread's last failure. */
std::string lastErrorMessage() {
    char message[512];
    return inputclick_last_error_message(message, sizeof message) > 0 ? message : "unknown error";
}

} // namespace

int kindOfKey(fcitx::KeySym sym) {
    switch (sym) {
    case FcitxKey_BackSpace:
    case FcitxKey_Delete:
    case FcitxKey_KP_Delete:
        return INPUTCLICK_KIND_DELETE;
    case FcitxKey_space:
    case FcitxKey_KP_Space:
        return INPUTCLICK_KIND_SPACE;
    case FcitxKey_Return:
    case FcitxKey_KP_Enter:
    case FcitxKey_ISO_Enter:
        return INPUTCLICK_KIND_RETURN;
    case FcitxKey_Tab:
    case FcitxKey_KP_Tab:
    case FcitxKey_ISO_Left_Tab:
    case FcitxKey_Escape:
    case FcitxKey_Caps_Lock:
    case FcitxKey_Shift_Lock:
    case FcitxKey_Num_Lock:
    case FcitxKey_ISO_Level3_Shift:
    case FcitxKey_ISO_Level5_Shift:
    case FcitxKey_Mode_switch:
        return INPUTCLICK_KIND_MODIFIER;
    default:
        return fcitx::Key(sym).isModifier() ? INPUTCLICK_KIND_MODIFIER : INPUTCLICK_KIND_KEY;
    }
}

InputClick::InputClick(fcitx::Instance *instance) : instance_(instance) {
    watchers_.emplace_back(instance_->watchEvent(
        fcitx::EventType::InputContextFocusIn, fcitx::EventWatcherPhase::Default, [this](fcitx::Event &event) {
            focused_ = static_cast<fcitx::InputContextEvent &>(event).inputContext();
            report();
        }));
    watchers_.emplace_back(instance_->watchEvent(
        fcitx::EventType::InputContextFocusOut, fcitx::EventWatcherPhase::Default, [this](fcitx::Event &event) {
            focusMovedAwayFrom(static_cast<fcitx::InputContextEvent &>(event).inputContext());
        }));
    watchers_.emplace_back(instance_->watchEvent(
        fcitx::EventType::InputContextDestroyed, fcitx::EventWatcherPhase::Default, [this](fcitx::Event &event) {
            focusMovedAwayFrom(static_cast<fcitx::InputContextEvent &>(event).inputContext());
        }));
    watchers_.emplace_back(instance_->watchEvent(
        fcitx::EventType::InputContextCapabilityChanged, fcitx::EventWatcherPhase::Default,
        [this](fcitx::Event &event) {
            if (static_cast<fcitx::InputContextEvent &>(event).inputContext() == focused_) {
                report();
            }
        }));
    // Before the input method: composing, candidate and hotkey presses click too.
    watchers_.emplace_back(instance_->watchEvent(
        fcitx::EventType::InputContextKeyEvent, fcitx::EventWatcherPhase::PreInputMethod,
        [this](fcitx::Event &event) { keyPressed(static_cast<fcitx::KeyEvent &>(event)); }));

    // A context that already has the focus (the add-on reloaded in a running fcitx5).
    instance_->inputContextManager().foreachFocused([this](fcitx::InputContext *ic) {
        focused_ = ic;
        return false;
    });
    reloadConfig();
}

InputClick::~InputClick() {
    watchers_.clear();
    closeContext();
}

void InputClick::reloadConfig() {
    fcitx::readAsIni(config_, configFile);
    apply();
}

void InputClick::setConfig(const fcitx::RawConfig &config) {
    config_.load(config, true);
    fcitx::safeSaveAsIni(config_, configFile);
    apply();
}

void InputClick::apply() {
    if (!*config_.enabled) {
        closeContext();
        return;
    }
    if (context_ && contextDevice_ != *config_.device) {
        closeContext();
    }
    if (!context_) {
        openContext();
    }
    report();
}

void InputClick::openContext() {
    if (inputclick_open(config_.device->c_str(), &context_) != INPUTCLICK_OK) {
        // The message names the device and why; the add-on stays loaded and
        // tries again when its configuration changes.
        INPUTCLICK_ERROR() << "no key clicks: " << lastErrorMessage();
        context_ = nullptr;
        return;
    }
    contextDevice_ = *config_.device;
    INPUTCLICK_INFO() << "key clicks on the ALSA device " << contextDevice_;
}

void InputClick::closeContext() {
    if (!context_) {
        return;
    }
    inputclick_set_visible_views(context_, nullptr, 0);
    inputclick_drain(context_, drainAtExitMs);
    inputclick_close(context_);
    context_ = nullptr;
    contextDevice_.clear();
}

void InputClick::focusMovedAwayFrom(fcitx::InputContext *leaving) {
    if (leaving != focused_) {
        return;
    }
    // Another focus group (another seat or display) may still have a focused context.
    focused_ = nullptr;
    instance_->inputContextManager().foreachFocused([this, leaving](fcitx::InputContext *ic) {
        if (ic == leaving) {
            return true;
        }
        focused_ = ic;
        return false;
    });
    report();
}

void InputClick::report() {
    if (!context_) {
        return;
    }
    if (!focused_ || !focused_->hasFocus()) {
        inputclick_set_visible_views(context_, nullptr, 0);
        inputclick_set_secure_text_entry(context_, 0);
        return;
    }
    const bool secure = focused_->capabilityFlags().testAny(fcitx::CapabilityFlag::PasswordOrSensitive);
    // A silent password field is a visible view that did not opt in: the gate
    // then answers "not opted in", and no stream opens for it.
    const int optedIn = secure && *config_.passwordClick == PasswordClick::Silent ? 0 : 1;
    inputclick_set_secure_text_entry(context_, secure ? 1 : 0);
    inputclick_set_visible_views(context_, &optedIn, 1);
}

void InputClick::keyPressed(fcitx::KeyEvent &event) {
    if (!context_ || event.isRelease()) {
        return;
    }
    auto *ic = event.inputContext();
    if (ic != focused_ || !ic->hasFocus()) {
        return;
    }
    // Wait-free: the click is only queued for the library's render thread.
    // The result (plays, or why not) is the gate's business; nothing is logged.
    inputclick_play(context_, kindOfKey(event.rawKey().sym()));
}

class Factory : public fcitx::AddonFactory {
public:
    fcitx::AddonInstance *create(fcitx::AddonManager *manager) override { return new InputClick(manager->instance()); }
};

} // namespace inputclick_fcitx5

FCITX_ADDON_FACTORY(inputclick_fcitx5::Factory);
