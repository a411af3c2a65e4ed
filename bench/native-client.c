/*
 * native-client: a click player that is a JACK client itself, the floor of
 * what any client of the virtual sink can reach: a tap plays in the very
 * next process cycle, with no ALSA buffer in between.
 *
 * Usage: native-client [--name NAME] [--probe NAME] [--playback PORT1,PORT2] [--no-system]
 *
 * Registers two output ports, NAME:out_1 and NAME:out_2 (NAME defaults to
 * inputclick_native), connects them to the probe's inputs (PROBE:in_1 and
 * PROBE:in_2, PROBE defaulting to inputclick_probe) and, unless --no-system,
 * to the sink's playback ports: system:playback_1 and _2 (JACK's), or the two
 * ports --playback names (under pw-jack the PipeWire null sink's ports are
 * named after its description, e.g. "InputClick virtual sink:playback_FL").
 * Prints READY once active and connected.
 * The main thread reads standard input; each line bumps an atomic counter,
 * and the process callback starts the click (bench/click.h) for each new
 * count at the first frame of its next cycle. At end of input it lets the
 * last click play out and exits 0.
 *
 * Real-time context: the process callback allocates nothing, takes no lock
 * and prints nothing.
 */
#define _GNU_SOURCE
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jack/jack.h>

#include "click.h"

static jack_client_t *client;
static jack_port_t *out_ports[2];
static struct bench_voices voices;
static atomic_uint taps;
static unsigned started; /* callback only */
static atomic_uint clicks_started;

static int process(jack_nframes_t nframes, void *arg)
{
    (void)arg;
    unsigned wanted = atomic_load_explicit(&taps, memory_order_acquire);
    while (started != wanted) {
        bench_voices_start(&voices);
        started++;
    }
    atomic_store_explicit(&clicks_started, started, memory_order_release);
    float *a = jack_port_get_buffer(out_ports[0], nframes);
    float *b = jack_port_get_buffer(out_ports[1], nframes);
    memset(a, 0, sizeof(float) * nframes);
    bench_voices_render(&voices, a, nframes);
    memcpy(b, a, sizeof(float) * nframes);
    return 0;
}

static int connect_ports(const char *from, const char *to)
{
    int err = jack_connect(client, from, to);
    if (err != 0) {
        fprintf(stderr, "native-client: cannot connect %s to %s (%d)\n", from, to, err);
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    const char *name = "inputclick_native";
    const char *probe = "inputclick_probe";
    int to_system = 1;
    char playback[2][320] = { "system:playback_1", "system:playback_2" };
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--name") == 0 && i + 1 < argc) name = argv[++i];
        else if (strcmp(argv[i], "--probe") == 0 && i + 1 < argc) probe = argv[++i];
        else if (strcmp(argv[i], "--playback") == 0 && i + 1 < argc) {
            const char *ports = argv[++i];
            const char *comma = strchr(ports, ',');
            size_t first = comma ? (size_t)(comma - ports) : 0;
            if (comma == NULL || first == 0 || comma[1] == '\0' || strchr(comma + 1, ',') != NULL
                || first >= sizeof playback[0] || strlen(comma + 1) >= sizeof playback[1]) {
                fprintf(stderr, "native-client: --playback takes two port names, PORT1,PORT2\n");
                return 64;
            }
            memcpy(playback[0], ports, first);
            playback[0][first] = '\0';
            strcpy(playback[1], comma + 1);
        }
        else if (strcmp(argv[i], "--no-system") == 0) to_system = 0;
        else {
            fprintf(stderr, "usage: native-client [--name NAME] [--probe NAME] [--playback PORT1,PORT2] [--no-system]\n");
            return 64;
        }
    }

    jack_status_t status;
    client = jack_client_open(name, JackNoStartServer, &status);
    if (client == NULL) {
        fprintf(stderr, "native-client: cannot open JACK client '%s' (status 0x%x)\n", name, (unsigned)status);
        return 69;
    }
    unsigned rate = jack_get_sample_rate(client);
    unsigned click_frames;
    float *click = bench_click_make(rate, &click_frames);
    if (click == NULL) {
        fprintf(stderr, "native-client: out of memory\n");
        return 1;
    }
    bench_voices_init(&voices, click, click_frames);
    out_ports[0] = jack_port_register(client, "out_1", JACK_DEFAULT_AUDIO_TYPE, JackPortIsOutput, 0);
    out_ports[1] = jack_port_register(client, "out_2", JACK_DEFAULT_AUDIO_TYPE, JackPortIsOutput, 0);
    if (out_ports[0] == NULL || out_ports[1] == NULL) {
        fprintf(stderr, "native-client: cannot register output ports\n");
        return 1;
    }
    jack_set_process_callback(client, process, NULL);
    if (jack_activate(client) != 0) {
        fprintf(stderr, "native-client: cannot activate\n");
        return 1;
    }
    char to[320];
    int failed = 0;
    for (int c = 0; c < 2; c++) {
        snprintf(to, sizeof to, "%s:in_%d", probe, c + 1);
        failed |= connect_ports(jack_port_name(out_ports[c]), to);
        if (to_system)
            failed |= connect_ports(jack_port_name(out_ports[c]), playback[c]);
    }
    if (failed) {
        jack_client_close(client);
        return 1;
    }
    fprintf(stderr, "native-client: '%s' at %u Hz, %u frames per cycle\n", jack_get_client_name(client), rate,
            (unsigned)jack_get_buffer_size(client));
    printf("READY\n");
    fflush(stdout);

    char line[256];
    unsigned lines = 0;
    while (fgets(line, sizeof line, stdin) != NULL) {
        if (strchr(line, '\n') != NULL || feof(stdin)) {
            atomic_fetch_add_explicit(&taps, 1, memory_order_release);
            lines++;
        }
    }
    /* Let the last click start and play out: its length plus a few cycles. */
    for (int waited = 0; waited < 2000; waited++) {
        if (atomic_load_explicit(&clicks_started, memory_order_acquire) == lines)
            break;
        usleep(1000);
    }
    usleep((useconds_t)(BENCH_CLICK_LENGTH_S * 1e6) + 20000);
    jack_deactivate(client);
    jack_client_close(client);
    fprintf(stderr, "native-client: %u clicks\n", lines);
    free(click);
    return 0;
}
