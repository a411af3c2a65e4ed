#!/usr/bin/env python3
"""Tests the InputClick C interface from Python through ctypes: version,
error names, bad arguments, a device that does not exist, the gate's
decisions through the real-time virtual sink, and latency figures.

Run:  INPUTCLICK_LIBRARY=/prefix/lib/libinputclick.so.0 INPUTCLICK_TEST_DEVICE=inputclick_sink python3 test_inputclick.py
Prints one line per check and "N passed, M failed"; exits 1 on any failure.
"""
import ctypes
import os
import sys
import tempfile
import threading
import time

import inputclick as ic
from inputclick import lib

passed = failed = 0
DEVICE = os.environ.get("INPUTCLICK_TEST_DEVICE") or "inputclick_sink"


def check(ok, name, detail=""):
    global passed, failed
    if ok:
        passed += 1
        print(f"ok - {name}")
    else:
        failed += 1
        print(f"FAIL - {name}" + (f": {detail}" if detail else ""))


def describe(result):
    return f"{result} ({ic.strerror(result) if result < 0 else ic.decision_name(result)})"


def check_code(result, expected, name):
    check(result == expected, name, f"got {describe(result)}, expected {describe(expected)}; "
                                    f"last message: {ic.last_error_message()}")


def test_version_and_names():
    check(ic.version() == ic.VERSION_STRING, "version string matches the binding", ic.version())
    check(lib.inputclick_version_number() == ic.VERSION_NUMBER, "version number matches the binding")
    sentences = [ic.strerror(code) for code in ic.ERROR_CODES]
    check(all(s and s != "unknown error code" for s in sentences), "strerror names every code", repr(sentences))
    check(len(set(sentences)) == len(ic.ERROR_CODES), "each code has its own sentence")
    check(ic.strerror(-10) == "unknown error code" and ic.strerror(3) == "unknown error code", "an unknown code says so")
    names = [ic.decision_name(d) for d in range(11)]
    check(names == ["plays", "clicks-off", "silent-profile", "no-visible-input-view", "not-opted-in", "rate-limited",
                    "no-output", "queue-full", "device-lost", "held", "suspect"], "decision names", repr(names))
    check(ic.decision_name(11) == "unknown", "unknown decision name")


def test_bad_arguments():
    handle = ctypes.c_void_p(12345)
    check_code(lib.inputclick_open(None, None), ic.ERROR_INVALID_ARGUMENT, "open with a NULL out-pointer")
    check_code(lib.inputclick_open(b"", ctypes.byref(handle)), ic.ERROR_INVALID_ARGUMENT, "open with an empty name")
    check(not handle.value, "a failed open stores NULL")
    check_code(lib.inputclick_open(b"\xff\xff", ctypes.byref(handle)), ic.ERROR_INVALID_ARGUMENT, "open with bytes that are not UTF-8")
    check("UTF-8" in ic.last_error_message(), "the message says so", ic.last_error_message())
    check_code(lib.inputclick_play(None, 0), ic.ERROR_INVALID_ARGUMENT, "play on NULL")
    check_code(lib.inputclick_decision(None, 0), ic.ERROR_INVALID_ARGUMENT, "decision on NULL")
    check_code(lib.inputclick_state(None), ic.ERROR_INVALID_ARGUMENT, "state on NULL")
    check_code(lib.inputclick_set_visible_views(None, None, 0), ic.ERROR_INVALID_ARGUMENT, "set_visible_views on NULL")
    check_code(lib.inputclick_close(None), ic.ERROR_INVALID_ARGUMENT, "close on NULL")
    check_code(lib.inputclick_options_create(None), ic.ERROR_INVALID_ARGUMENT, "options_create with a NULL out-pointer")
    check_code(lib.inputclick_last_error_message(None, 5), ic.ERROR_INVALID_ARGUMENT, "message into NULL with a size")
    options = ic.Options()
    check_code(lib.inputclick_options_set_linger_ms(options.handle, 3_600_001), ic.ERROR_INVALID_ARGUMENT, "a linger over an hour")
    check_code(lib.inputclick_options_destroy(options.handle), ic.OK, "destroy options")
    check_code(lib.inputclick_options_destroy(options.handle), ic.ERROR_CLOSED, "a second destroy is harmless")


def test_nonexistent_device():
    try:
        ic.Context("inputclick_no_such_device").close()
        check(False, "a device that does not exist fails to open", "it opened")
    except ic.InputClickError as error:
        check_code(error.code, ic.ERROR_NO_SUCH_DEVICE, "a device that does not exist fails to open")
        check("inputclick_no_such_device" in str(error), "the message names the device", str(error))


def test_clicks(settings_file):
    options = ic.Options(device=DEVICE, settings_file=settings_file, watch_settings=False, warnings_to_stderr=False,
                         linger_ms=200)
    keyboard = ic.Context(options=options)
    options.destroy()
    with keyboard:
        check_code(keyboard.play(), ic.NO_VISIBLE_INPUT_VIEW, "hidden keyboard: no visible input view")
        check_code(lib.inputclick_play(keyboard.handle, 5), ic.ERROR_INVALID_KIND, "kind 5 is refused")
        check_code(lib.inputclick_set_visible_views(keyboard.handle, None, 2), ic.ERROR_INVALID_ARGUMENT,
                   "NULL views with a count")
        keyboard.set_visible_views([False, False])
        check_code(keyboard.play(ic.KIND_SPACE), ic.NOT_OPTED_IN, "views that do not opt in")
        keyboard.set_visible_views([False, True])
        check_code(keyboard.wait_until_running(5000), ic.OK, "the stream runs within 5 s")
        check_code(keyboard.state(), ic.STATE_RUNNING, "state is running")
        for kind in range(5):
            name = lib.inputclick_kind_name(kind).decode()
            check_code(keyboard.play(kind), ic.PLAYS, f"a {name} tap plays through the sink")
            time.sleep(0.025)
        deadline = time.monotonic() + 2
        while keyboard.latency(ic.MEASURE_CALL_TO_WRITE)[0] < 5 and time.monotonic() < deadline:
            time.sleep(0.01)
        count, p50, p95, p99, maximum = keyboard.latency(ic.MEASURE_CALL_TO_WRITE)
        check(count >= 5 and 0 < p50 <= p95 <= p99 <= maximum, "latency figures after clicks",
              f"n={count} p50={p50} p95={p95} p99={p99} max={maximum}")
        print(f"# call to write: p50 {p50:.0f} us, max {maximum:.0f} us over {count}")
        stat = ctypes.c_uint64()
        check_code(lib.inputclick_statistic(keyboard.handle, ic.STAT_OPENS, ctypes.byref(stat)), ic.OK, "opens counter")
        check(stat.value >= 1, "a stream was opened")
        keyboard.set_visible_views([])
        check_code(keyboard.play(), ic.NO_VISIBLE_INPUT_VIEW, "hidden again: no visible input view")
        keyboard.close()
        check_code(lib.inputclick_close(keyboard.handle), ic.ERROR_CLOSED, "a second close is harmless")
        check_code(lib.inputclick_play(keyboard.handle, 0), ic.ERROR_CLOSED, "play after close")


def test_log_callback(settings_file):
    """alsa-lib's messages and the warning of a device that never opens reach the callback."""
    received = []
    changed = threading.Condition()

    def log(level, message):
        with changed:
            received.append((level, message))
            changed.notify_all()

    def no_card_messages():
        return sum(1 for level, message in received
                   if level == ic.LOG_DEBUG and "cannot find card 'inputclick_no_such_card'" in message)

    options = ic.Options(device="inputclick_no_card", settings_file=settings_file, watch_settings=False, log=log)
    keyboard = ic.Context(options=options)
    options.destroy()
    with keyboard:
        keyboard.set_visible_views([True])
        with changed:
            changed.wait_for(lambda: no_card_messages() >= 2, timeout=20)
    with changed:
        warnings = [message for level, message in received if level == ic.LOG_WARNING]
        check(no_card_messages() >= 2, "the log callback gets alsa-lib's message of each try", repr(received[:6]))
        check(len(warnings) == 1 and "inputclick_no_card" in warnings[0], "and one warning naming the device", repr(warnings))
        check(all(level in (ic.LOG_DEBUG, ic.LOG_INFO, ic.LOG_WARNING) for level, _ in received), "every level is a LOG_* value")


def test_settings(directory):
    path = os.path.join(directory, "settings.conf")
    with open(path, "w") as file:
        file.write("clicks = sometimes\n")
    options = ic.Options(device=DEVICE, settings_file=path, watch_settings=False, warnings_to_stderr=False)
    with ic.Context(options=options) as keyboard:
        options.destroy()
        check(path in keyboard.last_warning(), "a malformed settings file is a warning naming it", keyboard.last_warning())
        check_code(lib.inputclick_reload_settings(keyboard.handle), ic.ERROR_SETTINGS, "reloading it fails")
        check(f"{path}:1:" in ic.last_error_message(), "the message names file and line", ic.last_error_message())
        with open(path, "w") as file:
            file.write("clicks = off\n")
        keyboard.reload_settings()
        keyboard.set_visible_views([True])
        check_code(keyboard.play(), ic.CLICKS_OFF, "clicks off in the settings")
        with open(path, "w") as file:
            file.write("profile = silent\n")
        keyboard.reload_settings()
        check_code(keyboard.decision(), ic.SILENT_PROFILE, "the file's silent profile")
        keyboard.set_profile("full")
        check_code(keyboard.wait_until_running(20000), 0, "the stream runs")
        check_code(keyboard.decision(), ic.PLAYS, "the host's profile wins over the file's")
        try:
            keyboard.set_volume(2)
            check(False, "a volume above 1 is refused")
        except ic.InputClickError as error:
            check(error.code == ic.ERROR_INVALID_ARGUMENT and "volume" in str(error), "a volume above 1 is refused", str(error))
        keyboard.set_volume(None)
        keyboard.set_sound_pack("")
        keyboard.set_profile(None)
        check_code(keyboard.decision(), ic.SILENT_PROFILE, "a cleared host profile lets the file's apply again")
        keyboard.set_profile("quiet")
        keyboard.clear_host_settings()
        check_code(keyboard.decision(), ic.SILENT_PROFILE, "clear_host_settings clears them all")


def test_threads(settings_file):
    options = ic.Options(device=DEVICE, settings_file=settings_file, warnings_to_stderr=False, linger_ms=0)
    keyboard = ic.Context(options=options)
    options.destroy()
    keyboard.set_visible_views([True])
    keyboard.wait_until_running(5000)
    bad = []

    def tap():
        for i in range(100000):
            result = lib.inputclick_play(keyboard.handle, i % 5)
            if result == ic.ERROR_CLOSED:
                return
            if not 0 <= result <= ic.SUSPECT:
                bad.append(result)

    threads = [threading.Thread(target=tap) for _ in range(3)]
    for thread in threads:
        thread.start()
    time.sleep(0.1)
    keyboard.close()
    for thread in threads:
        thread.join()
    check(not bad, "threads tapping while the context closes see decisions, then CLOSED", repr(bad[:5]))


def main():
    print(f"# inputclick {ic.version()}, device '{DEVICE}'")
    with tempfile.TemporaryDirectory(prefix="inputclick-python-test-") as directory:
        empty_settings = os.path.join(directory, "none.conf")
        for test in (test_version_and_names, test_bad_arguments, test_nonexistent_device):
            test()
        for test in (test_clicks, test_threads, test_log_callback):
            try:
                test(empty_settings)
            except ic.InputClickError as error:
                check(False, f"{test.__name__} raised", str(error))
        try:
            test_settings(directory)
        except ic.InputClickError as error:
            check(False, "test_settings raised", str(error))
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
