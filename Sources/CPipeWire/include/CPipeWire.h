// The only place in the package that includes libpipewire's headers (Debian's
// libpipewire-0.3-dev). `pipewire` and `spa` beside this file are links to
// /usr/include/pipewire-0.3/pipewire and /usr/include/spa-0.2/spa, so that
// the headers are found without pkg-config: a system-library target with
// `pkgConfig: "libpipewire-0.3"` would also add `-lpipewire-0.3` to every
// binary that depends on it. Nothing here links libpipewire: the library is
// opened at run time (inputclick_pw_load) and reached through the table of
// function pointers it fills, so a machine without it runs everything else.
#ifndef INPUTCLICK_CPIPEWIRE_H
#define INPUTCLICK_CPIPEWIRE_H
#if !__has_include(<pipewire/stream.h>)
#error "libpipewire's headers are missing: install libpipewire-0.3-dev (scripts/install-deps.sh)"
#endif
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>
#include <pipewire/core.h>
#include <pipewire/context.h>
#include <pipewire/keys.h>
#include <pipewire/loop.h>
#include <pipewire/properties.h>
#include <pipewire/stream.h>
#include <pipewire/thread-loop.h>

// The libpipewire functions InputClick calls, each typed as its header
// declares it. Filled by inputclick_pw_load.
struct inputclick_pw_api {
    void (*init_library)(int *argc, char **argv[]);
    const char *(*get_library_version)(void);
    struct pw_thread_loop *(*thread_loop_new)(const char *name, const struct spa_dict *props);
    void (*thread_loop_destroy)(struct pw_thread_loop *loop);
    struct pw_loop *(*thread_loop_get_loop)(struct pw_thread_loop *loop);
    int (*thread_loop_start)(struct pw_thread_loop *loop);
    void (*thread_loop_stop)(struct pw_thread_loop *loop);
    void (*thread_loop_lock)(struct pw_thread_loop *loop);
    void (*thread_loop_unlock)(struct pw_thread_loop *loop);
    void (*thread_loop_signal)(struct pw_thread_loop *loop, bool wait_for_accept);
    int (*thread_loop_get_time)(struct pw_thread_loop *loop, struct timespec *abstime, int64_t timeout);
    int (*thread_loop_timed_wait_full)(struct pw_thread_loop *loop, struct timespec *abstime);
    struct pw_context *(*context_new)(struct pw_loop *main_loop, struct pw_properties *props, size_t user_data_size);
    void (*context_destroy)(struct pw_context *context);
    struct pw_core *(*context_connect)(struct pw_context *context, struct pw_properties *properties,
                                       size_t user_data_size);
    int (*core_disconnect)(struct pw_core *core);
    struct pw_properties *(*properties_new_dict)(const struct spa_dict *dict);
    int (*properties_set)(struct pw_properties *properties, const char *key, const char *value);
    struct pw_stream *(*stream_new)(struct pw_core *core, const char *name, struct pw_properties *props);
    void (*stream_destroy)(struct pw_stream *stream);
    void (*stream_add_listener)(struct pw_stream *stream, struct spa_hook *listener,
                                const struct pw_stream_events *events, void *data);
    int (*stream_connect)(struct pw_stream *stream, enum spa_direction direction, uint32_t target_id,
                          enum pw_stream_flags flags, const struct spa_pod **params, uint32_t n_params);
    int (*stream_disconnect)(struct pw_stream *stream);
    struct pw_buffer *(*stream_dequeue_buffer)(struct pw_stream *stream);
    int (*stream_queue_buffer)(struct pw_stream *stream, struct pw_buffer *buffer);
    int (*stream_get_time_n)(struct pw_stream *stream, struct pw_time *time, size_t size);
};

// These helpers are the library's own, never part of libinputclick.so's
// interface: hidden, so the plugin exports only what inputclick.h declares.
#define INPUTCLICK_PW_HIDDEN __attribute__((visibility("hidden")))

// Opens libpipewire-0.3.so.0 with dlopen (once per process; the handle is
// never closed) and fills `api` with dlsym. Returns 0, or -1 with the
// loader's words in `error` (at most `size` bytes, NUL-terminated).
INPUTCLICK_PW_HIDDEN int inputclick_pw_load(struct inputclick_pw_api *api, char *error, size_t size);

// Writes into `buffer` (`size` bytes) the EnumFormat parameter of a raw audio
// stream: 32-bit float, interleaved, at `rate` with `channels` channels
// (positioned FL FR for two, MONO for one, else unpositioned). Returns the
// parameter, inside `buffer`, or NULL when `size` is too small.
INPUTCLICK_PW_HIDDEN const struct spa_pod *inputclick_pw_audio_format(void *buffer, uint32_t size, uint32_t rate, uint32_t channels);

// pw_core_add_listener, a macro of the header (a call through the core's
// method table; no symbol of the library).
INPUTCLICK_PW_HIDDEN int inputclick_pw_core_add_listener(struct pw_core *core, struct spa_hook *listener,
                                    const struct pw_core_events *events, void *data);

// pw_loop_add_timer and pw_loop_update_timer, macros of the header: a timer
// source on `loop` that calls `callback` every `interval_ns` from the
// loop's thread; NULL if it could not be made. Destroyed with the loop.
INPUTCLICK_PW_HIDDEN struct spa_source *inputclick_pw_add_repeating_timer(struct pw_loop *loop, void (*callback)(void *data, uint64_t expirations),
                                                     void *data, uint64_t interval_ns);

// pw_loop_add_event, a macro of the header: an event source on `loop` that
// calls `callback` from the loop's thread once signalled; NULL if it could
// not be made. Destroyed with the loop.
INPUTCLICK_PW_HIDDEN struct spa_source *inputclick_pw_add_event(struct pw_loop *loop, void (*callback)(void *data, uint64_t count),
                                                                void *data);

// pw_loop_signal_event, a macro of the header: wakes `event` on `loop` from
// any thread (an eventfd write: no lock, no allocation).
INPUTCLICK_PW_HIDDEN int inputclick_pw_signal_event(struct pw_loop *loop, struct spa_source *event);

// The calling thread's kernel ID (gettid, which Swift's Glibc module does not offer).
INPUTCLICK_PW_HIDDEN int inputclick_pw_thread_id(void);

// Names the calling thread (pthread_setname_np, a GNU extension Swift's Glibc module does not offer).
INPUTCLICK_PW_HIDDEN int inputclick_pw_name_thread(const char *name);

// spa_hook_remove, inline in the header.
INPUTCLICK_PW_HIDDEN void inputclick_pw_hook_remove(struct spa_hook *hook);
#endif
