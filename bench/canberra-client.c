/*
 * canberra-client: the desktop's own instant-sound path, for the server
 * benchmark (bench/run-servers.py): libcanberra's cached sample.
 *
 * Usage: canberra-client [--driver NAME] [--file WAV]
 *
 * Writes the test click (click.h, 10 ms) as a 16-bit WAV into a directory of
 * its own (mkdtemp), or takes WAV (bench/run-servers.py passes Sounds/key.wav,
 * the sound the server sample cache row plays: pipewire-pulse 0.3.65 never
 * played a cached sample that fits in one cycle of its graph, such as the
 * test click at the stock quantum of 1024; see bench/README.md, "Short
 * samples on pipewire-pulse"), caches it in the sound server under the event id
 * "inputclick-bench-click" (ca_context_cache: on PulseAudio the pulse driver
 * uploads it to the server's sample cache), prints READY, and then plays the
 * cached event for every line on standard input (ca_context_play with
 * CA_PROP_CANBERRA_CACHE_CONTROL "permanent": the pulse driver asks the
 * server to play its sample, pa_context_play_sample, without sending audio).
 * At end of input it prints "played N failed M" and exits.
 */
#include "click.h"

#include <canberra.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define RATE 48000
#define EVENT "inputclick-bench-click"

static int write_wav(const char *path)
{
    unsigned frames = 0;
    float *click = bench_click_make(RATE, &frames);
    if (click == NULL)
        return -1;
    FILE *f = fopen(path, "wb");
    if (f == NULL) {
        free(click);
        return -1;
    }
    uint32_t data = frames * 2, riff = 36 + data, fmt_len = 16, rate = RATE, bytes = RATE * 2;
    uint16_t pcm = 1, channels = 1, align = 2, bits = 16;
    fwrite("RIFF", 1, 4, f); fwrite(&riff, 4, 1, f); fwrite("WAVEfmt ", 1, 8, f);
    fwrite(&fmt_len, 4, 1, f); fwrite(&pcm, 2, 1, f); fwrite(&channels, 2, 1, f);
    fwrite(&rate, 4, 1, f); fwrite(&bytes, 4, 1, f); fwrite(&align, 2, 1, f); fwrite(&bits, 2, 1, f);
    fwrite("data", 1, 4, f); fwrite(&data, 4, 1, f);
    for (unsigned i = 0; i < frames; i++) {
        int16_t s = (int16_t)(click[i] * 32767.0f);
        fwrite(&s, 2, 1, f);
    }
    free(click);
    return fclose(f) == 0 ? 0 : -1;
}

int main(int argc, char **argv)
{
    const char *driver = NULL, *file = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--driver") == 0 && i + 1 < argc) driver = argv[++i];
        else if (strcmp(argv[i], "--file") == 0 && i + 1 < argc) file = argv[++i];
        else {
            fprintf(stderr, "usage: canberra-client [--driver NAME] [--file WAV]\n");
            return 64;
        }
    }
    char dir[] = "/tmp/inputclick-canberra.XXXXXX";
    char made[sizeof dir + 16] = "";
    if (file == NULL) {
        if (mkdtemp(dir) == NULL) {
            fprintf(stderr, "canberra-client: mkdtemp: %s\n", strerror(errno));
            return 1;
        }
        snprintf(made, sizeof made, "%s/click.wav", dir);
        if (write_wav(made) != 0) {
            fprintf(stderr, "canberra-client: writing %s: %s\n", made, strerror(errno));
            unlink(made);
            rmdir(dir);
            return 1;
        }
    }
    const char *path = file ? file : made;
    ca_context *c = NULL;
    int r = ca_context_create(&c);
    if (r == CA_SUCCESS && driver) r = ca_context_set_driver(c, driver);
    if (r == CA_SUCCESS)
        r = ca_context_change_props(c, CA_PROP_APPLICATION_NAME, "inputclick-bench canberra", NULL);
    if (r == CA_SUCCESS) r = ca_context_open(c);
    if (r == CA_SUCCESS)
        r = ca_context_cache(c, CA_PROP_EVENT_ID, EVENT, CA_PROP_MEDIA_FILENAME, path,
                             CA_PROP_MEDIA_ROLE, "event", NULL);
    if (file == NULL) {
        unlink(made);
        rmdir(dir);
    }
    if (r != CA_SUCCESS) {
        fprintf(stderr, "canberra-client: %s\n", ca_strerror(r));
        if (c) ca_context_destroy(c);
        return 69;
    }
    printf("READY\n");
    fflush(stdout);
    unsigned played = 0, failed = 0;
    int ch;
    while ((ch = getchar()) != EOF) {
        if (ch != '\n')
            continue;
        r = ca_context_play(c, 0, CA_PROP_EVENT_ID, EVENT, CA_PROP_MEDIA_ROLE, "event",
                            CA_PROP_CANBERRA_CACHE_CONTROL, "permanent", NULL);
        if (r == CA_SUCCESS) played++;
        else {
            failed++;
            fprintf(stderr, "canberra-client: ca_context_play: %s\n", ca_strerror(r));
        }
    }
    printf("played %u failed %u\n", played, failed);
    ca_context_destroy(c);
    return 0;
}
