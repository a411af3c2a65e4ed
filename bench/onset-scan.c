/*
 * onset-scan: runs the probe's onset detector (onset.h) over raw audio, to
 * check the detector offline on known signals (bench/check-onsets.py).
 *
 * Usage: onset-scan [--rate HZ] [--channels N] [detector options] < audio.f32
 *
 * Reads native-endian 32-bit float frames of N interleaved channels from
 * standard input and prints one line per onset: `onset <frame> <kind>`,
 * kind being `silence` or `rise`.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#include "onset.h"

static void usage(FILE *to)
{
    fprintf(to, "usage: onset-scan [--rate HZ] [--channels N] [detector options] < audio.f32\n"
                ONSET_OPTIONS_HELP);
}

int main(int argc, char **argv)
{
    struct onset_settings settings = ONSET_SETTINGS_DEFAULT;
    double rate = 48000.0;
    long channels = 1;
    for (int i = 1; i < argc; i++) {
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        int taken = onset_settings_parse(&settings, argv[i], value);
        if (taken < 0) {
            fprintf(stderr, "onset-scan: bad value for %s\n", argv[i]);
            return 64;
        }
        if (taken > 0) { i++; continue; }
        if (strcmp(argv[i], "--rate") == 0 && value) { rate = atof(value); i++; }
        else if (strcmp(argv[i], "--channels") == 0 && value) { channels = atol(value); i++; }
        else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) { usage(stdout); return 0; }
        else { usage(stderr); return 64; }
    }
    if (!(rate > 0) || channels < 1 || channels > 64) {
        usage(stderr);
        return 64;
    }
    struct onset_params params;
    onset_params_from(&params, &settings, rate);
    struct onset_state state;
    onset_init(&state, &params);

    float frame[64];
    unsigned long long index = 0;
    while (fread(frame, sizeof(float), (size_t)channels, stdin) == (size_t)channels) {
        float level = 0.0f;
        for (long c = 0; c < channels; c++) {
            float a = fabsf(frame[c]);
            if (a > level) level = a;
        }
        enum onset_kind kind = onset_feed(&state, level);
        if (kind != ONSET_NONE)
            printf("onset %llu %s\n", index, kind == ONSET_SILENCE ? "silence" : "rise");
        index++;
    }
    return 0;
}
