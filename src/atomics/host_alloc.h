/*
 * The table of runtime calls that place memory where another processor (the
 * CPU, another GPU) reads and writes it while kernels run: pinned and mapped
 * host memory, managed memory, a peer GPU's memory mapped here, and AMD's
 * fine-grained device memory.  Two users, one table: the driver's textual
 * scan (driver/host_memory.h: volatile-sync keeps system scope where the
 * CPU may be the writer) and hip-unsafe-fp-atomic (AMD's hardware FP
 * atomics are not performed on host or fine-grained memory).
 */
#ifndef CUATOMLINT_HOST_ALLOC_H
#define CUATOMLINT_HOST_ALLOC_H

#include <stddef.h>

enum cal_host_alloc_kind {
	CAL_ALLOC_HOST,		/* pinned or registered host memory */
	CAL_ALLOC_MANAGED,	/* migrates between host and devices */
	CAL_ALLOC_PEER,		/* another GPU's memory mapped into this one's space */
	CAL_ALLOC_FLAGGED,	/* fine-grained only with a flag (hipDeviceMallocFinegrained) */
};

struct cal_host_alloc {
	const char *name;
	int hip;		/* a HIP runtime call (else CUDA runtime or driver API) */
	enum cal_host_alloc_kind kind;
};

/* The row of the call named by name[0..len), or NULL. */
const struct cal_host_alloc *cal_host_alloc_find(const char *name, size_t len);

/* The rows, in order, ending with a row whose name is NULL. */
extern const struct cal_host_alloc cal_host_allocs[];

#endif
