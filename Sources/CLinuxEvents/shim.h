// Linux's eventfd, which Swift's Glibc module does not export: the render
// thread's wake-up (RenderWakeup.swift) is one. And glibc's sem_clockwait
// (since 2.30), which it declares only under _GNU_SOURCE: a drain's wait
// for the render thread (RenderProgressSignal.swift) is one.
#ifndef INPUTCLICK_CLINUXEVENTS_SHIM_H
#define INPUTCLICK_CLINUXEVENTS_SHIM_H
#include <sys/eventfd.h>
#include <poll.h>
#include <semaphore.h>
#include <time.h>
extern int sem_clockwait(sem_t *sem, clockid_t clock, const struct timespec *abstime);
#endif
