/*
 * The benchmark's test click, shared by the plain ALSA client and the native
 * JACK client so that both play exactly the same sound.
 *
 * A 2 kHz sine at amplitude 0.5 that decays exponentially (time constant
 * 2.5 ms), 10 ms long, with a linear fade over its last millisecond so that
 * it ends at zero. It starts at phase 0, so its first sample is 0 and its
 * second is 0.5 * sin(2 pi 2000 / 48000) = 0.13: well over the probe's onset
 * threshold, one frame after the click starts.
 */
#ifndef BENCH_CLICK_H
#define BENCH_CLICK_H

#include <math.h>
#include <stdlib.h>

#define BENCH_CLICK_FREQUENCY_HZ 2000.0
#define BENCH_CLICK_AMPLITUDE 0.5
#define BENCH_CLICK_DECAY_S 0.0025
#define BENCH_CLICK_LENGTH_S 0.010
#define BENCH_CLICK_FADE_S 0.001

/* Fills a newly allocated table with the click at `rate` Hz and returns it
 * (NULL when out of memory); *frames receives its length. Call it before
 * any real-time thread starts. */
static inline float *bench_click_make(unsigned rate, unsigned *frames)
{
    unsigned n = (unsigned)(BENCH_CLICK_LENGTH_S * rate + 0.5);
    unsigned fade = (unsigned)(BENCH_CLICK_FADE_S * rate + 0.5);
    float *table = malloc(sizeof(float) * (n ? n : 1));
    if (table == NULL)
        return NULL;
    for (unsigned i = 0; i < n; i++) {
        double t = (double)i / rate;
        double x = BENCH_CLICK_AMPLITUDE * sin(2.0 * M_PI * BENCH_CLICK_FREQUENCY_HZ * t)
                   * exp(-t / BENCH_CLICK_DECAY_S);
        if (fade > 0 && i + fade >= n)
            x *= (double)(n - 1 - i) / fade;
        table[i] = (float)x;
    }
    *frames = n;
    return table;
}

#endif
