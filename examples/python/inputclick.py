"""ctypes binding of the InputClick C interface (inputclick.h).

The library is found, in order, at $INPUTCLICK_LIBRARY (a path to the .so),
in the lib directory pkg-config reports for `inputclick`, or by the system's
loader search (ctypes.util.find_library).

    import inputclick
    with inputclick.Context("default") as keyboard:
        keyboard.set_visible_views([True])          # the keyboard shows; the device opens
        keyboard.play(inputclick.KIND_KEY)          # on every tap -> PLAYS or why not
        keyboard.set_visible_views([])              # hidden

Functions return what the C functions return; the Context class raises
InputClickError (with .code and the library's message) for negative results.
Thread context: as in inputclick.h; ctypes releases the GIL during each call.
"""
import ctypes
import ctypes.util
import os
import subprocess

# Results (inputclick.h).
OK = 0
ERROR = -1
ERROR_INVALID_ARGUMENT = -2
ERROR_INVALID_KIND = -3
ERROR_CLOSED = -4
ERROR_NO_SUCH_DEVICE = -5
ERROR_DEVICE_UNAVAILABLE = -6
ERROR_NO_STREAM = -7
ERROR_TIMEOUT = -8
ERROR_SETTINGS = -9
ERROR_CODES = [OK, ERROR, ERROR_INVALID_ARGUMENT, ERROR_INVALID_KIND, ERROR_CLOSED, ERROR_NO_SUCH_DEVICE,
               ERROR_DEVICE_UNAVAILABLE, ERROR_NO_STREAM, ERROR_TIMEOUT, ERROR_SETTINGS]

# Click kinds.
KIND_KEY, KIND_DELETE, KIND_MODIFIER, KIND_SPACE, KIND_RETURN = range(5)
# Decisions.
PLAYS, CLICKS_OFF, SILENT_PROFILE, NO_VISIBLE_INPUT_VIEW, NOT_OPTED_IN, RATE_LIMITED, NO_OUTPUT, QUEUE_FULL, DEVICE_LOST, HELD, SUSPECT = range(11)
# Stream states.
STATE_CLOSED, STATE_RUNNING, STATE_LINGERING, STATE_WAITING_FOR_DEVICE = range(4)
# Latency profiles and measures.
LATENCY_PROFILE_LOW, LATENCY_PROFILE_CONSERVATIVE = range(2)
SERVER_LATENCY_LOWEST, SERVER_LATENCY_BALANCED, SERVER_LATENCY_ECONOMY = range(3)
BACKEND_AUTO, BACKEND_ALSA, BACKEND_PIPEWIRE, BACKEND_PULSEAUDIO = range(4)
MEASURE_CALL_TO_WRITE, MEASURE_CALL_TO_CONVERTER = range(2)
# Counters.
(STAT_OPENS, STAT_FAULTS, STAT_UNDERRUNS, STAT_SUSPENDS, STAT_DROPPED_CLICKS, STAT_REALTIME, STAT_SCHEDULING,
 STAT_QUEUE_FULL, STAT_HELD, STAT_HELD_DROPPED, STAT_LOST_WITH_DEVICE,
 STAT_STALE_DROPPED, STAT_ABANDONED_CALLS, STAT_SUSPECT) = range(14)
# Scheduling modes (the value of STAT_SCHEDULING).
SCHEDULING_REWIND, SCHEDULING_ON_DEMAND, SCHEDULING_APPEND = range(3)
# Log levels (the log callback's first argument).
LOG_DEBUG, LOG_INFO, LOG_WARNING = range(3)

# The header version this binding was written against.
VERSION_STRING = "0.1.0"
VERSION_NUMBER = 100


def _library_path():
    explicit = os.environ.get("INPUTCLICK_LIBRARY")
    if explicit:
        return explicit
    try:
        libdir = subprocess.run(["pkg-config", "--variable=libdir", "inputclick"], capture_output=True,
                                text=True, check=True).stdout.strip()
        candidate = os.path.join(libdir, "libinputclick.so.0")
        if libdir and os.path.exists(candidate):
            return candidate
    except (OSError, subprocess.CalledProcessError):
        pass
    return ctypes.util.find_library("inputclick") or "libinputclick.so.0"


lib = ctypes.CDLL(_library_path())

_c_int, _c_size, _c_double, _c_u64 = ctypes.c_int, ctypes.c_size_t, ctypes.c_double, ctypes.c_uint64
_handle, _text = ctypes.c_void_p, ctypes.c_char_p
_out_handle = ctypes.POINTER(ctypes.c_void_p)
# inputclick_log_callback: void (*)(int level, const char *message, void *userdata).
LOG_CALLBACK = ctypes.CFUNCTYPE(None, _c_int, ctypes.c_char_p, ctypes.c_void_p)
_signatures = {
    "inputclick_version": (_text, []),
    "inputclick_version_number": (_c_int, []),
    "inputclick_strerror": (_text, [_c_int]),
    "inputclick_decision_name": (_text, [_c_int]),
    "inputclick_decision_description": (_text, [_c_int]),
    "inputclick_kind_name": (_text, [_c_int]),
    "inputclick_state_name": (_text, [_c_int]),
    "inputclick_last_error_message": (_c_int, [ctypes.c_char_p, _c_size]),
    "inputclick_options_create": (_c_int, [_out_handle]),
    "inputclick_options_destroy": (_c_int, [_handle]),
    "inputclick_options_set_device": (_c_int, [_handle, _text]),
    "inputclick_options_set_latency_profile": (_c_int, [_handle, _c_int]),
    "inputclick_options_set_server_latency": (_c_int, [_handle, _c_int]),
    "inputclick_options_set_backend": (_c_int, [_handle, _c_int]),
    "inputclick_options_set_latency_frames": (_c_int, [_handle, _c_int, _c_int]),
    "inputclick_options_set_linger_ms": (_c_int, [_handle, _c_int]),
    "inputclick_options_set_settings_file": (_c_int, [_handle, _text]),
    "inputclick_options_set_watch_settings": (_c_int, [_handle, _c_int]),
    "inputclick_options_set_warnings_to_stderr": (_c_int, [_handle, _c_int]),
    "inputclick_options_set_log_callback": (_c_int, [_handle, LOG_CALLBACK, ctypes.c_void_p]),
    "inputclick_open": (_c_int, [_text, _out_handle]),
    "inputclick_open_with_options": (_c_int, [_handle, _out_handle]),
    "inputclick_close": (_c_int, [_handle]),
    "inputclick_set_visible_views": (_c_int, [_handle, ctypes.POINTER(_c_int), _c_size]),
    "inputclick_set_secure_text_entry": (_c_int, [_handle, _c_int]),
    "inputclick_play": (_c_int, [_handle, _c_int]),
    "inputclick_decision": (_c_int, [_handle, _c_int]),
    "inputclick_reload_settings": (_c_int, [_handle]),
    "inputclick_state": (_c_int, [_handle]),
    "inputclick_wait_until_running": (_c_int, [_handle, _c_int]),
    "inputclick_drain": (_c_int, [_handle, _c_int]),
    "inputclick_stream_format": (_c_int, [_handle] + [ctypes.POINTER(_c_int)] * 4),
    "inputclick_latency": (_c_int, [_handle, _c_int, ctypes.POINTER(_c_size)] + [ctypes.POINTER(_c_double)] * 4),
    "inputclick_reset_latency": (_c_int, [_handle]),
    "inputclick_statistic": (_c_int, [_handle, _c_int, ctypes.POINTER(_c_u64)]),
    "inputclick_last_warning": (_c_int, [_handle, ctypes.c_char_p, _c_size]),
    "inputclick_set_volume": (_c_int, [_handle, _c_double]),
    "inputclick_set_profile": (_c_int, [_handle, _text]),
    "inputclick_set_sound_pack": (_c_int, [_handle, _text]),
    "inputclick_clear_host_settings": (_c_int, [_handle]),
}
for _name, (_restype, _argtypes) in _signatures.items():
    _function = getattr(lib, _name)
    _function.restype = _restype
    _function.argtypes = _argtypes


def version():
    """The library's version string."""
    return lib.inputclick_version().decode()


def strerror(code):
    """The sentence naming a result code."""
    return lib.inputclick_strerror(code).decode()


def decision_name(decision):
    """The stable identifier of a decision ("plays", "not-opted-in", ...)."""
    return lib.inputclick_decision_name(decision).decode()


def last_error_message():
    """The calling thread's last error message."""
    length = lib.inputclick_last_error_message(None, 0)
    if length <= 0:
        return ""
    buffer = ctypes.create_string_buffer(length + 1)
    lib.inputclick_last_error_message(buffer, len(buffer))
    return buffer.value.decode("utf-8", "replace")


class InputClickError(Exception):
    """A negative result: .code is the INPUTCLICK_ERROR_* value."""

    def __init__(self, code, message):
        super().__init__(f"{strerror(code)}: {message}")
        self.code = code


def check(result):
    """Raises InputClickError for a negative result; returns it otherwise."""
    if result < 0:
        raise InputClickError(result, last_error_message())
    return result


class Options:
    """inputclick_options: device, latency, linger, settings file, warnings, log.

    log, if given, is called as log(level, message) with LOG_DEBUG (alsa-lib's
    own messages), LOG_INFO or LOG_WARNING and a str, on the library's threads
    (see inputclick_log_callback in inputclick.h); the context's messages then
    go there instead of standard error. It must not call into the library.
    A context opened with these options keeps the callback alive until it closes.
    """

    def __init__(self, device=None, latency_frames=None, linger_ms=None, settings_file=None,
                 watch_settings=None, warnings_to_stderr=None, log=None):
        self.handle = ctypes.c_void_p()
        self.log_callback = None
        check(lib.inputclick_options_create(ctypes.byref(self.handle)))
        if device is not None:
            check(lib.inputclick_options_set_device(self.handle, device.encode()))
        if latency_frames is not None:
            check(lib.inputclick_options_set_latency_frames(self.handle, *latency_frames))
        if linger_ms is not None:
            check(lib.inputclick_options_set_linger_ms(self.handle, linger_ms))
        if settings_file is not None:
            check(lib.inputclick_options_set_settings_file(self.handle, os.fsencode(settings_file)))
        if watch_settings is not None:
            check(lib.inputclick_options_set_watch_settings(self.handle, int(watch_settings)))
        if warnings_to_stderr is not None:
            check(lib.inputclick_options_set_warnings_to_stderr(self.handle, int(warnings_to_stderr)))
        if log is not None:
            # ctypes calls into Python with the GIL taken; an exception is printed, never raised into C.
            self.log_callback = LOG_CALLBACK(lambda level, message, _: log(level, message.decode("utf-8", "replace")))
            check(lib.inputclick_options_set_log_callback(self.handle, self.log_callback, None))

    def destroy(self):
        lib.inputclick_options_destroy(self.handle)


class Context:
    """An open inputclick_context; a context manager that closes it."""

    def __init__(self, device=None, options=None):
        self.handle = ctypes.c_void_p()
        # The C function pointer must outlive the context, not just the options.
        self._log_callback = options.log_callback if options is not None else None
        if options is not None:
            check(lib.inputclick_open_with_options(options.handle, ctypes.byref(self.handle)))
        else:
            check(lib.inputclick_open(device.encode() if device else None, ctypes.byref(self.handle)))

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        """Closes the context; a second close is harmless."""
        if self.handle:
            lib.inputclick_close(self.handle)
            self._log_callback = None

    def set_visible_views(self, opt_in):
        """One truth value per visible input or accessory view; [] when the keyboard hides."""
        flags = (ctypes.c_int * len(opt_in))(*[int(bool(v)) for v in opt_in])
        check(lib.inputclick_set_visible_views(self.handle, flags if opt_in else None, len(opt_in)))

    def set_secure_text_entry(self, secure):
        check(lib.inputclick_set_secure_text_entry(self.handle, int(bool(secure))))

    def play(self, kind=KIND_KEY):
        """Plays a click if allowed; returns the decision (PLAYS or why not)."""
        return check(lib.inputclick_play(self.handle, kind))

    def decision(self, kind=KIND_KEY):
        return check(lib.inputclick_decision(self.handle, kind))

    def state(self):
        return check(lib.inputclick_state(self.handle))

    def wait_until_running(self, timeout_ms):
        """Returns 0, or the negative code (not raised: not yet running is an answer)."""
        return lib.inputclick_wait_until_running(self.handle, timeout_ms)

    def drain(self, timeout_ms):
        """Waits until every click played has sounded out; returns 0, or the negative code."""
        return lib.inputclick_drain(self.handle, timeout_ms)

    def latency(self, measure=MEASURE_CALL_TO_CONVERTER):
        """(count, p50, p95, p99, max) in microseconds."""
        count = ctypes.c_size_t()
        figures = [ctypes.c_double() for _ in range(4)]
        check(lib.inputclick_latency(self.handle, measure, ctypes.byref(count), *[ctypes.byref(f) for f in figures]))
        return (count.value,) + tuple(f.value for f in figures)

    def reload_settings(self):
        check(lib.inputclick_reload_settings(self.handle))

    def set_volume(self, volume):
        """Host volume 0..1 over the user's settings file; None clears it."""
        check(lib.inputclick_set_volume(self.handle, float("nan") if volume is None else float(volume)))

    def set_profile(self, profile):
        """Host profile ("full", "quiet", "silent") over the settings file; None clears it."""
        check(lib.inputclick_set_profile(self.handle, None if profile is None else profile.encode("utf-8")))

    def set_sound_pack(self, path):
        """Host sound-pack directory over the settings file ("" for the bundled sounds); None clears it."""
        check(lib.inputclick_set_sound_pack(self.handle, None if path is None else os.fsencode(path)))

    def clear_host_settings(self):
        """Clears every host setting, so the user's settings apply again."""
        check(lib.inputclick_clear_host_settings(self.handle))

    def last_warning(self):
        length = check(lib.inputclick_last_warning(self.handle, None, 0))
        buffer = ctypes.create_string_buffer(length + 1)
        lib.inputclick_last_warning(self.handle, buffer, len(buffer))
        return buffer.value.decode("utf-8", "replace")
