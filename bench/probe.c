/*
 * probe: a JACK client that listens for clicks and timestamps their onsets
 * on CLOCK_MONOTONIC, for the tap-to-sound latency benchmark.
 *
 * Usage: probe [--name NAME] [--monitor] [--ignore-stdin] [detector options]
 *
 * It registers two input ports, NAME:in_1 and NAME:in_2 (NAME defaults to
 * inputclick_probe), prints `READY` once they exist and the client is active,
 * then prints one line per click onset it hears:
 *
 *     onset <ns on CLOCK_MONOTONIC> <kind> <nominal ns on CLOCK_MONOTONIC>
 *
 * where kind is `silence` or `rise` (see onset.h for the detector).
 *
 * --monitor also registers NAME:mon_1 and NAME:mon_2, for a sink's monitor
 * ports (PipeWire's null sink has them; JACK's dummy backend has none). Their
 * audio goes through a detector of its own, and its onsets are printed as
 *
 *     monitor <ns on CLOCK_MONOTONIC> <kind> <nominal ns on CLOCK_MONOTONIC>
 *
 * A sink's monitor output in one cycle carries what the sink took in the
 * cycle before (PipeWire's null sink does so), so monitor onsets are stamped
 * from the previous cycle's start: when the sink took the sound. The
 * benchmark uses them to check that the sink got every click the probe heard
 * in the same cycle (see bench/README.md). A link to them also makes the
 * sink drive the probe all the time.
 *
 * It runs until SIGINT, SIGTERM or end of standard input (unless --ignore-stdin),
 * then prints one line of figures about the server's pace,
 *
 *     stats rate <Hz> frames <per cycle> cycles <n> elapsed_ns <ns>
 *           lag_mean_ns <ns> lag_max_ns <ns> dropped <n>
 *
 * (on one line; elapsed_ns runs from the first cycle's callback to the
 * last one's, so (cycles - 1) * frames / rate against it says whether the
 * server kept real time), a summary on standard error, and exits 0.
 *
 * Timestamps. An onset at frame offset k of a cycle is stamped with the time
 * that cycle started plus k / rate, and two cycle starts are reported:
 *
 *   - first (the one to use): when the probe's process callback actually
 *     began, read from CLOCK_MONOTONIC at its entry. In JACK's synchronous
 *     mode (-S) the probe runs after the clients that feed it, in the same
 *     cycle, and the server hands the cycle's audio to its backend once all
 *     clients are done, so this is when the sink really gets the sound.
 *   - last: the cycle's nominal start from jack_get_cycle_times(), on JACK's
 *     clock (CLOCK_MONOTONIC_RAW in JACK2; the probe checks against
 *     jack_get_time() at start), converted to CLOCK_MONOTONIC with the offset
 *     between the clocks, measured again each time the main thread prints.
 *     On the dummy backend without real-time priority this nominal time runs
 *     ahead of the real one: the driver keeps an ideal timeline, wakes late
 *     (timer overshoot) and catches up with cycles back to back. Here the
 *     callback began on average 2-3 ms, at worst over 10 ms, after the nominal
 *     start, so nominal stamps put sounds before the taps that caused them.
 *     The summary on standard error reports that lag.
 *
 *   On PipeWire (the probe under pw-jack) the same holds: the null sink
 *   drives the graph with a timer; each cycle runs the clients, then the
 *   nodes they feed (the probe, and the sink, which takes the cycle's audio
 *   then), so the callback's start is when the sink gets the sound.
 *   pipewire-jack's clock is CLOCK_MONOTONIC, and its nominal cycle start
 *   is the driver's timer wake-up.
 *
 * Real-time context: the process callback allocates nothing, takes no lock
 * and prints nothing. It runs the detector and pushes onsets into a
 * preallocated single-producer single-consumer ring; the main thread drains
 * the ring every few milliseconds and prints.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <jack/jack.h>

#include "onset.h"

#define RING_CAPACITY 4096u /* power of two */

struct onset_event {
    uint64_t wall_ns; /* onset time from the callback's real start, CLOCK_MONOTONIC */
    uint64_t jack_ns; /* onset time from the cycle's nominal start, JACK's clock */
    uint8_t kind;
    uint8_t monitor; /* 1: heard on the monitor inputs */
};

/* Shared between the process callback (producer) and the main thread. */
static struct onset_event ring[RING_CAPACITY];
static atomic_uint ring_head; /* written by the callback */
static atomic_uint ring_tail; /* written by the main thread */
static atomic_uint ring_dropped;

static jack_client_t *client;
static jack_port_t *in_ports[2];
static jack_port_t *mon_ports[2]; /* NULL without --monitor */
static struct onset_state detector, mon_detector;
static double frame_ns; /* 1e9 / rate */

/* Callback-only statistics, read by the main thread at exit. */
static atomic_uint_fast64_t cycles;
static atomic_uint_fast64_t wake_lag_sum_ns;
static atomic_uint_fast64_t wake_lag_max_ns;
static atomic_uint_fast64_t first_cycle_ns, last_cycle_ns; /* callback starts, CLOCK_MONOTONIC */
static uint64_t prev_wall_ns, prev_cycle_ns; /* callback only: the previous cycle's starts (0: none yet) */
static clockid_t jack_clock = CLOCK_MONOTONIC_RAW;

static volatile sig_atomic_t stop_requested;
static atomic_int server_gone;

static uint64_t now_ns(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Runs one detector over a cycle of two channels and queues its onsets. */
static void detect(struct onset_state *state, const float *a, const float *b, jack_nframes_t nframes,
                   uint64_t wall_ns, uint64_t cycle_ns, uint8_t monitor)
{
    for (jack_nframes_t i = 0; i < nframes; i++) {
        float la = a[i] < 0 ? -a[i] : a[i];
        float lb = b[i] < 0 ? -b[i] : b[i];
        enum onset_kind kind = onset_feed(state, la > lb ? la : lb);
        if (kind == ONSET_NONE)
            continue;
        unsigned head = atomic_load_explicit(&ring_head, memory_order_relaxed);
        unsigned tail = atomic_load_explicit(&ring_tail, memory_order_acquire);
        if (head - tail >= RING_CAPACITY) {
            atomic_fetch_add_explicit(&ring_dropped, 1, memory_order_relaxed);
            continue;
        }
        ring[head & (RING_CAPACITY - 1)] = (struct onset_event){
            .wall_ns = wall_ns + (uint64_t)(i * frame_ns + 0.5),
            .jack_ns = cycle_ns + (uint64_t)(i * frame_ns + 0.5),
            .kind = (uint8_t)kind,
            .monitor = monitor,
        };
        atomic_store_explicit(&ring_head, head + 1, memory_order_release);
    }
}

static int process(jack_nframes_t nframes, void *arg)
{
    (void)arg;
    jack_nframes_t cycle_frames;
    jack_time_t cycle_usecs, next_usecs;
    float period_usecs;
    uint64_t cycle_ns;
    if (jack_get_cycle_times(client, &cycle_frames, &cycle_usecs, &next_usecs, &period_usecs) == 0) {
        cycle_ns = (uint64_t)cycle_usecs * 1000u;
    } else {
        cycle_ns = (uint64_t)jack_frames_to_time(client, jack_last_frame_time(client)) * 1000u;
    }
    uint64_t wall_ns = now_ns(CLOCK_MONOTONIC);
    if (atomic_load_explicit(&first_cycle_ns, memory_order_relaxed) == 0)
        atomic_store_explicit(&first_cycle_ns, wall_ns, memory_order_relaxed);
    atomic_store_explicit(&last_cycle_ns, wall_ns, memory_order_relaxed);
    /* How late this callback runs after the cycle's nominal start. */
    uint64_t now = now_ns(jack_clock);
    uint64_t lag = now > cycle_ns ? now - cycle_ns : 0;
    atomic_fetch_add_explicit(&cycles, 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&wake_lag_sum_ns, lag, memory_order_relaxed);
    if (lag > atomic_load_explicit(&wake_lag_max_ns, memory_order_relaxed))
        atomic_store_explicit(&wake_lag_max_ns, lag, memory_order_relaxed);

    detect(&detector, jack_port_get_buffer(in_ports[0], nframes), jack_port_get_buffer(in_ports[1], nframes),
           nframes, wall_ns, cycle_ns, 0);
    /* The monitor carries the sink's audio of the previous cycle. */
    if (mon_ports[0] != NULL && prev_wall_ns != 0)
        detect(&mon_detector, jack_port_get_buffer(mon_ports[0], nframes),
               jack_port_get_buffer(mon_ports[1], nframes), nframes, prev_wall_ns, prev_cycle_ns, 1);
    prev_wall_ns = wall_ns;
    prev_cycle_ns = cycle_ns;
    return 0;
}

static void on_shutdown(void *arg)
{
    (void)arg;
    atomic_store(&server_gone, 1);
}

static void on_signal(int sig)
{
    (void)sig;
    stop_requested = 1;
}

/* CLOCK_MONOTONIC minus JACK's clock, in ns, measured as the midpoint of two
 * CLOCK_MONOTONIC reads around one read of JACK's clock (the tightest of 5). */
static int64_t clock_offset_ns(void)
{
    int64_t best = 0;
    uint64_t best_span = UINT64_MAX;
    for (int i = 0; i < 5; i++) {
        uint64_t m1 = now_ns(CLOCK_MONOTONIC);
        uint64_t j = now_ns(jack_clock);
        uint64_t m2 = now_ns(CLOCK_MONOTONIC);
        if (m2 - m1 < best_span) {
            best_span = m2 - m1;
            best = (int64_t)(m1 + (m2 - m1) / 2) - (int64_t)j;
        }
    }
    return best;
}

/* Which clock jack_get_time() follows: the one it is closest to. */
static void detect_jack_clock(void)
{
    uint64_t jack = (uint64_t)jack_get_time() * 1000u;
    uint64_t raw = now_ns(CLOCK_MONOTONIC_RAW);
    uint64_t mono = now_ns(CLOCK_MONOTONIC);
    uint64_t d_raw = raw > jack ? raw - jack : jack - raw;
    uint64_t d_mono = mono > jack ? mono - jack : jack - mono;
    jack_clock = d_raw <= d_mono ? CLOCK_MONOTONIC_RAW : CLOCK_MONOTONIC;
    fprintf(stderr, "probe: JACK's clock is %s (|jack - raw| = %" PRIu64 " us, |jack - monotonic| = %" PRIu64
                    " us); CLOCK_MONOTONIC - JACK clock = %" PRId64 " ns\n",
            jack_clock == CLOCK_MONOTONIC_RAW ? "CLOCK_MONOTONIC_RAW" : "CLOCK_MONOTONIC",
            d_raw / 1000, d_mono / 1000, clock_offset_ns());
}

static unsigned long printed, by_kind[3], printed_monitor;

static void drain(void)
{
    unsigned tail = atomic_load_explicit(&ring_tail, memory_order_relaxed);
    unsigned head = atomic_load_explicit(&ring_head, memory_order_acquire);
    if (tail == head)
        return;
    int64_t offset = clock_offset_ns();
    while (tail != head) {
        struct onset_event e = ring[tail & (RING_CAPACITY - 1)];
        tail++;
        atomic_store_explicit(&ring_tail, tail, memory_order_release);
        printf("%s %" PRIu64 " %s %" PRId64 "\n", e.monitor ? "monitor" : "onset", e.wall_ns,
               e.kind == ONSET_SILENCE ? "silence" : "rise", (int64_t)e.jack_ns + offset);
        if (e.monitor) {
            printed_monitor++;
            continue;
        }
        printed++;
        by_kind[e.kind < 3 ? e.kind : 0]++;
    }
    fflush(stdout);
}

static void usage(FILE *to)
{
    fprintf(to, "usage: probe [--name NAME] [--monitor] [--ignore-stdin] [detector options]\n"
                "  --name NAME         JACK client name (default inputclick_probe)\n"
                "  --monitor           also listen on mon_1 and mon_2 (a sink's monitor), printing 'monitor' lines\n"
                "  --ignore-stdin      do not stop at end of standard input\n" ONSET_OPTIONS_HELP);
}

int main(int argc, char **argv)
{
    const char *name = "inputclick_probe";
    int watch_stdin = 1;
    int monitor = 0;
    struct onset_settings settings = ONSET_SETTINGS_DEFAULT;
    for (int i = 1; i < argc; i++) {
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        int taken = onset_settings_parse(&settings, argv[i], value);
        if (taken < 0) {
            fprintf(stderr, "probe: bad value for %s\n", argv[i]);
            return 64;
        }
        if (taken > 0) { i++; continue; }
        if (strcmp(argv[i], "--name") == 0 && value) { name = value; i++; }
        else if (strcmp(argv[i], "--ignore-stdin") == 0) watch_stdin = 0;
        else if (strcmp(argv[i], "--monitor") == 0) monitor = 1;
        else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) { usage(stdout); return 0; }
        else { usage(stderr); return 64; }
    }

    jack_status_t status;
    client = jack_client_open(name, JackNoStartServer | JackUseExactName, &status);
    if (client == NULL) {
        fprintf(stderr, "probe: cannot open JACK client '%s' (status 0x%x); is the server running?\n",
                name, (unsigned)status);
        return 69;
    }
    double rate = jack_get_sample_rate(client);
    frame_ns = 1e9 / rate;
    struct onset_params params;
    onset_params_from(&params, &settings, rate);
    onset_init(&detector, &params);
    onset_init(&mon_detector, &params);
    detect_jack_clock();

    in_ports[0] = jack_port_register(client, "in_1", JACK_DEFAULT_AUDIO_TYPE, JackPortIsInput, 0);
    in_ports[1] = jack_port_register(client, "in_2", JACK_DEFAULT_AUDIO_TYPE, JackPortIsInput, 0);
    if (monitor) {
        mon_ports[0] = jack_port_register(client, "mon_1", JACK_DEFAULT_AUDIO_TYPE, JackPortIsInput, 0);
        mon_ports[1] = jack_port_register(client, "mon_2", JACK_DEFAULT_AUDIO_TYPE, JackPortIsInput, 0);
    }
    if (in_ports[0] == NULL || in_ports[1] == NULL || (monitor && (mon_ports[0] == NULL || mon_ports[1] == NULL))) {
        fprintf(stderr, "probe: cannot register input ports\n");
        jack_client_close(client);
        return 1;
    }
    jack_set_process_callback(client, process, NULL);
    jack_on_shutdown(client, on_shutdown, NULL);

    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);

    if (jack_activate(client) != 0) {
        fprintf(stderr, "probe: cannot activate the JACK client\n");
        jack_client_close(client);
        return 1;
    }
    fprintf(stderr, "probe: '%s' listening at %.0f Hz, %u frames per cycle\n", jack_get_client_name(client),
            rate, (unsigned)jack_get_buffer_size(client));
    printf("READY\n");
    fflush(stdout);

    struct pollfd pfd = { .fd = STDIN_FILENO, .events = POLLIN };
    while (!stop_requested && !atomic_load(&server_gone)) {
        int n = poll(&pfd, watch_stdin ? 1 : 0, 5);
        if (n > 0) {
            char buf[256];
            ssize_t got = read(STDIN_FILENO, buf, sizeof buf);
            if (got == 0 || (got < 0 && errno != EINTR && errno != EAGAIN))
                break; /* end of input: stop */
        }
        drain();
    }
    jack_deactivate(client);
    uint64_t elapsed_ns = atomic_load(&last_cycle_ns) - atomic_load(&first_cycle_ns);
    drain();
    uint64_t n_cycles = atomic_load(&cycles);
    printf("stats rate %.0f frames %u cycles %" PRIu64 " elapsed_ns %" PRIu64 " lag_mean_ns %.0f lag_max_ns %" PRIu64
           " dropped %u\n",
           rate, (unsigned)jack_get_buffer_size(client), n_cycles, elapsed_ns,
           n_cycles ? atomic_load(&wake_lag_sum_ns) / (double)n_cycles : 0.0, (uint64_t)atomic_load(&wake_lag_max_ns),
           atomic_load(&ring_dropped));
    fflush(stdout);
    char monitor_note[64] = "";
    if (monitor)
        snprintf(monitor_note, sizeof monitor_note, " and %lu on the monitor", printed_monitor);
    fprintf(stderr,
            "probe: %lu onsets (%lu after silence, %lu rises)%s, %u dropped; %" PRIu64
            " cycles, callback start after the cycle's nominal start: mean %.3f ms, max %.3f ms%s\n",
            printed, by_kind[ONSET_SILENCE], by_kind[ONSET_RISE], monitor_note, atomic_load(&ring_dropped), n_cycles,
            n_cycles ? atomic_load(&wake_lag_sum_ns) / (double)n_cycles / 1e6 : 0.0,
            atomic_load(&wake_lag_max_ns) / 1e6, atomic_load(&server_gone) ? "; the JACK server went away" : "");
    jack_client_close(client);
    return 0;
}
