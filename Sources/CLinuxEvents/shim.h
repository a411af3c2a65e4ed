// Linux's eventfd, which Swift's Glibc module does not export: the render
// thread's wake-up (RenderWakeup.swift) is one.
#ifndef INPUTCLICK_CLINUXEVENTS_SHIM_H
#define INPUTCLICK_CLINUXEVENTS_SHIM_H
#include <sys/eventfd.h>
#include <poll.h>
#endif
