/*
 * Tests the InputClick C interface from C: version, names, bad arguments,
 * a device that does not exist, the gate's decisions through the real-time
 * virtual sink, latency figures, settings errors, and closing under load.
 *
 * Build:  cc test_inputclick.c $(pkg-config --cflags --libs inputclick) -lpthread -o test_inputclick
 * Run:    INPUTCLICK_TEST_DEVICE=inputclick_sink ./test_inputclick
 *
 * Prints one line per check and a final "N passed, M failed"; exits 1 if
 * any check failed.
 */
#define _POSIX_C_SOURCE 200809L
#include <inputclick.h>
#include "test_checks.h"
#include <math.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* A result for people: the error's sentence, or the decision's or state's name. */
static const char *describe(int result) {
    return result < 0 ? inputclick_strerror(result) : inputclick_decision_name(result);
}

/* Checks that `result` is `expected`; on a mismatch shows both and the message. */
static void check_code(int result, int expected, const char *name) {
    char detail[768];
    char message[512];
    if (result == expected) {
        check(1, name, NULL);
        return;
    }
    inputclick_last_error_message(message, sizeof message);
    snprintf(detail, sizeof detail, "got %d (%s), expected %d (%s); last message: %s", result, describe(result), expected,
             describe(expected), message);
    check(0, name, detail);
}

/* Checks that the calling thread's last error message contains `needle`. */
static void check_message_contains(const char *needle, const char *name) {
    char message[512];
    char detail[700];
    inputclick_last_error_message(message, sizeof message);
    snprintf(detail, sizeof detail, "message \"%s\" does not contain \"%s\"", message, needle);
    check(strstr(message, needle) != NULL, name, detail);
}

static void sleep_ms(int milliseconds) {
    struct timespec t = {milliseconds / 1000, (long)(milliseconds % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

static const char *test_device(void) {
    const char *device = getenv("INPUTCLICK_TEST_DEVICE");
    return device && *device ? device : "inputclick_sink";
}

/* Options for a test context: the test device, a settings file of our own, quiet warnings. */
static inputclick_options *make_test_options(const char *settings_file, int linger_ms) {
    inputclick_options *options = NULL;
    if (inputclick_options_create(&options) != INPUTCLICK_OK) return NULL;
    inputclick_options_set_device(options, test_device());
    inputclick_options_set_settings_file(options, settings_file);
    inputclick_options_set_watch_settings(options, 0);
    inputclick_options_set_warnings_to_stderr(options, 0);
    inputclick_options_set_linger_ms(options, linger_ms);
    return options;
}

static void write_file(const char *path, const char *text) {
    FILE *file = fopen(path, "w");
    if (!file) {
        perror(path);
        exit(2);
    }
    fputs(text, file);
    fclose(file);
}

static void test_version(void) {
    check(strcmp(inputclick_version(), INPUTCLICK_VERSION_STRING) == 0, "version string matches the header", inputclick_version());
    check(inputclick_version_number() == INPUTCLICK_VERSION_NUMBER, "version number matches the header", NULL);
}

static void test_announce_streams(void) {
    /* The user's own choice wins: a variable already set is left alone. */
    setenv("PULSE_PROP_OVERRIDE", "application.name=\"Mine\"", 1);
    unsetenv("PIPEWIRE_ALSA");
    unsetenv("PULSE_PROP");
    check(inputclick_announce_streams("", NULL) == INPUTCLICK_ERROR_INVALID_ARGUMENT, "an empty application name is refused", NULL);
    check(inputclick_announce_streams("Test Keyboard", NULL) == INPUTCLICK_OK, "announcing the streams succeeds", NULL);
    const char *pipewire = getenv("PIPEWIRE_ALSA");
    check(pipewire && strstr(pipewire, "media.role = \"event\"") && strstr(pipewire, "\"Test Keyboard\"")
          && strstr(pipewire, "\"input-keyboard\""), "PIPEWIRE_ALSA carries the role, the name and the default icon", pipewire);
    const char *pulse = getenv("PULSE_PROP");
    check(pulse && strstr(pulse, "media.role=\"event\""), "PULSE_PROP carries the role", pulse);
    const char *override = getenv("PULSE_PROP_OVERRIDE");
    check(override && strcmp(override, "application.name=\"Mine\"") == 0, "a variable the environment set is kept", override);
    unsetenv("PIPEWIRE_ALSA");
    unsetenv("PULSE_PROP");
    unsetenv("PULSE_PROP_OVERRIDE");
}

static void test_names(void) {
    static const char *decisions[] = {"plays", "clicks-off", "silent-profile", "no-visible-input-view",
                                      "not-opted-in", "rate-limited", "no-output", "queue-full", "device-lost", "held",
                                      "suspect"};
    static const char *kinds[] = {"key", "delete", "modifier", "space", "return"};
    static const char *states[] = {"closed", "running", "lingering", "waiting-for-device"};
    int all = 1;
    char name[96];

    check(strcmp(inputclick_strerror(INPUTCLICK_OK), "success") == 0, "strerror(0) is success", NULL);
    for (int code = INPUTCLICK_ERROR; code >= INPUTCLICK_ERROR_SETTINGS; code--) {
        const char *text = inputclick_strerror(code);
        snprintf(name, sizeof name, "strerror(%d) names the error", code);
        check(text && *text && strcmp(text, "unknown error code") != 0 && strcmp(text, "success") != 0, name, text);
        for (int other = code + 1; other >= INPUTCLICK_ERROR_SETTINGS && other < 0; other++)
            if (other != code && strcmp(text, inputclick_strerror(other)) == 0) all = 0;
    }
    check(all, "strerror gives each error its own sentence", NULL);
    check(strcmp(inputclick_strerror(-10), "unknown error code") == 0 && strcmp(inputclick_strerror(1), "unknown error code") == 0 &&
              strcmp(inputclick_strerror(-2147483647 - 1), "unknown error code") == 0,
          "strerror of an unknown code says so", NULL);

    all = 1;
    for (int d = 0; d <= INPUTCLICK_SUSPECT; d++) all &= strcmp(inputclick_decision_name(d), decisions[d]) == 0;
    check(all, "decision names are the stable identifiers", NULL);
    check(strcmp(inputclick_decision_name(11), "unknown") == 0 && strcmp(inputclick_decision_name(-1), "unknown") == 0,
          "decision name of an unknown value is unknown", NULL);
    check(strstr(inputclick_decision_description(INPUTCLICK_NOT_OPTED_IN), "enableInputClicksWhenVisible") != NULL,
          "decision description explains", inputclick_decision_description(INPUTCLICK_NOT_OPTED_IN));
    all = 1;
    for (int k = 0; k <= INPUTCLICK_KIND_RETURN; k++) all &= strcmp(inputclick_kind_name(k), kinds[k]) == 0;
    check(all && strcmp(inputclick_kind_name(5), "unknown") == 0, "kind names", NULL);
    all = 1;
    for (int s = 0; s <= INPUTCLICK_STATE_WAITING_FOR_DEVICE; s++) all &= strcmp(inputclick_state_name(s), states[s]) == 0;
    check(all && strcmp(inputclick_state_name(4), "unknown") == 0, "state names", NULL);
}

static void test_bad_arguments(void) {
    inputclick_context *ctx = (inputclick_context *)&passed; /* must be overwritten with NULL */
    char message[64];
    int length;
    char long_name[2100];

    check_code(inputclick_open(NULL, NULL), INPUTCLICK_ERROR_INVALID_ARGUMENT, "open with a NULL out-pointer");
    check_message_contains("inputclick_open", "the message names the function");
    check_message_contains("out-pointer", "the message names the argument");
    check_code(inputclick_open("", &ctx), INPUTCLICK_ERROR_INVALID_ARGUMENT, "open with an empty device name");
    check(ctx == NULL, "a failed open stores NULL", NULL);
    check_code(inputclick_open("\xff\xfe\x80", &ctx), INPUTCLICK_ERROR_INVALID_ARGUMENT, "open with a non-UTF-8 device name");
    check_message_contains("UTF-8", "the message says the name is not UTF-8");
    memset(long_name, 'x', sizeof long_name - 1);
    long_name[sizeof long_name - 1] = 0;
    check_code(inputclick_open(long_name, &ctx), INPUTCLICK_ERROR_INVALID_ARGUMENT, "open with a 2099-byte device name");

    check_code(inputclick_play(NULL, INPUTCLICK_KIND_KEY), INPUTCLICK_ERROR_INVALID_ARGUMENT, "play on NULL");
    check_code(inputclick_decision(NULL, INPUTCLICK_KIND_KEY), INPUTCLICK_ERROR_INVALID_ARGUMENT, "decision on NULL");
    check_code(inputclick_set_visible_views(NULL, NULL, 0), INPUTCLICK_ERROR_INVALID_ARGUMENT, "set_visible_views on NULL");
    check_code(inputclick_set_secure_text_entry(NULL, 1), INPUTCLICK_ERROR_INVALID_ARGUMENT, "set_secure_text_entry on NULL");
    check_code(inputclick_reload_settings(NULL), INPUTCLICK_ERROR_INVALID_ARGUMENT, "reload_settings on NULL");
    check_code(inputclick_set_volume(NULL, 0.5), INPUTCLICK_ERROR_INVALID_ARGUMENT, "set_volume on NULL");
    check_code(inputclick_set_profile(NULL, "quiet"), INPUTCLICK_ERROR_INVALID_ARGUMENT, "set_profile on NULL");
    check_code(inputclick_set_sound_pack(NULL, NULL), INPUTCLICK_ERROR_INVALID_ARGUMENT, "set_sound_pack on NULL");
    check_code(inputclick_clear_host_settings(NULL), INPUTCLICK_ERROR_INVALID_ARGUMENT, "clear_host_settings on NULL");
    check_code(inputclick_state(NULL), INPUTCLICK_ERROR_INVALID_ARGUMENT, "state on NULL");
    check_code(inputclick_wait_until_running(NULL, 0), INPUTCLICK_ERROR_INVALID_ARGUMENT, "wait_until_running on NULL");
    check_code(inputclick_drain(NULL, 0), INPUTCLICK_ERROR_INVALID_ARGUMENT, "drain on NULL");
    check_code(inputclick_stream_format(NULL, NULL, NULL, NULL, NULL), INPUTCLICK_ERROR_INVALID_ARGUMENT, "stream_format on NULL");
    check_code(inputclick_latency(NULL, 0, NULL, NULL, NULL, NULL, NULL), INPUTCLICK_ERROR_INVALID_ARGUMENT, "latency on NULL");
    check_code(inputclick_reset_latency(NULL), INPUTCLICK_ERROR_INVALID_ARGUMENT, "reset_latency on NULL");
    check_code(inputclick_statistic(NULL, 0, NULL), INPUTCLICK_ERROR_INVALID_ARGUMENT, "statistic on NULL");
    check_code(inputclick_last_warning(NULL, NULL, 0), INPUTCLICK_ERROR_INVALID_ARGUMENT, "last_warning on NULL");
    check_code(inputclick_close(NULL), INPUTCLICK_ERROR_INVALID_ARGUMENT, "close on NULL");
    check_message_contains("NULL", "the message says the handle is NULL");

    check_code(inputclick_last_error_message(NULL, 10), INPUTCLICK_ERROR_INVALID_ARGUMENT, "last_error_message into NULL with a size");
    length = inputclick_last_error_message(NULL, 0);
    check(length > 0, "last_error_message with size 0 gives the length and keeps the message", NULL);
    check(inputclick_last_error_message(message, 8) == length && strlen(message) == 7,
          "last_error_message truncates and terminates", message);
}

static void test_options(void) {
    inputclick_options *options = NULL;
    inputclick_context *ctx = NULL;

    check_code(inputclick_options_create(NULL), INPUTCLICK_ERROR_INVALID_ARGUMENT, "options_create with a NULL out-pointer");
    check_code(inputclick_options_create(&options), INPUTCLICK_OK, "options_create");
    check_code(inputclick_options_set_device(NULL, "default"), INPUTCLICK_ERROR_INVALID_ARGUMENT, "set_device on NULL options");
    check_code(inputclick_options_set_device(options, ""), INPUTCLICK_ERROR_INVALID_ARGUMENT, "set_device with an empty name");
    check_code(inputclick_options_set_device(options, NULL), INPUTCLICK_OK, "set_device NULL means default");
    check_code(inputclick_options_set_latency_profile(options, 2), INPUTCLICK_ERROR_INVALID_ARGUMENT, "an unknown latency profile");
    check_code(inputclick_options_set_latency_profile(options, INPUTCLICK_LATENCY_PROFILE_CONSERVATIVE), INPUTCLICK_OK, "the conservative profile");
    check_code(inputclick_options_set_server_latency(options, 3), INPUTCLICK_ERROR_INVALID_ARGUMENT, "an unknown server latency");
    check_code(inputclick_options_set_server_latency(NULL, INPUTCLICK_SERVER_LATENCY_LOWEST), INPUTCLICK_ERROR_INVALID_ARGUMENT, "server latency on NULL");
    check_code(inputclick_options_set_server_latency(options, INPUTCLICK_SERVER_LATENCY_ECONOMY), INPUTCLICK_OK, "the economy server latency");
    check_code(inputclick_options_set_backend(options, -1), INPUTCLICK_ERROR_INVALID_ARGUMENT, "an unknown backend");
    check_code(inputclick_options_set_backend(options, INPUTCLICK_BACKEND_AUTO), INPUTCLICK_OK, "the automatic backend");
    check_code(inputclick_options_set_latency_frames(options, 8, 2), INPUTCLICK_ERROR_INVALID_ARGUMENT, "a period of 8 frames");
    check_code(inputclick_options_set_latency_frames(options, 64, 1), INPUTCLICK_ERROR_INVALID_ARGUMENT, "one period per buffer");
    check_message_contains("period count 1", "the message names the value");
    check_code(inputclick_options_set_latency_frames(options, 64, 2), INPUTCLICK_OK, "64 frames x 2 periods");
    check_code(inputclick_options_set_linger_ms(options, -1), INPUTCLICK_ERROR_INVALID_ARGUMENT, "a negative linger");
    check_code(inputclick_options_set_linger_ms(options, 250), INPUTCLICK_OK, "a 250 ms linger");
    check_code(inputclick_options_set_settings_file(options, ""), INPUTCLICK_ERROR_INVALID_ARGUMENT, "an empty settings path");
    check_code(inputclick_options_set_settings_file(options, NULL), INPUTCLICK_OK, "the default settings location");
    check_code(inputclick_options_set_watch_settings(options, 0), INPUTCLICK_OK, "watch settings off");
    check_code(inputclick_options_set_warnings_to_stderr(options, 0), INPUTCLICK_OK, "warnings to stderr off");
    check_code(inputclick_open_with_options(options, NULL), INPUTCLICK_ERROR_INVALID_ARGUMENT, "open_with_options with a NULL out-pointer");
    check_code(inputclick_play((inputclick_context *)options, 0), INPUTCLICK_ERROR_INVALID_ARGUMENT, "options passed as a context are refused");
    check_message_contains("inputclick_options", "the message says which handle it was");
    check_code(inputclick_options_destroy(options), INPUTCLICK_OK, "options_destroy");
    check_code(inputclick_options_destroy(options), INPUTCLICK_ERROR_CLOSED, "a second options_destroy is harmless");
    check_code(inputclick_options_set_linger_ms(options, 100), INPUTCLICK_ERROR_CLOSED, "setters after destroy");
    check_code(inputclick_open_with_options(options, &ctx), INPUTCLICK_ERROR_CLOSED, "open with destroyed options");
    check_code(inputclick_options_destroy(NULL), INPUTCLICK_ERROR_INVALID_ARGUMENT, "options_destroy on NULL");
}

static void test_nonexistent_device(void) {
    inputclick_context *ctx = NULL;
    check_code(inputclick_open("inputclick_no_such_device", &ctx), INPUTCLICK_ERROR_NO_SUCH_DEVICE, "a device that does not exist fails to open");
    check(ctx == NULL, "and stores no context", NULL);
    check_message_contains("inputclick_no_such_device", "the message names the device");
    inputclick_close(ctx);
    ctx = NULL;
    check_code(inputclick_open("hw:29,0", &ctx), INPUTCLICK_ERROR_NO_SUCH_DEVICE, "a sound card that does not exist fails to open");
    inputclick_close(ctx);
}

/* A PCM the configuration defines but no hardware backs (config/alsa/inputclick-test.conf). */
static void test_absent_device(const char *settings_file) {
    const char *absent = getenv("INPUTCLICK_TEST_ABSENT_DEVICE");
    inputclick_options *options = make_test_options(settings_file, 0);
    inputclick_context *ctx = NULL;
    int views[] = {1};
    char warning[512];

    inputclick_options_set_device(options, absent && *absent ? absent : "inputclick_absent");
    check_code(inputclick_open_with_options(options, &ctx), INPUTCLICK_OK, "a configured device with no hardware opens");
    inputclick_options_destroy(options);
    if (!ctx) return;
    inputclick_set_visible_views(ctx, views, 1);
    check_code(inputclick_wait_until_running(ctx, 500), INPUTCLICK_ERROR_DEVICE_UNAVAILABLE, "but its stream never runs");
    check_message_contains("inputclick_absent", "the message names the device");
    check_code(inputclick_state(ctx), INPUTCLICK_STATE_WAITING_FOR_DEVICE, "the context waits for the device");
    check_code(inputclick_play(ctx, INPUTCLICK_KIND_KEY), INPUTCLICK_NO_OUTPUT, "taps report no output, without blocking");
    check(inputclick_last_warning(ctx, warning, sizeof warning) > 0 && strstr(warning, "inputclick_absent") != NULL,
          "one warning says why", warning);
    inputclick_set_visible_views(ctx, NULL, 0);
    check_code(inputclick_close(ctx), INPUTCLICK_OK, "close while waiting for the device");
}

static size_t latency_count(inputclick_context *ctx) {
    size_t count = 0;
    inputclick_latency(ctx, INPUTCLICK_MEASURE_CALL_TO_WRITE, &count, NULL, NULL, NULL, NULL);
    return count;
}

static void test_clicks_through_the_sink(const char *settings_file) {
    inputclick_options *options = make_test_options(settings_file, 200);
    inputclick_context *ctx = NULL;
    int views_opted_in[] = {0, 1};
    int views_not_opted_in[] = {0, 0};
    int rate = 0, channels = 0, period = 0, buffer = 0, limited = 0;
    size_t count = 0;
    double p50 = 0, p95 = 0, p99 = 0, max = 0, converter_p50 = 0;
    uint64_t value = 0;
    char warning[256];
    char detail[256];

    check_code(inputclick_open_with_options(options, &ctx), INPUTCLICK_OK, "open the test device");
    inputclick_options_destroy(options);
    if (!ctx) return;
    check_code(inputclick_state(ctx), INPUTCLICK_STATE_CLOSED, "no device is held before a view shows");
    check_code(inputclick_play(ctx, INPUTCLICK_KIND_KEY), INPUTCLICK_NO_VISIBLE_INPUT_VIEW, "hidden keyboard: no visible input view");
    check_code(inputclick_wait_until_running(ctx, 100), INPUTCLICK_ERROR_NO_STREAM, "waiting with nothing visible fails at once");
    check_code(inputclick_stream_format(ctx, &rate, NULL, NULL, NULL), INPUTCLICK_ERROR_NO_STREAM, "no stream format while closed");
    check_code(inputclick_play(ctx, 5), INPUTCLICK_ERROR_INVALID_KIND, "kind 5 is refused");
    check_code(inputclick_play(ctx, -1), INPUTCLICK_ERROR_INVALID_KIND, "kind -1 is refused");
    check_code(inputclick_decision(ctx, 1000), INPUTCLICK_ERROR_INVALID_KIND, "decision for kind 1000 is refused");
    check_code(inputclick_set_visible_views(ctx, NULL, 1), INPUTCLICK_ERROR_INVALID_ARGUMENT, "NULL views with a count");
    check_code(inputclick_set_visible_views(ctx, views_opted_in, 65), INPUTCLICK_ERROR_INVALID_ARGUMENT, "65 visible views");
    check_code(inputclick_set_visible_views(ctx, views_opted_in, (size_t)-1), INPUTCLICK_ERROR_INVALID_ARGUMENT, "SIZE_MAX visible views");
    check_code(inputclick_wait_until_running(ctx, -5), INPUTCLICK_ERROR_INVALID_ARGUMENT, "a negative timeout");
    check_code(inputclick_drain(ctx, 0), INPUTCLICK_OK, "draining with no stream returns at once");
    check_code(inputclick_drain(ctx, -5), INPUTCLICK_ERROR_INVALID_ARGUMENT, "a negative drain timeout");

    check_code(inputclick_set_visible_views(ctx, views_not_opted_in, 2), INPUTCLICK_OK, "show views that do not opt in");
    check_code(inputclick_play(ctx, INPUTCLICK_KIND_KEY), INPUTCLICK_NOT_OPTED_IN, "visible but not opted in");
    check_code(inputclick_decision(ctx, INPUTCLICK_KIND_SPACE), INPUTCLICK_NOT_OPTED_IN, "decision agrees");

    check_code(inputclick_set_visible_views(ctx, views_opted_in, 2), INPUTCLICK_OK, "show an opted-in accessory view");
    check_code(inputclick_wait_until_running(ctx, 5000), INPUTCLICK_OK, "the stream runs within 5 s");
    check_code(inputclick_state(ctx), INPUTCLICK_STATE_RUNNING, "state is running");
    check_code(inputclick_stream_format(ctx, &rate, &channels, &period, &buffer), INPUTCLICK_OK, "stream format");
    snprintf(detail, sizeof detail, "%d Hz, %d channels, period %d, buffer %d", rate, channels, period, buffer);
    check(rate >= 8000 && channels >= 1 && period > 0 && buffer >= period, "the actual format is plausible", detail);
    printf("# stream: %s\n", detail);
    check_code(inputclick_decision(ctx, INPUTCLICK_KIND_KEY), INPUTCLICK_PLAYS, "decision says it plays");
    for (int kind = INPUTCLICK_KIND_KEY; kind <= INPUTCLICK_KIND_RETURN; kind++) {
        char name[64];
        snprintf(name, sizeof name, "a %s tap plays through the sink", inputclick_kind_name(kind));
        check_code(inputclick_play(ctx, kind), INPUTCLICK_PLAYS, name);
        sleep_ms(30);
    }
    /* One delete above, then 25 at once: no more than 20 may play within a second. */
    for (int i = 0; i < 25; i++) limited += inputclick_play(ctx, INPUTCLICK_KIND_DELETE) == INPUTCLICK_RATE_LIMITED;
    check(limited == 6, "a held key is rate-limited to 20 clicks a second", NULL);
    check_code(inputclick_set_secure_text_entry(ctx, 1), INPUTCLICK_OK, "secure text entry on");
    sleep_ms(120);
    check_code(inputclick_play(ctx, INPUTCLICK_KIND_RETURN), INPUTCLICK_PLAYS, "a tap in a secure field plays");
    check_code(inputclick_set_secure_text_entry(ctx, 0), INPUTCLICK_OK, "secure text entry off");

    check_code(inputclick_drain(ctx, 5000), INPUTCLICK_OK, "every click played has sounded out within 5 s");
    /* Played: one of each of the 5 kinds, the deletes not rate-limited, and the return. */
    snprintf(detail, sizeof detail, "%zu written of %d played", latency_count(ctx), 5 + (25 - limited) + 1);
    check(latency_count(ctx) == (size_t)(5 + (25 - limited) + 1), "after the drain, every click played was written", detail);
    check_code(inputclick_latency(ctx, INPUTCLICK_MEASURE_CALL_TO_WRITE, &count, &p50, &p95, &p99, &max), INPUTCLICK_OK, "latency call to write");
    snprintf(detail, sizeof detail, "n=%zu p50 %.0f us, p95 %.0f us, p99 %.0f us, max %.0f us", count, p50, p95, p99, max);
    check(count >= 6 && p50 > 0 && p50 <= p95 && p95 <= p99 && p99 <= max, "latency figures after clicks are ordered", detail);
    printf("# call to write: %s\n", detail);
    check_code(inputclick_latency(ctx, INPUTCLICK_MEASURE_CALL_TO_CONVERTER, NULL, &converter_p50, NULL, NULL, NULL), INPUTCLICK_OK,
               "latency call to converter");
    check(converter_p50 >= p50, "the converter comes after the write", NULL);
    printf("# call to converter: p50 %.0f us\n", converter_p50);
    check_code(inputclick_latency(ctx, 2, &count, NULL, NULL, NULL, NULL), INPUTCLICK_ERROR_INVALID_ARGUMENT, "an unknown latency measure");
    check_code(inputclick_statistic(ctx, INPUTCLICK_STAT_OPENS, &value), INPUTCLICK_OK, "opens counter");
    check(value >= 1, "at least one stream opened", NULL);
    check_code(inputclick_statistic(ctx, 99, &value), INPUTCLICK_ERROR_INVALID_ARGUMENT, "an unknown counter");
    check_code(inputclick_statistic(ctx, INPUTCLICK_STAT_HELD_DROPPED, &value), INPUTCLICK_OK, "held-dropped counter");
    check(value == 0, "no held tap was dropped: the test waited for the stream", NULL);
    check_code(inputclick_statistic(ctx, INPUTCLICK_STAT_LOST_WITH_DEVICE, &value), INPUTCLICK_OK, "lost-with-device counter");
    check(value == 0, "no click was lost with the device", NULL);
    check_code(inputclick_statistic(ctx, INPUTCLICK_STAT_STALE_DROPPED, &value), INPUTCLICK_OK, "stale-dropped counter");
    check_code(inputclick_statistic(ctx, INPUTCLICK_STAT_ABANDONED_CALLS, &value), INPUTCLICK_OK, "abandoned-calls counter");
    check_code(inputclick_statistic(ctx, INPUTCLICK_STAT_SUSPECT, &value), INPUTCLICK_OK, "suspect counter");
    check_code(inputclick_statistic(ctx, INPUTCLICK_STAT_SUSPECT + 1, &value), INPUTCLICK_ERROR_INVALID_ARGUMENT, "the counter after the last");
    check_code(inputclick_statistic(ctx, INPUTCLICK_STAT_DROPPED_CLICKS, NULL), INPUTCLICK_ERROR_INVALID_ARGUMENT, "a NULL counter value");
    check_code(inputclick_reset_latency(ctx), INPUTCLICK_OK, "reset latency");
    check(latency_count(ctx) == 0, "no figures after a reset", NULL);
    check(inputclick_last_warning(ctx, warning, sizeof warning) >= 0, "last warning", NULL);
    check_code(inputclick_last_warning(ctx, NULL, 4), INPUTCLICK_ERROR_INVALID_ARGUMENT, "last warning into NULL with a size");

    check_code(inputclick_set_visible_views(ctx, NULL, 0), INPUTCLICK_OK, "hide the keyboard");
    check_code(inputclick_play(ctx, INPUTCLICK_KIND_KEY), INPUTCLICK_NO_VISIBLE_INPUT_VIEW, "hidden again: no visible input view");
    for (int i = 0; i < 300 && inputclick_state(ctx) != INPUTCLICK_STATE_CLOSED; i++) sleep_ms(10);
    check_code(inputclick_state(ctx), INPUTCLICK_STATE_CLOSED, "the device closes after the 200 ms linger");

    check_code(inputclick_close(ctx), INPUTCLICK_OK, "close");
    check_code(inputclick_close(ctx), INPUTCLICK_ERROR_CLOSED, "a second close is harmless");
    check_message_contains("already closed", "the message says it was closed");
    check_code(inputclick_play(ctx, INPUTCLICK_KIND_KEY), INPUTCLICK_ERROR_CLOSED, "play after close");
    check_code(inputclick_state(ctx), INPUTCLICK_ERROR_CLOSED, "state after close");
    check_code(inputclick_set_visible_views(ctx, views_opted_in, 2), INPUTCLICK_ERROR_CLOSED, "set_visible_views after close");
}

static void test_settings(const char *directory) {
    char path[512];
    char warning[1024];
    inputclick_options *options;
    inputclick_context *ctx = NULL;
    int views[] = {1};

    snprintf(path, sizeof path, "%s/settings.conf", directory);
    write_file(path, "volume = loud\n");
    options = make_test_options(path, 0);
    check_code(inputclick_open_with_options(options, &ctx), INPUTCLICK_OK, "a malformed settings file does not stop open");
    inputclick_options_destroy(options);
    if (!ctx) return;
    check(inputclick_last_warning(ctx, warning, sizeof warning) > 0 && strstr(warning, path) != NULL,
          "a warning names the settings file", warning);
    check_code(inputclick_reload_settings(ctx), INPUTCLICK_ERROR_SETTINGS, "reloading a malformed file fails");
    check_message_contains(":1:", "the message names the line");
    check_message_contains("volume", "the message names the setting");
    write_file(path, "clicks = off\n");
    check_code(inputclick_reload_settings(ctx), INPUTCLICK_OK, "reloading a good file");
    inputclick_set_visible_views(ctx, views, 1);
    check_code(inputclick_play(ctx, INPUTCLICK_KIND_KEY), INPUTCLICK_CLICKS_OFF, "clicks off in the settings");
    write_file(path, "profile = silent\n");
    check_code(inputclick_reload_settings(ctx), INPUTCLICK_OK, "reloading the silent profile");
    check_code(inputclick_play(ctx, INPUTCLICK_KIND_KEY), INPUTCLICK_SILENT_PROFILE, "the silent profile");

    /* Host settings sit over the file, survive its reloads, and clear. */
    check_code(inputclick_set_profile(ctx, "Full"), INPUTCLICK_OK, "the host sets the full profile");
    check_code(inputclick_wait_until_running(ctx, 20000), INPUTCLICK_OK, "the stream runs");
    check_code(inputclick_decision(ctx, INPUTCLICK_KIND_KEY), INPUTCLICK_PLAYS, "the host's profile wins over the file's");
    check_code(inputclick_reload_settings(ctx), INPUTCLICK_OK, "reloading the file");
    check_code(inputclick_decision(ctx, INPUTCLICK_KIND_KEY), INPUTCLICK_PLAYS, "the host's profile survives a reload");
    check_code(inputclick_set_profile(ctx, "loud"), INPUTCLICK_ERROR_INVALID_ARGUMENT, "an unknown profile");
    check_message_contains("profile", "the message names the setting");
    check_message_contains("'loud'", "the message quotes the value");
    check_code(inputclick_set_profile(ctx, ""), INPUTCLICK_ERROR_INVALID_ARGUMENT, "an empty profile");
    check_code(inputclick_set_profile(ctx, "\xff"), INPUTCLICK_ERROR_INVALID_ARGUMENT, "a non-UTF-8 profile");
    check_code(inputclick_decision(ctx, INPUTCLICK_KIND_KEY), INPUTCLICK_PLAYS, "refused values change nothing");
    check_code(inputclick_set_volume(ctx, 0.0), INPUTCLICK_OK, "the host sets volume 0");
    check_code(inputclick_set_volume(ctx, 1.5), INPUTCLICK_ERROR_INVALID_ARGUMENT, "a volume above 1");
    check_message_contains("volume", "the message names the volume");
    check_code(inputclick_set_volume(ctx, -0.1), INPUTCLICK_ERROR_INVALID_ARGUMENT, "a volume below 0");
    check_code(inputclick_set_volume(ctx, INFINITY), INPUTCLICK_ERROR_INVALID_ARGUMENT, "an infinite volume");
    check_code(inputclick_set_volume(ctx, NAN), INPUTCLICK_OK, "NAN clears the host's volume");
    check_code(inputclick_set_sound_pack(ctx, directory), INPUTCLICK_OK, "the host sets a sound pack");
    check_code(inputclick_set_sound_pack(ctx, ""), INPUTCLICK_OK, "an empty sound pack means the bundled sounds");
    check_code(inputclick_set_sound_pack(ctx, "~nobody/x"), INPUTCLICK_ERROR_INVALID_ARGUMENT, "a '~user' sound pack");
    check_code(inputclick_set_sound_pack(ctx, NULL), INPUTCLICK_OK, "NULL clears the host's sound pack");
    check_code(inputclick_set_profile(ctx, NULL), INPUTCLICK_OK, "NULL clears the host's profile");
    check_code(inputclick_decision(ctx, INPUTCLICK_KIND_KEY), INPUTCLICK_SILENT_PROFILE, "the file's profile applies again");
    check_code(inputclick_set_profile(ctx, "quiet"), INPUTCLICK_OK, "the host sets the quiet profile");
    check_code(inputclick_clear_host_settings(ctx), INPUTCLICK_OK, "clear every host setting");
    check_code(inputclick_decision(ctx, INPUTCLICK_KIND_KEY), INPUTCLICK_SILENT_PROFILE, "cleared: the file's profile again");
    check_code(inputclick_close(ctx), INPUTCLICK_OK, "close");
    check_code(inputclick_set_volume(ctx, 0.5), INPUTCLICK_ERROR_CLOSED, "set_volume after close");
}

struct hammer {
    inputclick_context *ctx;
    int bad_results;
    int calls;
};

static void *hammer_thread(void *argument) {
    struct hammer *hammer = argument;
    int views[] = {1};
    for (;;) {
        int result = inputclick_play(hammer->ctx, hammer->calls % 5);
        hammer->calls++;
        if (result == INPUTCLICK_ERROR_CLOSED) break;
        if (result < 0 || result > INPUTCLICK_SUSPECT) hammer->bad_results++;
        if (hammer->calls % 64 == 0) inputclick_set_visible_views(hammer->ctx, views, 1);
        if (hammer->calls % 97 == 0) inputclick_decision(hammer->ctx, 0);
    }
    return NULL;
}

/* Resident memory in KiB, from /proc/self/statm; -1 if it cannot be read. */
static long resident_kib(void) {
    long size = 0, resident = -1;
    FILE *file = fopen("/proc/self/statm", "r");
    if (!file) return -1;
    if (fscanf(file, "%ld %ld", &size, &resident) != 2) resident = -1;
    fclose(file);
    return resident < 0 ? -1 : resident * (sysconf(_SC_PAGESIZE) / 1024);
}

/* Handles opened and closed over and over reuse their slots: memory stays
 * bounded (it grew by 112 bytes per options handle and 224 per context
 * cycle before), and a handle closed long ago still answers CLOSED. */
static void test_handles_opened_and_closed_over_and_over(const char *settings_file) {
    enum { OPTIONS_CYCLES = 200000, CONTEXT_CYCLES = 500 };
    inputclick_options *first = NULL, *options = NULL;
    inputclick_context *first_context = NULL, *ctx = NULL;
    long context_before, context_after;
    char detail[200];
    int bad = 0;
    long before, after;

    inputclick_options_create(&first);
    inputclick_options_destroy(first);
    before = resident_kib();
    for (int i = 0; i < OPTIONS_CYCLES && !bad; i++) {
        bad = inputclick_options_create(&options) != INPUTCLICK_OK || inputclick_options_destroy(options) != INPUTCLICK_OK;
    }
    after = resident_kib();
    check(!bad, "200,000 options create and destroy cycles all succeed", NULL);
    snprintf(detail, sizeof detail, "resident memory grew from %ld KiB to %ld KiB", before, after);
    check(before > 0 && after - before < 4096, "200,000 options cycles leave resident memory within 4 MiB", detail);
    check_code(inputclick_options_set_linger_ms(first, 1), INPUTCLICK_ERROR_CLOSED,
               "options destroyed before 200,000 others reused their slot still answer CLOSED");
    check_code(inputclick_options_destroy(first), INPUTCLICK_ERROR_CLOSED, "and a second destroy of them is still harmless");

    options = make_test_options(settings_file, 0);
    inputclick_options_set_device(options, "null");
    check_code(inputclick_open_with_options(options, &first_context), INPUTCLICK_OK, "open a context on null");
    inputclick_close(first_context);
    context_before = resident_kib();
    for (int i = 0; i < CONTEXT_CYCLES && !bad; i++) {
        ctx = NULL;
        bad = inputclick_open_with_options(options, &ctx) != INPUTCLICK_OK || inputclick_close(ctx) != INPUTCLICK_OK;
    }
    context_after = resident_kib();
    inputclick_options_destroy(options);
    check(!bad, "500 context open and close cycles all succeed", NULL);
    snprintf(detail, sizeof detail, "resident memory grew from %ld KiB to %ld KiB", context_before, context_after);
    check(context_before > 0 && context_after - context_before < 4096, "500 context cycles leave resident memory within 4 MiB", detail);
    check_code(inputclick_play(first_context, INPUTCLICK_KIND_KEY), INPUTCLICK_ERROR_CLOSED,
               "a context closed before 500 others reused its slot still answers CLOSED");
    check_code(inputclick_close(first_context), INPUTCLICK_ERROR_CLOSED, "and a second close of it is still harmless");
    check_code(inputclick_play((inputclick_context *)(void *)&bad, INPUTCLICK_KIND_KEY), INPUTCLICK_ERROR_INVALID_ARGUMENT,
               "an address that never came from the library is refused");
}

static void test_close_while_other_threads_play(const char *settings_file) {
    inputclick_options *options = make_test_options(settings_file, 0);
    inputclick_context *ctx = NULL;
    struct hammer hammers[3];
    pthread_t threads[3];
    int views[] = {1};
    int bad = 0;

    check_code(inputclick_open_with_options(options, &ctx), INPUTCLICK_OK, "open for the concurrency test");
    inputclick_options_destroy(options);
    if (!ctx) return;
    inputclick_set_visible_views(ctx, views, 1);
    inputclick_wait_until_running(ctx, 5000);
    for (int i = 0; i < 3; i++) {
        hammers[i] = (struct hammer){ctx, 0, 0};
        pthread_create(&threads[i], NULL, hammer_thread, &hammers[i]);
    }
    sleep_ms(200);
    check_code(inputclick_close(ctx), INPUTCLICK_OK, "close while three threads play");
    for (int i = 0; i < 3; i++) {
        pthread_join(threads[i], NULL);
        bad += hammers[i].bad_results;
    }
    check(bad == 0, "every call before the close returned a decision, every call after it CLOSED", NULL);
}

int main(void) {
    char directory[] = "/tmp/inputclick-c-test-XXXXXX";
    char empty_settings[600];
    start(directory, empty_settings, sizeof empty_settings);
    printf("# inputclick %s, device '%s'\n", inputclick_version(), test_device());

    test_version();
    test_announce_streams();
    test_names();
    test_bad_arguments();
    test_options();
    test_nonexistent_device();
    test_absent_device(empty_settings);
    test_clicks_through_the_sink(empty_settings);
    test_settings(directory);
    test_close_while_other_threads_play(empty_settings);
    test_handles_opened_and_closed_over_and_over(empty_settings);

    return finish(directory);
}
