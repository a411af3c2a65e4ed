#!/usr/bin/env bash
# Builds a Debian package of InputClick from `make install PREFIX=/usr` into a
# staging tree: the CLI, the plugin with its header, .pc file and soname
# links, the man pages (compressed, as Debian policy asks), bash completion
# and the systemd user unit if the project has one.
#
# When fcitx5's development files are here (make install then builds the
# fcitx5 add-on), the add-on's library and .conf go into a second binary
# package of their own, inputclick-fcitx5, which depends on fcitx5 and on
# inputclick: a user without fcitx5 installs nothing of it.
#
# Usage: scripts/build-deb.sh [OUTPUT_DIR]      (default ./out)
# Prints the path of each .deb on a line of its own, inputclick-fcitx5's (if
# built) first, inputclick's last.
#
# Install it with `apt-get install ./out/inputclick_VERSION_ARCH.deb`; apt
# pulls in the run-time libraries it depends on.
set -euo pipefail
cd "$(dirname "$0")/.."

out_arg=${1:-out}
mkdir -p "$out_arg" || { echo "build-deb: cannot create '$out_arg'" >&2; exit 1; }
out=$(cd "$out_arg" && pwd)
for tool in dpkg-deb dpkg gzip; do
  command -v "$tool" >/dev/null || { echo "build-deb: '$tool' is missing (Debian package dpkg or gzip)" >&2; exit 69; }
done

version=$(sed -n 's/^#define INPUTCLICK_VERSION_STRING "\(.*\)"$/\1/p' Sources/InputClickPlugin/include/inputclick.h)
[ -n "$version" ] || { echo "build-deb: cannot read INPUTCLICK_VERSION_STRING from inputclick.h" >&2; exit 1; }
arch=$(dpkg --print-architecture)

stage=$(mktemp -d /tmp/inputclick-deb.XXXXXX)
trap 'rm -rf "$stage"' EXIT
chmod 0755 "$stage"
scripts/install.sh install /usr "$stage"

# The fcitx5 add-on moves to a staging tree of its own.
addon_stage=$stage.fcitx5
trap 'rm -rf "$stage" "$addon_stage"' EXIT
addon_files=$(cd "$stage" && find usr/lib usr/share -path '*/fcitx5/libinputclick-fcitx5.so' -o -path '*/fcitx5/addon/inputclick.conf')
for file in $addon_files; do
  install -d "$addon_stage/$(dirname "$file")"
  mv "$stage/$file" "$addon_stage/$file"
done
[ -z "$addon_files" ] || find "$stage/usr" -type d -empty -delete

# Debian keeps man pages gzipped, and documents each package's copyright.
find "$stage/usr/share/man" -type f -name '*.[0-9]' -exec gzip -9n {} +
copyright() {
  install -d "$1/usr/share/doc/$2"
  cat >"$1/usr/share/doc/$2/copyright" <<'COPYRIGHT'
InputClick: iOS-style key-click feedback for Linux keyboards.
The bundled click sounds are synthesized by the project's own generator and
dedicated to the public domain (CC0); see Sounds/README.md in the source.
COPYRIGHT
}
copyright "$stage" inputclick

# alsa-lib's package is libasound2t64 on newer Debian releases, libasound2 on Debian 12.
# Recommends bash-completion: without it (a minimal Debian) the completion is never loaded.
# Recommends the sound servers' client libraries, which the native backends load at run time
# (dlopen, never in DT_NEEDED): a machine without PipeWire or PulseAudio plays through ALSA.
installed_size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
install -d "$stage/DEBIAN"
cat >"$stage/DEBIAN/control" <<CONTROL
Package: inputclick
Version: $version
Architecture: $arch
Maintainer: InputClick developers <inputclick@localhost>
Installed-Size: $installed_size
Depends: libasound2t64 | libasound2, libsndfile1, libsamplerate0, libevdev2, libstdc++6, libgcc-s1, libc6
Recommends: bash-completion, libpipewire-0.3-0, libpulse0
Section: sound
Priority: optional
Description: iOS-style key-click feedback for Linux keyboards
 InputClick plays keyboard click feedback through ALSA about a millisecond
 after each tap, only when the user's settings allow it and a visible input
 view has opted in. This package holds the inputclick command, the C plugin
 libinputclick.so with inputclick.h and inputclick.pc, man pages and bash
 completion.
CONTROL
# The library is in /usr/lib: let the loader cache know.
printf '#!/bin/sh\nset -e\nif [ "$1" = configure ]; then ldconfig; fi\n' >"$stage/DEBIAN/postinst"
printf '#!/bin/sh\nset -e\nif [ "$1" = remove ]; then ldconfig; fi\n' >"$stage/DEBIAN/postrm"
chmod 0755 "$stage/DEBIAN/postinst" "$stage/DEBIAN/postrm"

if [ -n "$addon_files" ]; then
  copyright "$addon_stage" inputclick-fcitx5
  # The packages of the libraries the add-on loads, besides InputClick's own.
  addon_library=$(find "$addon_stage" -name libinputclick-fcitx5.so)
  shlib_packages=$(objdump -p "$addon_library" | awk '/NEEDED/ { print $2 }' | grep -v '^libinputclick\.so' |
    while read -r library; do dpkg -S "*/$library" 2>/dev/null | head -n 1 | cut -d: -f1; done | sort -u | paste -sd, | sed 's/,/, /g')
  fcitx5_version=$(pkg-config --modversion Fcitx5Core)
  install -d "$addon_stage/DEBIAN"
  cat >"$addon_stage/DEBIAN/control" <<CONTROL
Package: inputclick-fcitx5
Version: $version
Architecture: $arch
Maintainer: InputClick developers <inputclick@localhost>
Installed-Size: $(du -sk --exclude=DEBIAN "$addon_stage" | cut -f1)
Depends: inputclick (= $version), fcitx5 (>= $fcitx5_version), $shlib_packages
Section: utils
Priority: optional
Description: InputClick key clicks for fcitx5 that follow the text focus
 An fcitx5 module add-on: a key press clicks only while a text field has the
 focus, with one uniform sound (or none, as configured) in password fields,
 through InputClick's library. Enable and configure it in fcitx5's
 configuration tool (Add-ons, InputClick).
CONTROL
  addon_deb=$out/inputclick-fcitx5_${version}_$arch.deb
  dpkg-deb --root-owner-group --build "$addon_stage" "$addon_deb" >/dev/null
  echo "build-deb: $(du -h "$addon_deb" | cut -f1)B, $(dpkg-deb -f "$addon_deb" Depends)"
  echo "$addon_deb"
fi

deb=$out/inputclick_${version}_$arch.deb
dpkg-deb --root-owner-group --build "$stage" "$deb" >/dev/null
echo "build-deb: $(du -h "$deb" | cut -f1)B, $(dpkg-deb -f "$deb" Depends)"
echo "$deb"
