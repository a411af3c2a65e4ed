#!/usr/bin/env bash
# Builds the C plugin in release mode and installs it under PREFIX:
#
#   PREFIX/lib/libinputclick.so.X.Y.Z        the library (SONAME libinputclick.so.X)
#   PREFIX/lib/libinputclick.so.X -> …X.Y.Z  what programs load at run time
#   PREFIX/lib/libinputclick.so   -> ….so.X  what the linker finds for -linputclick
#   PREFIX/include/inputclick.h
#   PREFIX/lib/pkgconfig/inputclick.pc
#
# Usage: scripts/build-plugin.sh [PREFIX]      (default ./out/plugin)
#
# Environment:
#   INPUTCLICK_PLUGIN_STDLIB=static (default) links the Swift runtime into
#       the library, and Foundation only while a target the plugin depends on
#       imports it (the static linker takes what the modules' autolink
#       entries name, nothing more). It then needs only Debian's libasound2,
#       libsndfile1, libsamplerate0 and libstdc++ at run time, keeps working
#       when the Swift toolchain moves or is upgraded (Swift has no stable ABI
#       on Linux), and keeps its Swift runtime private (only the inputclick_*
#       functions are exported). Measured here: 8.8 MB stripped, now that no
#       library target imports Foundation (55 MB while they did, most of it
#       Foundation's ICU data). scripts/test-install.sh fails above 10 MB.
#   INPUTCLICK_PLUGIN_STDLIB=rpath links the toolchain's shared Swift runtime
#       and records its directory (/opt/swift/usr/lib/swift/linux here) in the
#       library's RUNPATH. Measured here: 0.5 MB stripped, but it loads 14
#       toolchain libraries (~76 MB on disk) at run time, only where that
#       toolchain is installed at that path, and must be rebuilt after a
#       toolchain upgrade; the same C program runs in 10 ms with 21 MB resident.
#
#   INPUTCLICK_PLUGIN_LINK_MAP=FILE  also writes the linker's map to FILE, to
#       see what each archive contributes (scripts/plugin-size.py sums it).
#   INPUTCLICK_PLUGIN_PC_PREFIX  the prefix inputclick.pc names, when it is
#       not PREFIX: `make install DESTDIR=…` installs into DESTDIR/PREFIX and
#       sets this to PREFIX. Then ldconfig is not run.
#
# Programs find the library without LD_LIBRARY_PATH: for a PREFIX whose lib
# directory the dynamic loader searches (/usr/lib, /usr/local/lib), the script
# runs ldconfig when it can; for any other PREFIX, `pkg-config --libs
# inputclick` adds -Wl,-rpath to that directory.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

prefix_arg=${1:-./out/plugin}
mode=${INPUTCLICK_PLUGIN_STDLIB:-static}
case $mode in
  static | rpath) ;;
  *) echo "build-plugin: INPUTCLICK_PLUGIN_STDLIB must be 'static' or 'rpath', not '$mode'" >&2; exit 64 ;;
esac
mkdir -p "$prefix_arg" || { echo "build-plugin: cannot create the prefix '$prefix_arg'" >&2; exit 1; }
prefix=$(cd "$prefix_arg" && pwd)
pc_prefix=${INPUTCLICK_PLUGIN_PC_PREFIX:-$prefix}
case $pc_prefix in
  /*) ;;
  *) echo "build-plugin: INPUTCLICK_PLUGIN_PC_PREFIX must be an absolute path, not '$pc_prefix'" >&2; exit 64 ;;
esac

header=Sources/InputClickPlugin/include/inputclick.h

# The version comes from the header; it must agree with the Swift library's.
header_version() { sed -n "s/^#define INPUTCLICK_VERSION_$1 \([0-9][0-9]*\)$/\1/p" "$header"; }
major=$(header_version MAJOR); minor=$(header_version MINOR); patch=$(header_version PATCH)
[ -n "$major" ] && [ -n "$minor" ] && [ -n "$patch" ] || {
  echo "build-plugin: cannot read INPUTCLICK_VERSION_MAJOR/MINOR/PATCH from $header" >&2; exit 1; }
version=$major.$minor.$patch
swift_version=$(sed -n 's/.*static let major = \([0-9]*\), minor = \([0-9]*\), patch = \([0-9]*\).*/\1.\2.\3/p' \
  Sources/InputClick/Support/InputClickVersion.swift)
if [ "$swift_version" != "$version" ]; then
  echo "build-plugin: $header says $version but InputClickVersion.swift says ${swift_version:-nothing}; make them agree" >&2
  exit 1
fi
grep -q "^#define INPUTCLICK_VERSION_STRING \"$version\"$" "$header" || {
  echo "build-plugin: INPUTCLICK_VERSION_STRING in $header is not \"$version\"" >&2; exit 1; }

soname=libinputclick.so.$major
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Export only the C interface, under a version node named after the SONAME.
cat >"$work/inputclick.map" <<EOF
INPUTCLICK_$major {
  global: inputclick_*;
  local: *;
};
EOF

# A scratch directory per mode, so the plugin's flags never force a rebuild
# of other release builds in .build (or the other way round).
scratch=$root/.build/plugin-$mode
flags=(-c release --product InputClickPlugin --scratch-path "$scratch"
       -Xlinker "-soname=$soname" -Xlinker "--version-script=$work/inputclick.map")
if [ "$mode" = static ]; then
  flags+=(--static-swift-stdlib -Xswiftc -static-stdlib)
fi
if [ -n "${INPUTCLICK_PLUGIN_LINK_MAP:-}" ]; then
  flags+=(-Xlinker "-Map=$INPUTCLICK_PLUGIN_LINK_MAP")
fi

echo "build-plugin: building $soname ($version, Swift runtime: $mode) ..."
# The static Foundation archive carries a linker warning about its own use of
# mktemp; it is the toolchain's, not ours, so it is filtered out here.
status=0
swift build "${flags[@]}" >"$work/build.log" 2>&1 || status=$?
grep -v -e "the use of \`mktemp' is dangerous" "$work/build.log" || true
built=$scratch/release/libInputClickPlugin.so
[ "$status" -eq 0 ] && [ -f "$built" ] || { echo "build-plugin: the build failed (swift build exit $status)" >&2; exit 1; }

# Install.
libdir=$prefix/lib
includedir=$prefix/include
mkdir -p "$libdir/pkgconfig" "$includedir"
rm -f "$libdir"/libinputclick.so*
install -m 0755 "$built" "$libdir/libinputclick.so.$version"
strip --strip-unneeded "$libdir/libinputclick.so.$version"
ln -s "libinputclick.so.$version" "$libdir/$soname"
ln -s "$soname" "$libdir/libinputclick.so"
install -m 0644 "$header" "$includedir/inputclick.h"

# The loader searches these without help (after ldconfig); anything else gets an rpath.
case $pc_prefix/lib in
  /usr/lib | /usr/local/lib | /lib | /usr/lib/x86_64-linux-gnu | /usr/lib/aarch64-linux-gnu)
    rpath_flag=""
    if [ "$pc_prefix" = "$prefix" ] && [ "$(id -u)" -eq 0 ] && command -v ldconfig >/dev/null; then ldconfig; fi ;;
  *) rpath_flag=" -Wl,-rpath,\${libdir}" ;;
esac

cat >"$libdir/pkgconfig/inputclick.pc" <<EOF
prefix=$pc_prefix
exec_prefix=\${prefix}
libdir=\${exec_prefix}/lib
includedir=\${prefix}/include

Name: inputclick
Description: iOS-style key-click feedback for keyboard front ends (C interface)
Version: $version
Libs: -L\${libdir} -linputclick$rpath_flag
Cflags: -I\${includedir}
EOF

# Check what was installed: the SONAME, and that every dependency resolves.
installed=$libdir/libinputclick.so.$version
got_soname=$(readelf -d "$installed" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$got_soname" = "$soname" ] || { echo "build-plugin: the SONAME is '$got_soname', expected '$soname'" >&2; exit 1; }
if ldd "$installed" | grep -q "not found"; then
  echo "build-plugin: dependencies of $installed are missing:" >&2
  ldd "$installed" | grep "not found" >&2
  exit 1
fi
# The header and the library must declare and export the same functions.
nm -D --defined-only "$installed" | awk '$2 == "T" && $3 ~ /^inputclick_/ { print $3 }' | sed 's/@.*//' | sort -u >"$work/exported"
grep -o '^[a-z].*[ *]inputclick_[a-z0-9_]*(' "$header" | sed 's/.*\(inputclick_[a-z0-9_]*\)($/\1/' | sort -u >"$work/declared"
if ! diff -u "$work/declared" "$work/exported" >"$work/api.diff"; then
  echo "build-plugin: inputclick.h (-) and the library (+) disagree on the functions:" >&2
  grep '^[-+]inputclick' "$work/api.diff" >&2
  exit 1
fi
exported=$(wc -l <"$work/exported")
size=$(du -h "$installed" | cut -f1)
echo "build-plugin: installed $installed (SONAME $soname, $exported functions, ${size}B)"
echo "build-plugin: use it with PKG_CONFIG_PATH=$libdir/pkgconfig pkg-config --cflags --libs inputclick"
