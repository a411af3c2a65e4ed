/*
 * A keyboard front end in miniature, in C: it "shows" an on-screen keyboard
 * that opts in to clicks, then types each line of standard input at a human
 * rhythm, clicking on every key, and prints what each tap did.
 *
 *   Characters play the key sound, ' ' the space sound, '<' stands for
 *   delete, '^' for shift (a modifier), and the end of a line for return.
 *
 * Build:  cc keyboard.c $(pkg-config --cflags --libs inputclick) -o keyboard
 * Run:    echo "hello world" | ./keyboard [DEVICE] [--secure]
 */
#define _POSIX_C_SOURCE 200809L
#include <inputclick.h>

#include <stdio.h>
#include <string.h>
#include <time.h>

static int fail(const char *what, int code) {
    char message[512];
    inputclick_last_error_message(message, sizeof message);
    fprintf(stderr, "keyboard: %s: %s (%s)\n", what, inputclick_strerror(code), message);
    return 1;
}

static int kind_of(char c) {
    switch (c) {
    case ' ': return INPUTCLICK_KIND_SPACE;
    case '<': return INPUTCLICK_KIND_DELETE;
    case '^': return INPUTCLICK_KIND_MODIFIER;
    case '\n': return INPUTCLICK_KIND_RETURN;
    default: return INPUTCLICK_KIND_KEY;
    }
}

int main(int argc, char **argv) {
    const char *device = NULL;
    int secure = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--secure") == 0) secure = 1;
        else device = argv[i];
    }

    inputclick_context *ctx;
    int result = inputclick_open(device, &ctx);
    if (result != INPUTCLICK_OK) return fail("cannot open the audio device", result);

    /* The keyboard appears: its input view opts in to clicks. The device opens now, before the first tap. */
    int keyboard_view[] = {1};
    inputclick_set_visible_views(ctx, keyboard_view, 1);
    inputclick_set_secure_text_entry(ctx, secure);
    result = inputclick_wait_until_running(ctx, 2000);
    if (result != INPUTCLICK_OK) fail("the stream is not running yet; typing anyway", result);

    char line[1024];
    const struct timespec between_keys = {0, 90 * 1000000L};
    while (fgets(line, sizeof line, stdin)) {
        for (char *c = line; *c; c++) {
            int decision = inputclick_play(ctx, kind_of(*c));
            printf("%s:%s ", *c == '\n' ? "return" : (char[]){*c, 0}, inputclick_decision_name(decision));
            fflush(stdout);
            nanosleep(&between_keys, NULL);
        }
        printf("\n");
    }

    /* Let the last click sound out; then the keyboard hides, and the device closes after the linger, or now with inputclick_close. */
    inputclick_drain(ctx, 2000);
    inputclick_set_visible_views(ctx, NULL, 0);
    size_t count;
    double p50, p99, max;
    if (inputclick_latency(ctx, INPUTCLICK_MEASURE_CALL_TO_CONVERTER, &count, &p50, NULL, &p99, &max) == INPUTCLICK_OK)
        printf("tap to converter over %zu clicks: p50 %.2f ms, p99 %.2f ms, max %.2f ms\n", count, p50 / 1000, p99 / 1000, max / 1000);
    inputclick_close(ctx);
    return 0;
}
