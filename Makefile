# Installs InputClick like any Linux tool.
#
#   make                      build the CLI and the plugin (release, static Swift runtime)
#   make install              install under PREFIX (default /usr/local)
#   make install PREFIX=/usr DESTDIR=/tmp/stage
#   make uninstall            remove what install installed (same PREFIX and DESTDIR)
#   make fcitx5-addon         build the fcitx5 add-on (contrib/fcitx5) into out/fcitx5, against out/plugin
#   make deb                  build out/inputclick_VERSION_ARCH.deb and, with fcitx5's
#                             development files, out/inputclick-fcitx5_VERSION_ARCH.deb (scripts/build-deb.sh)
#   make test-install         the install, .deb, pip and plugin-size tests (scripts/test-install.sh)
#
# What is installed: scripts/install.sh says, file by file.

PREFIX ?= /usr/local
DESTDIR ?=

.PHONY: all install uninstall deb test-install fcitx5-addon

all:
	scripts/build-plugin.sh out/plugin
	swift build -c release --product inputclick --scratch-path .build/plugin-static \
		--static-swift-stdlib -Xswiftc -static-stdlib

install:
	scripts/install.sh install "$(PREFIX)" "$(DESTDIR)"

uninstall:
	scripts/install.sh uninstall "$(PREFIX)" "$(DESTDIR)"

# Needs cmake, libfcitx5core-dev and fcitx5-modules-dev (scripts/install-deps.sh).
fcitx5-addon:
	scripts/build-plugin.sh out/plugin
	PKG_CONFIG_PATH="$(CURDIR)/out/plugin/lib/pkgconfig" cmake -S contrib/fcitx5 -B out/fcitx5 -DCMAKE_BUILD_TYPE=Release
	cmake --build out/fcitx5

deb:
	scripts/build-deb.sh

test-install:
	scripts/test-install.sh
