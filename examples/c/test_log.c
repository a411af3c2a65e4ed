/*
 * Tests where the library's messages go: on a device that can never be
 * opened and is retried over and over, standard error gets one line for the
 * whole episode, not alsa-lib's lines at every try; a log callback gets
 * alsa-lib's messages and the warning, each context only its own; and a
 * host that installed its own alsa-lib error handler keeps it.
 *
 * The devices are those of config/alsa/inputclick-test.conf: inputclick_no_card
 * fails as `default` does with no sound card (alsa-lib cannot find the card
 * and says so at every try), inputclick_absent fails silently.
 *
 * Build:  cc test_log.c $(pkg-config --cflags --libs inputclick alsa) -lpthread -o test_log
 * Run:    ALSA_CONFIG_PATH=/usr/share/alsa/alsa.conf:config/alsa/inputclick-test.conf ./test_log
 *
 * Prints one line per check and a final "N passed, M failed"; exits 1 if
 * any check failed.
 */
#define _POSIX_C_SOURCE 200809L
#include <alsa/asoundlib.h>
#include <inputclick.h>
#include "test_checks.h"

#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define NO_CARD_MESSAGE "cannot find card 'inputclick_no_such_card'"

/* What one context's log callback received. */
struct log {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    int debug, info, warning;
    int no_card_messages;    /* alsa-lib's "cannot find card" lines, one per try */
    int not_alsa_lines;      /* debug messages not in alsa-lib's own form */
    int bad_levels;
    char first_warning[512];
};

static void log_init(struct log *log) {
    memset(log, 0, sizeof *log);
    pthread_mutex_init(&log->lock, NULL);
    pthread_cond_init(&log->changed, NULL);
}

static void on_log(int level, const char *message, void *userdata) {
    struct log *log = userdata;
    pthread_mutex_lock(&log->lock);
    switch (level) {
    case INPUTCLICK_LOG_DEBUG:
        log->debug++;
        if (strncmp(message, "ALSA lib ", 9) != 0) log->not_alsa_lines++;
        if (strstr(message, NO_CARD_MESSAGE)) log->no_card_messages++;
        break;
    case INPUTCLICK_LOG_INFO:
        log->info++;
        break;
    case INPUTCLICK_LOG_WARNING:
        if (log->warning++ == 0) snprintf(log->first_warning, sizeof log->first_warning, "%s", message);
        break;
    default:
        log->bad_levels++;
    }
    pthread_cond_broadcast(&log->changed);
    pthread_mutex_unlock(&log->lock);
}

/* Waits until *counter (guarded by log's lock) reaches at least `count`, at most
 * timeout_s seconds; returns whether it did. */
static int wait_for(struct log *log, const int *counter, int count, int timeout_s) {
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += timeout_s;
    pthread_mutex_lock(&log->lock);
    int result = 0;
    while (*counter < count && result == 0) result = pthread_cond_timedwait(&log->changed, &log->lock, &deadline);
    int reached = *counter >= count;
    pthread_mutex_unlock(&log->lock);
    return reached;
}

/* A context on `device` with no settings file, watching nothing; `log` NULL
 * for the default (warnings on standard error). Clicks are enabled at once,
 * so the device is tried, and retried, from now on. */
static inputclick_context *open_shown(const char *device, const char *settings_file, struct log *log) {
    inputclick_options *options = NULL;
    inputclick_context *ctx = NULL;
    int views[] = {1};
    if (inputclick_options_create(&options) != INPUTCLICK_OK) return NULL;
    inputclick_options_set_device(options, device);
    inputclick_options_set_settings_file(options, settings_file);
    inputclick_options_set_watch_settings(options, 0);
    if (log) inputclick_options_set_log_callback(options, on_log, log);
    int result = inputclick_open_with_options(options, &ctx);
    inputclick_options_destroy(options);
    if (result != INPUTCLICK_OK) {
        char detail[600];
        char message[512];
        inputclick_last_error_message(message, sizeof message);
        snprintf(detail, sizeof detail, "%s: %s", inputclick_strerror(result), message);
        check(0, "the context opens", detail);
        return NULL;
    }
    inputclick_set_visible_views(ctx, views, 1);
    return ctx;
}

/* Standard error goes to a file until restored; returns the saved descriptor. */
static int capture_stderr(const char *path) {
    fflush(stderr);
    int saved = dup(2);
    int file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (saved < 0 || file < 0 || dup2(file, 2) < 0) {
        perror("capture_stderr");
        exit(2);
    }
    close(file);
    return saved;
}

static void restore_stderr(int saved) {
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
}

/* The file's text (at most size - 1 bytes) and its number of lines. */
static int read_lines(const char *path, char *text, size_t size) {
    FILE *file = fopen(path, "r");
    size_t length = file ? fread(text, 1, size - 1, file) : 0;
    if (file) fclose(file);
    text[length] = '\0';
    int lines = 0;
    for (size_t i = 0; i < length; i++) lines += text[i] == '\n';
    return lines;
}

/* Three contexts at once: one with the default log (standard error) and one
 * with a callback on inputclick_no_card, one with a callback on
 * inputclick_absent. Each is retried several times. */
static void test_default_log_and_callbacks(const char *directory, const char *settings_file) {
    char stderr_path[600];
    char captured[8192];
    char detail[8400];
    struct log no_card, absent;
    log_init(&no_card);
    log_init(&absent);
    snprintf(stderr_path, sizeof stderr_path, "%s/stderr.txt", directory);

    int saved = capture_stderr(stderr_path);
    inputclick_context *quiet = open_shown("inputclick_no_card", settings_file, NULL);
    inputclick_context *logged = open_shown("inputclick_no_card", settings_file, &no_card);
    inputclick_context *other = open_shown("inputclick_absent", settings_file, &absent);
    /* Four tries of the logged context (at 0, 100, 300 and 700 ms); the
     * quiet one, opened first, is tried on the same schedule. */
    int tried = wait_for(&no_card, &no_card.no_card_messages, 4, 20);
    int warned = wait_for(&absent, &absent.warning, 1, 20);
    inputclick_close(quiet);
    inputclick_close(logged);
    inputclick_close(other);
    restore_stderr(saved);

    int lines = read_lines(stderr_path, captured, sizeof captured);
    snprintf(detail, sizeof detail, "%d lines:\n%s", lines, captured);
    check(tried, "the device was tried four times", NULL);
    check(lines == 1, "standard error got one line for the whole episode", detail);
    check(strstr(captured, "inputclick: warning: ") == captured && strstr(captured, "inputclick_no_card") != NULL,
          "that line is the warning naming the device", detail);
    check(strstr(captured, "ALSA lib") == NULL, "none of alsa-lib's lines reached standard error", detail);

    snprintf(detail, sizeof detail, "%d debug messages, %d of them 'cannot find card'", no_card.debug, no_card.no_card_messages);
    check(no_card.no_card_messages >= 4, "the callback got alsa-lib's message of every try", detail);
    check(no_card.not_alsa_lines == 0, "alsa-lib's messages come as alsa-lib prints them, at INPUTCLICK_LOG_DEBUG", detail);
    snprintf(detail, sizeof detail, "%d warnings, the first: %s", no_card.warning, no_card.first_warning);
    check(no_card.warning == 1 && strstr(no_card.first_warning, "inputclick_no_card") != NULL,
          "the callback got one warning for the episode, naming the device", detail);
    check(no_card.bad_levels == 0 && absent.bad_levels == 0, "every level is an INPUTCLICK_LOG_* value", NULL);

    check(warned, "the other context's callback got its warning", NULL);
    snprintf(detail, sizeof detail, "%d 'cannot find card' messages; warning: %s", absent.no_card_messages, absent.first_warning);
    check(absent.no_card_messages == 0 && strstr(absent.first_warning, "inputclick_absent") != NULL,
          "each context's callback gets its own messages only", detail);

}

/* The host's own alsa-lib error handler: counts alsa-lib's "cannot find card" messages. */
static pthread_mutex_t host_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t host_changed = PTHREAD_COND_INITIALIZER;
static int host_no_card_messages;

static void host_handler(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    char text[512];
    va_list arguments;
    (void)file, (void)line, (void)function, (void)err;
    va_start(arguments, fmt);
    vsnprintf(text, sizeof text, fmt, arguments);
    va_end(arguments);
    pthread_mutex_lock(&host_lock);
    if (strstr(text, NO_CARD_MESSAGE)) host_no_card_messages++;
    pthread_cond_broadcast(&host_changed);
    pthread_mutex_unlock(&host_lock);
}

/* A host that installed its own handler keeps getting alsa-lib's messages,
 * the library's included; the library does not take them from it. */
static void test_host_handler_is_kept(const char *settings_file) {
    struct log log;
    char detail[600];
    log_init(&log);
    snd_lib_error_set_handler(host_handler);
    inputclick_context *ctx = open_shown("inputclick_no_card", settings_file, &log);
    /* Two tries: the second starts after the first has returned, so the
     * first one's messages would have reached the callback by then. */
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += 20;
    pthread_mutex_lock(&host_lock);
    int result = 0;
    while (host_no_card_messages < 2 && result == 0) result = pthread_cond_timedwait(&host_changed, &host_lock, &deadline);
    int host_messages = host_no_card_messages;
    pthread_mutex_unlock(&host_lock);
    int warned = wait_for(&log, &log.warning, 1, 20);
    inputclick_close(ctx);
    snd_lib_error_set_handler(NULL);

    snprintf(detail, sizeof detail, "host handler: %d, callback: %d", host_messages, log.no_card_messages);
    check(host_messages >= 2, "the host's own alsa-lib handler got alsa-lib's messages of every try", detail);
    check(log.debug == 0, "and the callback got none of them", detail);
    check(warned && log.warning == 1, "the callback still got the library's warning", log.first_warning);
}

int main(void) {
    char directory[] = "/tmp/inputclick-c-log-test-XXXXXX";
    char settings_file[600];
    start(directory, settings_file, sizeof settings_file);
    printf("# inputclick %s: where messages go\n", inputclick_version());

    test_default_log_and_callbacks(directory, settings_file);
    test_host_handler_is_kept(settings_file);

    return finish(directory);
}
