/*
 * plain-alsa-client: a key-click player written the way a keyboard author
 * who has read the alsa-lib examples would write it. It is the benchmark's
 * "plain" baseline, not a model to copy.
 *
 * Usage: plain-alsa-client [DEVICE] [--period FRAMES] [--periods N] [--wait-first]
 *
 * Opens DEVICE (default "bench") for blocking playback, 48 kHz, 32-bit float,
 * stereo (a plug PCM converts as needed), 64-frame periods, 2 periods, with
 * alsa-lib's default software parameters. It keeps the buffer full of
 * silence with blocking snd_pcm_writei, one period at a time. A second
 * thread reads standard input; each line starts the click (bench/click.h)
 * in the next period the loop writes. Prints READY once the stream runs.
 * At end of input it lets the last click play out, drains and exits 0.
 * The device's actual settings and the underrun count go to standard error.
 *
 * Rendering a period and then blocking in snd_pcm_writei until there is room
 * for it keeps one finished period waiting in the program on top of the
 * buffer's two: a tap waits 3 to 4 periods (4.0-5.3 ms at 64 frames, 48 kHz).
 * --wait-first waits for room (snd_pcm_wait) before rendering instead, as a
 * more careful author would: 2 to 3 periods.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <alsa/asoundlib.h>

#include "click.h"

#define RATE 48000u
#define CHANNELS 2u

static atomic_uint taps;
static atomic_int input_done;

static void *read_stdin(void *arg)
{
    (void)arg;
    char line[256];
    while (fgets(line, sizeof line, stdin) != NULL) {
        /* A line longer than the buffer counts once, at its end. */
        if (strchr(line, '\n') != NULL || feof(stdin))
            atomic_fetch_add(&taps, 1);
    }
    atomic_store(&input_done, 1);
    return NULL;
}

static int check(int err, const char *what)
{
    if (err < 0) {
        fprintf(stderr, "plain-alsa-client: %s: %s\n", what, snd_strerror(err));
        exit(1);
    }
    return err;
}

int main(int argc, char **argv)
{
    const char *device = "bench";
    snd_pcm_uframes_t period = 64;
    unsigned periods = 2;
    int wait_first = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--period") == 0 && i + 1 < argc) period = strtoul(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--periods") == 0 && i + 1 < argc) periods = (unsigned)strtoul(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--wait-first") == 0) wait_first = 1;
        else if (argv[i][0] == '-') {
            fprintf(stderr, "usage: plain-alsa-client [DEVICE] [--period FRAMES] [--periods N] [--wait-first]\n");
            return 64;
        } else device = argv[i];
    }
    if (period < 16 || period > 8192 || periods < 2 || periods > 32) {
        fprintf(stderr, "plain-alsa-client: period must be 16-8192 frames and periods 2-32\n");
        return 64;
    }

    snd_pcm_t *pcm;
    check(snd_pcm_open(&pcm, device, SND_PCM_STREAM_PLAYBACK, 0), "snd_pcm_open");
    snd_pcm_hw_params_t *hw;
    snd_pcm_hw_params_alloca(&hw);
    check(snd_pcm_hw_params_any(pcm, hw), "snd_pcm_hw_params_any");
    check(snd_pcm_hw_params_set_access(pcm, hw, SND_PCM_ACCESS_RW_INTERLEAVED), "set_access");
    check(snd_pcm_hw_params_set_format(pcm, hw, SND_PCM_FORMAT_FLOAT), "set_format");
    check(snd_pcm_hw_params_set_channels(pcm, hw, CHANNELS), "set_channels");
    unsigned rate = RATE;
    check(snd_pcm_hw_params_set_rate_near(pcm, hw, &rate, NULL), "set_rate_near");
    check(snd_pcm_hw_params_set_period_size_near(pcm, hw, &period, NULL), "set_period_size_near");
    check(snd_pcm_hw_params_set_periods_near(pcm, hw, &periods, NULL), "set_periods_near");
    check(snd_pcm_hw_params(pcm, hw), "snd_pcm_hw_params");
    snd_pcm_uframes_t buffer;
    snd_pcm_hw_params_get_buffer_size(hw, &buffer);
    snd_pcm_hw_params_get_period_size(hw, &period, NULL);
    fprintf(stderr, "plain-alsa-client: %s at %u Hz, period %lu frames, buffer %lu frames\n", device, rate,
            (unsigned long)period, (unsigned long)buffer);

    unsigned click_frames;
    float *click = bench_click_make(rate, &click_frames);
    float *mono = malloc(sizeof(float) * period);
    float *frames = malloc(sizeof(float) * period * CHANNELS);
    if (click == NULL || mono == NULL || frames == NULL) {
        fprintf(stderr, "plain-alsa-client: out of memory\n");
        return 1;
    }
    struct bench_voices voices;
    bench_voices_init(&voices, click, click_frames);

    pthread_t reader;
    if (pthread_create(&reader, NULL, read_stdin, NULL) != 0) {
        fprintf(stderr, "plain-alsa-client: cannot start the input thread\n");
        return 1;
    }

    unsigned started = 0;
    unsigned long underruns = 0, written = 0;
    int ready = 0;
    for (;;) {
        if (wait_first && ready) {
            int w = snd_pcm_wait(pcm, 1000);
            if (w < 0) {
                if (w == -EPIPE)
                    underruns++;
                check(snd_pcm_recover(pcm, w, 1), "snd_pcm_wait");
            }
        }
        unsigned wanted = atomic_load(&taps);
        while (started != wanted) {
            bench_voices_start(&voices);
            started++;
        }
        if (atomic_load(&input_done) && started == atomic_load(&taps) && !bench_voices_active(&voices))
            break;
        memset(mono, 0, sizeof(float) * period);
        bench_voices_render(&voices, mono, (unsigned)period);
        for (snd_pcm_uframes_t k = 0; k < period; k++)
            frames[2 * k] = frames[2 * k + 1] = mono[k];
        snd_pcm_sframes_t n = snd_pcm_writei(pcm, frames, period);
        if (n < 0) {
            if (n == -EPIPE)
                underruns++;
            check(snd_pcm_recover(pcm, (int)n, 1), "snd_pcm_writei");
            continue;
        }
        written += (unsigned long)n;
        if (!ready && snd_pcm_state(pcm) == SND_PCM_STATE_RUNNING) {
            printf("READY\n");
            fflush(stdout);
            ready = 1;
        }
    }
    snd_pcm_drain(pcm);
    snd_pcm_close(pcm);
    pthread_join(reader, NULL);
    fprintf(stderr, "plain-alsa-client: %u clicks, %lu frames written, %lu underruns\n", started, written,
            underruns);
    free(frames);
    free(mono);
    free(click);
    return 0;
}
