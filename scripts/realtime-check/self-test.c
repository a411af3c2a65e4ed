/*
 * Proves the counter counts: a thread named "inputclick-rt" that allocates
 * once after the warm-up must show exactly one malloc and one free.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

static void *body(void *unused) {
    (void)unused;
    pthread_setname_np(pthread_self(), "inputclick-rt");
    usleep(300000);
    void *volatile p = malloc(64);
    free(p);
    pthread_setname_np(pthread_self(), "inputclick-end");
    return NULL;
}

int main(void) {
    pthread_t thread;
    if (pthread_create(&thread, NULL, body, NULL) != 0) return 1;
    pthread_join(thread, NULL);
    return 0;
}
