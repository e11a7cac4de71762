/*
 * Parses in child processes: each task (one file's lint parses, or one
 * translation unit's re-parses of the fix stage) runs in a process of its
 * own, at most -j at once, as run-clang-tidy runs one clang-tidy per file,
 * so a parse that crashes libclang, grows without bound (#include
 * "/dev/zero") or blocks (a FIFO include) costs that task only.  The task
 * runs on a 512 MiB stack (templates nested thousands deep), under
 * --timeout and --parse-memory-limit, and sends its result back as text
 * over a pipe.  The parent is one thread that polls the pipes, so forking
 * is always safe.
 */
#ifndef CUATOMLINT_ISOLATE_H
#define CUATOMLINT_ISOLATE_H

#include <stddef.h>

#include "cuatomlint/strbuf.h"
#include "rewrite/apply.h"

struct cal_isolate_limits {
	int workers;		/* 0: one per core */
	int timeout;		/* seconds per task; 0: none */
	int memory_limit_mb;	/* address space a task may add; 0: none */
};

/* How a task's child ended. */
struct cal_isolate_end {
	int lost;		/* it gave no result: the fields below say why */
	int status;		/* its wait status */
	int timed_out;		/* killed at --timeout */
	int unreadable;		/* its result could not be read back (too large) */
	int out_of_memory;	/* it reached, or came near, the memory limit */
};

struct cal_isolate_tasks {
	size_t nr;
	void *arg;
	/* In the parent, before task i starts: 1 if it is done already (NULL: never). */
	int (*skip)(size_t i, void *arg);
	/* In the child, on the large stack: task i's result into out. */
	void (*run)(size_t i, struct strbuf *out, void *arg);
	/* In the parent: what task i's child sent (all of it, or less if end->lost). */
	void (*done)(size_t i, const struct strbuf *out, const struct cal_isolate_end *end,
		     void *arg);
	/* In the parent, where no child could be forked (NULL: run, then done). */
	void (*run_here)(size_t i, void *arg);
};

/*
 * In a child: let it add at most megabytes to its address space (0: no
 * limit), as each task's child is limited.
 */
void cal_isolate_limit_memory(int megabytes);

/*
 * One tiny parse in this process (once): libclang's one-time set-up,
 * inherited by the children forked after it.  LLVM's crash handlers then
 * belong to this thread, not to a child's large-stack thread (where a
 * sanitizer cannot undo the signal stack they install).
 */
void cal_isolate_warm_up(void);

/* Run every task; returns when each is done. */
void cal_isolate_run(const struct cal_isolate_tasks *tasks, const struct cal_isolate_limits *limits);

/*
 * Why a lost task gave no result, for a message: "crashed (signal 11,
 * Segmentation fault)", "timed out after 2 s (--timeout)", ... (allocated).
 */
char *cal_isolate_why(const struct cal_isolate_end *end, const struct cal_isolate_limits *limits);

/*
 * The fix stage's runner (rewrite/apply.h): its re-parses run as tasks
 * here, with these limits (borrowed: they must outlive the runner).
 */
struct cal_fix_runner cal_isolate_fix_runner(const struct cal_isolate_limits *limits);

#endif
