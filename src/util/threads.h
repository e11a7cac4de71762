/*
 * Threads: the default worker count and one thread with a large stack.
 * Parses, the rewrite stage's re-parses included, run in child processes
 * (driver/isolate.c); the thread serves the parse on a deep stack there.
 */
#ifndef CUATOMLINT_UTIL_THREADS_H
#define CUATOMLINT_UTIL_THREADS_H

#include <stddef.h>

/* The number of online cores (at least 1): what -j defaults to. */
int cal_default_workers(void);

/*
 * Run fn(arg) on a thread with stack_bytes of stack and wait for it.
 * Returns 0, or -1 (fn not called) if no such thread could start.
 */
int cal_thread_run_with_stack(void *(*fn)(void *), void *arg, size_t stack_bytes);

#endif
