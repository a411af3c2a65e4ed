#!/usr/bin/env bash
# Installs the Debian packages InputClick needs to build, test and run.
# Safe to run again: it installs only what is missing. Needs root (or sudo).
set -euo pipefail

packages=(
  pkg-config
  libasound2-dev      # alsa-lib: the output
  libsndfile1-dev     # decoding sound packs (WAV, FLAC, Ogg/Vorbis)
  libsamplerate0-dev  # rate conversion at load time
  alsa-utils          # aplay, for comparison and manual checks
  jackd2              # the real-time virtual sink used by the tests
  libasound2-plugins  # ALSA's jack PCM, which plays into that sink
  gcc g++ python3     # the C, C++ and Python plugin examples
  tmux                # driving the terminal keyboard in tests
)

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
