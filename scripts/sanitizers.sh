#!/usr/bin/env bash
# Runs the core and keyboard test suites under the sanitizers, and the
# C interface on real threads under ThreadSanitizer:
#
#   probe     the premise and the fix of scripts/sanitizers/tsan-mutex.c: a
#             Mutex-protected counter makes TSan report races without it
#             (informational), none with it, and a real race is still reported
#   address   InputClickTests, KeyboardCoreTests  with AddressSanitizer and LeakSanitizer
#   thread    InputClickTests, KeyboardCoreTests  with ThreadSanitizer
#   thread    the C API corpus (Fuzz/corpus/c_api/ and up to 500 sequences
#             the last scripts/fuzz.sh run found; call sequences from three
#             threads) replayed on a thread-sanitized libinputclick.so playing
#             on ALSA's null PCM: the real player, its control queue and its
#             render thread through alsa-lib
#
# Each sanitizer's build compiles only those suites, what they depend on and,
# under TSan, the plugin (INPUTCLICK_PACKAGE_TARGETS, read by Package.swift):
# not the CLI, the benchmarks or the other suites.
#
# Each run passes when the suite passes and the sanitizer reports nothing.
# False positives are suppressed only with a written reason:
# scripts/sanitizers/lsan.supp and tsan.supp (passed through LSAN_OPTIONS and
# TSAN_OPTIONS), and tsan-mutex.c, preloaded into the thread-sanitized
# processes, which tells TSan about the lock hand-overs it cannot see.
#
# Swift's own output goes to log files (named on failure, with an indented
# excerpt); this script prints one line per run and a final
# "N passed, M failed" counting runs, so scripts/test.sh's totals count
# each run once and never count a suite's tests a second time.
#
# Environment:
#   INPUTCLICK_SANITIZER_SCRATCH  build directory (default .build/sanitizers;
#                                 one SwiftPM scratch path per sanitizer)
#   INPUTCLICK_SANITIZERS         which to run: "address thread" (default)
#   INPUTCLICK_FUZZ_SCRATCH       where scripts/fuzz.sh keeps what it found (default .build/fuzz)
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD

scratch=${INPUTCLICK_SANITIZER_SCRATCH:-$root/.build/sanitizers}
read -r -a sanitizers <<<"${INPUTCLICK_SANITIZERS:-address thread}"
suites=(InputClickTests KeyboardCoreTests)
logs=$scratch/logs
mkdir -p "$logs"

swiftc=$(command -v swiftc) || { echo "sanitizers: swiftc is not on PATH" >&2; exit 1; }
clang=$(dirname "$(readlink -f "$swiftc")")/clang
[ -x "$clang" ] || { echo "sanitizers: no clang next to swiftc ($clang)" >&2; exit 1; }

# The library's own environment must not leak in: no settings file, no overrides.
for variable in $(compgen -e | grep '^INPUTCLICK_' || true); do
  case $variable in INPUTCLICK_SANITIZER* | INPUTCLICK_FUZZ_SCRATCH) ;; *) unset "$variable" ;; esac
done
export SWIFT_BACKTRACE=enable=no
supp=$root/scripts/sanitizers
address_env=(ASAN_OPTIONS=detect_leaks=1 "LSAN_OPTIONS=suppressions=$supp/lsan.supp:print_suppressions=0")
thread_env=("TSAN_OPTIONS=suppressions=$supp/tsan.supp:halt_on_error=0:second_deadlock_stack=1"
            "LD_PRELOAD=$scratch/libtsan-mutex.so")

passed=0 failed=0
pass() { echo "sanitizers: $1: ok${2:+: $2}"; passed=$((passed + 1)); }
# fail NAME DETAIL [LOG]: one line, then an indented excerpt of the log (indented
# so that scripts/test.sh's totals never count its test lines a second time).
fail() {
  echo "sanitizers: $1: FAILED: $2${3:+ (log: $3)}"
  if [ -n "${3:-}" ]; then
    grep -E 'SUMMARY: |ERROR: |WARNING: ThreadSanitizer|✘ Test [^r]|error:|Fatal error' "$3" | head -n 40 | sed 's/^/  | /'
  fi
  failed=$((failed + 1))
}
# reports LOG: how many sanitizer reports the log holds.
reports() { grep -cE '^(==[0-9]+==)?(ERROR: (Address|Leak)Sanitizer|WARNING: ThreadSanitizer)' "$1"; }

started=$SECONDS

# --- The Mutex probe (before anything relies on tsan-mutex.c) ----------------
if [[ " ${sanitizers[*]} " == *" thread "* ]]; then
  probe_log=$logs/tsan-mutex-probe.log
  : >"$probe_log"
  if ! "$clang" -shared -fPIC -O1 -Wall -Wextra -Werror -o "$scratch/libtsan-mutex.so" "$supp/tsan-mutex.c" -ldl >>"$probe_log" 2>&1 ||
     ! "$swiftc" -sanitize=thread -g "$supp/tsan-mutex-probe.swift" -o "$scratch/tsan-mutex-probe" >>"$probe_log" 2>&1; then
    fail "probe" "cannot build tsan-mutex.so or the probe" "$probe_log"
  else
    run_probe() { env TSAN_OPTIONS=halt_on_error=0 ${2:+LD_PRELOAD=$2} "$scratch/tsan-mutex-probe" "$1" >"$logs/probe-$1${2:+-fixed}.log" 2>&1; reports "$logs/probe-$1${2:+-fixed}.log"; }
    without=$(run_probe mutex "")
    with=$(run_probe mutex "$scratch/libtsan-mutex.so")
    race=$(run_probe race "$scratch/libtsan-mutex.so")
    if [ "$with" -ne 0 ]; then
      fail "probe" "with tsan-mutex.so, TSan still reports $with race(s) on a Mutex-protected counter" "$logs/probe-mutex-fixed.log"
    elif [ "$race" -eq 0 ]; then
      fail "probe" "with tsan-mutex.so, TSan no longer reports a real race" "$logs/probe-race-fixed.log"
    else
      note="a Mutex-protected counter gives $without false report(s) without tsan-mutex.so, none with it; a real race still gives $race"
      [ "$without" -eq 0 ] && note="$note (none without it either this time: contention varies, or this toolchain no longer needs the fix)"
      pass "probe" "$note"
    fi
  fi
fi

# --- The test suites -----------------------------------------------------------
for sanitizer in "${sanitizers[@]}"; do
  case $sanitizer in
    address) environment=("${address_env[@]}") ;;
    thread) environment=("${thread_env[@]}") ;;
    *) echo "sanitizers: unknown sanitizer '$sanitizer' (address or thread)" >&2; exit 64 ;;
  esac
  build_path=$scratch/$sanitizer
  build_log=$logs/$sanitizer-build.log
  # Only what these runs need is built (Package.swift narrows the package to
  # these targets and their dependencies): the suites, and under TSan the plugin.
  export INPUTCLICK_PACKAGE_TARGETS="${suites[*]}"
  [ "$sanitizer" = thread ] && INPUTCLICK_PACKAGE_TARGETS+=" InputClickPlugin"
  build_started=$SECONDS
  if ! swift build --build-tests --sanitize="$sanitizer" --scratch-path "$build_path" >"$build_log" 2>&1; then
    for suite in "${suites[@]}"; do fail "$sanitizer $suite" "the build failed" "$build_log"; done
    continue
  fi
  echo "sanitizers: $sanitizer: built in $((SECONDS - build_started)) s"
  for suite in "${suites[@]}"; do
    log=$logs/$sanitizer-$suite.log
    suite_started=$SECONDS
    # --disable-xctest: every test is Swift Testing; the XCTest pass would
    # only run XCTest's own code (which leaks a few bytes at exit).
    env "${environment[@]}" swift test --skip-build --disable-xctest --sanitize="$sanitizer" \
      --scratch-path "$build_path" --filter "$suite" >"$log" 2>&1
    status=$?
    count=$(reports "$log")
    summary=$(grep -oE 'Test run with [0-9]+ tests?.*(passed|failed|issues?)' "$log" | tail -n 1 | sed 's/^Test run with //')
    elapsed=$((SECONDS - suite_started))
    if [ "$status" -eq 0 ] && [ "$count" -eq 0 ] && [ -n "$summary" ]; then
      pass "$sanitizer $suite" "$summary, no reports ($elapsed s)"
    else
      fail "$sanitizer $suite" "exit $status, $count sanitizer report(s), ${summary:-no Swift Testing summary}${summary:+ (Swift Testing)} ($elapsed s)" "$log"
    fi
  done

  # The C interface on real threads and ALSA's null PCM, thread-sanitized.
  if [ "$sanitizer" = thread ]; then
    log=$logs/thread-c-api.log
    replay_started=$SECONDS
    products=$build_path/debug
    # TSan's libdispatch interceptors need the toolchain's libdispatch and BlocksRuntime at link time.
    runtime=$(dirname "$clang")/../lib/swift/linux
    if ! { swift build --product InputClickPlugin --sanitize=thread --scratch-path "$build_path" &&
           "$clang" -g -O1 -Wall -Wextra -Werror -fsanitize=thread -DINPUTCLICK_FUZZ_REPLAY \
             -I Sources/InputClickPlugin/include Fuzz/c_api_fuzz.c -L "$products" -lInputClickPlugin \
             -L "$runtime" -ldispatch -lBlocksRuntime -Wl,-rpath,"$products" -Wl,-rpath,"$runtime" -lpthread \
             -o "$scratch/c_api_replay"; } >"$log" 2>&1; then
      fail "thread C API corpus" "cannot build the thread-sanitized plugin or the replay" "$log"
    else
      # The committed seeds, and up to 500 sequences the last scripts/fuzz.sh
      # run found (scripts/test.sh runs it just before this script).
      inputs=(Fuzz/corpus/c_api/*)
      seeds=${#inputs[@]}
      found=${INPUTCLICK_FUZZ_SCRATCH:-$root/.build/fuzz}/corpus/c_api
      if [ -d "$found" ]; then
        while IFS= read -r name; do inputs+=("$found/$name"); done < <(ls -1 "$found" | sort | head -n 500)
      fi
      env "${environment[@]}" "$scratch/c_api_replay" "${inputs[@]}" >>"$log" 2>&1
      status=$?
      count=$(reports "$log")
      if [ "$status" -eq 0 ] && [ "$count" -eq 0 ]; then
        pass "thread C API corpus" "$seeds seeds and $((${#inputs[@]} - seeds)) found by fuzzing, on ALSA null, no reports ($((SECONDS - replay_started)) s)"
      else
        fail "thread C API corpus" "exit $status, $count sanitizer report(s)" "$log"
      fi
    fi
  fi
done

echo "sanitizers: took $((SECONDS - started)) s"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
