/*
 * The InputClick add-on for fcitx5: key clicks that follow the text focus.
 *
 * A focused input context is a visible input view that opted in (while the
 * add-on is enabled); no focused context, no view, no click. A password or
 * sensitive context is secure entry: every key plays the key sound, or
 * nothing, as configured. Key presses are watched before the input method,
 * so composing and candidate keys click too; releases never do.
 *
 * Nothing of a key but the kind of its click is looked at, and nothing of a
 * key or of the text is kept, logged or printed.
 *
 * Thread context: fcitx5 calls everything here on its event-loop thread.
 */
#ifndef INPUTCLICK_FCITX5_H
#define INPUTCLICK_FCITX5_H

#include <memory>
#include <string>
#include <vector>

#include <fcitx-config/configuration.h>
#include <fcitx-config/enum.h>
#include <fcitx-config/rawconfig.h>
#include <fcitx-utils/handlertable.h>
#include <fcitx-utils/i18n.h>
#include <fcitx-utils/key.h>
#include <fcitx/addoninstance.h>
#include <fcitx/event.h>
#include <fcitx/instance.h>

#include "inputclick_public.h"

namespace inputclick_fcitx5 {

/** What a key press in a password or sensitive field plays. */
enum class PasswordClick { Uniform, Silent };
FCITX_CONFIG_ENUM_NAME_WITH_I18N(PasswordClick, N_("Uniform"), N_("Silent"));

FCITX_CONFIGURATION(
    Config,
    fcitx::Option<bool> enabled{this, "Enabled", _("Click on key presses in text fields"), true};
    fcitx::OptionWithAnnotation<PasswordClick, PasswordClickI18NAnnotation> passwordClick{
        this, "PasswordFields", _("Clicks in password fields"), PasswordClick::Uniform};
    fcitx::Option<std::string> device{this, "Device", _("ALSA device"), "default"};);

/** The click kind (INPUTCLICK_KIND_*) of a key, from its keysym alone. */
int kindOfKey(fcitx::KeySym sym);

class InputClick final : public fcitx::AddonInstance {
public:
    explicit InputClick(fcitx::Instance *instance);
    ~InputClick() override;

    void reloadConfig() override;
    const fcitx::Configuration *getConfig() const override { return &config_; }
    void setConfig(const fcitx::RawConfig &config) override;

    /** The library's context, NULL while disabled or when the device failed to open. */
    inputclick_context *context() { return context_; }

private:
    void apply();
    void openContext();
    void closeContext();
    void focusMovedAwayFrom(fcitx::InputContext *leaving);
    void report();
    void keyPressed(fcitx::KeyEvent &event);

    fcitx::Instance *instance_;
    Config config_;
    inputclick_context *context_ = nullptr;
    std::string contextDevice_;
    fcitx::InputContext *focused_ = nullptr;
    std::vector<std::unique_ptr<fcitx::HandlerTableEntry<fcitx::EventHandler>>> watchers_;

    FCITX_ADDON_EXPORT_FUNCTION(InputClick, context);
};

} // namespace inputclick_fcitx5

#endif // INPUTCLICK_FCITX5_H
