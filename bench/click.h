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

/* A fixed pool of click voices: each tap starts one; when all are busy the
 * oldest is replaced. Real-time safe (no allocation, no locks). */
#define BENCH_VOICES 16

struct bench_voices {
    const float *click;
    unsigned frames;
    unsigned position[BENCH_VOICES]; /* == frames: idle */
    unsigned next;                   /* round robin: the oldest voice */
};

static inline void bench_voices_init(struct bench_voices *v, const float *click, unsigned frames)
{
    v->click = click;
    v->frames = frames;
    v->next = 0;
    for (unsigned i = 0; i < BENCH_VOICES; i++)
        v->position[i] = frames;
}

static inline void bench_voices_start(struct bench_voices *v)
{
    v->position[v->next] = 0;
    v->next = (v->next + 1) % BENCH_VOICES;
}

static inline int bench_voices_active(const struct bench_voices *v)
{
    for (unsigned i = 0; i < BENCH_VOICES; i++)
        if (v->position[i] < v->frames)
            return 1;
    return 0;
}

/* Mixes the next `n` frames of every active voice into `out` (mono, which
 * the caller clears first) and advances them. */
static inline void bench_voices_render(struct bench_voices *v, float *out, unsigned n)
{
    for (unsigned i = 0; i < BENCH_VOICES; i++) {
        unsigned p = v->position[i];
        for (unsigned k = 0; k < n && p < v->frames; k++, p++)
            out[k] += v->click[p];
        v->position[i] = p;
    }
}

#endif
