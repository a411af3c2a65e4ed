#!/usr/bin/env bash
# Builds the libFuzzer harnesses in Fuzz/ with AddressSanitizer and runs each
# for a bounded time from its committed seed corpus (Fuzz/corpus/NAME/):
#
#   settings     Fuzz/settings_fuzz.swift  the settings file: SettingsStore's reload and the pure parser
#   sound_file   Fuzz/sound_file_fuzz.swift a sound-pack file: libsndfile, the reader's checks, libsamplerate
#   c_api        Fuzz/c_api_fuzz.c         call sequences on libinputclick.so from three threads
#   evemu        Fuzz/evemu_fuzz.swift     an evemu-record recording: listen --replay's parser
#
# Usage: scripts/fuzz.sh [SECONDS]     (default 30 per harness)
#
# How it builds: one `swift build` of the plugin product with
# --sanitize=address and libFuzzer's coverage (inline 8-bit counters, PC
# table, comparison tracing) compiles InputClick, InputClickALSA and
# libInputClickPlugin.so. The Swift harnesses are compiled with
# `swiftc -sanitize=fuzzer,address` and linked with InputClick's object files
# (a harness defines LLVMFuzzerTestOneInput; libFuzzer brings main). The C
# harness is compiled with the toolchain's clang, which ships libFuzzer, and
# links the sanitized plugin library.
#
# A run fails on a crash, an ASan or LeakSanitizer report, a harness's own
# check (a broken promise of the code under test), a timeout or running out
# of memory. libFuzzer then saves the input as ARTIFACTS/NAME-crash-… (or
# -timeout-…, -oom-…, -leak-…; see INPUTCLICK_FUZZ_ARTIFACTS); copy it into
# Fuzz/corpus/NAME/ once the bug is fixed, so that every later run replays it. New inputs the fuzzer finds go to a
# scratch corpus, never into Fuzz/corpus/.
#
# Prints one line per harness and a final "N passed, M failed"; exits
# non-zero if any harness failed. A failing harness's log tail is shown.
#
# Environment:
#   INPUTCLICK_FUZZ_SCRATCH   build and scratch directory (default .build/fuzz)
#   INPUTCLICK_FUZZ_ONLY      space-separated harness names to run (default all)
#   INPUTCLICK_FUZZ_ARTIFACTS where crash inputs go (default $INPUTCLICK_FUZZ_SCRATCH/artifacts)
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD

seconds=${1:-30}
case $seconds in
  '' | *[!0-9]*) echo "usage: scripts/fuzz.sh [SECONDS]" >&2; exit 64 ;;
esac
scratch=${INPUTCLICK_FUZZ_SCRATCH:-$root/.build/fuzz}
artifacts=${INPUTCLICK_FUZZ_ARTIFACTS:-$scratch/artifacts}
harnesses=(settings sound_file c_api evemu)
if [ -n "${INPUTCLICK_FUZZ_ONLY:-}" ]; then read -r -a harnesses <<<"$INPUTCLICK_FUZZ_ONLY"; fi

# The toolchain's clang: it carries libFuzzer and the sanitizer runtimes that
# match swiftc's (Debian's clang would need libclang-rt-*-dev for them).
swiftc=$(command -v swiftc) || { echo "fuzz: swiftc is not on PATH" >&2; exit 1; }
toolchain_bin=$(dirname "$(readlink -f "$swiftc")")
clang=$toolchain_bin/clang
[ -x "$clang" ] || { echo "fuzz: no clang next to swiftc ($clang)" >&2; exit 1; }

# SwiftPM does not rebuild when only -Xswiftc flags change, so the scratch
# directory remembers the flags it was built with and starts afresh when they differ.
coverage=edge,inline-8bit-counters,trace-cmp,pc-table
build_flags=(-c release --product InputClickPlugin --scratch-path "$scratch/swiftpm" --sanitize=address
             -Xswiftc "-sanitize-coverage=$coverage")
stamp="$scratch/build-flags"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" != "${build_flags[*]}" ]; then rm -rf "$scratch/swiftpm"; fi
mkdir -p "$scratch/bin" "$scratch/logs" "$artifacts"
echo "${build_flags[*]}" >"$stamp"

started=$SECONDS
echo "fuzz: building the package with AddressSanitizer and fuzzing coverage"
if ! swift build "${build_flags[@]}" >"$scratch/logs/build.log" 2>&1; then
  tail -n 40 "$scratch/logs/build.log"
  echo "fuzz: the build failed"
  echo "0 passed, ${#harnesses[@]} failed"
  exit 1
fi
# The listener's parser is not part of the plugin: its module is built alone, with the same flags.
listen_flags=("${build_flags[@]/#--product/--target}")
listen_flags=("${listen_flags[@]/#InputClickPlugin/InputClickListen}")
if ! swift build "${listen_flags[@]}" >>"$scratch/logs/build.log" 2>&1; then
  tail -n 40 "$scratch/logs/build.log"
  echo "fuzz: the build of InputClickListen failed"
  echo "0 passed, ${#harnesses[@]} failed"
  exit 1
fi
products=$scratch/swiftpm/release
modules=(-I "$products/Modules")
for library in CSndFile CSampleRate CLinuxEvents; do
  modules+=(-Xcc "-fmodule-map-file=$root/Sources/$library/module.modulemap")
done

# build_harness NAME: compiles Fuzz/NAME_fuzz.{swift,c} into $scratch/bin/NAME_fuzz.
build_harness() {
  local name=$1 out=$scratch/bin/$1_fuzz
  if [ -f "Fuzz/${name}_fuzz.swift" ]; then
    "$swiftc" -O -g -parse-as-library -sanitize=fuzzer,address -use-ld=lld -module-name "${name}_fuzz" \
      "${modules[@]}" "Fuzz/${name}_fuzz.swift" "$products"/InputClick.build/*.o \
      $( [ "$name" = evemu ] && echo "$products"/InputClickListen.build/*.o ) -o "$out"
  elif [ -f "Fuzz/${name}_fuzz.c" ]; then
    "$clang" -g -O1 -Wall -Wextra -Werror -fuse-ld=lld -fsanitize=fuzzer,address \
      -I Sources/InputClickPlugin/include "Fuzz/${name}_fuzz.c" \
      -L "$products" -lInputClickPlugin -Wl,-rpath,"$products" -lpthread -o "$out"
  else
    echo "no Fuzz/${name}_fuzz.swift or .c"
    return 1
  fi
}

# The library's own environment must not leak in: no settings file, no overrides.
for variable in $(compgen -e | grep '^INPUTCLICK_' || true); do
  case $variable in INPUTCLICK_FUZZ_*) ;; *) unset "$variable" ;; esac
done
# libFuzzer's and the sanitizers' reports, not the Swift runtime's backtracer
# (which would symbolicate at length before libFuzzer sees the signal).
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
# False positives, each with its reason, in scripts/sanitizers/lsan.supp.
# libFuzzer checks for leaks after each input, which is what ties a leak to an
# input. The check at exit is off: in a 300 s c_api run it reported only
# libdispatch's own caches of freed work items (2.7 MB of continuations, no
# frame of ours) and blamed them on an empty input, while the per-input checks
# found nothing and the live heap grew only by the handle records the library
# keeps by design (about 225 bytes per input, an options handle and a
# context, measured over 4000 inputs).
export LSAN_OPTIONS=suppressions=$root/scripts/sanitizers/lsan.supp:print_suppressions=0:leak_check_at_exit=0

passed=0 failed=0
for name in "${harnesses[@]}"; do
  log=$scratch/logs/$name.log
  if ! build_harness "$name" >"$log" 2>&1; then
    echo "fuzz: $name: FAILED to build"
    tail -n 20 "$log"
    failed=$((failed + 1))
    continue
  fi
  # New inputs go to a scratch corpus (the first directory); the committed
  # seeds (the second) are only read.
  seeds=Fuzz/corpus/$name
  found=$scratch/corpus/$name
  mkdir -p "$found" "$seeds"
  rm -f "$artifacts/$name-"*
  # timeout backs up -max_total_time: libFuzzer checks its clock only between inputs.
  timeout --kill-after=10 $((seconds + 120)) "$scratch/bin/${name}_fuzz" \
    -max_total_time="$seconds" -timeout=30 -rss_limit_mb=2560 -max_len=8192 \
    -artifact_prefix="$artifacts/$name-" -print_final_stats=1 \
    "$found" "$seeds" >>"$log" 2>&1
  status=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
  coverage_line=$(grep -oE 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+/[0-9]+[a-zA-Z]*' "$log" | tail -n 1)
  if [ "$status" -eq 0 ]; then
    echo "fuzz: $name: ok: ${runs:-?} runs in ${seconds} s (${speed:-?} exec/s), ${coverage_line:-no coverage line}"
    passed=$((passed + 1))
  else
    echo "fuzz: $name: FAILED (exit $status) after ${runs:-?} runs; log $log:"
    grep -v -e '^#[0-9]' -e '^inputclick: warning' "$log" | tail -n 60
    ls -1 "$artifacts"/"$name"-* 2>/dev/null | sed 's/^/fuzz: input saved as /'
    failed=$((failed + 1))
  fi
done
echo "fuzz: took $((SECONDS - started)) s"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
