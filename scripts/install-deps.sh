#!/usr/bin/env bash
# Installs the Debian packages InputClick needs to build, test and run.
# Safe to run again: it installs only what is missing. Needs root (or sudo).
set -euo pipefail

packages=(
  pkg-config
  libasound2-dev      # alsa-lib: the output
  libsndfile1-dev     # decoding sound packs (WAV, FLAC, Ogg/Vorbis)
  libsamplerate0-dev  # rate conversion at load time
  libevdev-dev        # inputclick listen: reading the keyboards (/dev/input/event*)
  alsa-utils          # aplay, for comparison and manual checks
  jackd2              # the real-time virtual sink used by the tests
  libasound2-plugins  # ALSA's jack PCM, which plays into that sink
  libjack-jackd2-dev  # libjack headers: the latency benchmark's probe and native client (bench/)
  pipewire wireplumber pipewire-bin dbus-daemon  # the second virtual sink (scripts/pipewire-sink.sh); never pipewire-alsa, which makes PipeWire every program's ALSA default: the script unpacks its plugin privately
  pulseaudio-utils liborc-0.4-0 libwrap0  # the PulseAudio sink (scripts/pulseaudio-sink.sh): pacat, parec and pactl, and the two libraries its daemon links that nothing else brings; never the pulseaudio package itself, which makes PulseAudio every program's ALSA default, turns on autospawn and enables user units: the script unpacks the daemon privately
  libpipewire-0.3-dev # the native PipeWire output's headers (Sources/CPipeWire links to them); libpipewire itself is loaded at run time, never linked
  libpulse-dev        # libpulse's headers for the native PulseAudio backend (InputClickPulseAudio), which loads libpulse.so.0 at run time and links nothing; never libcanberra-pulse, which depends on the pulseaudio package (bench/pulse-instant.py unpacks it privately)
  pipewire-jack       # pw-jack, for the latency benchmark on the PipeWire sink (bench/run.sh --sink pipewire): its libjack sits in /usr/lib/<arch>/pipewire-0.3/jack and only pw-jack's LD_LIBRARY_PATH loads it; the system's libjack and ALSA default stay as they are
  libcanberra-dev     # bench/canberra-client.c: the desktop's own instant sound (libcanberra's cached sample on PulseAudio), for bench/servers.sh; never libcanberra-pulse, whose dependency on the pulseaudio package makes PulseAudio every program's ALSA default (bench/pulse-instant.py unpacks the driver privately)
  gcc g++ python3     # the C, C++ and Python plugin examples
  tmux                # driving the terminal keyboard in tests
  libglib2.0-0 libglib2.0-bin  # GIO, loaded at run time for the desktop's settings (GSettings), and gsettings for manual checks
  gsettings-desktop-schemas    # GNOME's org.gnome.desktop.sound schema (input-feedback-sounds, theme-name), read in the desktop tests
  feedbackd                    # only for its org.sigxcpu.feedbackd schema (profile); installing it starts no daemon (D-Bus activated)
  sound-theme-freedesktop      # the freedesktop sound theme, the fallback of every XDG sound theme, used in the theme tests
  python3-venv python3-setuptools  # scripts/test-install.sh: pip installs the Python package into a venv, offline
  make                # make install / uninstall / deb (Makefile)
  cmake libfcitx5core-dev fcitx5-modules-dev  # the fcitx5 add-on (contrib/fcitx5): Fcitx5Core's and the test front end's CMake packages
  fcitx5-modules      # fcitx5's test add-ons (testfrontend, testim) for the add-on's headless test; pulls in fcitx5's libraries, starts nothing
  man-db              # scripts/test-install.sh: the man pages render without warnings, and man finds them once installed
  systemd             # systemd-analyze, for scripts/check-units.sh (the listen unit's security score); it does not become PID 1
)

# Swift itself is not a Debian 12 package: it comes from swift.org as a tarball.
if ! command -v swift >/dev/null 2>&1; then
  echo "install-deps: no 'swift' on PATH. InputClick needs a Swift 6 toolchain (6.0 or later):" >&2
  echo "install-deps: get the Debian 12 tarball from https://www.swift.org/install/linux/, unpack it," >&2
  echo "install-deps: put its usr/bin on PATH, and run this command again." >&2
  exit 1
fi
swift_major=$(swift --version 2>/dev/null | grep -oE 'Swift version [0-9]+' | grep -oE '[0-9]+$' || echo 0)
if [ "${swift_major:-0}" -lt 6 ]; then
  echo "install-deps: InputClick needs Swift 6 or later; this is: $(swift --version 2>&1 | head -n 1)" >&2
  exit 1
fi

# The Rust plugin example needs a rustc; the machine's own toolchain will do.
command -v rustc >/dev/null 2>&1 || packages+=(rustc)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all packages present"
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "install-deps: need root to install: ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
echo "install-deps: installing ${missing[*]}"
$sudo apt-get update -qq
# jackd2 asks a debconf question about real-time priority; answer it non-interactively.
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "install-deps: done"
