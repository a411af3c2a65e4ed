/*
 * libFuzzer harness: the C interface (inputclick.h) under random call
 * sequences with arbitrary arguments, from three threads at once.
 *
 * The input is a small program. Its first part configures an
 * inputclick_options handle and opens a context (or fails to: bad device
 * names, destroyed options, NULL out-pointers). The rest is a list of calls,
 * each tagged with the thread that makes it; thread 0 is the fuzzer's own,
 * threads 1 and 2 start when they have calls, and all three run their lists
 * concurrently on the same context, including inputclick_close. After they
 * finish, the context is closed and must then answer
 * INPUTCLICK_ERROR_CLOSED. Every call passes arguments chosen by the input:
 * NULL or wrong-kind handles, NULL out-pointers, counts and sizes out of
 * range, truncating buffers, ints far outside the enums.
 *
 * Besides ASan's checks, each result is held to inputclick.h: a documented
 * code, never INPUTCLICK_ERROR (an "unexpected internal failure"); copied
 * strings NUL-terminated within the buffer and cut at a UTF-8 boundary;
 * static strings never NULL. A broken promise aborts, which libFuzzer
 * reports as a crash.
 *
 * Hermetic: ALSA_CONFIG_PATH adds a file that makes "default" the `null`
 * PCM (which consumes audio at once, no sink needed), and INPUTCLICK_CONFIG
 * points to a private settings file the program also writes to.
 *
 * Built against the address-sanitized libInputClickPlugin.so and run by
 * scripts/fuzz.sh; corpus in Fuzz/corpus/c_api/.
 */
#define _GNU_SOURCE
#include <inputclick.h>

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- Checks ----------------------------------------------------------- */

static void fail(const char *call, int result, const char *what) {
    char message[512];
    inputclick_last_error_message(message, sizeof message);
    fprintf(stderr, "c_api_fuzz: %s returned %d: %s (last error message: %s)\n", call, result, what, message);
    abort();
}

/* An int result: >= 0, or one of the documented negative codes (never
 * INPUTCLICK_ERROR, which means an internal failure). */
static int check_code(const char *call, int result) {
    if (result < INPUTCLICK_ERROR_SETTINGS || result == INPUTCLICK_ERROR) fail(call, result, "not a documented result");
    return result;
}

/* A decision of inputclick_play or inputclick_decision. */
static void check_decision(const char *call, int result) {
    check_code(call, result);
    if (result > INPUTCLICK_SUSPECT) fail(call, result, "not a decision");
    if (result < 0 && result != INPUTCLICK_ERROR_INVALID_ARGUMENT && result != INPUTCLICK_ERROR_INVALID_KIND &&
        result != INPUTCLICK_ERROR_CLOSED)
        fail(call, result, "not an error play can return");
}

/* Whether s[0 ..< length] is UTF-8: lead bytes with their continuation
 * bytes, none cut off at the end. */
static int valid_utf8(const unsigned char *s, size_t length) {
    size_t i = 0;
    while (i < length) {
        unsigned char c = s[i];
        size_t n;
        if (c < 0x80) n = 0;
        else if (c >= 0xC2 && c <= 0xDF) n = 1;
        else if ((c & 0xF0) == 0xE0) n = 2;
        else if (c >= 0xF0 && c <= 0xF4) n = 3;
        else return 0;
        if (n >= length - i) return 0;
        for (size_t k = 1; k <= n; k++)
            if ((s[i + k] & 0xC0) != 0x80) return 0;
        i += n + 1;
    }
    return 1;
}

/* A string copied out the snprintf way: the full length back, at most
 * size - 1 bytes written and a NUL, cut at a character boundary. */
static void check_copied(const char *call, int result, const char *buf, size_t size, size_t capacity) {
    check_code(call, result);
    if (result < 0) return;
    if (buf == NULL || size == 0 || size > capacity) return;
    size_t written = strnlen(buf, size);
    if (written == size) fail(call, result, "the buffer is not NUL-terminated within its size");
    if (written > (size_t)result) fail(call, result, "more bytes written than the message holds");
    if (!valid_utf8((const unsigned char *)buf, written)) fail(call, result, "the copy is not UTF-8 (cut inside a character?)");
}

static void check_static(const char *call, const char *text) {
    if (text == NULL) fail(call, 0, "a static string is NULL");
    if (!valid_utf8((const unsigned char *)text, strlen(text))) fail(call, 0, "a static string is not UTF-8");
}

/* ---- Environment ------------------------------------------------------- */

static char settings_path[256];
static char settings_dir[256];
static char long_text[5000];

/* Removes the private directory when the fuzzer exits. */
static void remove_private_directory(void) {
    char path[300];
    const char *files[] = {"settings.conf", "settings.conf.0", "settings.conf.1", "settings.conf.2", "alsa.conf"};
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        snprintf(path, sizeof path, "%s/%s", settings_dir, files[i]);
        unlink(path);
    }
    rmdir(settings_dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    char dir[] = "/tmp/inputclick-fuzz-c-api.XXXXXX";
    if (mkdtemp(dir) == NULL) { perror("mkdtemp"); abort(); }
    atexit(remove_private_directory);
    snprintf(settings_dir, sizeof settings_dir, "%s", dir);
    snprintf(settings_path, sizeof settings_path, "%s/settings.conf", dir);
    char alsa_conf[300];
    snprintf(alsa_conf, sizeof alsa_conf, "%s/alsa.conf", dir);
    FILE *conf = fopen(alsa_conf, "w");
    if (conf == NULL) { perror(alsa_conf); abort(); }
    fputs("pcm.!default { type null }\n", conf);
    fclose(conf);
    char config_path[700];
    snprintf(config_path, sizeof config_path, "/usr/share/alsa/alsa.conf:%s", alsa_conf);
    setenv("ALSA_CONFIG_PATH", config_path, 1);
    setenv("INPUTCLICK_CONFIG", settings_path, 1);
    unsetenv("INPUTCLICK_VOLUME");
    unsetenv("INPUTCLICK_CLICKS");
    unsetenv("INPUTCLICK_PROFILE");
    unsetenv("INPUTCLICK_SOUND_PACK");
    memset(long_text, 'a', sizeof long_text - 1);
    long_text[sizeof long_text - 1] = 0;
    return 0;
}

/* ---- Reading the input ------------------------------------------------- */

typedef struct {
    const uint8_t *data;
    size_t size, at;
} reader;

static uint8_t byte(reader *r) { return r->at < r->size ? r->data[r->at++] : 0; }

static int32_t int32(reader *r) {
    uint32_t v = 0;
    for (int i = 0; i < 4; i++) v = v << 8 | byte(r);
    return (int32_t)v;
}

/* A small int around an enum's range (-2 ... 9), or any int. */
static int enum_value(reader *r) {
    uint8_t b = byte(r);
    return b < 0xF0 ? (int)(b % 12) - 2 : int32(r);
}

/* A size: 0, small, a few hundred, or far beyond any buffer. */
static size_t size_value(reader *r) {
    uint8_t b = byte(r);
    switch (b >> 6) {
    case 0: return 0;
    case 1: return b & 0x3F;
    case 2: return 64 + (size_t)(b & 0x3F) * 8;
    default: return b & 1 ? SIZE_MAX : (size_t)1 << 40;
    }
}

/* The device names tried: "null" (and "default", which the private ALSA
 * configuration makes null), names that do not exist, and bad strings. */
static const char *device_name(reader *r) {
    static const char bad_utf8[] = {'n', (char)0xFF, 'l', 0};
    switch (byte(r) % 9) {
    case 0: case 1: case 2: return "null";
    case 3: return "default";
    case 4: return NULL;
    case 5: return "";
    case 6: return "no_such_pcm_inputclick";
    case 7: return bad_utf8;
    default: return long_text;
    }
}

static const char *settings_file(reader *r) {
    static const char bad_utf8[] = {'/', 't', (char)0xC3, 0};
    switch (byte(r) % 7) {
    case 0: case 1: return settings_path;
    case 2: return NULL;
    case 3: return "";
    case 4: return settings_dir; /* a directory */
    case 5: return bad_utf8;
    default: return long_text;
    }
}

/* Writes the next bytes of the input as the settings file (a new file
 * renamed into place, so a reader never sees half of it). */
static void write_settings(reader *r, int thread) {
    size_t length = byte(r);
    char temporary[300];
    snprintf(temporary, sizeof temporary, "%s.%d", settings_path, thread);
    FILE *file = fopen(temporary, "w");
    if (file == NULL) return;
    for (size_t i = 0; i < length && r->at < r->size; i++) fputc(byte(r), file);
    fclose(file);
    rename(temporary, settings_path);
}

/* ---- The calls ---------------------------------------------------------- */

enum { CALL_COUNT = 20, MAX_CALLS = 64, THREADS = 3 };

/* Every handle the harness got, kept reachable: closed handles stay valid
 * for the life of the process by design (inputclick.h), so they are not leaks. */
static pthread_mutex_t kept_lock = PTHREAD_MUTEX_INITIALIZER;
static void **kept;
static size_t kept_count, kept_capacity;

static void keep(void *handle) {
    if (handle == NULL) return;
    pthread_mutex_lock(&kept_lock);
    if (kept_count == kept_capacity) {
        kept_capacity = kept_capacity ? kept_capacity * 2 : 256;
        kept = realloc(kept, kept_capacity * sizeof *kept);
        if (kept == NULL) abort();
    }
    kept[kept_count++] = handle;
    pthread_mutex_unlock(&kept_lock);
}

typedef struct {
    inputclick_context *context;
    inputclick_options *options;
    reader calls;  /* this thread's calls: a slice of the input */
    int thread;
} program;

/* Which handle a call gets: usually the context, sometimes NULL or the
 * options handle passed as a context (which the library must refuse). */
static inputclick_context *target(program *p, uint8_t selector) {
    if (selector % 16 == 14) return NULL;
    if (selector % 16 == 15 && p->options != NULL) return (inputclick_context *)p->options;
    return p->context;
}

static void run_call(program *p, reader *r) {
    uint8_t op = byte(r);
    inputclick_context *ctx = target(p, byte(r));
    char buffer[512];
    switch (op % CALL_COUNT) {
    case 0: { /* visible views */
        int views[72];
        size_t count = byte(r) % 72;
        for (size_t i = 0; i < count; i++) views[i] = byte(r) & 1 ? (int)(byte(r) | 1) : 0;
        uint8_t variant = byte(r) % 8;
        if (variant == 6) check_code("inputclick_set_visible_views(NULL)", inputclick_set_visible_views(ctx, NULL, count));
        else if (variant == 7) check_code("inputclick_set_visible_views(huge)", inputclick_set_visible_views(ctx, views, SIZE_MAX - count));
        else check_code("inputclick_set_visible_views", inputclick_set_visible_views(ctx, views, count));
        break;
    }
    case 1: check_code("inputclick_set_secure_text_entry", inputclick_set_secure_text_entry(ctx, int32(r))); break;
    case 2: case 3: check_decision("inputclick_play", inputclick_play(ctx, enum_value(r))); break;
    case 4: check_decision("inputclick_decision", inputclick_decision(ctx, enum_value(r))); break;
    case 5: check_code("inputclick_reload_settings", inputclick_reload_settings(ctx)); break;
    case 6: {
        int state = check_code("inputclick_state", inputclick_state(ctx));
        if (state > INPUTCLICK_STATE_WAITING_FOR_DEVICE) fail("inputclick_state", state, "not a state");
        break;
    }
    case 7: { /* a wait of up to 63 ms (long enough for the stream to start), or a negative one */
        uint8_t b = byte(r);
        check_code("inputclick_wait_until_running", inputclick_wait_until_running(ctx, b & 0x80 ? -(int)(b & 0x7F) - 1 : b % 64));
        break;
    }
    case 8: {
        int rate = -1, channels = -1, period = -1, buffer_frames = -1;
        uint8_t mask = byte(r);
        int result = check_code("inputclick_stream_format", inputclick_stream_format(ctx, mask & 1 ? &rate : NULL,
            mask & 2 ? &channels : NULL, mask & 4 ? &period : NULL, mask & 8 ? &buffer_frames : NULL));
        if (result == 0 && ((mask & 1 && rate <= 0) || (mask & 2 && channels <= 0) || (mask & 4 && period <= 0) ||
                            (mask & 8 && buffer_frames <= 0)))
            fail("inputclick_stream_format", result, "a format value is not positive");
        break;
    }
    case 9: {
        size_t count;
        double p50, p95, p99, max;
        uint8_t mask = byte(r);
        int result = check_code("inputclick_latency", inputclick_latency(ctx, enum_value(r), mask & 1 ? &count : NULL,
            mask & 2 ? &p50 : NULL, mask & 4 ? &p95 : NULL, mask & 8 ? &p99 : NULL, mask & 16 ? &max : NULL));
        if (result == 0 && (mask & 30) == 30 && !(p50 <= p95 && p95 <= p99 && p99 <= max))
            fail("inputclick_latency", result, "the percentiles are out of order");
        break;
    }
    case 10: check_code("inputclick_reset_latency", inputclick_reset_latency(ctx)); break;
    case 11: {
        uint64_t value;
        int which = enum_value(r);
        check_code("inputclick_statistic", inputclick_statistic(ctx, which, byte(r) & 1 ? &value : NULL));
        break;
    }
    case 12: case 13: { /* the context's warning, or the thread's last error, into a buffer of any size */
        size_t size = size_value(r);
        char *out = byte(r) % 4 == 0 ? NULL : buffer;
        /* A real buffer with a size larger than it is the caller's bug, which
         * no library can detect; only sizes above SSIZE_MAX are refusable. */
        if (out != NULL && size > sizeof buffer && size <= SIZE_MAX / 2) size = sizeof buffer;
        int result = op % CALL_COUNT == 12 ? inputclick_last_warning(ctx, out, size) : inputclick_last_error_message(out, size);
        check_copied(op % CALL_COUNT == 12 ? "inputclick_last_warning" : "inputclick_last_error_message", result, out,
                     size, sizeof buffer);
        break;
    }
    case 14: check_code("inputclick_close", inputclick_close(ctx)); break;
    case 15: write_settings(r, p->thread); break;
    case 16: usleep((useconds_t)byte(r) * 8); break;
    case 17: { /* the static strings, for any int */
        int value = enum_value(r);
        check_static("inputclick_strerror", inputclick_strerror(value));
        check_static("inputclick_decision_name", inputclick_decision_name(value));
        check_static("inputclick_decision_description", inputclick_decision_description(value));
        check_static("inputclick_kind_name", inputclick_kind_name(value));
        check_static("inputclick_state_name", inputclick_state_name(value));
        check_static("inputclick_version", inputclick_version());
        if (inputclick_version_number() != INPUTCLICK_VERSION_NUMBER) fail("inputclick_version_number", 0, "not the header's");
        break;
    }
    case 18: { /* options changed after the context opened: allowed, and without effect on it */
        inputclick_options *options = byte(r) & 1 ? p->options : NULL;
        check_code("inputclick_options_set_linger_ms", inputclick_options_set_linger_ms(options, int32(r)));
        break;
    }
    default: /* a tap burst: what a typing user does most */
        for (int i = byte(r) % 16; i >= 0; i--) check_decision("inputclick_play", inputclick_play(ctx, i % 5));
        break;
    }
}

static void *run_thread(void *argument) {
    program *p = argument;
    while (p->calls.at < p->calls.size) run_call(p, &p->calls);
    return NULL;
}

/* Configures options and opens the context, as the input's first part says. */
static inputclick_context *open_context(reader *r, inputclick_options **options_out) {
    inputclick_options *options = NULL;
    check_code("inputclick_options_create", inputclick_options_create(&options));
    keep(options);
    check_code("inputclick_options_set_warnings_to_stderr", inputclick_options_set_warnings_to_stderr(options, 0));
    check_code("inputclick_options_set_linger_ms", inputclick_options_set_linger_ms(options, 20));
    check_code("inputclick_options_set_settings_file", inputclick_options_set_settings_file(options, settings_path));
    int steps = byte(r) % 8;
    for (int i = 0; i < steps; i++) {
        switch (byte(r) % 10) {
        case 0: check_code("inputclick_options_set_device", inputclick_options_set_device(options, device_name(r))); break;
        case 1: check_code("inputclick_options_set_latency_profile", inputclick_options_set_latency_profile(options, enum_value(r))); break;
        case 2: {
            int period = byte(r) & 1 ? int32(r) : 16 << (byte(r) % 8);
            int periods = enum_value(r);
            check_code("inputclick_options_set_latency_frames", inputclick_options_set_latency_frames(options, period, periods));
            break;
        }
        case 3: {
            uint8_t b = byte(r);
            check_code("inputclick_options_set_linger_ms", inputclick_options_set_linger_ms(options, b & 0x80 ? int32(r) : b % 50));
            break;
        }
        case 4: check_code("inputclick_options_set_settings_file", inputclick_options_set_settings_file(options, settings_file(r))); break;
        case 5: check_code("inputclick_options_set_watch_settings", inputclick_options_set_watch_settings(options, byte(r) & 1)); break;
        case 6: check_code("inputclick_options_destroy", inputclick_options_destroy(options)); break;
        case 7: check_code("inputclick_options_set_device(NULL handle)", inputclick_options_set_device(NULL, "null")); break;
        case 8: check_code("inputclick_options_create(NULL)", inputclick_options_create(NULL)); break;
        default: write_settings(r, 0); break;
        }
    }
    inputclick_context *context = NULL;
    int result;
    switch (byte(r) % 8) {
    case 0: result = inputclick_open(device_name(r), &context); break;
    case 1: result = inputclick_open_with_options(options, NULL); break;
    case 2: result = inputclick_open_with_options(NULL, &context); break;
    default: result = inputclick_open_with_options(options, &context); break;
    }
    check_code("inputclick_open", result);
    if ((result == 0) != (context != NULL)) fail("inputclick_open", result, "the result and the context disagree");
    keep(context);
    *options_out = options;
    return context;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    reader r = {data, size, 0};
    unlink(settings_path); /* every input starts with no settings file: the defaults */
    program programs[THREADS];
    inputclick_options *options = NULL;
    inputclick_context *context = open_context(&r, &options);

    /* Split the rest into the three threads' call lists: each call is a
     * thread byte, a length byte and that many bytes of call. */
    uint8_t *lists[THREADS];
    size_t lengths[THREADS] = {0, 0, 0};
    for (int t = 0; t < THREADS; t++) {
        lists[t] = malloc(size + 1);
        if (lists[t] == NULL) abort();
    }
    for (int calls = 0; r.at < r.size && calls < MAX_CALLS * THREADS; calls++) {
        int t = byte(&r) % THREADS;
        size_t length = 1 + byte(&r) % 16;
        for (size_t i = 0; i < length && r.at < r.size; i++) lists[t][lengths[t]++] = byte(&r);
    }
    pthread_t threads[THREADS];
    int started[THREADS] = {0, 0, 0};
    for (int t = 0; t < THREADS; t++) {
        programs[t] = (program){context, options, {lists[t], lengths[t], 0}, t};
        if (t > 0 && lengths[t] > 0) started[t] = pthread_create(&threads[t], NULL, run_thread, &programs[t]) == 0;
    }
    run_thread(&programs[0]);
    for (int t = 1; t < THREADS; t++)
        if (started[t]) pthread_join(threads[t], NULL);

    if (context != NULL) {
        check_code("inputclick_close", inputclick_close(context));
        int again = inputclick_play(context, INPUTCLICK_KIND_KEY);
        if (again != INPUTCLICK_ERROR_CLOSED) fail("inputclick_play after close", again, "a closed context must answer INPUTCLICK_ERROR_CLOSED");
    }
    if (options != NULL) inputclick_options_destroy(options);
    for (int t = 0; t < THREADS; t++) free(lists[t]);
    return 0;
}

#ifdef INPUTCLICK_FUZZ_REPLAY
/* Without libFuzzer: runs the inputs named on the command line once each.
 * scripts/sanitizers.sh builds the harness this way with ThreadSanitizer,
 * which libFuzzer cannot be combined with, and replays the corpus. */
int main(int argc, char **argv) {
    LLVMFuzzerInitialize(&argc, &argv);
    for (int i = 1; i < argc; i++) {
        FILE *file = fopen(argv[i], "rb");
        if (file == NULL) { perror(argv[i]); return 1; }
        static uint8_t input[1 << 16];
        size_t size = fread(input, 1, sizeof input, file);
        fclose(file);
        LLVMFuzzerTestOneInput(input, size);
    }
    printf("c_api_fuzz: replayed %d inputs\n", argc - 1);
    return 0;
}
#endif
