/*
 * Teaches ThreadSanitizer the slow path of Swift's Synchronization.Mutex on
 * Linux, for scripts/sanitizers.sh (loaded with LD_PRELOAD into the
 * thread-sanitized test process).
 *
 * Why: Mutex's fast path (one compare-and-swap to lock, one to unlock) is
 * inlined into our code and instrumented, so TSan sees its acquire and
 * release. Its slow path is not: _MutexHandle._lockSlow spins with plain
 * cmpxchg and then waits in the kernel (futex FUTEX_LOCK_PI),
 * _unlockSlow hands the lock over in the kernel (FUTEX_UNLOCK_PI), and
 * _tryLockSlow uses FUTEX_TRYLOCK_PI, all inside libswiftSynchronization.so,
 * which is not instrumented. So whenever a Mutex is contended, TSan misses
 * the edge from one holder to the next and reports the accesses inside both
 * withLock closures as a race. scripts/sanitizers.sh proves this on every
 * run with a probe (Mutex-protected counters: exact totals, yet reports
 * without this file; none with it).
 *
 * What: this library defines the three slow-path functions itself (the
 * executable and LD_PRELOAD libraries come first in symbol lookup), calls
 * the real ones (dlsym RTLD_NEXT), and tells TSan what happened on the
 * mutex word: __tsan_release before the unlock, __tsan_acquire after a lock
 * (or a successful try-lock) returns. Those are the exact edges a mutex
 * creates, on the same address the inlined fast path uses, so nothing more
 * is synchronized than the lock really synchronizes: a race outside a lock
 * is still reported (the probe checks that too).
 *
 * The functions use Swift's calling convention: the mutex word's address
 * arrives in r13 (swiftself; callee-saved, so still there after the real
 * call), the thread id for _lockSlow in edi, and _tryLockSlow's Bool comes
 * back in al. x86-64 only; built with the toolchain's clang. The TSan
 * functions are weak, so a process without TSan (swift-test itself, which
 * also inherits LD_PRELOAD) just forwards.
 */
#define _GNU_SOURCE
#include <dlfcn.h>

#if !defined(__x86_64__)
#error "tsan-mutex.c: x86-64 only (Swift passes self in r13 there)"
#endif

#define LOCK_SLOW "$s15Synchronization12_MutexHandleV9_lockSlowyys6UInt32VF"
#define UNLOCK_SLOW "$s15Synchronization12_MutexHandleV11_unlockSlowyyF"
#define TRY_LOCK_SLOW "$s15Synchronization12_MutexHandleV12_tryLockSlowSbyF"

#define HIDDEN __attribute__((visibility("hidden")))

/* The real functions, found once at load; read by the assembly below. */
HIDDEN void *inputclick_tsan_real_lock_slow, *inputclick_tsan_real_unlock_slow, *inputclick_tsan_real_try_lock_slow;

/* A no-op for processes without TSan. */
HIDDEN void inputclick_tsan_none(void *address) { (void)address; }
HIDDEN void *inputclick_tsan_acquire = (void *)inputclick_tsan_none, *inputclick_tsan_release = (void *)inputclick_tsan_none;

extern void __tsan_acquire(void *address) __attribute__((weak));
extern void __tsan_release(void *address) __attribute__((weak));

/* Finds the real functions and TSan's. Runs at load, and again from a
 * wrapper that finds no real function yet (libswiftSynchronization loaded
 * later with dlopen). Processes without it (the symbolizer TSan starts, shells)
 * inherit LD_PRELOAD too; they never call these functions. If a toolchain
 * moves or renames the slow path, the wrappers are simply not called and the
 * probe in scripts/sanitizers.sh sees the false positives again. */
HIDDEN void inputclick_tsan_resolve(void) {
    inputclick_tsan_real_lock_slow = dlsym(RTLD_NEXT, LOCK_SLOW);
    inputclick_tsan_real_unlock_slow = dlsym(RTLD_NEXT, UNLOCK_SLOW);
    inputclick_tsan_real_try_lock_slow = dlsym(RTLD_NEXT, TRY_LOCK_SLOW);
    if (__tsan_acquire && __tsan_release) {
        inputclick_tsan_acquire = (void *)__tsan_acquire;
        inputclick_tsan_release = (void *)__tsan_release;
    }
}

__attribute__((constructor)) static void find_functions(void) { inputclick_tsan_resolve(); }

/* Each wrapper saves r13 and rbx (callee-saved) and keeps the stack 16-byte
 * aligned at calls. Labels: 1 skips the acquire after a failed try-lock, 2
 * follows the lazy lookup. */
__asm__(
    ".text\n"

    ".globl \"" LOCK_SLOW "\"\n"
    ".type \"" LOCK_SLOW "\",@function\n"
    "\"" LOCK_SLOW "\":\n"
    "    push %rbp\n"
    "    mov %rsp, %rbp\n"
    "    push %r13\n"
    "    push %rbx\n"
    "    cmpq $0, inputclick_tsan_real_lock_slow(%rip)\n"
    "    jne 2f\n"
    "    mov %rdi, %rbx\n"
    "    call inputclick_tsan_resolve\n"
    "    mov %rbx, %rdi\n"
    "2:\n"
    "    call *inputclick_tsan_real_lock_slow(%rip)\n"   /* edi and r13 as we got them */
    "    mov %r13, %rdi\n"
    "    call *inputclick_tsan_acquire(%rip)\n"
    "    pop %rbx\n"
    "    pop %r13\n"
    "    pop %rbp\n"
    "    ret\n"
    ".size \"" LOCK_SLOW "\", .-\"" LOCK_SLOW "\"\n"

    ".globl \"" UNLOCK_SLOW "\"\n"
    ".type \"" UNLOCK_SLOW "\",@function\n"
    "\"" UNLOCK_SLOW "\":\n"
    "    push %rbp\n"
    "    mov %rsp, %rbp\n"
    "    push %r13\n"
    "    push %rbx\n"
    "    cmpq $0, inputclick_tsan_real_unlock_slow(%rip)\n"
    "    jne 2f\n"
    "    mov %rdi, %rbx\n"
    "    call inputclick_tsan_resolve\n"
    "    mov %rbx, %rdi\n"
    "2:\n"
    "    mov %r13, %rdi\n"
    "    call *inputclick_tsan_release(%rip)\n"
    "    call *inputclick_tsan_real_unlock_slow(%rip)\n" /* r13 survived the call above */
    "    pop %rbx\n"
    "    pop %r13\n"
    "    pop %rbp\n"
    "    ret\n"
    ".size \"" UNLOCK_SLOW "\", .-\"" UNLOCK_SLOW "\"\n"

    ".globl \"" TRY_LOCK_SLOW "\"\n"
    ".type \"" TRY_LOCK_SLOW "\",@function\n"
    "\"" TRY_LOCK_SLOW "\":\n"
    "    push %rbp\n"
    "    mov %rsp, %rbp\n"
    "    push %r13\n"
    "    push %rbx\n"
    "    cmpq $0, inputclick_tsan_real_try_lock_slow(%rip)\n"
    "    jne 2f\n"
    "    mov %rdi, %rbx\n"
    "    call inputclick_tsan_resolve\n"
    "    mov %rbx, %rdi\n"
    "2:\n"
    "    call *inputclick_tsan_real_try_lock_slow(%rip)\n"
    "    movzbl %al, %ebx\n"
    "    test %ebx, %ebx\n"
    "    jz 1f\n"
    "    mov %r13, %rdi\n"
    "    call *inputclick_tsan_acquire(%rip)\n"
    "1:  mov %ebx, %eax\n"
    "    pop %rbx\n"
    "    pop %r13\n"
    "    pop %rbp\n"
    "    ret\n"
    ".size \"" TRY_LOCK_SLOW "\", .-\"" TRY_LOCK_SLOW "\"\n");
