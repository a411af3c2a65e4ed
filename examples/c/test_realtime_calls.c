/*
 * Checks the promise inputclick.h makes for its "real-time safe" functions:
 * inputclick_play, inputclick_decision, inputclick_state,
 * inputclick_set_secure_text_entry and inputclick_reset_latency make no
 * malloc, calloc, realloc or free calls on the calling thread.
 *
 * This program defines malloc and friends itself, so every allocation in the
 * process (the library's included) goes through them; they count the calls
 * made on this thread while counting is on, and forward to glibc.
 *
 * Build:  cc test_realtime_calls.c $(pkg-config --cflags --libs inputclick) -o test_realtime_calls
 * Run:    INPUTCLICK_TEST_DEVICE=inputclick_sink ./test_realtime_calls
 */
#define _GNU_SOURCE
#include <inputclick.h>

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);

static __thread int counting;
static __thread long allocations;

void *malloc(size_t size) {
    if (counting) allocations++;
    return __libc_malloc(size);
}
void *calloc(size_t count, size_t size) {
    if (counting) allocations++;
    return __libc_calloc(count, size);
}
void *realloc(void *pointer, size_t size) {
    if (counting) allocations++;
    return __libc_realloc(pointer, size);
}
void free(void *pointer) {
    if (counting && pointer) allocations++;
    __libc_free(pointer);
}

static int passed, failed;

static void check(int ok, const char *name, long value) {
    if (ok) {
        passed++;
        printf("ok - %s (%ld)\n", name, value);
    } else {
        failed++;
        printf("FAIL - %s (%ld)\n", name, value);
    }
}

int main(void) {
    const char *device = getenv("INPUTCLICK_TEST_DEVICE");
    inputclick_context *ctx = NULL;
    int views[] = {1};
    int plays = 0;
    struct timespec pause = {0, 100 * 1000000L};

    /* The counter must see allocations where there are some: opening allocates. */
    counting = 1;
    allocations = 0;
    int opened = inputclick_open(device && *device ? device : "inputclick_sink", &ctx);
    counting = 0;
    check(opened == INPUTCLICK_OK, "open the test device", opened);
    if (opened != INPUTCLICK_OK) {
        printf("%d passed, %d failed\n", passed, failed + 1);
        return 1;
    }
    check(allocations > 0, "the counter sees the allocations of opening", allocations);

    inputclick_set_visible_views(ctx, views, 1);
    check(inputclick_wait_until_running(ctx, 5000) == INPUTCLICK_OK, "the stream runs", 0);
    /* Warm up: the first call of each function may initialise lazily. */
    inputclick_play(ctx, INPUTCLICK_KIND_KEY);
    inputclick_decision(ctx, INPUTCLICK_KIND_KEY);
    inputclick_state(ctx);
    inputclick_set_secure_text_entry(ctx, 0);
    inputclick_reset_latency(ctx);
    nanosleep(&pause, NULL);

    counting = 1;
    allocations = 0;
    for (int i = 0; i < 5000; i++) {
        plays += inputclick_play(ctx, i % 5) == INPUTCLICK_PLAYS;
        inputclick_decision(ctx, i % 5);
        inputclick_state(ctx);
        inputclick_set_secure_text_entry(ctx, i & 1);
        if (i % 1000 == 0) inputclick_reset_latency(ctx);
    }
    counting = 0;
    check(plays > 0, "clicks played while counting", plays);
    check(allocations == 0, "5000 rounds of play, decision, state, set_secure_text_entry make no allocation", allocations);

    inputclick_close(ctx);
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
