#!/usr/bin/env bash
# Tests InputClick's installation the way a user meets it:
#
#   1. sizes           the plugin (static Swift runtime, stripped) is at most 10 MB,
#                      the CLI (the same) at most 12 MB.
#   2. make install    `make install PREFIX=/usr DESTDIR=<tmp>` installs exactly the
#                      expected tree (CLI, plugin, soname links, header, .pc naming
#                      /usr, man pages that render without warnings, bash
#                      completion, systemd units that scripts/check-units.sh passes:
#                      exposure under 5 in `systemd-analyze security --offline`,
#                      no restart after an exit a restart cannot fix; no installed
#                      page points to the README or names a placeholder path);
#                      `make uninstall` with the same variables
#                      leaves no file behind (directories stay, as they may be shared).
#   3. .deb            scripts/build-deb.sh builds the package; `apt-get install
#                      ./….deb` installs it with its Depends (and no binary has
#                      libpulse in DT_NEEDED: it is loaded at run time); `inputclick --version`
#                      runs from PATH; `man -w` finds the pages; examples/c/keyboard.c
#                      builds with nothing but `pkg-config --cflags --libs inputclick`
#                      and runs with no LD_LIBRARY_PATH, every tap played.
#                      With fcitx5's development files present, make install also
#                      places the fcitx5 add-on where fcitx5 finds it, and the
#                      inputclick-fcitx5 package installs with apt, fcitx5 with it.
#   4. pip             the Python package (bindings/python) installs with pip into a
#                      venv and, run from elsewhere, finds the installed library,
#                      opens a context and plays a click; pip uninstalls it.
#
# Afterwards the machine is as it was: the package is purged unless it was
# installed before this run (then the newly built one stays installed, and a
# note says so), and every temporary file is removed.
#
# Needs root (apt-get) and Debian's dpkg, apt, man-db, python3-venv,
# python3-setuptools and systemd (systemd-analyze; scripts/install-deps.sh
# installs them).
# Prints "N passed, M failed" last; exits non-zero if any check failed.
#
# Environment:
#   INPUTCLICK_TEST_DEVICE  the ALSA PCM the C example and the Python check
#                           play on; default null (which needs no sink).
#   INPUTCLICK_PLUGIN_MAX_BYTES  the plugin's size bound; default 10000000 (10 MB).
#   INPUTCLICK_CLI_MAX_BYTES     the CLI's size bound; default 12000000 (12 MB).
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD

work=$(mktemp -d /tmp/inputclick-install-test.XXXXXX)
installed_deb=no
installed_fcitx5=no   # fcitx5 itself, pulled in by inputclick-fcitx5, when it was not installed before
cleanup() {
  if [ "$installed_deb" = yes ]; then
    apt-get purge -y -qq -o DPkg::Lock::Timeout=300 inputclick-fcitx5 >/dev/null 2>&1 || true
  fi
  if [ "$installed_fcitx5" = yes ]; then
    apt-get purge -y -qq -o DPkg::Lock::Timeout=300 fcitx5 >/dev/null 2>&1 ||
      echo "test-install: could not purge fcitx5, which the add-on's package brought; remove it with 'apt-get purge fcitx5'" >&2
  fi
  if [ "$installed_deb" = yes ]; then
    apt-get purge -y -qq -o DPkg::Lock::Timeout=300 inputclick >/dev/null 2>&1 ||
      echo "test-install: could not purge the inputclick package; remove it with 'apt-get purge inputclick'" >&2
  fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

passed=0
failed=0
check() {
  local name=$1; shift
  echo
  echo "==> install: $name"
  if "$@"; then
    echo "==> install: $name: ok"; passed=$((passed + 1))
  else
    echo "==> install: $name: FAILED"; failed=$((failed + 1))
  fi
}

if [ "$(id -u)" -ne 0 ]; then
  echo "test-install: needs root, for apt-get install of the .deb" >&2
  echo "0 passed, 1 failed"
  exit 1
fi
missing=()
for tool in make dpkg-deb apt-get man gcc pkg-config strip /usr/bin/python3 systemd-analyze; do
  command -v "$tool" >/dev/null || missing+=("$tool")
done
/usr/bin/python3 -c 'import venv, ensurepip, setuptools' 2>/dev/null || missing+=("python3-venv/python3-setuptools")
if [ ${#missing[@]} -gt 0 ]; then
  echo "test-install: missing: ${missing[*]} (run scripts/install-deps.sh)" >&2
  echo "0 passed, 1 failed"
  exit 1
fi

# The user's settings must not decide whether the checks click.
for variable in $(compgen -e | grep '^INPUTCLICK_' || true); do
  case $variable in INPUTCLICK_TEST_DEVICE | INPUTCLICK_PLUGIN_MAX_BYTES | INPUTCLICK_CLI_MAX_BYTES) ;; *) unset "$variable" ;; esac
done
export INPUTCLICK_CONFIG=$work/no-settings.conf
device=${INPUTCLICK_TEST_DEVICE:-null}
max_bytes=${INPUTCLICK_PLUGIN_MAX_BYTES:-10000000}
cli_max_bytes=${INPUTCLICK_CLI_MAX_BYTES:-12000000}
major=$(sed -n 's/^#define INPUTCLICK_VERSION_MAJOR \([0-9][0-9]*\)$/\1/p' Sources/InputClickPlugin/include/inputclick.h)
version=$(sed -n 's/^#define INPUTCLICK_VERSION_STRING "\(.*\)"$/\1/p' Sources/InputClickPlugin/include/inputclick.h)

# 2 first: it builds the plugin that 1 measures.
stage=$work/stage
# The fcitx5 add-on is built when fcitx5's development files are here; under
# PREFIX=/usr its library goes into fcitx5's own add-on directory.
fcitx5_addon_dir=
if pkg-config --exists Fcitx5Core && command -v cmake >/dev/null; then
  fcitx5_addon_dir=$(pkg-config --variable=libdir Fcitx5Core)/fcitx5
fi
expected_tree() {
  printf '%s\n' \
    usr/bin/inputclick \
    usr/include/inputclick.h \
    usr/lib/libinputclick.so \
    "usr/lib/libinputclick.so.$major" \
    "usr/lib/libinputclick.so.$version" \
    usr/lib/pkgconfig/inputclick.pc \
    usr/share/bash-completion/completions/inputclick \
    usr/share/man/man1/inputclick.1 \
    usr/share/man/man3/libinputclick.3 \
    usr/share/man/man5/inputclick-settings.5
  if [ -d contrib/systemd ]; then
    (cd contrib/systemd && ls -1 -- *.service 2>/dev/null | sed 's|^|usr/lib/systemd/user/|')
  fi
  if [ -n "$fcitx5_addon_dir" ]; then
    printf '%s\n' "${fcitx5_addon_dir#/}/libinputclick-fcitx5.so" usr/share/fcitx5/addon/inputclick.conf
  fi
}
# The add-on as fcitx5 meets it: a module loaded at start-up, its library by
# the name fcitx5 looks for in its add-on directory, linked to the installed
# plugin by its soname and to nothing in the staging tree.
fcitx5_addon_installed() {
  local root=$1 conf=$1/usr/share/fcitx5/addon/inputclick.conf library=$1$fcitx5_addon_dir/libinputclick-fcitx5.so
  grep -qx 'Category=Module' "$conf" && grep -qx 'OnDemand=False' "$conf" && grep -qx 'Type=SharedLibrary' "$conf" &&
    grep -qx 'Library=libinputclick-fcitx5' "$conf" || { echo "$conf:"; cat "$conf"; return 1; }
  objdump -p "$library" | grep -Eq "NEEDED +libinputclick\.so\.$major\$" || { echo "$library does not load libinputclick.so.$major"; return 1; }
  ! objdump -p "$library" | grep -E 'R(UN)?PATH' | grep -q "$work" || { echo "$library names the staging tree"; return 1; }
  [ "$root" != / ] || ! ldd "$library" | grep -q "not found" || { ldd "$library"; return 1; }
}
make_install() {
  make --no-print-directory install PREFIX=/usr DESTDIR="$stage" >"$work/make-install.log" 2>&1 ||
    { tail -n 20 "$work/make-install.log"; return 1; }
  tail -n 1 "$work/make-install.log"
  (cd "$stage" && find . \( -type f -o -type l \) | sed 's|^\./||' | sort) >"$work/tree"
  expected_tree | sort >"$work/expected"
  diff -u "$work/expected" "$work/tree" || { echo "the installed tree differs from the expected one (-expected +installed)"; return 1; }
  [ "$(readlink "$stage/usr/lib/libinputclick.so")" = "libinputclick.so.$major" ] &&
    [ "$(readlink "$stage/usr/lib/libinputclick.so.$major")" = "libinputclick.so.$version" ] ||
    { echo "the soname links are wrong"; return 1; }
  grep -qx 'prefix=/usr' "$stage/usr/lib/pkgconfig/inputclick.pc" || { echo "inputclick.pc does not name the prefix /usr"; return 1; }
  ! grep -q "$stage" "$stage/usr/lib/pkgconfig/inputclick.pc" || { echo "inputclick.pc names DESTDIR"; return 1; }
  [ "$("$stage/usr/bin/inputclick" --version)" = "$version" ] || { echo "the installed CLI's --version is not $version"; return 1; }
  local page warnings
  for page in "$stage"/usr/share/man/man*/*; do
    warnings=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null)
    [ -z "$warnings" ] || { echo "$page: $warnings"; return 1; }
    LC_ALL=C.UTF-8 man -l "$page" 2>/dev/null | grep -q . || { echo "$page renders empty"; return 1; }
  done
  # Every installed page stands alone: no pointer to the README (which is not
  # installed) and no placeholder for a path (PREFIX, @prefix@), in the man
  # pages as they render, the header, the units, the completion and the .pc.
  local file text
  for file in "$stage"/usr/share/man/man*/* "$stage/usr/include/inputclick.h" "$stage"/usr/lib/systemd/user/*.service \
              "$stage/usr/share/bash-completion/completions/inputclick" "$stage/usr/lib/pkgconfig/inputclick.pc"; do
    [ -e "$file" ] || continue
    case $file in */man/*) text=$(LC_ALL=C.UTF-8 MANWIDTH=200 man -l "$file" 2>/dev/null) ;; *) text=$(cat "$file") ;; esac
    ! grep -nE 'README|PREFIX|@[a-z]+@' <<<"$text" || { echo "${file#"$stage"} points to the README or names a placeholder path"; return 1; }
  done
  grep -q '/usr/lib/systemd/user/inputclick-listen.service' <<<"$(LC_ALL=C.UTF-8 MANWIDTH=200 man -l "$stage/usr/share/man/man1/inputclick.1" 2>/dev/null)" ||
    { echo "inputclick(1) does not name the installed unit's path"; return 1; }
  # Each systemd unit runs the installed CLI by its full path, is hardened
  # and does not restart after an exit a restart cannot fix.
  local unit
  for unit in "$stage"/usr/lib/systemd/user/*.service; do
    [ -e "$unit" ] || continue
    ! grep -q '@bindir@' "$unit" || { echo "$unit: @bindir@ was not replaced"; return 1; }
    grep -Eq '^ExecStart=/usr/bin/inputclick( |$)' "$unit" || { echo "$unit: ExecStart does not run /usr/bin/inputclick"; return 1; }
    "$root/scripts/check-units.sh" "$unit" || return 1
  done
  if [ -n "$fcitx5_addon_dir" ]; then fcitx5_addon_installed "$stage" || return 1; fi
  bash -n "$stage/usr/share/bash-completion/completions/inputclick" || return 1
  # The completion completes subcommands and option values.
  local words
  words=$(bash -c 'source "$1"; COMP_WORDS=(inputclick d); COMP_CWORD=1; _inputclick; echo "${COMPREPLY[*]}"' \
            _ "$stage/usr/share/bash-completion/completions/inputclick")
  [ "$words" = "devices doctor" ] || { echo "completion of 'inputclick d' gave '$words'"; return 1; }
  # --device offers `default` even where alsa-lib's hints do not list it.
  words=$(bash -c 'source "$1"; COMP_WORDS=(inputclick tap --device de); COMP_CWORD=3; _inputclick; echo "${COMPREPLY[*]}"' \
            _ "$stage/usr/share/bash-completion/completions/inputclick")
  [[ " $words " == *" default "* ]] || { echo "completion of 'inputclick tap --device de' gave '$words'"; return 1; }
  make --no-print-directory uninstall PREFIX=/usr DESTDIR="$stage" >"$work/make-uninstall.log" 2>&1 ||
    { cat "$work/make-uninstall.log"; return 1; }
  local left
  left=$(cd "$stage" && find . ! -type d | sort)   # directories stay: they may be shared
  [ -z "$left" ] || { echo "make uninstall left: $left"; return 1; }
}
check "make install PREFIX=/usr DESTDIR=…, then make uninstall" make_install

# The man pages keep up with the code: inputclick(1) describes every
# subcommand `inputclick --help` lists, and libinputclick(3) names every
# function inputclick.h declares.
man_pages_complete() {
  local cli=$root/.build/plugin-static/release/inputclick missing=() name
  [ -x "$cli" ] || { echo "no CLI at $cli (the make install check builds it)"; return 1; }
  for name in $("$cli" --help | awk '/^SUBCOMMANDS:/ { on = 1; next } on && /^  [a-z]/ { print $1 } on && /^$/ { on = 0 }'); do
    local roff=${name//-/\\-}   # roff spells a hyphen \-
    grep -qF -e ".B $roff " -e ".BI \"$roff " man/inputclick.1 || missing+=("inputclick(1): subcommand $name")
  done
  for name in $(grep -o '^[a-z].*[ *]inputclick_[a-z0-9_]*(' Sources/InputClickPlugin/include/inputclick.h | sed 's/.*\(inputclick_[a-z0-9_]*\)($/\1/'); do
    grep -q "${name}(" man/libinputclick.3 || missing+=("libinputclick(3): $name")
  done
  [ ${#missing[@]} -eq 0 ] || { printf 'not in the man pages: %s\n' "${missing[@]}"; return 1; }
  echo "inputclick(1) covers every subcommand; libinputclick(3) names every function of inputclick.h"
}
check "the man pages cover every subcommand and every C function" man_pages_complete

plugin_size() {
  local size
  INPUTCLICK_PLUGIN_STDLIB=static INPUTCLICK_PLUGIN_LINK_MAP=$work/plugin.map \
    scripts/build-plugin.sh "$work/size" >"$work/size.log" 2>&1 || { tail -n 20 "$work/size.log"; return 1; }
  size=$(stat -c %s "$work/size/lib/libinputclick.so.$version")
  echo "libinputclick.so.$version: $size bytes stripped (bound: $max_bytes)"
  if [ "$size" -gt "$max_bytes" ]; then
    echo "the plugin is over the bound. What the link put in it, by archive:"
    scripts/plugin-size.py "$work/plugin.map" 8 | sed 's/^/  /'
    echo "library targets that import Foundation:"
    grep -l '^import Foundation' -r Sources/InputClick Sources/InputClickALSA Sources/InputClickPlugin Sources/KeyboardCore 2>/dev/null | sed 's/^/  /'
    return 1
  fi
}
check "the plugin is at most $max_bytes bytes" plugin_size

# The CLI, as make install builds it (static Swift runtime), stripped: at most
# 12 MB. Foundation (through JSONEncoder, String(format:), FileManager) would
# bring ICU's data and make it about 60 MB.
cli_size() {
  local cli=$root/.build/plugin-static/release/inputclick size
  [ -x "$cli" ] || { echo "no CLI at $cli (the make install check builds it)"; return 1; }
  cp "$cli" "$work/inputclick-stripped" && strip "$work/inputclick-stripped" || return 1
  size=$(stat -c %s "$work/inputclick-stripped")
  echo "inputclick: $size bytes stripped (bound: $cli_max_bytes)"
  if [ "$size" -gt "$cli_max_bytes" ]; then
    echo "the CLI is over the bound. Its sources that import Foundation:"
    grep -l -E '^import (Foundation|FoundationEssentials)' -r Sources/inputclick Sources/InputClickReports Sources/InputClickListen \
      2>/dev/null | sed 's/^/  /'
    return 1
  fi
}
check "the CLI is at most $cli_max_bytes bytes" cli_size

# Sound servers' client libraries are loaded at run time where their server
# is found (libpipewire with dlopen), never linked: a machine without them
# must run the CLI and the plugin. No binary may name one as NEEDED.
no_server_library_needed() {
  local binary needed bad=0
  for binary in "$root/.build/plugin-static/release/inputclick" "$work/size/lib/libinputclick.so.$version"; do
    [ -f "$binary" ] || { echo "no $binary (the checks above build it)"; return 1; }
    needed=$(readelf -d "$binary" | awk '/NEEDED/ { print $NF }' | tr -d '[]')
    if echo "$needed" | grep -E '^lib(pipewire|pulse)'; then
      echo "$binary links a sound server's library (above); load it with dlopen instead"
      bad=1
    fi
  done
  [ "$bad" = 0 ]
}
check "no binary links libpipewire or libpulse (they are loaded at run time)" no_server_library_needed

# 3. The .deb, installed with apt.
was_installed=no
dpkg-query -W -f='${Status}' inputclick 2>/dev/null | grep -q "install ok installed" && was_installed=yes
deb_checks() {
  local deb addon_deb=
  deb=$(scripts/build-deb.sh "$work/deb" 2>"$work/deb.log" | tail -n 1) || { tail -n 20 "$work/deb.log"; return 1; }
  [ -f "$deb" ] || { echo "no .deb was built"; tail -n 20 "$work/deb.log"; return 1; }
  dpkg-deb -f "$deb" Depends
  local recommended
  for recommended in bash-completion libpipewire-0.3-0 libpulse0; do
    dpkg-deb -f "$deb" Recommends | tr ',' '\n' | sed 's/^ *//; s/ *$//' | grep -qx "$recommended" ||
      { echo "the package does not recommend $recommended"; return 1; }
  done
  if [ -n "$fcitx5_addon_dir" ]; then
    addon_deb=$(ls "$work"/deb/inputclick-fcitx5_*.deb 2>/dev/null)
    [ -f "$addon_deb" ] || { echo "no inputclick-fcitx5 .deb was built"; return 1; }
    dpkg-deb -f "$addon_deb" Depends
    dpkg-deb -c "$deb" | grep -q fcitx5 && { echo "the inputclick package holds fcitx5 files"; return 1; }
    dpkg-deb -f "$addon_deb" Depends | grep -Eq "(^|, )inputclick \(= $version\)" &&
      dpkg-deb -f "$addon_deb" Depends | grep -Eq '(^|, )fcitx5 \(' || { echo "inputclick-fcitx5 must depend on inputclick and fcitx5"; return 1; }
  fi
  # Every shared library the packaged programs and plugin load must come from a
  # package that Depends names (found with dpkg -S, so a new dependency such as
  # listen's libevdev cannot be forgotten on a machine that happens to have it).
  local depends unpacked library package missing=0 package_file
  for package_file in "$deb" $addon_deb; do
    depends=$(dpkg-deb -f "$package_file" Depends)
    unpacked="$work/deb-contents"
    rm -rf "$unpacked" && dpkg-deb -x "$package_file" "$unpacked"
    for library in $(find "$unpacked" -type f \( -perm -u+x -o -name '*.so*' \) -exec objdump -p {} \; 2>/dev/null |
                     awk '/NEEDED/ { print $2 }' | sort -u); do
      case $library in
        libpulse*)
          # The native PulseAudio backend loads libpulse.so.0 with dlopen, so a
          # machine without PulseAudio needs nothing of it.
          echo "$(basename "$package_file"): a binary has $library in DT_NEEDED; libpulse must be loaded at run time"
          missing=1
          continue ;;
        libinputclick.so.*) package=inputclick ;;   # the other package of this build
        *) package=$(dpkg -S "*/$(gcc -print-multiarch)/$library" 2>/dev/null | grep -v '^inputclick:' | head -n 1 | cut -d: -f1) ;;
      esac
      [ -n "$package" ] || { echo "no installed package provides $library"; missing=1; continue; }
      echo "$depends" | tr ',|' '\n\n' | sed 's/ //g; s/(.*//' | grep -qx "$package" ||
        { echo "$(basename "$package_file"): Depends lacks $package (for $library)"; missing=1; }
    done
  done
  [ "$missing" = 0 ] || return 1
  [ "$was_installed" = no ] || echo "note: inputclick was installed before this run; the new build replaces it and stays"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --allow-downgrades -o DPkg::Lock::Timeout=300 "$deb" \
    >"$work/apt.log" 2>&1 || { tail -n 20 "$work/apt.log"; return 1; }
  [ "$was_installed" = yes ] || installed_deb=yes
  local got
  got=$(env -u LD_LIBRARY_PATH PATH=/usr/bin:/bin inputclick --version) || return 1
  echo "inputclick --version: $got"
  [ "$got" = "$version" ] || return 1
  man -w inputclick >/dev/null && man -w 5 inputclick-settings >/dev/null && man -w 3 libinputclick >/dev/null ||
    { echo "man does not find the pages"; return 1; }
  if [ -n "$addon_deb" ]; then
    dpkg-query -W -f='${Status}' fcitx5 2>/dev/null | grep -q "install ok installed" || installed_fcitx5=yes
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=300 "$addon_deb" \
      >"$work/apt-fcitx5.log" 2>&1 || { tail -n 20 "$work/apt-fcitx5.log"; return 1; }
    fcitx5_addon_installed / || return 1
    echo "inputclick-fcitx5: $fcitx5_addon_dir/libinputclick-fcitx5.so and /usr/share/fcitx5/addon/inputclick.conf installed"
  fi
  # The C example, with no paths but pkg-config's default search.
  # shellcheck disable=SC2046
  env -u PKG_CONFIG_PATH gcc -std=c11 -Wall -Wextra -Werror -o "$work/keyboard" examples/c/keyboard.c \
    $(env -u PKG_CONFIG_PATH pkg-config --cflags --libs inputclick) || return 1
  local output
  output=$(printf 'hi <\n' | timeout 60 env -u LD_LIBRARY_PATH "$work/keyboard" "$device" 2>&1) || { echo "$output"; return 1; }
  echo "$output"
  [ "$(grep -o ':plays' <<<"$output" | wc -l)" -eq 5 ] || { echo "expected 5 taps to play"; return 1; }
}
check "the .deb installs with apt-get, and the CLI and the C example run from it" deb_checks

# 4. pip, into a venv that sees Debian's setuptools (no network needed).
pip_checks() {
  /usr/bin/python3 -m venv --system-site-packages "$work/venv" || return 1
  # A copy, so setuptools' build/ and *.egg-info land there, not in the tree.
  cp -RL "$root/bindings/python" "$work/python-package" || return 1
  "$work/venv/bin/python" -m pip install -q --no-build-isolation --no-index "$work/python-package" \
    >"$work/pip.log" 2>&1 || { tail -n 20 "$work/pip.log"; return 1; }
  local output
  output=$(cd "$work" && timeout 60 env -u LD_LIBRARY_PATH -u INPUTCLICK_LIBRARY "$work/venv/bin/python" - "$device" <<'PY'
import sys
import inputclick as ic
assert "/venv/" in ic.__file__, ic.__file__
print("module:", ic.__file__)
print("version:", ic.version())
with ic.Context(device=sys.argv[1]) as context:
    context.set_visible_views([True])
    assert context.wait_until_running(30000) == 0, "the stream did not start"
    decision = context.play(ic.KIND_KEY)
    print("decision:", ic.decision_name(decision))
    assert decision == ic.PLAYS
    context.set_visible_views([])
PY
  ) || { echo "$output"; return 1; }
  echo "$output"
  grep -qx "version: $version" <<<"$output" || return 1
  "$work/venv/bin/python" -m pip uninstall -y -q inputclick >/dev/null 2>&1 || return 1
  ! (cd "$work" && "$work/venv/bin/python" -c 'import inputclick' 2>/dev/null) || { echo "pip uninstall left the module"; return 1; }
}
if [ "$installed_deb" = yes ] || [ "$was_installed" = yes ]; then
  check "the Python package installs with pip and finds the installed library" pip_checks
else
  echo "==> install: the Python package: FAILED (the library is not installed, see the .deb check)"
  failed=$((failed + 1))
fi

if [ "$installed_deb" = yes ]; then
  cleanup_purge_check() {
    apt-get purge -y -qq -o DPkg::Lock::Timeout=300 inputclick-fcitx5 inputclick >"$work/purge.log" 2>&1 ||
      { cat "$work/purge.log"; return 1; }
    installed_deb=no
    if [ "$installed_fcitx5" = yes ]; then
      apt-get purge -y -qq -o DPkg::Lock::Timeout=300 fcitx5 >>"$work/purge.log" 2>&1 || { cat "$work/purge.log"; return 1; }
      installed_fcitx5=no
    fi
    [ -z "$fcitx5_addon_dir" ] || [ ! -e "$fcitx5_addon_dir/libinputclick-fcitx5.so" ] || { echo "the add-on remains after the purge"; return 1; }
    ! dpkg-query -W -f='${Status}' inputclick 2>/dev/null | grep -q "install ok installed" || { echo "still installed"; return 1; }
    [ ! -e /usr/bin/inputclick ] && [ ! -e "/usr/lib/libinputclick.so.$major" ] || { echo "files remain after the purge"; return 1; }
    ! ldconfig -p | grep -q libinputclick || { echo "the loader cache still lists libinputclick"; return 1; }
  }
  check "apt-get purge removes the package and its files" cleanup_purge_check
fi

echo
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
