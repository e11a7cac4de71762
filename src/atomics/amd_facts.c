/* The AMD facts table (amd_facts.h). */
#include "atomics/amd_facts.h"

#include <stddef.h>

#define ISA_MI100 "AMD Instinct MI100 (CDNA1) ISA reference, FLAT/GLOBAL atomics; reviews.llvm.org/D95391"
#define ISA_MI200 "AMD Instinct MI200 (CDNA2) ISA reference; reviews.llvm.org/D148796 (gfx90a-insts)"
#define ISA_MI300 "AMD Instinct MI300 (CDNA3) ISA reference; reviews.llvm.org/D131560 (flat f32, gfx940)"
#define ISA_RDNA3 "AMD RDNA3 ISA reference; reviews.llvm.org/D131560 (flat f32, gfx11)"
#define ISA_RDNA4 "AMD RDNA4 ISA reference; LLVM AMDGPUUsage (gfx12)"
#define NO_FADD "LLVM AMDGPUUsage: no FP atomic add instruction, atomicrmw fadd is a CAS loop"
/*
 * Checked against clang 19's code for each target: test/lit/hip/amd-facts-codegen.test
 * compiles float and double __hip_atomic_fetch_add with and without
 * -munsafe-fp-atomics and finds these instructions (or compare-and-swap loops).
 */

const struct cal_amd_fact cal_amd_facts[] = {
	{ "gfx900-gfx906", 0x900, 0x906, CAL_AMD_NONE, CAL_AMD_NONE, CAL_AMD_NONE,
	  CAL_AMD_RET, CAL_AMD_NONE, CAL_AMD_NONE, CAL_AMD_NONE, 64, 0, NO_FADD },
	{ "gfx908", 0x908, 0x908, CAL_AMD_NORET, CAL_AMD_NONE, CAL_AMD_NORET,
	  CAL_AMD_RET, CAL_AMD_NONE, CAL_AMD_NONE, CAL_AMD_NONE, 64, 0, ISA_MI100 },
	{ "gfx909", 0x909, 0x909, CAL_AMD_NONE, CAL_AMD_NONE, CAL_AMD_NONE,
	  CAL_AMD_RET, CAL_AMD_NONE, CAL_AMD_NONE, CAL_AMD_NONE, 64, 0, NO_FADD },
	{ "gfx90a", 0x90a, 0x90a, CAL_AMD_RET, CAL_AMD_RET, CAL_AMD_RET,
	  CAL_AMD_RET, CAL_AMD_RET, CAL_AMD_NONE, CAL_AMD_RET, 64, 0, ISA_MI200 },
	{ "gfx90c", 0x90c, 0x90c, CAL_AMD_NONE, CAL_AMD_NONE, CAL_AMD_NONE,
	  CAL_AMD_RET, CAL_AMD_NONE, CAL_AMD_NONE, CAL_AMD_NONE, 64, 0, NO_FADD },
	{ "gfx940-gfx942", 0x940, 0x942, CAL_AMD_RET, CAL_AMD_RET, CAL_AMD_RET,
	  CAL_AMD_RET, CAL_AMD_RET, CAL_AMD_RET, CAL_AMD_RET, 64, 1, ISA_MI300 },
	{ "gfx10", 0x1010, 0x1036, CAL_AMD_NONE, CAL_AMD_NONE, CAL_AMD_NONE,
	  CAL_AMD_RET, CAL_AMD_NONE, CAL_AMD_NONE, CAL_AMD_NONE, 32, 0, NO_FADD },
	{ "gfx11", 0x1100, 0x1151, CAL_AMD_RET, CAL_AMD_NONE, CAL_AMD_NONE,
	  CAL_AMD_RET, CAL_AMD_NONE, CAL_AMD_RET, CAL_AMD_NONE, 32, 0, ISA_RDNA3 },
	{ "gfx12", 0x1200, 0x1201, CAL_AMD_RET, CAL_AMD_NONE, CAL_AMD_RET,
	  CAL_AMD_RET, CAL_AMD_NONE, CAL_AMD_RET, CAL_AMD_NONE, 32, 0, ISA_RDNA4 },
};

const int cal_nr_amd_facts = (int)(sizeof(cal_amd_facts) / sizeof(cal_amd_facts[0]));

const struct cal_amd_fact *cal_amd_fact_find(struct cal_target t)
{
	unsigned v = t.sm - CAL_GFX_BASE;
	int i;

	if (!cal_target_is_gfx(t))
		return NULL;
	for (i = 0; i < cal_nr_amd_facts; i++)
		if (v >= cal_amd_facts[i].lo && v <= cal_amd_facts[i].hi)
			return &cal_amd_facts[i];
	return NULL;
}

int cal_amd_has_global_fadd(struct cal_target t, unsigned size)
{
	const struct cal_amd_fact *f = cal_amd_fact_find(t);

	if (!f)
		return 0;
	return (size == 4 ? f->global_f32 : size == 8 ? f->global_f64 : CAL_AMD_NONE) != CAL_AMD_NONE;
}

int cal_amd_fadd_unsafe(struct cal_target t, unsigned size)
{
	const struct cal_amd_fact *f = cal_amd_fact_find(t);

	return f && !f->fadd_always && cal_amd_has_global_fadd(t, size);
}

unsigned cal_amd_wavefront(struct cal_target t, int wave64)
{
	const struct cal_amd_fact *f = cal_amd_fact_find(t);
	unsigned wave = f ? f->wave : cal_target_wave_size(t);

	if (!cal_target_is_gfx(t))
		return 0;
	return wave64 ? 64 : wave;
}
