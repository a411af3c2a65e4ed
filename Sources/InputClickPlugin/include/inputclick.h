/*
 * inputclick.h: the C interface of InputClick, iOS-style key-click feedback
 * for keyboard front ends on Linux.
 *
 * A keyboard front end (an on-screen keyboard, an input method, a kiosk UI)
 * tells the library which input views are visible and calls
 * inputclick_play() on every tap. A click sounds only when the user's
 * settings allow it AND a visible input view or input accessory view has
 * opted in, exactly like UIKit's UIDevice.playInputClick() with
 * UIInputViewAudioFeedback.enableInputClicksWhenVisible. Otherwise the call
 * is a no-op, and its result says why.
 *
 *     inputclick_context *ctx;
 *     if (inputclick_open(NULL, &ctx) != INPUTCLICK_OK) { ...inputclick_last_error_message()... }
 *     int views[] = { 1 };                        // one visible view, opted in
 *     inputclick_set_visible_views(ctx, views, 1); // keyboard shown: the device opens now
 *     inputclick_play(ctx, INPUTCLICK_KIND_KEY);   // on every tap
 *     inputclick_set_visible_views(ctx, NULL, 0);  // keyboard hidden: closes after the linger
 *     inputclick_close(ctx);
 *
 * Conventions
 * -----------
 * - Results. Every function returning int returns INPUTCLICK_OK (0) or a
 *   non-negative value on success, and a negative INPUTCLICK_ERROR_* code on
 *   failure. inputclick_strerror() names a code; after a failure,
 *   inputclick_last_error_message() gives the detailed text for the calling
 *   thread (which file, which device, which argument).
 * - Handles. inputclick_context and inputclick_options are opaque. Only
 *   pointers to them cross this interface; their sizes and layouts are not
 *   part of the ABI, and neither is the size of any structure the library
 *   uses internally. The ABI is the set of functions below, their
 *   signatures, and the values of the constants. New functions and new
 *   constants may be added in minor versions; existing ones keep their
 *   meaning until the major version (and the SONAME, libinputclick.so.N)
 *   changes.
 * - Bad input never crashes the library: NULL handles and out-pointers,
 *   values out of range, NULL, empty, over-long or non-UTF-8 strings, and
 *   calls on a closed handle all return a negative code. A handle is a
 *   token, not the address of memory: it names a slot of the library's
 *   handle table and the slot's generation. Closing frees what the handle
 *   held and lets a later handle reuse the slot under a new generation, so
 *   a closed handle stays safe to pass for the life of the process (late
 *   calls and a second close fail with INPUTCLICK_ERROR_CLOSED, and never
 *   reach the handle that reused the slot), while memory grows only with
 *   the handles open at once, never with those ever opened. A value that
 *   never came from this library is never dereferenced: it is refused with
 *   a negative code (INPUTCLICK_ERROR_INVALID_ARGUMENT, or
 *   INPUTCLICK_ERROR_CLOSED if it happens to name a slot), unless it happens
 *   to equal a live handle.
 * - Strings passed in are UTF-8 and NUL-terminated; the library copies what
 *   it keeps. Strings returned as const char * are static: never free them.
 * - Thread context. Each function states which threads may call it. "Any
 *   thread" means any thread of the process, concurrently with other calls
 *   on the same handle, including inputclick_close(). "Real-time safe" means
 *   lock-free, allocation-free and never blocking when the call succeeds (a
 *   failure records its message, which allocates), so it may be called from
 *   a UI thread or an input callback that must not stall; the tests count
 *   malloc calls to hold the library to it. The library never calls back
 *   into host code, except a log callback the host gives it
 *   (inputclick_options_set_log_callback).
 * - The render thread. Clicks are mixed and written on one thread of the
 *   library's, named "inputclick-rt" (SCHED_FIFO when permitted). It
 *   allocates nothing and takes no lock of the library's. alsa-lib itself
 *   takes an uncontended mutex inside each PCM call unless the process runs
 *   with LIBASOUND_THREAD_SAFE=0. The library does not set that for you,
 *   because it is process-wide and would be unsafe for a host that shares
 *   one PCM between threads. If yours does not, export
 *   LIBASOUND_THREAD_SAFE=0 before starting, and the render thread takes no
 *   lock at all. With the native PipeWire backend the render thread is the
 *   stream's data loop, which renders in PipeWire's process callback under
 *   the same rules (libpipewire's own work there included, as counted). With
 *   the native PulseAudio backend the render thread also runs libpulse's
 *   main loop, and libpulse allocates, and may lock, inside its own dispatch
 *   and writes: the library's code still allocates nothing there, but the
 *   thread as a whole is not allocation-free (an open limitation).
 *
 * Linking: pkg-config --cflags --libs inputclick
 */
#ifndef INPUTCLICK_H
#define INPUTCLICK_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------
 * Version
 * ------------------------------------------------------------------------ */

/** The version of this header. inputclick_version() gives the library's. */
#define INPUTCLICK_VERSION_MAJOR 0
#define INPUTCLICK_VERSION_MINOR 1
#define INPUTCLICK_VERSION_PATCH 0
#define INPUTCLICK_VERSION_STRING "0.1.0"
/** major * 10000 + minor * 100 + patch, comparable with inputclick_version_number(). */
#define INPUTCLICK_VERSION_NUMBER \
    (INPUTCLICK_VERSION_MAJOR * 10000 + INPUTCLICK_VERSION_MINOR * 100 + INPUTCLICK_VERSION_PATCH)

/* ------------------------------------------------------------------------
 * Constants
 * ------------------------------------------------------------------------ */

/** Results. 0 is success; every error is negative. */
enum {
    INPUTCLICK_OK = 0,
    /** An unexpected internal failure. The message says what. */
    INPUTCLICK_ERROR = -1,
    /** A NULL handle or out-pointer, a value out of range, or a bad string. */
    INPUTCLICK_ERROR_INVALID_ARGUMENT = -2,
    /** A click kind outside INPUTCLICK_KIND_KEY ... INPUTCLICK_KIND_RETURN. */
    INPUTCLICK_ERROR_INVALID_KIND = -3,
    /** The handle was closed (inputclick_close) or destroyed (inputclick_options_destroy). */
    INPUTCLICK_ERROR_CLOSED = -4,
    /** No audio device of that name exists (see `aplay -L`). */
    INPUTCLICK_ERROR_NO_SUCH_DEVICE = -5,
    /** The device exists but cannot be opened now, or went away; opening is retried in the background. */
    INPUTCLICK_ERROR_DEVICE_UNAVAILABLE = -6,
    /** No stream is open, so there is nothing to report or wait for (no click-enabled view is visible). */
    INPUTCLICK_ERROR_NO_STREAM = -7,
    /** A wait ended before what it waited for happened. */
    INPUTCLICK_ERROR_TIMEOUT = -8,
    /** The settings file is malformed or unreadable; the previous settings stay in force. */
    INPUTCLICK_ERROR_SETTINGS = -9
};

/** The kind of key tapped; it chooses the click sound. */
enum {
    /** A character key: a letter, digit or symbol. */
    INPUTCLICK_KIND_KEY = 0,
    /** Delete (backspace). */
    INPUTCLICK_KIND_DELETE = 1,
    /** A modifier or mode key: shift, 123, next keyboard, language switch. */
    INPUTCLICK_KIND_MODIFIER = 2,
    /** The space bar. */
    INPUTCLICK_KIND_SPACE = 3,
    /** Return. */
    INPUTCLICK_KIND_RETURN = 4
};

/** What a tap does. Decisions are >= 0; the first reason that applies is reported. */
enum {
    /** The click plays. */
    INPUTCLICK_PLAYS = 0,
    /** The user turned keyboard clicks off in the settings. */
    INPUTCLICK_CLICKS_OFF = 1,
    /** The settings' feedback profile is silent. */
    INPUTCLICK_SILENT_PROFILE = 2,
    /** No input view or input accessory view is visible (the keyboard is hidden). */
    INPUTCLICK_NO_VISIBLE_INPUT_VIEW = 3,
    /** Views are visible, but none opted in to clicks. */
    INPUTCLICK_NOT_OPTED_IN = 4,
    /** The same kind arrives faster than the rate limit (a held key; 20 per second per kind). */
    INPUTCLICK_RATE_LIMITED = 5,
    /** No audio stream can take the click: no device could be opened, or none is being opened. */
    INPUTCLICK_NO_OUTPUT = 6,
    /** A stream is open but its click queue is full: clicks arrive faster than it takes them. */
    INPUTCLICK_QUEUE_FULL = 7,
    /** The device stopped working; the player waits for it to come back. */
    INPUTCLICK_DEVICE_LOST = 8,
    /** The stream is still opening: the click is held and plays as soon as it runs, if within
     * 100 ms of the tap; later, it is dropped, counted (INPUTCLICK_STAT_HELD_DROPPED) and warned about.
     * A held click the render thread then takes more than 100 ms after its tap is dropped too
     * (INPUTCLICK_STAT_STALE_DROPPED). */
    INPUTCLICK_HELD = 9,
    /** The stream runs, but its device has made no progress for longer than its render loop ever
     * waits: the click is queued and plays only if the device takes it within 100 ms of the tap;
     * later, it is dropped and counted (INPUTCLICK_STAT_STALE_DROPPED). */
    INPUTCLICK_SUSPECT = 10
};

/** Where the context's audio stream is (inputclick_state). */
enum {
    /** No click-enabled view is visible and no device is held. */
    INPUTCLICK_STATE_CLOSED = 0,
    /** The stream is open and rendering; clicks play. */
    INPUTCLICK_STATE_RUNNING = 1,
    /** The last click-enabled view hid; the stream stays open until the linger passes. */
    INPUTCLICK_STATE_LINGERING = 2,
    /** A click-enabled view is visible but the device could not be opened; retrying with backoff. */
    INPUTCLICK_STATE_WAITING_FOR_DEVICE = 3
};

/** Latency profiles (inputclick_options_set_latency_profile). */
enum {
    /** 64-frame periods, 2 per buffer: about 2.7 ms queued at 48 kHz. The default. */
    INPUTCLICK_LATENCY_PROFILE_LOW = 0,
    /** About 10 ms periods, 3 per buffer: for busy machines and sound servers. */
    INPUTCLICK_LATENCY_PROFILE_CONSERVATIVE = 1
};

/**
 * What the stream asks of a sound server's graph while a click-enabled view
 * is visible (inputclick_options_set_server_latency): PipeWire's quantum,
 * through the native backend or PipeWire's ALSA plugin; a PulseAudio stream
 * is sized by the latency profile instead. Asked once, when the stream
 * opens, never per click. Frames scale with the rate.
 */
enum {
    /** 64 frames at 48 kHz: the soonest clicks; the whole graph runs at 64-frame cycles meanwhile. */
    INPUTCLICK_SERVER_LATENCY_LOWEST = 0,
    /** 256 frames at 48 kHz. The user's setting's default. */
    INPUTCLICK_SERVER_LATENCY_BALANCED = 1,
    /** 1024 frames at 48 kHz, the quantum a stock PipeWire runs at: neither lowers nor raises it. */
    INPUTCLICK_SERVER_LATENCY_ECONOMY = 2
};

/** Backends (inputclick_options_set_backend). */
enum {
    /**
     * The default: for the device "default", the running sound server's own
     * backend (PipeWire, PulseAudio), else ALSA; for any other device name,
     * that ALSA PCM. The user's INPUTCLICK_BACKEND can ask for one.
     */
    INPUTCLICK_BACKEND_AUTO = 0,
    /** alsa-lib, on the device named. */
    INPUTCLICK_BACKEND_ALSA = 1,
    /** PipeWire's own client library (libpipewire-0.3, loaded at run time). */
    INPUTCLICK_BACKEND_PIPEWIRE = 2,
    /** PulseAudio's own client library (libpulse, loaded at run time). */
    INPUTCLICK_BACKEND_PULSEAUDIO = 3
};

/** Latency measures (inputclick_latency). Both are measured per click. */
enum {
    /** From the inputclick_play() call until the click's first frame was written to the device. */
    INPUTCLICK_MEASURE_CALL_TO_WRITE = 0,
    /** From the inputclick_play() call until that frame reaches the converter (estimated from the device delay). */
    INPUTCLICK_MEASURE_CALL_TO_CONVERTER = 1
};

/** Counters (inputclick_statistic). */
enum {
    /** Streams opened so far. */
    INPUTCLICK_STAT_OPENS = 0,
    /** Streams that ended with a fault (the device went away). */
    INPUTCLICK_STAT_FAULTS = 1,
    /** Underruns recovered. */
    INPUTCLICK_STAT_UNDERRUNS = 2,
    /** Suspends recovered. */
    INPUTCLICK_STAT_SUSPENDS = 3,
    /** Clicks the gate let through that no stream could take. */
    INPUTCLICK_STAT_DROPPED_CLICKS = 4,
    /** 1 if the open stream's render thread runs with real-time scheduling (SCHED_FIFO), else 0. */
    INPUTCLICK_STAT_REALTIME = 5,
    /** How the open stream schedules clicks: one of INPUTCLICK_SCHEDULING_*. */
    INPUTCLICK_STAT_SCHEDULING = 6,
    /** Clicks refused because the click queue was full (INPUTCLICK_QUEUE_FULL). */
    INPUTCLICK_STAT_QUEUE_FULL = 7,
    /** Taps answered INPUTCLICK_HELD: they came while the stream was opening. */
    INPUTCLICK_STAT_HELD = 8,
    /** Held taps dropped because the stream did not run within 100 ms of them. */
    INPUTCLICK_STAT_HELD_DROPPED = 9,
    /** Clicks accepted on a stream that failed before writing them (lost with
     *  the device), including any started in a period the device refused
     *  even after recovering from an underrun. */
    INPUTCLICK_STAT_LOST_WITH_DEVICE = 10,
    /** Clicks answered INPUTCLICK_SUSPECT or INPUTCLICK_HELD dropped rather than played late: the
     *  render thread took them more than 100 ms after their tap (the device stalled, or a held
     *  click was released to a stream that then took too long). A click answered
     *  INPUTCLICK_PLAYS is never dropped for being late. */
    INPUTCLICK_STAT_STALE_DROPPED = 11,
    /** Opens and closes of the device given up on because its sound server
     *  did not answer in time (an open after 2 s, a close after 200 ms, as
     *  when the server is frozen); each goes on on a thread of its own
     *  until the server answers. */
    INPUTCLICK_STAT_ABANDONED_CALLS = 12,
    /** Taps answered INPUTCLICK_SUSPECT: the running device had made no
     *  progress for too long. */
    INPUTCLICK_STAT_SUSPECT = 13
};

/** Click scheduling modes (INPUTCLICK_STAT_SCHEDULING), chosen from what the device can do. */
enum {
    /** Stopped while silent, started by a tap; while audio is queued, a click is
     *  written just ahead of the device's read position by rewinding (sound
     *  cards, dmix, jack, pipewire, and plug/route/softvol/file over those). */
    INPUTCLICK_SCHEDULING_REWIND = 0,
    /** Stopped while silent, started by a tap; while audio is queued, a click
     *  is appended after it (null, and devices not known to rewind truly). */
    INPUTCLICK_SCHEDULING_ON_DEMAND = 1,
    /** Always running while open; every click appended (pulse, whose stream
     *  loses clicks when stopped and started per click; else on request). */
    INPUTCLICK_SCHEDULING_APPEND = 2
};

/** How much a log message matters (inputclick_log_callback). */
enum {
    /** A message of alsa-lib's own, reported while the library called it, as
     *  alsa-lib would print it: "ALSA lib confmisc.c:855:(parse_card) cannot
     *  find card '0'". Details of a fault that a warning sums up. */
    INPUTCLICK_LOG_DEBUG = 0,
    /** News that a fault ended: "audio device 'default' is open again; clicks play". */
    INPUTCLICK_LOG_INFO = 1,
    /** A warning, as inputclick_last_warning() keeps it: a malformed settings
     *  file, a refused sound file, a device that cannot be opened or went
     *  away (once per episode, not per retry). */
    INPUTCLICK_LOG_WARNING = 2
};

/**
 * Receives a context's log messages (inputclick_options_set_log_callback):
 * level is one of INPUTCLICK_LOG_*, message one line of UTF-8 text without
 * a newline, valid only during the call (copy it to keep it), and userdata
 * what the host gave with the callback.
 *
 * Thread context: called on the thread where the message arises: a thread
 * of the host, inside a call of the library for that context
 * (inputclick_open_with_options() checks the device and reads the settings
 * there), or one of the library's own threads (the context's control
 * thread, a thread opening a device whose sound server may block, the
 * settings watcher); never the render thread. Calls for one context never overlap: a lock of that
 * context is held during each. Different contexts may call at the same time.
 * The callback must return promptly (the library's work on that thread waits
 * for it), must not call any inputclick_* function (closing the context from
 * it would wait for itself), and must not unwind (longjmp, a C++ exception)
 * out of the call. It is never called after inputclick_close() of its
 * context has returned, so userdata may be freed then.
 */
typedef void (*inputclick_log_callback)(int level, const char *message, void *userdata);

/** A player: the user's settings, the sounds, the gate and an audio device. */
typedef struct inputclick_context inputclick_context;

/** How to open a context: device, latency, linger, settings file. Starts with every default. */
typedef struct inputclick_options inputclick_options;

/* ------------------------------------------------------------------------
 * Library
 * ------------------------------------------------------------------------ */

/**
 * The library's version, "major.minor.patch" (compare INPUTCLICK_VERSION_STRING).
 * Never NULL; static.
 * Thread context: any thread; real-time safe once called (the first call
 * builds the string table, once per process).
 */
const char *inputclick_version(void);

/**
 * The library's version as major * 10000 + minor * 100 + patch
 * (compare INPUTCLICK_VERSION_NUMBER).
 * Thread context: any thread; real-time safe.
 */
int inputclick_version_number(void);

/**
 * Tells the sound server behind ALSA's pulse and pipewire devices what the
 * library's streams are: event sounds (media.role "event"), the
 * application's name and its freedesktop icon name, so that a desktop can
 * route and level them as feedback. Those ALSA plugins take the properties
 * only from environment variables read when a stream opens (PIPEWIRE_ALSA,
 * PULSE_PROP, PULSE_PROP_OVERRIDE); each is set unless the environment
 * already sets it, so the user's own choice wins. NULL takes "InputClick"
 * and "input-keyboard". Streams opened afterwards carry them, the host's
 * own streams through those plugins included; other devices ignore them.
 *
 * Returns 0; INPUTCLICK_ERROR_INVALID_ARGUMENT for an empty, non-UTF-8 or
 * over-long (over 256 bytes) name.
 * Thread context: at start-up only, before the process starts other threads
 * (setting the environment is not safe while another thread reads it).
 */
int inputclick_announce_streams(const char *application_name, const char *icon_name);

/**
 * A sentence naming a result code: "success" for 0, the meaning of each
 * INPUTCLICK_ERROR_*, and "unknown error code" for anything else. Never NULL; static.
 * Thread context: any thread; real-time safe once called (the first call
 * builds the string table, once per process).
 */
const char *inputclick_strerror(int code);

/**
 * The stable identifier of a decision: "plays", "clicks-off",
 * "silent-profile", "no-visible-input-view", "not-opted-in",
 * "rate-limited", "no-output", "queue-full", "device-lost", "held",
 * "suspect";
 * "unknown" for anything else.
 * Never NULL; static.
 * Thread context: any thread; real-time safe once called (the first call
 * builds the string table, once per process).
 */
const char *inputclick_decision_name(int decision);

/**
 * A sentence explaining a decision, for people ("no input view or input
 * accessory view is visible"); "unknown decision" for anything else.
 * Never NULL; static.
 * Thread context: any thread; real-time safe once called (the first call
 * builds the string table, once per process).
 */
const char *inputclick_decision_description(int decision);

/**
 * The name of a click kind: "key", "delete", "modifier", "space", "return";
 * "unknown" for anything else. Never NULL; static.
 * Thread context: any thread; real-time safe once called (the first call
 * builds the string table, once per process).
 */
const char *inputclick_kind_name(int kind);

/**
 * The name of a stream state: "closed", "running", "lingering",
 * "waiting-for-device"; "unknown" for anything else. Never NULL; static.
 * Thread context: any thread; real-time safe once called (the first call
 * builds the string table, once per process).
 */
const char *inputclick_state_name(int state);

/**
 * Copies the detailed message of the last function that failed on the
 * calling thread into buf, truncated to size - 1 bytes (at a UTF-8
 * character boundary) and NUL-terminated. Only failures set the message;
 * successes leave it alone, so read it right after a negative result.
 * Example: "no ALSA device named 'speakers': it is not a PCM defined in the
 * ALSA configuration (see 'aplay -L')".
 *
 * Returns the message's full length in bytes, without the NUL (0 if no call
 * failed on this thread yet), so a result >= size means it was truncated;
 * buf may be NULL when size is 0, to ask for the length. Returns
 * INPUTCLICK_ERROR_INVALID_ARGUMENT if buf is NULL and size is not 0.
 * Thread context: any thread; reports on the calling thread's own failures.
 */
int inputclick_last_error_message(char *buf, size_t size);

/* ------------------------------------------------------------------------
 * Options
 * ------------------------------------------------------------------------ */

/**
 * Creates options holding every default: device "default", the low-latency
 * profile, a 3000 ms linger, the settings file from the environment
 * (INPUTCLICK_CONFIG, then $XDG_CONFIG_HOME/inputclick/settings.conf),
 * watched for changes, and warnings also written to standard error.
 *
 * Returns 0 and stores the handle in *out; INPUTCLICK_ERROR_INVALID_ARGUMENT
 * if out is NULL. Destroy it with inputclick_options_destroy().
 * Thread context: any thread.
 */
int inputclick_options_create(inputclick_options **out);

/**
 * Destroys options. The handle then answers INPUTCLICK_ERROR_CLOSED, so a
 * second destroy is harmless and returns INPUTCLICK_ERROR_CLOSED.
 * Returns 0; INPUTCLICK_ERROR_INVALID_ARGUMENT for NULL.
 * Thread context: any thread.
 */
int inputclick_options_destroy(inputclick_options *options);

/**
 * The ALSA PCM to play on: "default", "hw:0,0", "plughw:1", "dmix", or any
 * PCM of the ALSA configuration (PipeWire's and PulseAudio's included).
 * NULL means "default". Whether the device exists is checked by
 * inputclick_open_with_options().
 *
 * Returns 0; INPUTCLICK_ERROR_INVALID_ARGUMENT for a NULL handle, or a name
 * that is empty, longer than 1024 bytes or not UTF-8;
 * INPUTCLICK_ERROR_CLOSED for destroyed options.
 * Thread context: any thread.
 */
int inputclick_options_set_device(inputclick_options *options, const char *device);

/**
 * Chooses a latency profile, INPUTCLICK_LATENCY_PROFILE_LOW (the default)
 * or INPUTCLICK_LATENCY_PROFILE_CONSERVATIVE. The device may grant other
 * sizes; inputclick_stream_format() reports the actual ones.
 *
 * Returns 0; INPUTCLICK_ERROR_INVALID_ARGUMENT for a NULL handle or an
 * unknown profile; INPUTCLICK_ERROR_CLOSED for destroyed options.
 * Thread context: any thread.
 */
int inputclick_options_set_latency_profile(inputclick_options *options, int profile);

/**
 * Fixes what the stream asks of a sound server's graph while a click-enabled
 * view is visible: INPUTCLICK_SERVER_LATENCY_LOWEST, _BALANCED or _ECONOMY.
 * Without this call the user's `latency` setting decides (inputclick-settings(5),
 * INPUTCLICK_LATENCY), which is what most hosts should do.
 *
 * Returns 0; INPUTCLICK_ERROR_INVALID_ARGUMENT for a NULL handle or an
 * unknown policy; INPUTCLICK_ERROR_CLOSED for destroyed options.
 * Thread context: any thread.
 */
int inputclick_options_set_server_latency(inputclick_options *options, int policy);

/**
 * Chooses the backend: INPUTCLICK_BACKEND_AUTO (the default), _ALSA,
 * _PIPEWIRE or _PULSEAUDIO. Asking for PipeWire or PulseAudio with a device
 * other than "default", or when that server does not answer or its library
 * cannot be loaded, makes inputclick_open fail with a message saying why.
 * A user's INPUTCLICK_BACKEND applies only while this is AUTO.
 *
 * Returns 0; INPUTCLICK_ERROR_INVALID_ARGUMENT for a NULL handle or an
 * unknown backend; INPUTCLICK_ERROR_CLOSED for destroyed options.
 * Thread context: any thread.
 */
int inputclick_options_set_backend(inputclick_options *options, int backend);

/**
 * Asks for explicit sizes instead of a profile: period_frames frames per
 * period (16 to 16384) and periods periods per buffer (2 to 32). The device
 * takes the nearest it allows; inputclick_stream_format() reports them.
 *
 * Returns 0; INPUTCLICK_ERROR_INVALID_ARGUMENT for a NULL handle or a value
 * out of range; INPUTCLICK_ERROR_CLOSED for destroyed options.
 * Thread context: any thread.
 */
int inputclick_options_set_latency_frames(inputclick_options *options, int period_frames, int periods);

/**
 * How long the device stays open after the last click-enabled view hides,
 * in milliseconds, 0 to 3600000. Default 3000: a keyboard that hides and
 * shows again quickly keeps its stream and clicks without a cold start.
 *
 * Returns 0; INPUTCLICK_ERROR_INVALID_ARGUMENT for a NULL handle or a value
 * out of range; INPUTCLICK_ERROR_CLOSED for destroyed options.
 * Thread context: any thread.
 */
int inputclick_options_set_linger_ms(inputclick_options *options, int milliseconds);

/**
 * Reads the user's settings (clicks on/off, volume, profile, sound pack,
 * ducking) from this file instead of the default location; NULL restores the
 * default location. A missing file means every default. The file's format is
 * described in inputclick-settings(5).
 *
 * Returns 0; INPUTCLICK_ERROR_INVALID_ARGUMENT for a NULL handle or a path
 * that is empty, longer than 4096 bytes or not UTF-8;
 * INPUTCLICK_ERROR_CLOSED for destroyed options.
 * Thread context: any thread.
 */
int inputclick_options_set_settings_file(inputclick_options *options, const char *path);

/**
 * Whether to watch the settings file and apply changes live (nonzero, the
 * default) or only at open and on inputclick_reload_settings() (0).
 *
 * Returns 0; INPUTCLICK_ERROR_INVALID_ARGUMENT for a NULL handle;
 * INPUTCLICK_ERROR_CLOSED for destroyed options.
 * Thread context: any thread.
 */
int inputclick_options_set_watch_settings(inputclick_options *options, int watch);

/**
 * Whether warnings (bad settings file, refused sound files, device gone)
 * are also written to standard error, one line each (nonzero, the default),
 * or only kept for inputclick_last_warning() (0).
 *
 * Returns 0; INPUTCLICK_ERROR_INVALID_ARGUMENT for a NULL handle;
 * INPUTCLICK_ERROR_CLOSED for destroyed options.
 * Thread context: any thread.
 */
int inputclick_options_set_warnings_to_stderr(inputclick_options *options, int enabled);

/**
 * Sends the context's log messages to callback (see inputclick_log_callback
 * for its levels, threads and rules) instead of standard error: its
 * warnings and news, and the messages alsa-lib reports while the library
 * calls it. NULL, the default, restores standard error.
 *
 * Without a callback, alsa-lib's messages during the library's calls are
 * dropped rather than printed (a device that cannot be opened is retried
 * every 400 ms, and alsa-lib says up to eight lines per try), and each
 * warning is one line "inputclick: warning: ..." on standard error (unless
 * inputclick_options_set_warnings_to_stderr() turned that off): at most one
 * line per fault episode, and one more when it ends. With a callback,
 * nothing of the context goes to standard error.
 *
 * alsa-lib's error handler is one for the whole process, and the library
 * never replaces it. It catches alsa-lib's messages during its own calls
 * with alsa-lib's thread-local handler (snd_lib_error_set_local), which
 * alsa-lib's default handler calls, so each context's callback gets the
 * messages of that context's calls only, and messages of the host's own
 * alsa-lib calls go where they went before. A host that installed its own
 * handler with snd_lib_error_set_handler() keeps it: alsa-lib then sends
 * every message there, the library's included, and none to the callback.
 * Messages alsa-lib reports on the render thread (none in normal
 * operation) also go to alsa-lib's handler.
 *
 * Returns 0; INPUTCLICK_ERROR_INVALID_ARGUMENT for a NULL handle;
 * INPUTCLICK_ERROR_CLOSED for destroyed options.
 * Thread context: any thread.
 */
int inputclick_options_set_log_callback(inputclick_options *options, inputclick_log_callback callback, void *userdata);

/* ------------------------------------------------------------------------
 * Contexts
 * ------------------------------------------------------------------------ */

/**
 * Opens a context on the ALSA device `device` (NULL means "default") with
 * every other option at its default. Same as inputclick_open_with_options()
 * with options whose device is `device`.
 *
 * Thread context: any thread; reads the ALSA configuration and the settings
 * file, so do not call it where blocking hurts.
 */
int inputclick_open(const char *device, inputclick_context **out);

/**
 * Opens a context: checks that the device exists, reads the settings and
 * prepares the sounds. No device is held and no thread runs until a
 * click-enabled view becomes visible (inputclick_set_visible_views); the
 * stream then opens in the background, and closes again after the last one
 * hides and the linger passes. options may be NULL for every default; it is
 * copied, so it may be destroyed right after.
 *
 * Returns 0 and stores the context in *out (on failure *out is set to NULL
 * when out is not NULL). Errors: INPUTCLICK_ERROR_INVALID_ARGUMENT for a
 * NULL out or bad device name; INPUTCLICK_ERROR_CLOSED for destroyed
 * options; INPUTCLICK_ERROR_NO_SUCH_DEVICE when no PCM or sound card of
 * that name exists; INPUTCLICK_ERROR_DEVICE_UNAVAILABLE when the ALSA
 * configuration cannot be read. A device that exists but is busy or has no
 * hardware behind it is not an error here: clicks report
 * INPUTCLICK_NO_OUTPUT, a warning says why, and opening is retried while a
 * click-enabled view is visible.
 *
 * Thread context: any thread; reads the ALSA configuration and the settings
 * file, so do not call it where blocking hurts.
 */
int inputclick_open_with_options(const inputclick_options *options, inputclick_context **out);

/**
 * Closes a context: waits for calls on it that are under way in other
 * threads, stops watching the settings, closes the device and stops the
 * render thread. The handle then answers INPUTCLICK_ERROR_CLOSED to every
 * call, so closing twice is harmless and the second call returns
 * INPUTCLICK_ERROR_CLOSED.
 *
 * Returns 0; INPUTCLICK_ERROR_INVALID_ARGUMENT for NULL.
 * Thread context: any thread; blocks until the device is closed (normally
 * a few milliseconds, never more than about 200 ms: a close that a frozen
 * sound server holds up goes on on a thread of its own, counted in
 * INPUTCLICK_STAT_ABANDONED_CALLS) and until inputclick_wait_until_running()
 * and inputclick_drain() calls in other threads return (closing wakes them).
 */
int inputclick_close(inputclick_context *ctx);

/**
 * Reports which input views and input accessory views of the focused text
 * input are visible now: one entry per visible view, nonzero when that view
 * opts in to clicks (UIKit's enableInputClicksWhenVisible returning YES).
 * Pass count 0 (views may then be NULL) when the keyboard hides.
 * When an opted-in view becomes visible the device opens in the background,
 * so that the first tap clicks without a cold start; when none is visible
 * any more it closes after the linger.
 *
 * Returns 0; INPUTCLICK_ERROR_INVALID_ARGUMENT for a NULL context, NULL
 * views with count > 0, or count > 64; INPUTCLICK_ERROR_CLOSED.
 * Thread context: any thread; takes a short internal lock, never waits for
 * the device.
 */
int inputclick_set_visible_views(inputclick_context *ctx, const int *enable_input_clicks_when_visible, size_t count);

/**
 * Reports whether the focused text input is secure (a password field).
 * While it is, every tap plays the key sound, so the sound never reveals
 * which key was pressed.
 *
 * Returns 0; INPUTCLICK_ERROR_INVALID_ARGUMENT for a NULL context;
 * INPUTCLICK_ERROR_CLOSED.
 * Thread context: any thread; real-time safe.
 */
int inputclick_set_secure_text_entry(inputclick_context *ctx, int secure);

/**
 * Plays a click of `kind` (INPUTCLICK_KIND_*) if the settings and the
 * visible views allow it; otherwise does nothing. Call it on every tap,
 * including each auto-repeat of a held key.
 *
 * Returns the decision (>= 0): INPUTCLICK_PLAYS or why not. Errors:
 * INPUTCLICK_ERROR_INVALID_ARGUMENT for a NULL context;
 * INPUTCLICK_ERROR_INVALID_KIND; INPUTCLICK_ERROR_CLOSED.
 * Thread context: any thread; real-time safe: it only queues the click for
 * the render thread and never waits for audio.
 */
int inputclick_play(inputclick_context *ctx, int kind);

/**
 * What inputclick_play(ctx, kind) would decide now, without playing and
 * without counting towards the rate limit. INPUTCLICK_PLAYS means the gate
 * would let the click through and a stream is ready to take it.
 *
 * Returns the decision (>= 0), or the errors of inputclick_play().
 * Thread context: any thread; real-time safe.
 */
int inputclick_decision(inputclick_context *ctx, int kind);

/**
 * Reads the settings file again now and applies it if it is valid. (With
 * watching on, changes are applied by themselves within a moment; this is
 * for hosts that turned watching off, or that want the result.)
 *
 * Returns 0; INPUTCLICK_ERROR_SETTINGS when the file is malformed or
 * unreadable, with a message naming the file, line and problem (the
 * previous settings stay in force); INPUTCLICK_ERROR_INVALID_ARGUMENT for a
 * NULL context; INPUTCLICK_ERROR_CLOSED.
 * Thread context: any thread; reads the file on the calling thread.
 */
int inputclick_reload_settings(inputclick_context *ctx);

/**
 * Where the context's audio stream is: INPUTCLICK_STATE_* (>= 0).
 * Errors: INPUTCLICK_ERROR_INVALID_ARGUMENT for a NULL context;
 * INPUTCLICK_ERROR_CLOSED.
 * Thread context: any thread; real-time safe.
 */
int inputclick_state(inputclick_context *ctx);

/**
 * Waits until the stream runs and clicks can play, at most timeout_ms
 * milliseconds (0 only checks). The stream opens in the background after a
 * click-enabled view becomes visible. Taps before then report
 * INPUTCLICK_HELD and play once it runs, if within 100 ms of the tap; the
 * open usually takes 20-60 ms but has taken over 100 ms on a loaded machine,
 * and then that first click is dropped as stale. A host that may tap at once
 * after showing its keyboard (a program that shows and types in one go)
 * should call this after showing it and before the first tap; an
 * interactive keyboard, whose first tap comes a human reaction later, may
 * accept the hold instead. It sleeps until the player publishes a new
 * state; it does not poll.
 *
 * Returns 0 once the stream runs. Errors: INPUTCLICK_ERROR_NO_STREAM at
 * once when no click-enabled view is visible (nothing will open);
 * INPUTCLICK_ERROR_DEVICE_UNAVAILABLE when the deadline passed while the
 * device could not be opened (the message says why);
 * INPUTCLICK_ERROR_TIMEOUT when it was still opening;
 * INPUTCLICK_ERROR_CLOSED when the context is or gets closed;
 * INPUTCLICK_ERROR_INVALID_ARGUMENT for a NULL context or a negative
 * timeout.
 * Thread context: any thread; blocks up to timeout_ms.
 */
int inputclick_wait_until_running(inputclick_context *ctx, int timeout_ms);

/**
 * Waits until every click accepted so far (every inputclick_play that
 * returned INPUTCLICK_PLAYS, INPUTCLICK_HELD or INPUTCLICK_SUSPECT) has been written to the device and has sounded
 * out, at most timeout_ms milliseconds. Call it before hiding the keyboard
 * for good or closing the context, or the end of the last click is cut off.
 * Returns at once when no stream is open or no click is pending.
 *
 * Returns 0 once everything sounded out. Errors: INPUTCLICK_ERROR_TIMEOUT
 * when the deadline passed first, or the stream closed or failed with clicks
 * unwritten; INPUTCLICK_ERROR_CLOSED when the context is or gets closed;
 * INPUTCLICK_ERROR_INVALID_ARGUMENT for a NULL context or a negative timeout.
 * Thread context: any thread; blocks up to timeout_ms.
 */
int inputclick_drain(inputclick_context *ctx, int timeout_ms);

/**
 * The open stream's actual format, which may differ from what was asked:
 * frames per second, channels, frames per period and per buffer. Any
 * out-pointer may be NULL when that value is not wanted.
 *
 * Returns 0; INPUTCLICK_ERROR_NO_STREAM when no stream is open;
 * INPUTCLICK_ERROR_INVALID_ARGUMENT for a NULL context;
 * INPUTCLICK_ERROR_CLOSED.
 * Thread context: any thread; takes a short internal lock.
 */
int inputclick_stream_format(inputclick_context *ctx, int *sample_rate, int *channels,
                             int *period_frames, int *buffer_frames);

/**
 * Latency percentiles (nearest rank) over the most recent clicks played
 * (up to 4096) since the context opened or inputclick_reset_latency(), in
 * microseconds, for one measure (INPUTCLICK_MEASURE_*). *count receives
 * the number of clicks covered; with no clicks every figure is 0. Any
 * out-pointer may be NULL when that value is not wanted.
 *
 * Returns 0; INPUTCLICK_ERROR_INVALID_ARGUMENT for a NULL context or an
 * unknown measure; INPUTCLICK_ERROR_CLOSED.
 * Thread context: any thread but one that must not block (it copies and
 * sorts the figures); lock-free.
 */
int inputclick_latency(inputclick_context *ctx, int measure, size_t *count,
                       double *p50_us, double *p95_us, double *p99_us, double *max_us);

/**
 * Forgets the latency figures so far; later inputclick_latency() calls cover
 * only later clicks.
 *
 * Returns 0; INPUTCLICK_ERROR_INVALID_ARGUMENT for a NULL context;
 * INPUTCLICK_ERROR_CLOSED.
 * Thread context: any thread; real-time safe.
 */
int inputclick_reset_latency(inputclick_context *ctx);

/**
 * One of the context's counters (INPUTCLICK_STAT_*), stored in *value.
 *
 * Returns 0; INPUTCLICK_ERROR_INVALID_ARGUMENT for a NULL context, a NULL
 * value or an unknown counter; INPUTCLICK_ERROR_CLOSED.
 * Thread context: any thread; takes a short internal lock.
 */
int inputclick_statistic(inputclick_context *ctx, int which, uint64_t *value);

/**
 * Copies the context's most recent warning (a malformed settings file, a
 * refused sound-pack file, a device that cannot be opened or went away)
 * into buf, like inputclick_last_error_message(). Warnings never stop
 * clicks from being attempted: the last good settings and the bundled
 * sounds stay in force, and a lost device is retried.
 *
 * Returns the warning's full length in bytes (0 if there was none);
 * INPUTCLICK_ERROR_INVALID_ARGUMENT for a NULL context, or NULL buf with
 * size > 0; INPUTCLICK_ERROR_CLOSED.
 * Thread context: any thread; takes a short internal lock.
 */
int inputclick_last_warning(inputclick_context *ctx, char *buf, size_t size);

/* Host settings ----------------------------------------------------------
 *
 * A host may set the volume, the profile and the sound pack itself, for
 * example from its own preferences. These host settings live in memory only
 * and sit over the user's settings file; the INPUTCLICK_* environment
 * variables stay on top as the user's emergency override. The order, lowest
 * first: the defaults, the desktop (GNOME, feedbackd), the settings file,
 * the host settings, the environment. Each host setting can be cleared, so
 * that the user's value applies again. A host setting survives reloads of
 * the settings file and lasts until cleared or the context closes.
 */

/**
 * Sets the click volume, 0 to 1 (mapped perceptually like the settings
 * file's volume), over the settings file. NAN clears the host's volume.
 *
 * Returns 0; INPUTCLICK_ERROR_INVALID_ARGUMENT for a NULL context or a
 * volume outside 0 to 1 (including infinities); INPUTCLICK_ERROR_CLOSED.
 * Thread context: any thread; takes short internal locks.
 */
int inputclick_set_volume(inputclick_context *ctx, double volume);

/**
 * Sets the profile, "full", "quiet" or "silent" (any case), over the
 * settings file. NULL clears the host's profile.
 *
 * Returns 0; INPUTCLICK_ERROR_INVALID_ARGUMENT for a NULL context or an
 * unknown, empty or non-UTF-8 profile; INPUTCLICK_ERROR_CLOSED.
 * Thread context: any thread; takes short internal locks.
 */
int inputclick_set_profile(inputclick_context *ctx, const char *profile);

/**
 * Sets the sound-pack directory over the settings file: an absolute path,
 * "~/..." for the home directory, or a path relative to the current
 * directory; "" means the bundled sounds (and the sound theme). NULL clears
 * the host's sound pack. The sounds load in the background; refused files
 * are reported through inputclick_last_warning() as with the settings file.
 *
 * Returns 0; INPUTCLICK_ERROR_INVALID_ARGUMENT for a NULL context or a path
 * that is over 4096 bytes, not UTF-8, or uses "~" that cannot expand;
 * INPUTCLICK_ERROR_CLOSED.
 * Thread context: any thread; takes short internal locks.
 */
int inputclick_set_sound_pack(inputclick_context *ctx, const char *path);

/**
 * Clears every host setting, so the user's settings apply again.
 *
 * Returns 0; INPUTCLICK_ERROR_INVALID_ARGUMENT for a NULL context;
 * INPUTCLICK_ERROR_CLOSED.
 * Thread context: any thread; takes short internal locks.
 */
int inputclick_clear_host_settings(inputclick_context *ctx);

#ifdef __cplusplus
}
#endif

#endif /* INPUTCLICK_H */
