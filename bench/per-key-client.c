/*
 * per-key-client: a key-click player written the way naive tools are, the
 * benchmark's "per-key" baseline for `inputclick listen`: every key press
 * opens its own ALSA stream, plays the click and closes it again, as a
 * keyboard-sound tool that runs `aplay click.wav` on each press does (here
 * in a thread per press, without the fork and exec, so the figure is
 * alsa-lib's own cost and not the shell's).
 *
 * Usage: per-key-client [DEVICE]
 *
 * Each line on standard input is a press: a new thread opens DEVICE
 * (default "bench"), sets 48 kHz, float, stereo with snd_pcm_set_params and
 * 10 ms of latency (what aplay asks for by default is far more), writes the
 * click (bench/click.h), drains and closes. Prints READY at once: there is
 * nothing to open before the first press. At end of input it waits for the
 * presses in flight and exits 0.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <alsa/asoundlib.h>

#include "click.h"

#define RATE 48000u
#define CHANNELS 2u

static const char *device = "bench";
static float *stereo_click;
static unsigned click_frames;
static atomic_int in_flight;
static atomic_int failures;

static void *play_one(void *arg)
{
    (void)arg;
    snd_pcm_t *pcm;
    int err = snd_pcm_open(&pcm, device, SND_PCM_STREAM_PLAYBACK, 0);
    if (err == 0) {
        err = snd_pcm_set_params(pcm, SND_PCM_FORMAT_FLOAT, SND_PCM_ACCESS_RW_INTERLEAVED, CHANNELS, RATE, 1, 10000);
        if (err == 0) {
            snd_pcm_sframes_t n = snd_pcm_writei(pcm, stereo_click, click_frames);
            if (n < 0) err = (int)n;
            else snd_pcm_drain(pcm);
        }
        snd_pcm_close(pcm);
    }
    if (err < 0 && atomic_fetch_add(&failures, 1) < 3)
        fprintf(stderr, "per-key-client: %s: %s\n", device, snd_strerror(err));
    atomic_fetch_sub(&in_flight, 1);
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc > 2 || (argc == 2 && argv[1][0] == '-')) {
        fprintf(stderr, "usage: per-key-client [DEVICE]\n");
        return 64;
    }
    if (argc == 2) device = argv[1];
    float *mono = bench_click_make(RATE, &click_frames);
    stereo_click = malloc(sizeof(float) * CHANNELS * (click_frames ? click_frames : 1));
    if (mono == NULL || stereo_click == NULL) return 1;
    for (unsigned i = 0; i < click_frames; i++)
        for (unsigned c = 0; c < CHANNELS; c++) stereo_click[i * CHANNELS + c] = mono[i];
    printf("READY\n");
    fflush(stdout);
    char line[512];
    while (fgets(line, sizeof line, stdin) != NULL) {
        if (strchr(line, '\n') == NULL && !feof(stdin)) continue;
        pthread_t thread;
        atomic_fetch_add(&in_flight, 1);
        if (pthread_create(&thread, NULL, play_one, NULL) != 0) {
            atomic_fetch_sub(&in_flight, 1);
            continue;
        }
        pthread_detach(thread);
    }
    while (atomic_load(&in_flight) > 0) usleep(1000);
    fprintf(stderr, "per-key-client: %d presses failed\n", atomic_load(&failures));
    return 0;
}
