#!/usr/bin/env bash
# Builds a Debian package of InputClick from `make install PREFIX=/usr` into a
# staging tree: the CLI, the plugin with its header, .pc file and soname
# links, the man pages (compressed, as Debian policy asks), bash completion
# and the systemd user unit if the project has one.
#
# Usage: scripts/build-deb.sh [OUTPUT_DIR]      (default ./out)
# Prints the path of the .deb on its last line.
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

# Debian keeps man pages gzipped, and documents the package's copyright.
find "$stage/usr/share/man" -type f -name '*.[0-9]' -exec gzip -9n {} +
install -d "$stage/usr/share/doc/inputclick"
cat >"$stage/usr/share/doc/inputclick/copyright" <<'COPYRIGHT'
InputClick: iOS-style key-click feedback for Linux keyboards.
The bundled click sounds are synthesized by the project's own generator and
dedicated to the public domain (CC0); see Sounds/README.md in the source.
COPYRIGHT

# alsa-lib's package is libasound2t64 on newer Debian releases, libasound2 on Debian 12.
installed_size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
install -d "$stage/DEBIAN"
cat >"$stage/DEBIAN/control" <<CONTROL
Package: inputclick
Version: $version
Architecture: $arch
Maintainer: InputClick developers <inputclick@localhost>
Installed-Size: $installed_size
Depends: libasound2t64 | libasound2, libsndfile1, libsamplerate0, libevdev2, libstdc++6, libgcc-s1, libc6
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

deb=$out/inputclick_${version}_$arch.deb
dpkg-deb --root-owner-group --build "$stage" "$deb" >/dev/null
echo "build-deb: $(du -h "$deb" | cut -f1)B, $(dpkg-deb -f "$deb" Depends)"
echo "$deb"
