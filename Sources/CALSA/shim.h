// The only place in the package that includes alsa-lib's header.
#ifndef INPUTCLICK_CALSA_SHIM_H
#define INPUTCLICK_CALSA_SHIM_H
#include <stdarg.h>
#include <stddef.h>
#include <alsa/asoundlib.h>

// alsa-lib reports through a handler with a format and variadic arguments,
// which Swift can neither define nor call. This one prints nothing and, as
// alsa-lib's own default handler does, hands each message to the calling
// thread's local handler (snd_lib_error_set_local), so that InputClickALSA
// can still collect the messages of the call it makes on that thread.
static inline void inputclick_alsa_quiet_error_handler(const char *file, int line, const char *function,
                                                       int err, const char *fmt, ...) {
    snd_local_error_handler_t local = snd_lib_error_set_local(NULL);
    snd_lib_error_set_local(local);
    if (local == NULL) return;
    va_list arguments;
    va_start(arguments, fmt);
    local(file, line, function, err, fmt, arguments);
    va_end(arguments);
}

// Makes inputclick_alsa_quiet_error_handler the process's alsa-lib error handler.
static inline int inputclick_alsa_install_quiet_error_handler(void) {
    return snd_lib_error_set_handler(inputclick_alsa_quiet_error_handler);
}
#endif
