// Opens libpipewire at run time, so that no binary of InputClick names it as
// a needed library: the table of inputclick_pw_api is filled with dlsym.
#include "CPipeWire.h"
#include <dlfcn.h>
#include <stdio.h>

int inputclick_pw_load(struct inputclick_pw_api *api, char *error, size_t size) {
    // RTLD_NODELETE: libpipewire keeps global state (its logger, loaded
    // plugins) that must outlive every stream; it is never unloaded.
    void *library = dlopen("libpipewire-0.3.so.0", RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(error, size, "%s", reason != NULL ? reason : "dlopen(libpipewire-0.3.so.0) failed");
        return -1;
    }
#define INPUTCLICK_PW_SYMBOL(field, name)                                                   \
    do {                                                                                   \
        void *symbol = dlsym(library, #name);                                              \
        if (symbol == NULL) {                                                              \
            snprintf(error, size, "libpipewire-0.3.so.0 has no symbol %s", #name);         \
            return -1;                                                                     \
        }                                                                                  \
        *(void **)&api->field = symbol;                                                    \
    } while (0)
    INPUTCLICK_PW_SYMBOL(init_library, pw_init);
    INPUTCLICK_PW_SYMBOL(get_library_version, pw_get_library_version);
    INPUTCLICK_PW_SYMBOL(thread_loop_new, pw_thread_loop_new);
    INPUTCLICK_PW_SYMBOL(thread_loop_destroy, pw_thread_loop_destroy);
    INPUTCLICK_PW_SYMBOL(thread_loop_get_loop, pw_thread_loop_get_loop);
    INPUTCLICK_PW_SYMBOL(thread_loop_start, pw_thread_loop_start);
    INPUTCLICK_PW_SYMBOL(thread_loop_stop, pw_thread_loop_stop);
    INPUTCLICK_PW_SYMBOL(thread_loop_lock, pw_thread_loop_lock);
    INPUTCLICK_PW_SYMBOL(thread_loop_unlock, pw_thread_loop_unlock);
    INPUTCLICK_PW_SYMBOL(thread_loop_signal, pw_thread_loop_signal);
    INPUTCLICK_PW_SYMBOL(thread_loop_get_time, pw_thread_loop_get_time);
    INPUTCLICK_PW_SYMBOL(thread_loop_timed_wait_full, pw_thread_loop_timed_wait_full);
    INPUTCLICK_PW_SYMBOL(context_new, pw_context_new);
    INPUTCLICK_PW_SYMBOL(context_destroy, pw_context_destroy);
    INPUTCLICK_PW_SYMBOL(context_connect, pw_context_connect);
    INPUTCLICK_PW_SYMBOL(core_disconnect, pw_core_disconnect);
    INPUTCLICK_PW_SYMBOL(properties_new_dict, pw_properties_new_dict);
    INPUTCLICK_PW_SYMBOL(properties_set, pw_properties_set);
    INPUTCLICK_PW_SYMBOL(stream_new, pw_stream_new);
    INPUTCLICK_PW_SYMBOL(stream_destroy, pw_stream_destroy);
    INPUTCLICK_PW_SYMBOL(stream_add_listener, pw_stream_add_listener);
    INPUTCLICK_PW_SYMBOL(stream_connect, pw_stream_connect);
    INPUTCLICK_PW_SYMBOL(stream_disconnect, pw_stream_disconnect);
    INPUTCLICK_PW_SYMBOL(stream_dequeue_buffer, pw_stream_dequeue_buffer);
    INPUTCLICK_PW_SYMBOL(stream_queue_buffer, pw_stream_queue_buffer);
    INPUTCLICK_PW_SYMBOL(stream_get_time_n, pw_stream_get_time_n);
#undef INPUTCLICK_PW_SYMBOL
    return 0;
}
