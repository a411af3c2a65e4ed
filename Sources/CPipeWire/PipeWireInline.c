// The parts of libpipewire's API that are inline code in its headers (SPA
// pod building, method tables, hooks): compiled here, where C macros work.
#define _GNU_SOURCE
#include "CPipeWire.h"
#include <pthread.h>
#include <unistd.h>
#include <spa/param/audio/format-utils.h>
#include <spa/pod/builder.h>
#include <spa/utils/hook.h>

const struct spa_pod *inputclick_pw_audio_format(void *buffer, uint32_t size, uint32_t rate, uint32_t channels) {
    struct spa_pod_builder builder = SPA_POD_BUILDER_INIT(buffer, size);
    struct spa_audio_info_raw info = { .format = SPA_AUDIO_FORMAT_F32, .rate = rate, .channels = channels };
    if (channels > SPA_AUDIO_MAX_CHANNELS) return NULL;
    if (channels == 1) {
        info.position[0] = SPA_AUDIO_CHANNEL_MONO;
    } else if (channels == 2) {
        info.position[0] = SPA_AUDIO_CHANNEL_FL;
        info.position[1] = SPA_AUDIO_CHANNEL_FR;
    } else {
        info.flags = SPA_AUDIO_FLAG_UNPOSITIONED;
    }
    return spa_format_audio_raw_build(&builder, SPA_PARAM_EnumFormat, &info);
}

int inputclick_pw_core_add_listener(struct pw_core *core, struct spa_hook *listener,
                                    const struct pw_core_events *events, void *data) {
    return pw_core_add_listener(core, listener, events, data);
}

struct spa_source *inputclick_pw_add_repeating_timer(struct pw_loop *loop, void (*callback)(void *data, uint64_t expirations),
                                                     void *data, uint64_t interval_ns) {
    struct spa_source *timer = pw_loop_add_timer(loop, callback, data);
    if (timer == NULL) return NULL;
    struct timespec value = { .tv_sec = (time_t)(interval_ns / SPA_NSEC_PER_SEC),
                              .tv_nsec = (long)(interval_ns % SPA_NSEC_PER_SEC) };
    struct timespec interval = value;
    pw_loop_update_timer(loop, timer, &value, &interval, false);
    return timer;
}

struct spa_source *inputclick_pw_add_event(struct pw_loop *loop, void (*callback)(void *data, uint64_t count), void *data) {
    return pw_loop_add_event(loop, callback, data);
}

int inputclick_pw_signal_event(struct pw_loop *loop, struct spa_source *event) {
    return pw_loop_signal_event(loop, event);
}

void inputclick_pw_hook_remove(struct spa_hook *hook) {
    spa_hook_remove(hook);
}

int inputclick_pw_thread_id(void) {
    return (int)gettid();
}

int inputclick_pw_name_thread(const char *name) {
    return pthread_setname_np(pthread_self(), name);
}
