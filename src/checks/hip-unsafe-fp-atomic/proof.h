/*
 * Proof that a kernel's pointer parameter holds host or fine-grained
 * memory, from the translation unit's own code: the kernel is launched here
 * (k<<<...>>>(...), hipLaunchKernelGGL) and named nowhere else, and every
 * launch passes there a pointer based on a local variable of the launching
 * function that only an allocator of atomics/host_alloc.h sets (its address
 * handed to hipHostMalloc, hipMallocManaged or hipExtMallocWithFlags with a
 * fine-grained flag; no other store to it, its address taken nowhere else;
 * declared without a value or null).  Launches from other translation units
 * are not seen: the fix built on the proof is correct on every memory.
 */
#ifndef CUATOMLINT_HIP_UNSAFE_PROOF_H
#define CUATOMLINT_HIP_UNSAFE_PROOF_H

#include <clang-c/Index.h>

#include "parse/check.h"

struct cal_fine_proof;

struct cal_fine_proof *cal_fine_proof_new(void);
void cal_fine_proof_free(struct cal_fine_proof *p);
/* Record c if it is a launch or a kernel's name (every cursor of the walk). */
void cal_fine_proof_visit(struct cal_fine_proof *p, struct cal_walk *w, CXCursor c);
/* Does an allocator call's text name a fine-grained flag (hipDeviceMallocFinegrained)? */
int cal_fine_flag_named(CXTranslationUnit tu, CXCursor call);
/*
 * Does a hipHostMalloc call ask for coarse-grained memory
 * (hipHostMallocNonCoherent, or flags without Coherent or Mapped)?  AMD's
 * hardware FP atomics are performed on coarse-grained host memory (ROCm's
 * coherence docs; hip-tests' AtomicAdd_NonCoherent_withunsafeflag expects it).
 */
int cal_coarse_flag_named(CXTranslationUnit tu, CXCursor call);
/*
 * Is ptr (an expression in kernel fn) based on a parameter of fn that every
 * launch fills with host or fine-grained memory?  Ask after the walk.  On
 * success *alloc is the allocator's name of the first launch ("hipHostMalloc").
 */
int cal_fine_proof_holds(struct cal_fine_proof *p, CXTranslationUnit tu, CXCursor fn,
			 CXCursor ptr, const char **alloc);

#endif
