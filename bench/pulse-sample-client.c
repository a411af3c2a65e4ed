/* The server's sample cache as an instant-sound path (issue 17, path b), for
 * bench/pulse-instant.py: connects to the PulseAudio server libpulse finds
 * (PULSE_SERVER), prints READY, and plays the cached sample named by argv[1]
 * (uploaded beforehand, e.g. with pactl upload-sample) with
 * pa_context_play_sample for every line read from standard input. Exits at
 * end of input; prints "played N" on standard error.
 *
 * cc -O2 -o pulse-sample-client pulse-sample-client.c -lpulse */
#include <pulse/pulseaudio.h>
#include <stdio.h>
#include <string.h>

static void state_changed(pa_context *context, void *userdata) {
    (void) context;
    pa_threaded_mainloop_signal(userdata, 0);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: pulse-sample-client SAMPLE-NAME\n");
        return 64;
    }
    pa_threaded_mainloop *loop = pa_threaded_mainloop_new();
    pa_proplist *properties = pa_proplist_new();
    pa_proplist_sets(properties, PA_PROP_MEDIA_ROLE, "event");
    pa_context *context = pa_context_new_with_proplist(pa_threaded_mainloop_get_api(loop), "pulse-sample-client", properties);
    pa_context_set_state_callback(context, state_changed, loop);
    pa_threaded_mainloop_lock(loop);
    pa_threaded_mainloop_start(loop);
    if (pa_context_connect(context, NULL, PA_CONTEXT_NOAUTOSPAWN, NULL) < 0) {
        fprintf(stderr, "pa_context_connect: %s\n", pa_strerror(pa_context_errno(context)));
        return 1;
    }
    for (;;) {
        pa_context_state_t state = pa_context_get_state(context);
        if (state == PA_CONTEXT_READY) break;
        if (!PA_CONTEXT_IS_GOOD(state)) {
            fprintf(stderr, "pa_context_connect: %s\n", pa_strerror(pa_context_errno(context)));
            return 1;
        }
        pa_threaded_mainloop_wait(loop);
    }
    pa_threaded_mainloop_unlock(loop);
    printf("READY\n");
    fflush(stdout);
    char line[256];
    int played = 0;
    while (fgets(line, sizeof line, stdin)) {
        pa_threaded_mainloop_lock(loop);
        pa_operation *operation = pa_context_play_sample_with_proplist(context, argv[1], NULL, PA_VOLUME_NORM, properties, NULL, NULL);
        if (operation) {
            pa_operation_unref(operation);
            played++;
        }
        pa_threaded_mainloop_unlock(loop);
    }
    fprintf(stderr, "played %d\n", played);
    pa_threaded_mainloop_lock(loop);
    pa_context_disconnect(context);
    pa_threaded_mainloop_unlock(loop);
    pa_threaded_mainloop_stop(loop);
    return 0;
}
