/*
 * inputclick_public.h: what the InputClick fcitx5 add-on offers other
 * add-ons (and its tests) through fcitx5's add-on function calls.
 *
 *     auto *addon = instance->addonManager().addon("inputclick");
 *     inputclick_context *ctx = addon ? addon->call<IInputClick::context>() : nullptr;
 *
 * The context is the add-on's own, opened on its configured device while
 * the add-on is enabled, NULL otherwise. Callers may play clicks on it and
 * read its state and statistics (inputclick.h); they must not close it or
 * report views or secure entry on it, which the add-on does from the input
 * contexts' focus. The pointer stays valid until the add-on's configuration
 * changes its device or disables it, or fcitx5 exits.
 */
#ifndef INPUTCLICK_FCITX5_PUBLIC_H
#define INPUTCLICK_FCITX5_PUBLIC_H

#include <fcitx/addoninstance.h>
#include <inputclick.h>

FCITX_ADDON_DECLARE_FUNCTION(InputClick, context, inputclick_context *());

#endif // INPUTCLICK_FCITX5_PUBLIC_H
