/*
 * The facts table.  One row per fact; the spec's tables A, B and D and
 * the reference texts are the sources.  docs/architectures.md is generated
 * from this array (cuatomlint --print-facts) and a test keeps them equal.
 */
#include "cuatomlint/facts.h"

#include <stddef.h>

#define GUIDE "CUDA Programming Guide 10.14 Atomic Functions"
#define GUIDE_B "CUDA Programming Guide 10.14 (CUDA 12.8+ builtins); nvcc 13.0"
#define PTX_NOTES "PTX ISA 9.7.13.5 atom, Target ISA Notes"
#define CUDA13 "CUDA 13.0 headers (sm_60/sm_90 atomic_functions, cuda_fp16/bf16.hpp)"
#define LIBCU "libcu++ cuda::atomic_ref requirements"

#define ROW(api, op, type, quals, sm, emu_sm, emu_cuda, what, src) \
	{ CAL_API_##api, CAL_OP_##op, CAL_T_##type, quals, sm, emu_sm, emu_cuda, what, src }

const struct cal_fact cal_facts[] = {
	/* Table A: legacy atomic functions */
	ROW(LEGACY, ADD, F64, 0, 60, 0, 0, "atomicAdd(double*)", GUIDE),
	ROW(LEGACY, ADD, F16X2, 0, 60, 1, 13, "atomicAdd(__half2*)", GUIDE "; " CUDA13 " emulate it on every arch"),
	ROW(LEGACY, ADD, F16, 0, 70, 0, 0, "atomicAdd(__half*)", GUIDE),
	ROW(LEGACY, ADD, BF16, 0, 80, 70, 13, "atomicAdd(__nv_bfloat16*)", GUIDE " (CUDA 12: sm_80); " CUDA13 ": sm_70, CAS-emulated below sm_90"),
	ROW(LEGACY, ADD, BF16X2, 0, 80, 1, 13, "atomicAdd(__nv_bfloat162*)", GUIDE " (CUDA 12: sm_80); " CUDA13 ": every arch, CAS-emulated below sm_90"),
	ROW(LEGACY, ADD, FLOAT2, 0, 90, 0, 0, "atomicAdd(float2*)", GUIDE " (global memory only)"),
	ROW(LEGACY, ADD, FLOAT4, 0, 90, 0, 0, "atomicAdd(float4*)", GUIDE " (global memory only)"),
	ROW(LEGACY, EXCH, B128, 0, 90, 0, 0, "atomicExch on a 16-byte type", GUIDE),
	ROW(LEGACY, CAS, B16, 0, 70, 0, 0, "atomicCAS(unsigned short*)", GUIDE),
	ROW(LEGACY, CAS, B128, 0, 90, 0, 0, "atomicCAS on a 16-byte type", GUIDE),
	ROW(LEGACY, MIN, I64, 0, 32, 0, 0, "64-bit atomicMin", PTX_NOTES " (the guide says 3.5)"),
	ROW(LEGACY, MAX, I64, 0, 32, 0, 0, "64-bit atomicMax", PTX_NOTES " (the guide says 3.5)"),
	ROW(LEGACY, AND, I64, 0, 32, 0, 0, "64-bit atomicAnd", PTX_NOTES " (the guide says 3.5)"),
	ROW(LEGACY, OR, I64, 0, 32, 0, 0, "64-bit atomicOr", PTX_NOTES " (the guide says 3.5)"),
	ROW(LEGACY, XOR, I64, 0, 32, 0, 0, "64-bit atomicXor", PTX_NOTES " (the guide says 3.5)"),
	ROW(LEGACY, ANY, ANY, CAL_Q_SCOPE_BLOCK, 60, 0, 0, "_block atomic variants", GUIDE),
	ROW(LEGACY, ANY, ANY, CAL_Q_SCOPE_SYSTEM, 60, 0, 0, "_system atomic variants", GUIDE),
	ROW(LEGACY, ANY, ANY, CAL_Q_SCOPE_SYSTEM | CAL_Q_TEGRA, 72, 0, 0, "_system atomic variants on Tegra", GUIDE),
	ROW(LIBCUDACXX, ANY, ANY, 0, 60, 0, 0, "cuda::atomic / cuda::atomic_ref", GUIDE "; " LIBCU),
	ROW(LIBCUDACXX, ANY, ANY, CAL_Q_NOT_LOCAL, 70, 0, 0, "cuda::atomic_ref on automatic storage", LIBCU " (sm_60: not on automatic storage)"),

	/* Table B: __nv_atomic_* builtins */
	ROW(NV_BUILTIN, ANY, ANY, 0, 60, 0, 0, "__nv_atomic_* builtins", GUIDE_B),
	ROW(NV_BUILTIN, CAS, B16, 0, 70, 0, 0, "16-bit __nv_atomic compare-exchange", GUIDE_B),
	ROW(NV_BUILTIN, CAS, B128, 0, 90, 0, 0, "128-bit __nv_atomic compare-exchange", GUIDE_B),
	ROW(NV_BUILTIN, EXCH, B128, 0, 90, 0, 0, "128-bit __nv_atomic exchange", GUIDE_B),
	ROW(NV_BUILTIN, LOAD, B128, 0, 70, 0, 0, "128-bit __nv_atomic load", GUIDE_B),
	ROW(NV_BUILTIN, STORE, B128, 0, 70, 0, 0, "128-bit __nv_atomic store", GUIDE_B),
	ROW(NV_BUILTIN, ADD, F64, 0, 60, 0, 0, "64-bit floating-point __nv_atomic add", GUIDE_B),
	ROW(NV_BUILTIN, SUB, F64, 0, 60, 0, 0, "64-bit floating-point __nv_atomic sub", GUIDE_B),
	ROW(NV_BUILTIN, ANY, ANY, CAL_Q_SCOPE_CLUSTER, 90, 0, 0, "cluster scope (becomes device scope below sm_90)", GUIDE_B),

	/* Table D: PTX atom / red */
	ROW(PTX, ANY, ANY, CAL_Q_SEM, 70, 0, 0, "PTX .sem qualifier", PTX_NOTES),
	ROW(PTX, ANY, ANY, CAL_Q_SCOPE, 60, 0, 0, "PTX .scope qualifier", PTX_NOTES),
	ROW(PTX, ANY, ANY, CAL_Q_SCOPE_CLUSTER, 90, 0, 0, "PTX .cluster scope / ::cluster", PTX_NOTES),
	ROW(PTX, ANY, ANY, CAL_Q_CACHE_HINT, 80, 0, 0, "PTX .L2::cache_hint", PTX_NOTES),
	ROW(PTX, ANY, ANY, CAL_Q_VECTOR, 90, 0, 0, "PTX vector atom (.v2/.v4/.v8)", PTX_NOTES),
	ROW(PTX, ANY, ANY, CAL_Q_SHARED_CTA, 30, 0, 0, "PTX ::cta sub-qualifier", PTX_NOTES),
	ROW(PTX, ANY, ANY, CAL_Q_ASYNC, 100, 0, 0, "PTX red.async on global memory", "PTX ISA red.async"),
	ROW(PTX, ANY, ANY, CAL_Q_ASYNC | CAL_Q_SCOPE_CLUSTER, 90, 0, 0, "PTX red.async on .shared::cluster", "PTX ISA red.async (PTX 8.1)"),
	ROW(PTX, ANY, ANY, CAL_Q_SHARED_VS_STORES, 70, 0, 0, "PTX .shared atom atomic with respect to plain stores", "PTX ISA 9.7.13.5 atom, Description (sm_6x and earlier)"),
	ROW(PTX, ANY, B128, 0, 90, 0, 0, "PTX .b128 atom", PTX_NOTES),
	ROW(PTX, CAS, B16, 0, 70, 0, 0, "PTX atom.cas.b16", PTX_NOTES),
	ROW(PTX, ADD, BF16, 0, 90, 0, 0, "PTX atom.add.noftz.bf16", PTX_NOTES),
	ROW(PTX, ADD, BF16X2, 0, 90, 0, 0, "PTX atom.add.noftz.bf16x2", PTX_NOTES),
	ROW(PTX, ADD, F16, 0, 70, 0, 0, "PTX atom.add.noftz.f16", PTX_NOTES),
	ROW(PTX, ADD, F16X2, 0, 60, 0, 0, "PTX atom.add.noftz.f16x2", PTX_NOTES),
	ROW(PTX, ADD, F64, 0, 60, 0, 0, "PTX atom.add.f64", PTX_NOTES),
	ROW(PTX, ADD, F32, 0, 20, 0, 0, "PTX atom.add.f32", PTX_NOTES),
	ROW(PTX, AND, I64, 0, 32, 0, 0, "PTX 64-bit atom.and", PTX_NOTES),
	ROW(PTX, OR, I64, 0, 32, 0, 0, "PTX 64-bit atom.or", PTX_NOTES),
	ROW(PTX, XOR, I64, 0, 32, 0, 0, "PTX 64-bit atom.xor", PTX_NOTES),
	ROW(PTX, MIN, I64, 0, 32, 0, 0, "PTX 64-bit atom.min", PTX_NOTES),
	ROW(PTX, MAX, I64, 0, 32, 0, 0, "PTX 64-bit atom.max", PTX_NOTES),
};

const int cal_nr_facts = (int)(sizeof(cal_facts) / sizeof(cal_facts[0]));

static int row_matches(const struct cal_fact *f, enum cal_api api, enum cal_op op,
		       enum cal_vtype type, unsigned quals, int exact)
{
	if (f->api != api)
		return 0;
	if (exact)
		return f->op == op && f->type == type && f->quals == quals;
	return (f->op == op || f->op == CAL_OP_ANY) &&
	       (f->type == type || f->type == CAL_T_ANY) &&
	       (f->quals & quals) == f->quals;
}

/*
 * Exact row first; then the matching row with the highest min_sm, since
 * a call must satisfy every fact that applies to it.
 */
const struct cal_fact *cal_facts_find(enum cal_api api, enum cal_op op,
				      enum cal_vtype type, unsigned quals)
{
	const struct cal_fact *best = NULL;
	int i;

	for (i = 0; i < cal_nr_facts; i++)
		if (row_matches(&cal_facts[i], api, op, type, quals, 1))
			return &cal_facts[i];
	for (i = 0; i < cal_nr_facts; i++) {
		const struct cal_fact *f = &cal_facts[i];
		if (row_matches(f, api, op, type, quals, 0) &&
		    (!best || f->min_sm > best->min_sm))
			best = f;
	}
	return best;
}

unsigned cal_fact_min_sm(const struct cal_fact *f, int cuda_major)
{
	if (f->emulated_from_sm && cuda_major >= (int)f->emulated_since_cuda)
		return f->emulated_from_sm;
	return f->min_sm;
}

unsigned cal_scope_qual(enum cal_scope scope)
{
	switch (scope) {
	case CAL_SCOPE_BLOCK: return CAL_Q_SCOPE_BLOCK;
	case CAL_SCOPE_CLUSTER: return CAL_Q_SCOPE_CLUSTER;
	case CAL_SCOPE_SYSTEM: return CAL_Q_SCOPE_SYSTEM;
	default: return 0;
	}
}

const char *cal_api_name(enum cal_api api)
{
	static const char *const names[] = { "legacy", "nv-builtin", "libcu++", "ptx",
						     "opencl-1.x", "opencl-2.0", "hip-builtin",
						     "scoped-builtin", "gnu-builtin", "hip" };
	return names[api];
}

const char *cal_op_name(enum cal_op op)
{
	static const char *const names[] = { "any", "add", "sub", "exch", "min", "max",
		"inc", "dec", "and", "or", "xor", "cas", "load", "store" };
	return names[op];
}

const char *cal_vtype_name(enum cal_vtype t)
{
	static const char *const names[] = { "any", "32-bit int", "64-bit int", "f32",
		"f64", "f16", "f16x2", "bf16", "bf16x2", "float2", "float4", "b16", "b128" };
	return names[t];
}
