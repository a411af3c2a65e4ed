#!/usr/bin/env bash
# Installs InputClick like any Linux tool, or removes it again; `make install`
# and `make uninstall` run this.
#
# Usage: scripts/install.sh install|uninstall [PREFIX] [DESTDIR]
#        (default PREFIX /usr/local, DESTDIR empty)
#
# install builds in release mode with the Swift runtime linked statically (so
# nothing needs the toolchain at run time) and installs under DESTDIR/PREFIX:
#
#   bin/inputclick                                  the CLI, stripped
#   lib/libinputclick.so.X.Y.Z, .so.X, .so          the plugin (scripts/build-plugin.sh)
#   include/inputclick.h, lib/pkgconfig/inputclick.pc   (the .pc names PREFIX, not DESTDIR)
#   share/man/man1/inputclick.1, man5/inputclick-settings.5, man3/libinputclick.3
#   share/bash-completion/completions/inputclick
#   lib/systemd/user/*.service                      every unit in contrib/systemd/, if
#                                                   any, with @bindir@ replaced by PREFIX/bin
#
# uninstall removes exactly those files (the units by the names in
# contrib/systemd/), and no directory: directories such as /usr/local/include
# are shared, and may have been there, empty, before the install.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

action=${1:-}
prefix=${2:-/usr/local}
destdir=${3:-}
case $action in
  install | uninstall) ;;
  *) echo "usage: scripts/install.sh install|uninstall [PREFIX] [DESTDIR]" >&2; exit 64 ;;
esac
case $prefix in
  /*) ;;
  *) echo "install: PREFIX must be an absolute path, not '$prefix'" >&2; exit 64 ;;
esac
case $destdir in
  '' | /*) ;;
  *) echo "install: DESTDIR must be empty or an absolute path, not '$destdir'" >&2; exit 64 ;;
esac
prefix=${prefix%/}
target=$destdir$prefix

header=Sources/InputClickPlugin/include/inputclick.h
major=$(sed -n 's/^#define INPUTCLICK_VERSION_MAJOR \([0-9][0-9]*\)$/\1/p' "$header")
units=()
if [ -d contrib/systemd ]; then
  while IFS= read -r unit; do units+=("$unit"); done < <(cd contrib/systemd && ls -1 -- *.service 2>/dev/null || true)
fi

files=(
  "bin/inputclick"
  "lib/libinputclick.so"
  "lib/libinputclick.so.$major"
  "include/inputclick.h"
  "lib/pkgconfig/inputclick.pc"
  "share/man/man1/inputclick.1"
  "share/man/man5/inputclick-settings.5"
  "share/man/man3/libinputclick.3"
  "share/bash-completion/completions/inputclick"
)
for unit in "${units[@]}"; do files+=("lib/systemd/user/$unit"); done

if [ "$action" = uninstall ]; then
  for file in "${files[@]}"; do rm -f "$target/$file"; done
  rm -f "$target"/lib/libinputclick.so."$major".*
  # Directories stay, even empty ones: they are shared (Debian's base-files
  # creates /usr/local/include and /usr/local/share/man empty, for one).
  if [ -z "$destdir" ] && [ "$(id -u)" -eq 0 ] && command -v ldconfig >/dev/null; then ldconfig; fi
  echo "install: removed InputClick from $target"
  exit 0
fi

# The plugin: built, installed and checked by its own script.
mkdir -p "$target"
INPUTCLICK_PLUGIN_STDLIB=static INPUTCLICK_PLUGIN_PC_PREFIX=$prefix scripts/build-plugin.sh "$target"

# The CLI, built in the plugin's scratch directory with the same compiler
# flags, so the modules are compiled once for both and only the link differs.
echo "install: building the inputclick CLI (release, static Swift runtime) ..."
scratch=$root/.build/plugin-static
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! swift build -c release --product inputclick --scratch-path "$scratch" \
     --static-swift-stdlib -Xswiftc -static-stdlib >"$log" 2>&1; then
  grep -v -e "the use of \`mktemp' is dangerous" "$log" >&2 || true
  echo "install: building the CLI failed" >&2
  exit 1
fi
install -d "$target/bin" "$target/share/man/man1" "$target/share/man/man3" "$target/share/man/man5" \
  "$target/share/bash-completion/completions"
install -m 0755 "$scratch/release/inputclick" "$target/bin/inputclick"
strip --strip-unneeded "$target/bin/inputclick"
install -m 0644 man/inputclick.1 "$target/share/man/man1/inputclick.1"
install -m 0644 man/inputclick-settings.5 "$target/share/man/man5/inputclick-settings.5"
install -m 0644 man/libinputclick.3 "$target/share/man/man3/libinputclick.3"
install -m 0644 contrib/bash-completion/inputclick "$target/share/bash-completion/completions/inputclick"

# The listener's systemd user unit(s), when the project has them.
if [ ${#units[@]} -gt 0 ]; then
  install -d "$target/lib/systemd/user"
  for unit in "${units[@]}"; do
    sed "s|@bindir@|$prefix/bin|g" "contrib/systemd/$unit" >"$target/lib/systemd/user/$unit"
    chmod 0644 "$target/lib/systemd/user/$unit"
  done
fi

if ldd "$target/bin/inputclick" | grep -q "not found"; then
  echo "install: dependencies of $target/bin/inputclick are missing:" >&2
  ldd "$target/bin/inputclick" | grep "not found" >&2
  exit 1
fi
echo "install: installed InputClick $("$target/bin/inputclick" --version) into $target"
