/*
 * Proves the counter counts: a thread named "inputclick-rt" that, after the
 * warm-up, allocates once, tries a mutex, takes a read lock, makes a futex
 * wait call and logs a line must show exactly one of each (one malloc and
 * one free for the allocation).
 */
#define _GNU_SOURCE
#include <linux/futex.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_rwlock_t rwlock = PTHREAD_RWLOCK_INITIALIZER;

static void *body(void *unused) {
    (void)unused;
    pthread_setname_np(pthread_self(), "inputclick-rt");
    usleep(300000);
    void *volatile p = malloc(64);
    free(p);
    if (pthread_mutex_trylock(&mutex) == 0) pthread_mutex_unlock(&mutex);
    pthread_rwlock_rdlock(&rwlock);
    pthread_rwlock_unlock(&rwlock);
    /* A futex wait that returns at once (EAGAIN: the word is not 1). */
    static int word = 0;
    syscall(SYS_futex, &word, FUTEX_WAIT_PRIVATE, 1, NULL, NULL, 0);
    fprintf(stderr, "self-test: one line logged from the render thread\n");
    pthread_setname_np(pthread_self(), "inputclick-end");
    return NULL;
}

int main(void) {
    pthread_t thread;
    if (pthread_create(&thread, NULL, body, NULL) != 0) return 1;
    pthread_join(thread, NULL);
    return 0;
}
