/*
 * An LD_PRELOAD library that counts memory-allocator calls, lock calls
 * (mutex lock and trylock, rwlock read and write locks, semaphore waits) and
 * output to standard output or standard error (stdio and write(2) to fd 1
 * or 2: logging) made by the thread named "inputclick-rt" (the render
 * thread), after a warm-up, and writes the counts to a report file when the
 * process exits.
 *
 * Part of scripts/check-realtime-thread.sh. Environment:
 *   INPUTCLICK_RT_REPORT     where to write the report (default: stderr)
 *   INPUTCLICK_RT_WARMUP_MS  calls within this many ms of the thread taking
 *                            its name are counted apart, as warm-up (default 1000)
 *
 * A thread is recognised when it names itself with pthread_setname_np, which
 * this library intercepts; it stops counting when the thread takes another
 * name (the render thread renames itself "inputclick-end" as it winds down).
 * The real allocator is reached through glibc's __libc_* entry points, and
 * the other real functions are looked up once when the library loads, so no
 * dlsym call (which may allocate) happens on the counting path.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void __libc_free(void *);
extern void *__libc_memalign(size_t, size_t);
extern int __pthread_mutex_lock(pthread_mutex_t *);

enum { MALLOC, CALLOC, REALLOC, FREE, MEMALIGN, MUTEX, TRYLOCK, RWLOCK, SEMWAIT, OUTPUT, KINDS };
static const char *names[KINDS] = { "malloc", "calloc", "realloc", "free", "memalign", "mutex_lock",
                                    "mutex_trylock", "rwlock", "sem_wait", "stdout_stderr_output" };

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

/* The real functions, looked up once at load time. */
static int (*real_trylock)(pthread_mutex_t *);
static int (*real_rdlock)(pthread_rwlock_t *);
static int (*real_wrlock)(pthread_rwlock_t *);
static int (*real_sem_wait)(sem_t *);
static int (*real_sem_timedwait)(sem_t *, const struct timespec *);
static size_t (*real_fwrite)(const void *, size_t, size_t, FILE *);
static int (*real_fputs)(const char *, FILE *);
static int (*real_puts)(const char *);
static int (*real_vfprintf)(FILE *, const char *, va_list);

__attribute__((constructor)) static void find_real_functions(void) {
    real_trylock = dlsym(RTLD_NEXT, "pthread_mutex_trylock");
    real_rdlock = dlsym(RTLD_NEXT, "pthread_rwlock_rdlock");
    real_wrlock = dlsym(RTLD_NEXT, "pthread_rwlock_wrlock");
    real_sem_wait = dlsym(RTLD_NEXT, "sem_wait");
    real_sem_timedwait = dlsym(RTLD_NEXT, "sem_timedwait");
    real_fwrite = dlsym(RTLD_NEXT, "fwrite");
    real_fputs = dlsym(RTLD_NEXT, "fputs");
    real_puts = dlsym(RTLD_NEXT, "puts");
    real_vfprintf = dlsym(RTLD_NEXT, "vfprintf");
}

int pthread_mutex_trylock(pthread_mutex_t *m) { count(TRYLOCK); return real_trylock(m); }
int pthread_rwlock_rdlock(pthread_rwlock_t *l) { count(RWLOCK); return real_rdlock(l); }
int pthread_rwlock_wrlock(pthread_rwlock_t *l) { count(RWLOCK); return real_wrlock(l); }
int sem_wait(sem_t *s) { count(SEMWAIT); return real_sem_wait(s); }
int sem_timedwait(sem_t *s, const struct timespec *t) { count(SEMWAIT); return real_sem_timedwait(s, t); }

/* Logging: anything written to standard output or standard error. */
static int is_stdio(FILE *f) { return f == stdout || f == stderr; }
ssize_t write(int fd, const void *buffer, size_t size) {
    if (fd == 1 || fd == 2) count(OUTPUT);
    return syscall(SYS_write, fd, buffer, size);
}
ssize_t writev(int fd, const struct iovec *vector, int n) {
    if (fd == 1 || fd == 2) count(OUTPUT);
    return syscall(SYS_writev, fd, vector, n);
}
size_t fwrite(const void *p, size_t size, size_t n, FILE *f) {
    if (is_stdio(f)) count(OUTPUT);
    return real_fwrite(p, size, n, f);
}
int fputs(const char *text, FILE *f) { if (is_stdio(f)) count(OUTPUT); return real_fputs(text, f); }
int puts(const char *text) { count(OUTPUT); return real_puts(text); }
int vfprintf(FILE *f, const char *format, va_list arguments) {
    if (is_stdio(f)) count(OUTPUT);
    return real_vfprintf(f, format, arguments);
}
int fprintf(FILE *f, const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    if (is_stdio(f)) count(OUTPUT);
    int result = real_vfprintf(f, format, arguments);
    va_end(arguments);
    return result;
}
int printf(const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    count(OUTPUT);
    int result = real_vfprintf(stdout, format, arguments);
    va_end(arguments);
    return result;
}

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
