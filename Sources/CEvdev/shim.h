// libevdev (Debian libevdev-dev), for `inputclick listen`: the only header
// of it the package includes. Also inotify, for following hotplug in /dev/input.
#ifndef INPUTCLICK_CEVDEV_SHIM_H
#define INPUTCLICK_CEVDEV_SHIM_H
#include <libevdev/libevdev.h>
#include <sys/inotify.h>
#include <poll.h>
#include <fcntl.h>
#include <dirent.h>
#endif
