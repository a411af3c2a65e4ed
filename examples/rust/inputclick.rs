//! Declarations of the InputClick C interface (inputclick.h) for Rust, with
//! no crates: `mod inputclick;` next to this file, and link with
//! `rustc -L native=<libdir> -C link-arg=-Wl,-rpath,<libdir>` (see
//! scripts/test-plugin.sh, which takes both from pkg-config).
//!
//! Every function is `unsafe` as all FFI is; the helpers at the end wrap the
//! string results. Thread context: as documented in inputclick.h.
#![allow(dead_code)]

use std::ffi::CStr;
use std::os::raw::{c_char, c_double, c_int, c_void};

/// Opaque `inputclick_context`.
#[repr(C)]
pub struct Context {
    _private: [u8; 0],
}

/// Opaque `inputclick_options`.
#[repr(C)]
pub struct Options {
    _private: [u8; 0],
}

pub const VERSION_STRING: &str = "0.1.0";
pub const VERSION_NUMBER: c_int = 100;

pub const OK: c_int = 0;
pub const ERROR: c_int = -1;
pub const ERROR_INVALID_ARGUMENT: c_int = -2;
pub const ERROR_INVALID_KIND: c_int = -3;
pub const ERROR_CLOSED: c_int = -4;
pub const ERROR_NO_SUCH_DEVICE: c_int = -5;
pub const ERROR_DEVICE_UNAVAILABLE: c_int = -6;
pub const ERROR_NO_STREAM: c_int = -7;
pub const ERROR_TIMEOUT: c_int = -8;
pub const ERROR_SETTINGS: c_int = -9;

pub const KIND_KEY: c_int = 0;
pub const KIND_DELETE: c_int = 1;
pub const KIND_MODIFIER: c_int = 2;
pub const KIND_SPACE: c_int = 3;
pub const KIND_RETURN: c_int = 4;

pub const PLAYS: c_int = 0;
pub const CLICKS_OFF: c_int = 1;
pub const SILENT_PROFILE: c_int = 2;
pub const NO_VISIBLE_INPUT_VIEW: c_int = 3;
pub const NOT_OPTED_IN: c_int = 4;
pub const RATE_LIMITED: c_int = 5;
pub const NO_OUTPUT: c_int = 6;
pub const QUEUE_FULL: c_int = 7;
pub const DEVICE_LOST: c_int = 8;
pub const HELD: c_int = 9;
pub const SUSPECT: c_int = 10;

pub const STATE_CLOSED: c_int = 0;
pub const STATE_RUNNING: c_int = 1;
pub const STATE_LINGERING: c_int = 2;
pub const STATE_WAITING_FOR_DEVICE: c_int = 3;

pub const LATENCY_PROFILE_LOW: c_int = 0;
pub const LATENCY_PROFILE_CONSERVATIVE: c_int = 1;
pub const SERVER_LATENCY_LOWEST: c_int = 0;
pub const SERVER_LATENCY_BALANCED: c_int = 1;
pub const SERVER_LATENCY_ECONOMY: c_int = 2;
pub const BACKEND_AUTO: c_int = 0;
pub const BACKEND_ALSA: c_int = 1;
pub const BACKEND_PIPEWIRE: c_int = 2;
pub const BACKEND_PULSEAUDIO: c_int = 3;
pub const MEASURE_CALL_TO_WRITE: c_int = 0;
pub const MEASURE_CALL_TO_CONVERTER: c_int = 1;

pub const STAT_OPENS: c_int = 0;
pub const STAT_FAULTS: c_int = 1;
pub const STAT_UNDERRUNS: c_int = 2;
pub const STAT_SUSPENDS: c_int = 3;
pub const STAT_DROPPED_CLICKS: c_int = 4;
pub const STAT_REALTIME: c_int = 5;
pub const STAT_SCHEDULING: c_int = 6;
pub const STAT_QUEUE_FULL: c_int = 7;
pub const STAT_HELD: c_int = 8;
pub const STAT_HELD_DROPPED: c_int = 9;
pub const STAT_LOST_WITH_DEVICE: c_int = 10;
pub const STAT_STALE_DROPPED: c_int = 11;
pub const STAT_ABANDONED_CALLS: c_int = 12;
pub const STAT_SUSPECT: c_int = 13;

pub const SCHEDULING_REWIND: c_int = 0;
pub const SCHEDULING_ON_DEMAND: c_int = 1;
pub const SCHEDULING_APPEND: c_int = 2;

pub const LOG_DEBUG: c_int = 0;
pub const LOG_INFO: c_int = 1;
pub const LOG_WARNING: c_int = 2;

/// `inputclick_log_callback`: called with a level (LOG_*), one line of UTF-8
/// valid only during the call, and the user data; see inputclick.h for its
/// threads and rules (it must not call into the library, nor panic).
pub type LogCallback = extern "C" fn(level: c_int, message: *const c_char, userdata: *mut c_void);

#[link(name = "inputclick")]
extern "C" {
    pub fn inputclick_version() -> *const c_char;
    pub fn inputclick_version_number() -> c_int;
    pub fn inputclick_strerror(code: c_int) -> *const c_char;
    pub fn inputclick_decision_name(decision: c_int) -> *const c_char;
    pub fn inputclick_decision_description(decision: c_int) -> *const c_char;
    pub fn inputclick_kind_name(kind: c_int) -> *const c_char;
    pub fn inputclick_state_name(state: c_int) -> *const c_char;
    pub fn inputclick_last_error_message(buf: *mut c_char, size: usize) -> c_int;

    pub fn inputclick_options_create(out: *mut *mut Options) -> c_int;
    pub fn inputclick_options_destroy(options: *mut Options) -> c_int;
    pub fn inputclick_options_set_device(options: *mut Options, device: *const c_char) -> c_int;
    pub fn inputclick_options_set_latency_profile(options: *mut Options, profile: c_int) -> c_int;
    pub fn inputclick_options_set_server_latency(options: *mut Options, policy: c_int) -> c_int;
    pub fn inputclick_options_set_backend(options: *mut Options, backend: c_int) -> c_int;
    pub fn inputclick_options_set_latency_frames(options: *mut Options, period_frames: c_int, periods: c_int) -> c_int;
    pub fn inputclick_options_set_linger_ms(options: *mut Options, milliseconds: c_int) -> c_int;
    pub fn inputclick_options_set_settings_file(options: *mut Options, path: *const c_char) -> c_int;
    pub fn inputclick_options_set_watch_settings(options: *mut Options, watch: c_int) -> c_int;
    pub fn inputclick_options_set_warnings_to_stderr(options: *mut Options, enabled: c_int) -> c_int;
    pub fn inputclick_options_set_log_callback(options: *mut Options, callback: Option<LogCallback>,
                                               userdata: *mut c_void) -> c_int;

    pub fn inputclick_open(device: *const c_char, out: *mut *mut Context) -> c_int;
    pub fn inputclick_open_with_options(options: *const Options, out: *mut *mut Context) -> c_int;
    pub fn inputclick_close(ctx: *mut Context) -> c_int;
    pub fn inputclick_set_visible_views(ctx: *mut Context, enable_input_clicks_when_visible: *const c_int, count: usize) -> c_int;
    pub fn inputclick_set_secure_text_entry(ctx: *mut Context, secure: c_int) -> c_int;
    pub fn inputclick_play(ctx: *mut Context, kind: c_int) -> c_int;
    pub fn inputclick_decision(ctx: *mut Context, kind: c_int) -> c_int;
    pub fn inputclick_reload_settings(ctx: *mut Context) -> c_int;
    pub fn inputclick_state(ctx: *mut Context) -> c_int;
    pub fn inputclick_wait_until_running(ctx: *mut Context, timeout_ms: c_int) -> c_int;
    pub fn inputclick_drain(ctx: *mut Context, timeout_ms: c_int) -> c_int;
    pub fn inputclick_stream_format(ctx: *mut Context, sample_rate: *mut c_int, channels: *mut c_int,
                                    period_frames: *mut c_int, buffer_frames: *mut c_int) -> c_int;
    pub fn inputclick_latency(ctx: *mut Context, measure: c_int, count: *mut usize, p50_us: *mut c_double,
                              p95_us: *mut c_double, p99_us: *mut c_double, max_us: *mut c_double) -> c_int;
    pub fn inputclick_reset_latency(ctx: *mut Context) -> c_int;
    pub fn inputclick_statistic(ctx: *mut Context, which: c_int, value: *mut u64) -> c_int;
    pub fn inputclick_last_warning(ctx: *mut Context, buf: *mut c_char, size: usize) -> c_int;
    pub fn inputclick_set_volume(ctx: *mut Context, volume: c_double) -> c_int;
    pub fn inputclick_set_profile(ctx: *mut Context, profile: *const c_char) -> c_int;
    pub fn inputclick_set_sound_pack(ctx: *mut Context, path: *const c_char) -> c_int;
    pub fn inputclick_clear_host_settings(ctx: *mut Context) -> c_int;
}

/// A static string the library returned, as a Rust string.
pub fn text(pointer: *const c_char) -> String {
    if pointer.is_null() {
        return String::new();
    }
    unsafe { CStr::from_ptr(pointer) }.to_string_lossy().into_owned()
}

/// `inputclick_strerror`.
pub fn strerror(code: c_int) -> String {
    text(unsafe { inputclick_strerror(code) })
}

/// `inputclick_decision_name`.
pub fn decision_name(decision: c_int) -> String {
    text(unsafe { inputclick_decision_name(decision) })
}

/// The calling thread's last error message.
pub fn last_error_message() -> String {
    let length = unsafe { inputclick_last_error_message(std::ptr::null_mut(), 0) };
    if length <= 0 {
        return String::new();
    }
    let mut buffer = vec![0u8; length as usize + 1];
    unsafe { inputclick_last_error_message(buffer.as_mut_ptr() as *mut c_char, buffer.len()) };
    buffer.truncate(length as usize);
    String::from_utf8_lossy(&buffer).into_owned()
}

/// A context's last warning.
pub fn last_warning(ctx: *mut Context) -> String {
    let length = unsafe { inputclick_last_warning(ctx, std::ptr::null_mut(), 0) };
    if length <= 0 {
        return String::new();
    }
    let mut buffer = vec![0u8; length as usize + 1];
    unsafe { inputclick_last_warning(ctx, buffer.as_mut_ptr() as *mut c_char, buffer.len()) };
    buffer.truncate(length as usize);
    String::from_utf8_lossy(&buffer).into_owned()
}
