/*
 * The AMD facts table (HIP): which gfx target has which floating-point
 * atomic add in hardware, on which memory, returning the old value or not.
 * Where a target has none, the compiler emits a compare-and-swap loop, which
 * is correct on every memory; where it has one, an "unsafe" FP atomic
 * (unsafeAtomicAdd, or any FP atomic add built with -munsafe-fp-atomics) is
 * that instruction, which does not work on fine-grained or host memory.
 *
 * Sources (each row cites its own): LLVM's AMDGPUUsage and the AMDGPU
 * backend's feature tests (reviews.llvm.org/D95391: gfx908's
 * global_atomic_add_f32, no return; D148796: __builtin_amdgcn_global_atomic_
 * fadd_f64 needs gfx90a-insts; D131560: flat f32 add on gfx940 and gfx11+),
 * the MI100/MI200/MI300 ISA references, and ROCm's "AMD GPU atomics operation
 * support" page (rocm.docs.amd.com, reference/gpu-atomics-operation): FP
 * atomics on fine-grained host memory are not performed by the hardware.
 */
#ifndef CUATOMLINT_AMD_FACTS_H
#define CUATOMLINT_AMD_FACTS_H

#include "cuatomlint/target.h"

enum cal_amd_rmw {
	CAL_AMD_NONE = 0,	/* a CAS loop */
	CAL_AMD_NORET = 1,	/* the instruction exists without a returned value */
	CAL_AMD_RET = 2,	/* ... and with one */
};

struct cal_amd_fact {
	const char *name;	/* "gfx90a", or a family "gfx11" */
	unsigned lo, hi;	/* the gfx values (CAL_GFX_BASE off) it covers */
	enum cal_amd_rmw global_f32, global_f64, global_pk_f16;
	enum cal_amd_rmw lds_f32, lds_f64;
	enum cal_amd_rmw flat_f32, flat_f64;
	unsigned wave;		/* default wavefront size */
	/*
	 * The compiler emits the hardware FP add without -munsafe-fp-atomics
	 * (LLVM deems it right on every memory: gfx940, reviews.llvm.org/D143603);
	 * elsewhere only the unsafe forms reach it.
	 */
	int fadd_always;
	const char *source;
};

extern const struct cal_amd_fact cal_amd_facts[];
extern const int cal_nr_amd_facts;

/* The row of gfx target t, or NULL (an sm target, or a gfx9 without FP atomics). */
const struct cal_amd_fact *cal_amd_fact_find(struct cal_target t);
/* Does t add floats of this size (4 or 8 bytes) in hardware on global memory? */
int cal_amd_has_global_fadd(struct cal_target t, unsigned size);
/*
 * Is t's hardware FP add of that size one the compiler emits only for the
 * unsafe forms, and one fine-grained or host memory does not perform?
 */
int cal_amd_fadd_unsafe(struct cal_target t, unsigned size);
/*
 * The wavefront size of gfx target t in a build: its row's (64 on gfx9, 32
 * on gfx10 and newer in HIP), or 64 on gfx10 and newer where the build says
 * -mwavefrontsize64 (wave64 true: the last of -mwavefrontsize64 and
 * -mno-wavefrontsize64).  clang 19 keeps gfx9 at 64 whatever the flag
 * (test/lit/hip/amd-facts-codegen.test reads its __AMDGCN_WAVEFRONT_SIZE).
 * 0 for an sm target.
 */
unsigned cal_amd_wavefront(struct cal_target t, int wave64);

#endif
