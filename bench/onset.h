/*
 * The click-onset detector of the latency probe, as a small state machine
 * fed one sample at a time (the level: the largest |x| over the channels).
 * It allocates nothing and calls nothing, so it runs in a JACK process
 * callback; bench/onset-scan.c runs the same code over a file to check it.
 *
 * A sample is an onset when it exceeds the threshold and either
 *
 *   - "silence": the `silence` samples before it were all below the
 *     threshold (a click out of silence: its first audible sample), or
 *   - "rise": it is more than `ratio` times the peak envelope of the samples
 *     before it, and at least `refractory` samples have passed since the last
 *     onset (a new click that starts while an older one still rings).
 *
 * The peak envelope follows every peak at once and decays exponentially
 * with time constant `release` between peaks, so the ring of one click,
 * which only decays, never rises above it by `ratio`; a new click that
 * starts while the old one has decayed to less than 1/ratio of the new
 * click's level does. The refractory time keeps the attack of one click
 * (which rises over a few cycles) from counting as several onsets.
 *
 * Limits: a "rise" onset is found at the first sample that clears ratio x
 * envelope, which can be a cycle or two (up to ~0.5 ms at 2 kHz) after the
 * new click's true first sample; a click that starts while an older, louder
 * one is still within 1/ratio of its own level, or within the refractory
 * time of the last onset, is not found at all (the benchmark reports such
 * taps as missed).
 */
#ifndef BENCH_ONSET_H
#define BENCH_ONSET_H

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum onset_kind { ONSET_NONE = 0, ONSET_SILENCE = 1, ONSET_RISE = 2 };

struct onset_params {
    float threshold;     /* level a sample must exceed, e.g. 0.01 (-40 dBFS) */
    uint32_t silence;    /* samples below threshold before a "silence" onset */
    float ratio;         /* jump over the envelope for a "rise" onset, e.g. 2 */
    uint32_t refractory; /* samples after an onset with no "rise" onset */
    float release;       /* per-sample envelope decay factor, exp(-1/(tau*rate)) */
};

struct onset_state {
    struct onset_params p;
    uint32_t quiet_run;   /* consecutive samples below threshold (saturating) */
    uint32_t since_onset; /* samples since the last onset (saturating) */
    float envelope;       /* peak envelope of the samples before this one */
};

/* The detector's settings in user units, before the sample rate is known. */
struct onset_settings {
    double threshold;     /* linear level, default 0.01 */
    double silence_ms;    /* default 20 */
    double ratio;         /* default 2 */
    double refractory_ms; /* default 10 */
    double release_ms;    /* envelope decay time constant, default 5 */
};

#define ONSET_SETTINGS_DEFAULT { 0.01, 20.0, 2.0, 10.0, 5.0 }

/* The command-line options that set them, for usage texts. */
#define ONSET_OPTIONS_HELP \
    "  --threshold X       onset level, linear (default 0.01)\n" \
    "  --silence-ms MS     silence before a 'silence' onset (default 20)\n" \
    "  --ratio X           jump over the envelope for a 'rise' onset (default 2)\n" \
    "  --refractory-ms MS  no 'rise' onset this soon after an onset (default 10)\n" \
    "  --release-ms MS     envelope decay time constant (default 5)\n"

/* Takes option `flag` with `value` into `s` if it is one of the detector's.
 * Returns 1 if taken, 0 if not a detector option, -1 if the value is bad. */
static inline int onset_settings_parse(struct onset_settings *s, const char *flag, const char *value)
{
    double *target = NULL;
    if (strcmp(flag, "--threshold") == 0) target = &s->threshold;
    else if (strcmp(flag, "--silence-ms") == 0) target = &s->silence_ms;
    else if (strcmp(flag, "--ratio") == 0) target = &s->ratio;
    else if (strcmp(flag, "--refractory-ms") == 0) target = &s->refractory_ms;
    else if (strcmp(flag, "--release-ms") == 0) target = &s->release_ms;
    else return 0;
    if (value == NULL) return -1;
    char *end = NULL;
    double v = strtod(value, &end);
    if (end == value || *end != '\0' || !(v >= 0.0) || v > 1e6) return -1;
    if (target == &s->release_ms && v <= 0.0) return -1;
    *target = v;
    return 1;
}

static inline void onset_params_from(struct onset_params *p, const struct onset_settings *s, double rate)
{
    p->threshold = (float)s->threshold;
    p->silence = (uint32_t)(s->silence_ms * 0.001 * rate + 0.5);
    p->ratio = (float)s->ratio;
    p->refractory = (uint32_t)(s->refractory_ms * 0.001 * rate + 0.5);
    p->release = (float)exp(-1.0 / (s->release_ms * 0.001 * rate));
}

static inline void onset_init(struct onset_state *s, const struct onset_params *p)
{
    s->p = *p;
    s->quiet_run = 0;
    s->since_onset = UINT32_MAX;
    s->envelope = 0.0f;
}

/* Feeds one sample's level (>= 0); returns what kind of onset it is, if any. */
static inline enum onset_kind onset_feed(struct onset_state *s, float level)
{
    enum onset_kind kind = ONSET_NONE;
    if (level > s->p.threshold) {
        if (s->quiet_run >= s->p.silence)
            kind = ONSET_SILENCE;
        else if (s->since_onset >= s->p.refractory && level > s->p.ratio * s->envelope)
            kind = ONSET_RISE;
        s->quiet_run = 0;
    } else if (s->quiet_run < UINT32_MAX) {
        s->quiet_run++;
    }
    if (kind != ONSET_NONE)
        s->since_onset = 0;
    else if (s->since_onset < UINT32_MAX)
        s->since_onset++;
    float decayed = s->envelope * s->p.release;
    s->envelope = level > decayed ? level : decayed;
    return kind;
}

#endif
