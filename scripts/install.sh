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
#   the fcitx5 add-on (contrib/fcitx5), when fcitx5's development files are
#   here (pkg-config finds Fcitx5Core) and cmake is: built with CMake against
#   the plugin just installed, its library into fcitx5's add-on directory
#   (FCITX_INSTALL_ADDONDIR: lib/<multiarch>/fcitx5 under fcitx5's own
#   prefix, PREFIX/lib/fcitx5 under any other) and share/fcitx5/addon/inputclick.conf
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
files+=("share/fcitx5/addon/inputclick.conf" "lib/fcitx5/libinputclick-fcitx5.so")
fcitx5_prefix=$(pkg-config --variable=prefix Fcitx5Core 2>/dev/null || true)
fcitx5_libdir=$(pkg-config --variable=libdir Fcitx5Core 2>/dev/null || true)
if [ -n "$fcitx5_prefix" ] && [ "$fcitx5_prefix" = "$prefix" ] && [ -n "$fcitx5_libdir" ]; then
  files+=("${fcitx5_libdir#"$prefix"/}/fcitx5/libinputclick-fcitx5.so")
fi

if [ "$action" = uninstall ]; then
  for file in "${files[@]}"; do rm -f "$target/$file"; done
  rm -f "$target"/lib/libinputclick.so."$major".* "$target"/lib/*/fcitx5/libinputclick-fcitx5.so
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
sed "s|@prefix@|$prefix|g" man/inputclick.1 >"$target/share/man/man1/inputclick.1"
chmod 0644 "$target/share/man/man1/inputclick.1"
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

# The fcitx5 add-on, against the plugin installed above: pkg-config reads its
# inputclick.pc (which names PREFIX) with DESTDIR as the sysroot.
if [ -n "$fcitx5_prefix" ] && command -v cmake >/dev/null; then
  echo "install: building the fcitx5 add-on (CMake, Fcitx5Core $(pkg-config --modversion Fcitx5Core)) ..."
  addon_build=$(mktemp -d)
  trap 'rm -f "$log"; rm -rf "$addon_build"' EXIT
  if ! PKG_CONFIG_PATH=$target/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH} PKG_CONFIG_SYSROOT_DIR=$destdir \
         cmake -S contrib/fcitx5 -B "$addon_build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$prefix" \
         -DCMAKE_INSTALL_LIBDIR=lib -DENABLE_TEST=OFF >"$log" 2>&1 ||
     ! cmake --build "$addon_build" >>"$log" 2>&1 ||
     ! DESTDIR=$destdir cmake --install "$addon_build" --strip >>"$log" 2>&1; then
    cat "$log" >&2
    echo "install: building the fcitx5 add-on failed" >&2
    exit 1
  fi
  grep '^-- Installing:' "$log" | sed 's/^-- Installing: /install: installed /'
else
  echo "install: no fcitx5 development files (libfcitx5core-dev) or no cmake: the fcitx5 add-on is not built"
fi

if ldd "$target/bin/inputclick" | grep -q "not found"; then
  echo "install: dependencies of $target/bin/inputclick are missing:" >&2
  ldd "$target/bin/inputclick" | grep "not found" >&2
  exit 1
fi
echo "install: installed InputClick $("$target/bin/inputclick" --version) into $target"
