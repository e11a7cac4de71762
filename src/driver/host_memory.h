/*
 * Evidence that the run's program may place memory where the CPU or another
 * GPU reads and writes it while kernels run: a call of one of the table of
 * atomics/host_alloc.h (cudaMallocHost, cudaHostAlloc, cudaMallocManaged,
 * cudaHostRegister, their driver API names and HIP's hipHostMalloc,
 * hipMallocManaged, hipExtMallocWithFlags..., or an API that maps a peer
 * GPU's memory), in any main file of the run or, with -p, any file the
 * compile database compiles (host code included).
 *
 * volatile-sync's fix turns a volatile poll (a relaxed load at system scope
 * in the PTX memory model) into an acquire load; with this evidence it keeps
 * system scope, since the CPU may be the writer.  The scan is textual and
 * errs towards finding evidence (a name in a comment counts): evidence only
 * ever widens a scope, which is never wrong.
 */
#ifndef CAL_DRIVER_HOST_MEMORY_H
#define CAL_DRIVER_HOST_MEMORY_H

#include <stddef.h>

/*
 * The first call of a host-memory allocator in text, as "NAME (LABEL:LINE)",
 * or NULL; caller frees.  HIP's calls count only with hip: they are evidence
 * for HIP code (whose sources may also spell CUDA's names through a
 * hipify header), never for CUDA code, which no HIP allocation reaches.
 */
char *cal_host_memory_in_text(const char *text, size_t len, const char *label, int hip);

/* The first evidence over files (in order), or NULL; caller frees. */
char *cal_host_memory_evidence(char *const *files, size_t nr, int hip);

#endif
