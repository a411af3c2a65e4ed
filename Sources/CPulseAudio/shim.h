// libpulse's headers (Debian's libpulse-dev) and a table of the functions
// InputClick calls, filled at run time by dlopen and dlsym: nothing links
// libpulse, so a machine without it needs nothing (see
// Sources/InputClickPulseAudio/PulseAudioLibrary.swift). The module map
// names no library on purpose; scripts/test-install.sh checks that no binary
// has libpulse in its DT_NEEDED.
#ifndef INPUTCLICK_CPULSEAUDIO_SHIM_H
#define INPUTCLICK_CPULSEAUDIO_SHIM_H
#include <dlfcn.h>
#include <stddef.h>
#include <pulse/pulseaudio.h>

// Every libpulse function the backend calls, once.
#define INPUTCLICK_PULSE_FUNCTIONS(F) \
    F(pa_get_library_version) F(pa_strerror) \
    F(pa_mainloop_new) F(pa_mainloop_free) F(pa_mainloop_get_api) \
    F(pa_mainloop_prepare) F(pa_mainloop_poll) F(pa_mainloop_dispatch) \
    F(pa_proplist_new) F(pa_proplist_free) F(pa_proplist_sets) \
    F(pa_context_new_with_proplist) F(pa_context_connect) F(pa_context_disconnect) F(pa_context_unref) \
    F(pa_context_get_state) F(pa_context_errno) \
    F(pa_stream_new_with_proplist) F(pa_stream_connect_playback) F(pa_stream_disconnect) F(pa_stream_unref) \
    F(pa_stream_get_state) F(pa_stream_set_write_callback) F(pa_stream_set_started_callback) F(pa_stream_set_underflow_callback) \
    F(pa_stream_write) F(pa_stream_get_buffer_attr)

// One pointer per function, of the function's own type.
typedef struct inputclick_pulse_api {
#define INPUTCLICK_PULSE_FIELD(name) __typeof__(name) *name;
    INPUTCLICK_PULSE_FUNCTIONS(INPUTCLICK_PULSE_FIELD)
#undef INPUTCLICK_PULSE_FIELD
} inputclick_pulse_api;

// Looks every function up in `library` (a dlopen handle). Returns NULL when
// all were found, else the name of the first missing one.
static inline const char *inputclick_pulse_resolve(void *library, inputclick_pulse_api *api) {
#define INPUTCLICK_PULSE_RESOLVE(name) \
    if ((api->name = (__typeof__(name) *) dlsym(library, #name)) == NULL) return #name;
    INPUTCLICK_PULSE_FUNCTIONS(INPUTCLICK_PULSE_RESOLVE)
#undef INPUTCLICK_PULSE_RESOLVE
    return NULL;
}
#endif
