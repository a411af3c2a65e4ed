/*
 * An LD_PRELOAD library that counts memory-allocator calls and mutex locks
 * made by the thread named "inputclick-rt" (the render thread), after a
 * warm-up, and writes the counts to a report file when the process exits.
 *
 * Part of scripts/check-realtime-thread.sh. Environment:
 *   INPUTCLICK_RT_REPORT     where to write the report (default: stderr)
 *   INPUTCLICK_RT_WARMUP_MS  calls within this many ms of the thread taking
 *                            its name are not counted (default 1000)
 *
 * A thread is recognised when it names itself with pthread_setname_np, which
 * this library intercepts; it stops counting when the thread takes another
 * name (the render thread renames itself "inputclick-end" as it winds down).
 * The real allocator is reached through glibc's __libc_* entry points, so no
 * dlsym call (which may allocate) is needed on the counting path.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void __libc_free(void *);
extern void *__libc_memalign(size_t, size_t);
extern int __pthread_mutex_lock(pthread_mutex_t *);

enum { MALLOC, CALLOC, REALLOC, FREE, MEMALIGN, MUTEX, KINDS };
static const char *names[KINDS] = { "malloc", "calloc", "realloc", "free", "memalign", "mutex_lock" };

static atomic_long counted[KINDS];
static atomic_long warmup[KINDS];
static atomic_int threads_seen;

static __thread int is_render_thread;
static __thread long long named_at_ns;

static long long now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static long long warmup_ns(void) {
    static long long cached = -1;
    if (cached < 0) {
        const char *text = getenv("INPUTCLICK_RT_WARMUP_MS");
        cached = (text ? atoll(text) : 1000) * 1000000LL;
    }
    return cached;
}

static void count(int kind) {
    if (!is_render_thread) return;
    if (now_ns() - named_at_ns < warmup_ns()) atomic_fetch_add(&warmup[kind], 1);
    else atomic_fetch_add(&counted[kind], 1);
}

void *malloc(size_t size) { count(MALLOC); return __libc_malloc(size); }
void *calloc(size_t n, size_t size) { count(CALLOC); return __libc_calloc(n, size); }
void *realloc(void *p, size_t size) { count(REALLOC); return __libc_realloc(p, size); }
void free(void *p) { if (p) count(FREE); __libc_free(p); }
void *memalign(size_t a, size_t size) { count(MEMALIGN); return __libc_memalign(a, size); }
void *aligned_alloc(size_t a, size_t size) { count(MEMALIGN); return __libc_memalign(a, size); }
int posix_memalign(void **out, size_t a, size_t size) {
    count(MEMALIGN);
    void *p = __libc_memalign(a, size);
    if (!p) return 12; /* ENOMEM */
    *out = p;
    return 0;
}
int pthread_mutex_lock(pthread_mutex_t *m) { count(MUTEX); return __pthread_mutex_lock(m); }

int pthread_setname_np(pthread_t thread, const char *name) {
    static int (*real)(pthread_t, const char *);
    if (!real) real = (int (*)(pthread_t, const char *))dlsym(RTLD_NEXT, "pthread_setname_np");
    if (pthread_equal(thread, pthread_self())) {
        int render = strcmp(name, "inputclick-rt") == 0;
        if (render && !is_render_thread) {
            atomic_fetch_add(&threads_seen, 1);
            named_at_ns = now_ns();
        }
        is_render_thread = render;
    }
    return real ? real(thread, name) : 0;
}

__attribute__((destructor)) static void report(void) {
    is_render_thread = 0;
    const char *path = getenv("INPUTCLICK_RT_REPORT");
    FILE *out = path ? fopen(path, "w") : stderr;
    if (!out) return;
    fprintf(out, "render_threads %d\n", atomic_load(&threads_seen));
    for (int k = 0; k < KINDS; k++) fprintf(out, "%s %ld\n", names[k], atomic_load(&counted[k]));
    for (int k = 0; k < KINDS; k++) fprintf(out, "warmup_%s %ld\n", names[k], atomic_load(&warmup[k]));
    if (out != stderr) fclose(out);
}
