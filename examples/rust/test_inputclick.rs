//! Tests the InputClick C interface from Rust (plain rustc, `extern "C"`, no
//! crates): version, error names, bad arguments, a device that does not
//! exist, the gate's decisions through the real-time virtual sink, latency
//! figures, and threads tapping while the context closes.
//!
//! Build:  rustc --edition 2021 test_inputclick.rs -L native=<libdir> -C link-arg=-Wl,-rpath,<libdir>
//! Run:    INPUTCLICK_TEST_DEVICE=inputclick_sink ./test_inputclick
//! Prints one line per check and "N passed, M failed"; exits 1 on any failure.
mod inputclick;

use inputclick as ic;
use std::collections::HashSet;
use std::ffi::CString;
use std::ffi::CStr;
use std::os::raw::{c_char, c_int, c_void};
use std::ptr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread;
use std::time::{Duration, Instant};

struct Checks {
    passed: usize,
    failed: usize,
}

impl Checks {
    fn check(&mut self, ok: bool, name: &str, detail: &str) {
        if ok {
            self.passed += 1;
            println!("ok - {}", name);
        } else {
            self.failed += 1;
            if detail.is_empty() {
                println!("FAIL - {}", name);
            } else {
                println!("FAIL - {}: {}", name, detail);
            }
        }
    }

    fn code(&mut self, result: c_int, expected: c_int, name: &str) {
        let detail = format!("got {}, expected {}; last message: {}", describe(result), describe(expected), ic::last_error_message());
        self.check(result == expected, name, &detail);
    }
}

fn describe(result: c_int) -> String {
    let name = if result < 0 { ic::strerror(result) } else { ic::decision_name(result) };
    format!("{} ({})", result, name)
}

fn test_device() -> CString {
    let name = std::env::var("INPUTCLICK_TEST_DEVICE").ok().filter(|d| !d.is_empty());
    CString::new(name.unwrap_or_else(|| "inputclick_sink".to_string())).unwrap()
}

/// The context handle as an integer, so threads can share it (it is thread-safe by contract).
#[derive(Clone, Copy)]
struct SharedContext(usize);

fn open_test_context(checks: &mut Checks, settings: &CString, linger_ms: c_int) -> *mut ic::Context {
    let mut options: *mut ic::Options = ptr::null_mut();
    let mut ctx: *mut ic::Context = ptr::null_mut();
    unsafe {
        checks.code(ic::inputclick_options_create(&mut options), ic::OK, "create options");
        ic::inputclick_options_set_device(options, test_device().as_ptr());
        ic::inputclick_options_set_settings_file(options, settings.as_ptr());
        ic::inputclick_options_set_watch_settings(options, 0);
        ic::inputclick_options_set_warnings_to_stderr(options, 0);
        ic::inputclick_options_set_linger_ms(options, linger_ms);
        checks.code(ic::inputclick_open_with_options(options, &mut ctx), ic::OK, "open the test device");
        ic::inputclick_options_destroy(options);
    }
    ctx
}

fn test_version_and_names(checks: &mut Checks) {
    let version = ic::text(unsafe { ic::inputclick_version() });
    checks.check(version == ic::VERSION_STRING, "version string matches the binding", &version);
    checks.check(unsafe { ic::inputclick_version_number() } == ic::VERSION_NUMBER, "version number matches the binding", "");
    let mut sentences = HashSet::new();
    for code in (ic::ERROR_SETTINGS..=ic::OK).rev() {
        let sentence = ic::strerror(code);
        checks.check(!sentence.is_empty() && sentence != "unknown error code", &format!("strerror({}) names it", code), &sentence);
        sentences.insert(sentence);
    }
    checks.check(sentences.len() == 10, "each code has its own sentence", "");
    checks.check(ic::strerror(-42) == "unknown error code", "an unknown code says so", "");
    checks.check(ic::decision_name(ic::NO_OUTPUT) == "no-output", "decision names", "");
    checks.check(ic::decision_name(-3) == "unknown", "unknown decision name", "");
}

fn test_bad_arguments(checks: &mut Checks) {
    let mut ctx: *mut ic::Context = ptr::null_mut();
    let empty = CString::new("").unwrap();
    let not_utf8 = CString::new(vec![0xffu8, 0xfe]).unwrap();
    unsafe {
        checks.code(ic::inputclick_open(ptr::null(), ptr::null_mut()), ic::ERROR_INVALID_ARGUMENT, "open with a NULL out-pointer");
        checks.code(ic::inputclick_open(empty.as_ptr(), &mut ctx), ic::ERROR_INVALID_ARGUMENT, "open with an empty name");
        checks.code(ic::inputclick_open(not_utf8.as_ptr(), &mut ctx), ic::ERROR_INVALID_ARGUMENT, "open with a name that is not UTF-8");
        checks.check(ctx.is_null(), "failed opens store NULL", "");
        checks.code(ic::inputclick_play(ptr::null_mut(), 0), ic::ERROR_INVALID_ARGUMENT, "play on NULL");
        checks.code(ic::inputclick_wait_until_running(ptr::null_mut(), 10), ic::ERROR_INVALID_ARGUMENT, "wait on NULL");
        checks.code(ic::inputclick_statistic(ptr::null_mut(), 0, ptr::null_mut()), ic::ERROR_INVALID_ARGUMENT, "statistic on NULL");
        checks.code(ic::inputclick_close(ptr::null_mut()), ic::ERROR_INVALID_ARGUMENT, "close on NULL");
        checks.code(ic::inputclick_options_set_latency_profile(ptr::null_mut(), 0), ic::ERROR_INVALID_ARGUMENT, "options setter on NULL");
        checks.code(ic::inputclick_last_error_message(ptr::null_mut(), 9), ic::ERROR_INVALID_ARGUMENT, "message into NULL with a size");
    }
}

fn test_nonexistent_device(checks: &mut Checks) {
    let name = CString::new("inputclick_no_such_device").unwrap();
    let mut ctx: *mut ic::Context = ptr::null_mut();
    let result = unsafe { ic::inputclick_open(name.as_ptr(), &mut ctx) };
    checks.code(result, ic::ERROR_NO_SUCH_DEVICE, "a device that does not exist fails to open");
    let message = ic::last_error_message();
    checks.check(message.contains("inputclick_no_such_device"), "the message names the device", &message);
    if !ctx.is_null() {
        unsafe { ic::inputclick_close(ctx) };
    }
}

fn latency(ctx: *mut ic::Context) -> (usize, f64, f64, f64, f64) {
    let (mut count, mut p50, mut p95, mut p99, mut max) = (0usize, 0.0, 0.0, 0.0, 0.0);
    unsafe { ic::inputclick_latency(ctx, ic::MEASURE_CALL_TO_WRITE, &mut count, &mut p50, &mut p95, &mut p99, &mut max) };
    (count, p50, p95, p99, max)
}

fn test_clicks(checks: &mut Checks, settings: &CString) {
    let ctx = open_test_context(checks, settings, 200);
    if ctx.is_null() {
        return;
    }
    let not_opted_in: [c_int; 1] = [0];
    let opted_in: [c_int; 2] = [0, 1];
    unsafe {
        checks.code(ic::inputclick_play(ctx, ic::KIND_KEY), ic::NO_VISIBLE_INPUT_VIEW, "hidden keyboard: no visible input view");
        checks.code(ic::inputclick_play(ctx, 9), ic::ERROR_INVALID_KIND, "kind 9 is refused");
        checks.code(ic::inputclick_set_visible_views(ctx, ptr::null(), 1), ic::ERROR_INVALID_ARGUMENT, "NULL views with a count");
        ic::inputclick_set_visible_views(ctx, not_opted_in.as_ptr(), 1);
        checks.code(ic::inputclick_play(ctx, ic::KIND_MODIFIER), ic::NOT_OPTED_IN, "a view that does not opt in");
        ic::inputclick_set_visible_views(ctx, opted_in.as_ptr(), 2);
        checks.code(ic::inputclick_wait_until_running(ctx, 5000), ic::OK, "the stream runs within 5 s");
        for kind in ic::KIND_KEY..=ic::KIND_RETURN {
            let name = format!("a {} tap plays through the sink", ic::text(ic::inputclick_kind_name(kind)));
            checks.code(ic::inputclick_play(ctx, kind), ic::PLAYS, &name);
            thread::sleep(Duration::from_millis(25));
        }
    }
    let deadline = Instant::now() + Duration::from_secs(2);
    while latency(ctx).0 < 5 && Instant::now() < deadline {
        thread::sleep(Duration::from_millis(10));
    }
    let (count, p50, p95, p99, max) = latency(ctx);
    let detail = format!("n={} p50={:.0} p95={:.0} p99={:.0} max={:.0}", count, p50, p95, p99, max);
    checks.check(count >= 5 && p50 > 0.0 && p50 <= p95 && p95 <= p99 && p99 <= max, "latency figures after clicks", &detail);
    println!("# call to write: {} (microseconds)", detail);
    unsafe {
        ic::inputclick_set_visible_views(ctx, ptr::null(), 0);
        checks.code(ic::inputclick_play(ctx, ic::KIND_KEY), ic::NO_VISIBLE_INPUT_VIEW, "hidden again: no visible input view");
        checks.code(ic::inputclick_close(ctx), ic::OK, "close");
        checks.code(ic::inputclick_close(ctx), ic::ERROR_CLOSED, "a second close is harmless");
        checks.code(ic::inputclick_play(ctx, ic::KIND_KEY), ic::ERROR_CLOSED, "play after close");
    }
}

fn test_close_under_load(checks: &mut Checks, settings: &CString) {
    let ctx = open_test_context(checks, settings, 0);
    if ctx.is_null() {
        return;
    }
    let views: [c_int; 1] = [1];
    unsafe {
        ic::inputclick_set_visible_views(ctx, views.as_ptr(), 1);
        ic::inputclick_wait_until_running(ctx, 5000);
    }
    let shared = SharedContext(ctx as usize);
    let bad = Arc::new(AtomicUsize::new(0));
    let threads: Vec<_> = (0..3)
        .map(|_| {
            let bad = Arc::clone(&bad);
            thread::spawn(move || {
                let ctx = shared.0 as *mut ic::Context;
                let mut i: c_int = 0;
                loop {
                    let result = unsafe { ic::inputclick_play(ctx, i % 5) };
                    i = i.wrapping_add(1);
                    if result == ic::ERROR_CLOSED {
                        return;
                    }
                    if result < 0 || result > ic::SUSPECT {
                        bad.fetch_add(1, Ordering::Relaxed);
                    }
                }
            })
        })
        .collect();
    thread::sleep(Duration::from_millis(150));
    checks.code(unsafe { ic::inputclick_close(ctx) }, ic::OK, "close while three threads tap");
    for handle in threads {
        handle.join().unwrap();
    }
    checks.check(bad.load(Ordering::Relaxed) == 0, "the threads saw decisions, then CLOSED", "");
}

/// What the log callback received: (level, message) pairs, and a signal for each.
struct Log {
    received: Mutex<Vec<(c_int, String)>>,
    changed: Condvar,
}

extern "C" fn record_log(level: c_int, message: *const c_char, userdata: *mut c_void) {
    let log = unsafe { &*(userdata as *const Log) };
    let text = unsafe { CStr::from_ptr(message) }.to_string_lossy().into_owned();
    log.received.lock().unwrap().push((level, text));
    log.changed.notify_all();
}

/// A device that never opens, retried: the callback gets alsa-lib's message of
/// each try and the one warning naming the device.
fn test_log_callback(checks: &mut Checks, settings: &CString) {
    let log = Log { received: Mutex::new(Vec::new()), changed: Condvar::new() };
    let device = CString::new("inputclick_no_card").unwrap();
    let mut options: *mut ic::Options = ptr::null_mut();
    let mut ctx: *mut ic::Context = ptr::null_mut();
    let no_card = |received: &Vec<(c_int, String)>| {
        received.iter().filter(|(level, text)| *level == ic::LOG_DEBUG
            && text.contains("cannot find card 'inputclick_no_such_card'")).count()
    };
    unsafe {
        ic::inputclick_options_create(&mut options);
        ic::inputclick_options_set_device(options, device.as_ptr());
        ic::inputclick_options_set_settings_file(options, settings.as_ptr());
        ic::inputclick_options_set_watch_settings(options, 0);
        checks.code(ic::inputclick_options_set_log_callback(options, Some(record_log), &log as *const Log as *mut c_void),
                    ic::OK, "set the log callback");
        checks.code(ic::inputclick_open_with_options(options, &mut ctx), ic::OK, "open a device that never opens");
        ic::inputclick_options_destroy(options);
        if ctx.is_null() {
            return;
        }
        let views = [1 as c_int];
        ic::inputclick_set_visible_views(ctx, views.as_ptr(), 1);
    }
    let received = log.received.lock().unwrap();
    let (received, _) = log.changed.wait_timeout_while(received, Duration::from_secs(20), |r| no_card(r) < 2).unwrap();
    drop(received);
    // After close the callback is never called again, so `log` may go.
    unsafe { ic::inputclick_close(ctx) };
    let received = log.received.lock().unwrap();
    let warnings: Vec<&String> = received.iter().filter(|(level, _)| *level == ic::LOG_WARNING).map(|(_, text)| text).collect();
    checks.check(no_card(&received) >= 2, "the log callback gets alsa-lib's message of each try", &format!("{:?}", received));
    checks.check(warnings.len() == 1 && warnings[0].contains("inputclick_no_card"), "and one warning naming the device",
                 &format!("{:?}", warnings));
}

fn main() {
    let mut checks = Checks { passed: 0, failed: 0 };
    let directory = std::env::temp_dir().join(format!("inputclick-rust-test-{}", std::process::id()));
    std::fs::create_dir_all(&directory).expect("a temporary directory");
    // A settings file that does not exist: every default.
    let settings = CString::new(directory.join("settings.conf").to_str().unwrap()).unwrap();
    println!("# inputclick {}, device '{}'", ic::text(unsafe { ic::inputclick_version() }), test_device().to_str().unwrap());

    test_version_and_names(&mut checks);
    test_bad_arguments(&mut checks);
    test_nonexistent_device(&mut checks);
    test_clicks(&mut checks, &settings);
    test_close_under_load(&mut checks, &settings);
    test_log_callback(&mut checks, &settings);

    std::fs::remove_dir_all(&directory).ok();
    println!("{} passed, {} failed", checks.passed, checks.failed);
    std::process::exit(if checks.failed == 0 { 0 } else { 1 });
}
