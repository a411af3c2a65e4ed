/*
 * Writes the seeds of Fuzz/sound_file_fuzz.swift into the current directory:
 * short clicks (a decaying 2 kHz tone) in the formats libsndfile reads, plus
 * a few files the reader must refuse. (The Ogg files differ on each run:
 * libsndfile picks a random stream serial number.) Run it after changing the seeds:
 *
 *   cc -O1 Fuzz/sound_file_seeds.c -lsndfile -lm -o /tmp/sound_file_seeds
 *   (cd Fuzz/corpus/sound_file && /tmp/sound_file_seeds)
 */
#include <math.h>
#include <sndfile.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Writes `frames` frames of the click (peak `peak`, one sample set to `odd`
 * when it is not 0) in `format`. */
static void write_click(const char *path, int format, int rate, int channels, int frames, float peak, float odd) {
    SF_INFO info;
    memset(&info, 0, sizeof info);
    info.samplerate = rate;
    info.channels = channels;
    info.format = format;
    SNDFILE *file = sf_open(path, SFM_WRITE, &info);
    if (file == NULL) { fprintf(stderr, "%s: %s\n", path, sf_strerror(NULL)); exit(1); }
    sf_command(file, SFC_SET_ADD_PEAK_CHUNK, NULL, SF_FALSE); /* no time stamp: the same bytes every time */
    float *samples = calloc((size_t)frames * channels, sizeof *samples);
    for (int i = 0; i < frames; i++)
        for (int c = 0; c < channels; c++)
            samples[i * channels + c] = peak * expf(-i / (frames / 6.0f)) * sinf(2 * 3.14159265f * 2000.0f * i / rate + c);
    if (odd != 0) samples[frames / 2 * channels] = odd;
    sf_writef_float(file, samples, frames);
    sf_close(file);
    free(samples);
}

/* Copies `from` to `to`, replacing the `width` bytes at `offset` past the
 * first occurrence of `chunk` with the little-endian `value`. */
static void patch(const char *from, const char *to, const char *chunk, long offset, uint32_t value, int width) {
    FILE *in = fopen(from, "rb");
    if (in == NULL) { perror(from); exit(1); }
    static unsigned char bytes[1 << 16];
    size_t size = fread(bytes, 1, sizeof bytes, in);
    fclose(in);
    for (size_t i = 0; i + 4 <= size; i++) {
        if (memcmp(bytes + i, chunk, 4) == 0) {
            for (int k = 0; k < width; k++) bytes[i + offset + k] = (unsigned char)(value >> (8 * k));
            break;
        }
    }
    FILE *out = fopen(to, "wb");
    if (out == NULL) { perror(to); exit(1); }
    fwrite(bytes, 1, size, out);
    fclose(out);
}

/* Ogg's page checksum: CRC-32 with polynomial 0x04C11DB7, not reflected, starting from 0. */
static uint32_t ogg_crc(const unsigned char *bytes, size_t size) {
    uint32_t crc = 0;
    for (size_t i = 0; i < size; i++) {
        crc ^= (uint32_t)bytes[i] << 24;
        for (int bit = 0; bit < 8; bit++) crc = crc & 0x80000000u ? (crc << 1) ^ 0x04C11DB7u : crc << 1;
    }
    return crc;
}

/* Copies the Ogg/Vorbis file `from` to `to` with the rate in its
 * identification header (the first page's packet) set to `rate`, and that
 * page's checksum made right again. */
static void patch_vorbis_rate(const char *from, const char *to, uint32_t rate) {
    FILE *in = fopen(from, "rb");
    if (in == NULL) { perror(from); exit(1); }
    static unsigned char bytes[1 << 16];
    size_t size = fread(bytes, 1, sizeof bytes, in);
    fclose(in);
    size_t segments = bytes[26], length = 27 + segments;
    for (size_t k = 0; k < segments; k++) length += bytes[27 + k];
    unsigned char *packet = bytes + 27 + segments;
    if (size < length || memcmp(bytes, "OggS", 4) != 0 || memcmp(packet, "\x01vorbis", 7) != 0) {
        fprintf(stderr, "%s: not an Ogg/Vorbis file\n", from);
        exit(1);
    }
    for (int k = 0; k < 4; k++) packet[12 + k] = (unsigned char)(rate >> (8 * k));
    memset(bytes + 22, 0, 4);
    uint32_t crc = ogg_crc(bytes, length);
    for (int k = 0; k < 4; k++) bytes[22 + k] = (unsigned char)(crc >> (8 * k));
    FILE *out = fopen(to, "wb");
    if (out == NULL) { perror(to); exit(1); }
    fwrite(bytes, 1, size, out);
    fclose(out);
}

int main(void) {
    write_click("pcm16-mono-48k.wav", SF_FORMAT_WAV | SF_FORMAT_PCM_16, 48000, 1, 480, 0.8f, 0);
    write_click("pcm-u8-mono-8k.wav", SF_FORMAT_WAV | SF_FORMAT_PCM_U8, 8000, 1, 200, 0.9f, 0);
    write_click("pcm24-stereo-44k.wav", SF_FORMAT_WAV | SF_FORMAT_PCM_24, 44100, 2, 300, 0.7f, 0);
    write_click("pcm32-stereo-22k.wav", SF_FORMAT_WAV | SF_FORMAT_PCM_32, 22050, 2, 150, 0.7f, 0);
    write_click("float32-stereo-48k-beyond-one.wav", SF_FORMAT_WAV | SF_FORMAT_FLOAT, 48000, 2, 240, 3.0f, 0);
    write_click("float32-with-nan.wav", SF_FORMAT_WAV | SF_FORMAT_FLOAT, 48000, 2, 240, 0.5f, NAN);
    write_click("float64-mono-96k.wav", SF_FORMAT_WAV | SF_FORMAT_DOUBLE, 96000, 1, 400, 0.5f, 0);
    write_click("extensible-pcm16-4ch.wav", SF_FORMAT_WAVEX | SF_FORMAT_PCM_16, 48000, 4, 120, 0.5f, 0);
    write_click("ima-adpcm-mono-16k.wav", SF_FORMAT_WAV | SF_FORMAT_IMA_ADPCM, 16000, 1, 1010, 0.8f, 0);
    write_click("ms-adpcm-stereo-11k.wav", SF_FORMAT_WAV | SF_FORMAT_MS_ADPCM, 11025, 2, 500, 0.8f, 0);
    write_click("ulaw-mono-8k.au", SF_FORMAT_AU | SF_FORMAT_ULAW, 8000, 1, 400, 0.8f, 0);
    write_click("pcm16-mono-44k.aiff", SF_FORMAT_AIFF | SF_FORMAT_PCM_16, 44100, 1, 300, 0.8f, 0);
    write_click("flac16-mono-48k.flac", SF_FORMAT_FLAC | SF_FORMAT_PCM_16, 48000, 1, 960, 0.8f, 0);
    write_click("vorbis-mono-8k.ogg", SF_FORMAT_OGG | SF_FORMAT_VORBIS, 8000, 1, 400, 0.8f, 0);
    write_click("caf-float-stereo-48k.caf", SF_FORMAT_CAF | SF_FORMAT_FLOAT, 48000, 2, 100, 0.8f, 0);
    write_click("w64-pcm16-mono-48k.w64", SF_FORMAT_W64 | SF_FORMAT_PCM_16, 48000, 1, 100, 0.8f, 0);
    write_click("too-long-u8-mono-1k.wav", SF_FORMAT_WAV | SF_FORMAT_PCM_U8, 1000, 1, 2500, 0.8f, 0); /* 2.5 s: refused */
    write_click("rate-1hz-pcm16.wav", SF_FORMAT_WAV | SF_FORMAT_PCM_16, 1, 1, 2, 0.8f, 0);           /* beyond the converter */
    /* Headers that lie: a data chunk far longer than the file; 1000 channels in 16-bit frames. */
    patch("pcm16-mono-48k.wav", "pcm16-data-size-lies.wav", "RIFF", 4, 0x7fffff00u, 4);
    patch("pcm16-data-size-lies.wav", "pcm16-data-size-lies.wav", "data", 4, 0x7fffff00u, 4);
    patch("pcm16-mono-48k.wav", "pcm16-1000-channels.wav", "fmt ", 10, 1000, 2);           /* channels */
    patch("pcm16-1000-channels.wav", "pcm16-1000-channels.wav", "fmt ", 16, 96000000, 4); /* bytes per second */
    patch("pcm16-1000-channels.wav", "pcm16-1000-channels.wav", "fmt ", 20, 2000, 2);     /* bytes per frame */
    /* A decoding bomb in 7 KB: 2 s of silence in 255 channels, written at
     * 48 kHz, whose header then says 768 kHz: 0.13 s by its length, and 25
     * million samples (99 MB of floats) to decode and convert. */
    write_click("vorbis-bomb.tmp", SF_FORMAT_OGG | SF_FORMAT_VORBIS, 48000, 255, 96000, 0, 0);
    patch_vorbis_rate("vorbis-bomb.tmp", "vorbis-255-channels-768k.ogg", 768000);
    remove("vorbis-bomb.tmp");
    return 0;
}
