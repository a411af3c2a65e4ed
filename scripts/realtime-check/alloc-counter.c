/*
 * An LD_PRELOAD library that counts memory-allocator calls, lock calls
 * (mutex lock and trylock, rwlock read and write locks, semaphore waits, and
 * futex waits made through syscall(), which is how Swift's Mutex and
 * libdispatch's semaphores block when contended) and
 * output to standard output or standard error (stdio and write(2) to fd 1
 * or 2: logging) made by the thread named "inputclick-rt" (the render
 * thread), after a warm-up, and writes the counts to a report file when the
 * process exits.
 *
 * Part of scripts/check-realtime-thread.sh. Environment:
 *   INPUTCLICK_RT_REPORT     where to write the report (default: stderr)
 *   INPUTCLICK_RT_WARMUP_MS  calls within this many ms of the thread taking
 *                            its name are counted apart, as warm-up (default 1000)
 *   INPUTCLICK_RT_WARMUP_WRITES  ... and so are calls before the thread's
 *                            first this-many successful snd_pcm_writei calls
 *                            (default 0), so a slow start is never counted
 *
 * Calls made inside four alsa-lib functions are counted apart, by function,
 * with how often each was called: snd_pcm_start and snd_pcm_drop (the render
 * loop starts the device on a tap and stops it when silent, and alsa-lib's
 * jack plugin takes its running_mutex in both), snd_pcm_prepare (after a
 * stop), and snd_pcm_recover (alsa-lib and its plugin recovering from an
 * underrun, which a loaded machine can cause). That is the device's own
 * start, stop and recovery code, not the render path; the render loop never
 * lets a write start the device (its start threshold is the boundary).
 *
 * A thread is recognised when it names itself with pthread_setname_np, which
 * this library intercepts; it stops counting when the thread takes another
 * name (the render thread renames itself "inputclick-end" as it winds down).
 * The real allocator is reached through glibc's __libc_* entry points, and
 * the other real functions are looked up when the library loads (or at their
 * first call, should another library's constructor call them earlier), so
 * no dlsym call (which may allocate) happens on the render thread.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <linux/futex.h>
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

enum { MALLOC, CALLOC, REALLOC, FREE, MEMALIGN, MUTEX, TRYLOCK, RWLOCK, SEMWAIT, FUTEXWAIT, OUTPUT, KINDS };
static const char *names[KINDS] = { "malloc", "calloc", "realloc", "free", "memalign", "mutex_lock",
                                    "mutex_trylock", "rwlock", "sem_wait", "futex_wait", "stdout_stderr_output" };

static atomic_long counted[KINDS];
static atomic_long warmup[KINDS];
/* The alsa-lib functions whose insides are counted apart. */
enum { RECOVER, START, DROP, PREPARE, WINDOWS };
static const char *window_names[WINDOWS] = { "snd_pcm_recover", "snd_pcm_start", "snd_pcm_drop", "snd_pcm_prepare" };
static atomic_long in_window[WINDOWS][KINDS];
static atomic_long window_calls[WINDOWS];
static atomic_int threads_seen;

static __thread int is_render_thread;
static __thread long long named_at_ns;
static __thread long writes_seen;
static __thread int window_depth;
static __thread int current_window;

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

static long warmup_writes(void) {
    static long cached = -1;
    if (cached < 0) {
        const char *text = getenv("INPUTCLICK_RT_WARMUP_WRITES");
        cached = text ? atol(text) : 0;
    }
    return cached;
}

/* Where the first counted call of each kind came from, named in the report. */
static _Atomic(void *) first_caller[KINDS];

static void count_from(int kind, void *caller) {
    if (!is_render_thread) return;
    if (window_depth) atomic_fetch_add(&in_window[current_window][kind], 1);
    else if (now_ns() - named_at_ns < warmup_ns() || writes_seen < warmup_writes()) atomic_fetch_add(&warmup[kind], 1);
    else {
        void *none = NULL;
        atomic_compare_exchange_strong(&first_caller[kind], &none, caller);
        atomic_fetch_add(&counted[kind], 1);
    }
}
#define count(kind) count_from((kind), __builtin_return_address(0))

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

/* The real functions: looked up at load time, or at first use if another
 * library's constructor calls one before this library's constructor ran. */
static void *resolve(void **slot, const char *name) {
    if (!*slot) *slot = dlsym(RTLD_NEXT, name);
    return *slot;
}
#define REAL(name) ((__typeof__(real_##name))resolve((void **)&real_##name, #name))
static int (*real_pthread_mutex_trylock)(pthread_mutex_t *);
static int (*real_pthread_rwlock_rdlock)(pthread_rwlock_t *);
static int (*real_pthread_rwlock_wrlock)(pthread_rwlock_t *);
static int (*real_sem_wait)(sem_t *);
static int (*real_sem_timedwait)(sem_t *, const struct timespec *);
static long (*real_syscall)(long, ...);
static ssize_t (*real_write)(int, const void *, size_t);
static ssize_t (*real_writev)(int, const struct iovec *, int);
static size_t (*real_fwrite)(const void *, size_t, size_t, FILE *);
static int (*real_fputs)(const char *, FILE *);
static int (*real_fputc)(int, FILE *);
static int (*real_puts)(const char *);
static int (*real_putchar)(int);
static int (*real_vfprintf)(FILE *, const char *, va_list);
static int (*real___vfprintf_chk)(FILE *, int, const char *, va_list);
static long (*real_snd_pcm_writei)(void *, const void *, unsigned long);
static int (*real_snd_pcm_recover)(void *, int, int);
static int (*real_snd_pcm_start)(void *);
static int (*real_snd_pcm_drop)(void *);
static int (*real_snd_pcm_prepare)(void *);

__attribute__((constructor)) static void find_real_functions(void) {
    (void)REAL(pthread_mutex_trylock); (void)REAL(pthread_rwlock_rdlock); (void)REAL(pthread_rwlock_wrlock);
    (void)REAL(sem_wait); (void)REAL(sem_timedwait); (void)REAL(syscall); (void)REAL(write); (void)REAL(writev);
    (void)REAL(fwrite); (void)REAL(fputs); (void)REAL(fputc); (void)REAL(puts); (void)REAL(putchar);
    (void)REAL(vfprintf); (void)REAL(__vfprintf_chk); (void)REAL(snd_pcm_writei);
    (void)REAL(snd_pcm_recover); (void)REAL(snd_pcm_start); (void)REAL(snd_pcm_drop); (void)REAL(snd_pcm_prepare);
}

int pthread_mutex_trylock(pthread_mutex_t *m) { count(TRYLOCK); return REAL(pthread_mutex_trylock)(m); }
int pthread_rwlock_rdlock(pthread_rwlock_t *l) { count(RWLOCK); return REAL(pthread_rwlock_rdlock)(l); }
int pthread_rwlock_wrlock(pthread_rwlock_t *l) { count(RWLOCK); return REAL(pthread_rwlock_wrlock)(l); }
int sem_wait(sem_t *s) { count(SEMWAIT); return REAL(sem_wait)(s); }
int sem_timedwait(sem_t *s, const struct timespec *t) { count(SEMWAIT); return REAL(sem_timedwait)(s, t); }

/* Futex waits through syscall(): the slow path of Swift's Mutex and of
 * libdispatch. (glibc's own locks call the kernel directly and are counted
 * above by name.) */
long syscall(long number, ...) {
    va_list arguments;
    va_start(arguments, number);
    long a[6];
    for (int i = 0; i < 6; i++) a[i] = va_arg(arguments, long);
    va_end(arguments);
    if (number == SYS_futex) {
        int op = (int)a[1] & FUTEX_CMD_MASK;
        if (op == FUTEX_WAIT || op == FUTEX_WAIT_BITSET || op == FUTEX_LOCK_PI || op == FUTEX_WAIT_REQUEUE_PI
#ifdef FUTEX_LOCK_PI2
            || op == FUTEX_LOCK_PI2
#endif
        ) count(FUTEXWAIT);
    }
    return REAL(syscall)(number, a[0], a[1], a[2], a[3], a[4], a[5]);
}

/* The render thread's writes to the device end its warm-up. */
long snd_pcm_writei(void *pcm, const void *buffer, unsigned long frames) {
    long result = REAL(snd_pcm_writei)(pcm, buffer, frames);
    if (is_render_thread && result > 0) writes_seen++;
    return result;
}

/* Entering one of the windows counted apart; the outermost names it (a
 * recovery's own prepare counts as the recovery's). */
static void enter(int window) {
    if (is_render_thread && window_depth == 0) atomic_fetch_add(&window_calls[window], 1);
    if (window_depth++ == 0) current_window = window;
}
static void leave(void) { window_depth--; }

int snd_pcm_recover(void *pcm, int error, int silent) {
    enter(RECOVER);
    int result = REAL(snd_pcm_recover)(pcm, error, silent);
    leave();
    return result;
}
int snd_pcm_start(void *pcm) {
    enter(START);
    int result = REAL(snd_pcm_start)(pcm);
    leave();
    return result;
}
int snd_pcm_drop(void *pcm) {
    enter(DROP);
    int result = REAL(snd_pcm_drop)(pcm);
    leave();
    return result;
}
int snd_pcm_prepare(void *pcm) {
    enter(PREPARE);
    int result = REAL(snd_pcm_prepare)(pcm);
    leave();
    return result;
}

/* Logging: anything written to standard output or standard error. */
static int is_stdio(FILE *f) { return f == stdout || f == stderr; }
ssize_t write(int fd, const void *buffer, size_t size) {
    if (fd == 1 || fd == 2) count(OUTPUT);
    return REAL(write)(fd, buffer, size);
}
ssize_t writev(int fd, const struct iovec *vector, int n) {
    if (fd == 1 || fd == 2) count(OUTPUT);
    return REAL(writev)(fd, vector, n);
}
size_t fwrite(const void *p, size_t size, size_t n, FILE *f) {
    if (is_stdio(f)) count(OUTPUT);
    return REAL(fwrite)(p, size, n, f);
}
int fputs(const char *text, FILE *f) { if (is_stdio(f)) count(OUTPUT); return REAL(fputs)(text, f); }
int fputc(int c, FILE *f) { if (is_stdio(f)) count(OUTPUT); return REAL(fputc)(c, f); }
int puts(const char *text) { count(OUTPUT); return REAL(puts)(text); }
int putchar(int c) { count(OUTPUT); return REAL(putchar)(c); }
int vfprintf(FILE *f, const char *format, va_list arguments) {
    if (is_stdio(f)) count(OUTPUT);
    return REAL(vfprintf)(f, format, arguments);
}
int vprintf(const char *format, va_list arguments) { count(OUTPUT); return REAL(vfprintf)(stdout, format, arguments); }
int fprintf(FILE *f, const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    if (is_stdio(f)) count(OUTPUT);
    int result = REAL(vfprintf)(f, format, arguments);
    va_end(arguments);
    return result;
}
int printf(const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    count(OUTPUT);
    int result = REAL(vfprintf)(stdout, format, arguments);
    va_end(arguments);
    return result;
}
/* The _FORTIFY_SOURCE forms, which libraries built with it call instead. */
int __vfprintf_chk(FILE *f, int flag, const char *format, va_list arguments) {
    if (is_stdio(f)) count(OUTPUT);
    return REAL(__vfprintf_chk)(f, flag, format, arguments);
}
int __fprintf_chk(FILE *f, int flag, const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    if (is_stdio(f)) count(OUTPUT);
    int result = REAL(__vfprintf_chk)(f, flag, format, arguments);
    va_end(arguments);
    return result;
}
int __printf_chk(int flag, const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    count(OUTPUT);
    int result = REAL(__vfprintf_chk)(stdout, flag, format, arguments);
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
    fprintf(out, "recoveries %ld\n", atomic_load(&window_calls[RECOVER]));
    for (int k = 0; k < KINDS; k++) {
        void *caller = atomic_load(&first_caller[k]);
        if (!caller) continue;
        Dl_info info;
        if (dladdr(caller, &info) && info.dli_fname)
            fprintf(out, "first_%s_from %s(%s)\n", names[k], info.dli_fname, info.dli_sname ? info.dli_sname : "?");
        else
            fprintf(out, "first_%s_from %p\n", names[k], caller);
    }
    for (int w = 0; w < WINDOWS; w++) {
        fprintf(out, "calls_%s %ld\n", window_names[w], atomic_load(&window_calls[w]));
        for (int k = 0; k < KINDS; k++) {
            long n = atomic_load(&in_window[w][k]);
            if (n) fprintf(out, "in_%s_%s %ld\n", window_names[w], names[k], n);
        }
    }
    if (out != stderr) fclose(out);
}
