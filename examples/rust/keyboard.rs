//! A keyboard front end in miniature, in Rust: it "shows" an on-screen
//! keyboard that opts in to clicks, then types each line of standard input at
//! a human rhythm, clicking on every key, and prints what each tap did.
//! ' ' plays space, '<' delete, '^' shift (modifier), end of line return.
//!
//! Build:  rustc --edition 2021 keyboard.rs -L native=<libdir> -C link-arg=-Wl,-rpath,<libdir>
//! Run:    echo "hello world" | ./keyboard [DEVICE]
mod inputclick;

use inputclick as ic;
use std::ffi::CString;
use std::io::{BufRead, Write};
use std::os::raw::c_int;
use std::{env, process, ptr, thread, time::Duration};

fn kind_of(c: char) -> c_int {
    match c {
        ' ' => ic::KIND_SPACE,
        '<' => ic::KIND_DELETE,
        '^' => ic::KIND_MODIFIER,
        '\n' => ic::KIND_RETURN,
        _ => ic::KIND_KEY,
    }
}

fn main() {
    let device = env::args().nth(1).map(|name| CString::new(name).expect("a device name without NUL bytes"));
    let mut ctx: *mut ic::Context = ptr::null_mut();
    let result = unsafe { ic::inputclick_open(device.as_ref().map_or(ptr::null(), |d| d.as_ptr()), &mut ctx) };
    if result != ic::OK {
        eprintln!("keyboard: {}: {}", ic::strerror(result), ic::last_error_message());
        process::exit(1);
    }
    let keyboard_view: [c_int; 1] = [1];
    unsafe { ic::inputclick_set_visible_views(ctx, keyboard_view.as_ptr(), 1) }; // shown: the device opens now
    if unsafe { ic::inputclick_wait_until_running(ctx, 2000) } != ic::OK {
        eprintln!("keyboard: not running yet ({}); typing anyway", ic::last_error_message());
    }
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let line = line.expect("standard input");
        for c in line.chars().chain(std::iter::once('\n')) {
            let decision = unsafe { ic::inputclick_play(ctx, kind_of(c)) };
            let label = if c == '\n' { "return".to_string() } else { c.to_string() };
            print!("{}:{} ", label, ic::decision_name(decision));
            std::io::stdout().flush().ok();
            thread::sleep(Duration::from_millis(90));
        }
        println!();
    }
    unsafe { ic::inputclick_set_visible_views(ctx, ptr::null(), 0) }; // hidden
    let (mut count, mut p50, mut p99) = (0usize, 0.0f64, 0.0f64);
    unsafe {
        ic::inputclick_latency(ctx, ic::MEASURE_CALL_TO_CONVERTER, &mut count, &mut p50, ptr::null_mut(), &mut p99, ptr::null_mut())
    };
    println!("tap to converter over {} clicks: p50 {:.2} ms, p99 {:.2} ms", count, p50 / 1000.0, p99 / 1000.0);
    unsafe { ic::inputclick_close(ctx) };
}
