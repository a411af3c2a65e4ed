# Installs InputClick like any Linux tool.
#
#   make                      build the CLI and the plugin (release, static Swift runtime)
#   make install              install under PREFIX (default /usr/local)
#   make install PREFIX=/usr DESTDIR=/tmp/stage
#   make uninstall            remove what install installed (same PREFIX and DESTDIR)
#   make deb                  build out/inputclick_VERSION_ARCH.deb (scripts/build-deb.sh)
#   make test-install         the install, .deb, pip and plugin-size tests (scripts/test-install.sh)
#
# What is installed: scripts/install.sh says, file by file.

PREFIX ?= /usr/local
DESTDIR ?=

.PHONY: all install uninstall deb test-install

all:
	scripts/build-plugin.sh out/plugin
	swift build -c release --product inputclick --scratch-path .build/plugin-static \
		--static-swift-stdlib -Xswiftc -static-stdlib

install:
	scripts/install.sh install "$(PREFIX)" "$(DESTDIR)"

uninstall:
	scripts/install.sh uninstall "$(PREFIX)" "$(DESTDIR)"

deb:
	scripts/build-deb.sh

test-install:
	scripts/test-install.sh
