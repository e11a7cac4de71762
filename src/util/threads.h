/*
 * Threads: the default worker count, a pool that hands out numbered items
 * in order, and one thread with a large stack.  The jobs themselves run
 * in child processes (driver/scheduler.c); threads serve work inside one
 * process: the rewrite stage's re-parses, the parse on a deep stack.
 */
#ifndef CUATOMLINT_UTIL_THREADS_H
#define CUATOMLINT_UTIL_THREADS_H

#include <stddef.h>

/* The number of online cores (at least 1): what -j defaults to. */
int cal_default_workers(void);

struct cal_pool_task {
	/* Per thread: make its state (a libclang index ...) and end it; NULL: none. */
	void *(*thread_start)(void *arg);
	void (*thread_end)(void *state, void *arg);
	/* One item, on some thread, with that thread's state. */
	void (*item)(size_t i, void *state, void *arg);
	void *arg;
};

/*
 * Run task->item for every i < n, handed out in order to at most workers
 * threads (0: one per core; never more than n).  If no thread starts, the
 * calling thread does all the work.  Returns when every item is done.
 */
void cal_pool_run(const struct cal_pool_task *task, size_t n, int workers);

/*
 * Run fn(arg) on a thread with stack_bytes of stack and wait for it.
 * Returns 0, or -1 (fn not called) if no such thread could start.
 */
int cal_thread_run_with_stack(void *(*fn)(void *), void *arg, size_t stack_bytes);

#endif
