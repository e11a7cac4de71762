/*
 * The fallback helpers of spec table C, as data.  Bodies are indented with
 * four spaces; the rewriter keeps the file's own style elsewhere.
 */
#include "fixits/fallbacks.h"

#include <string.h>

#include "cuatomlint/strbuf.h"

/* The containing aligned 32-bit word of a 16-bit object, and its half. */
#define HALF_WORD \
	"    unsigned int *word = (unsigned int *)((size_t)address & ~(size_t)3);\n" \
	"    unsigned int shift = ((size_t)address & 2) ? 16u : 0u;\n" \
	"    unsigned int mask = 0xffffu << shift;\n" \
	"    unsigned int old = *(volatile unsigned int *)word, assumed;\n"

/* A 32-bit CAS loop that replaces one half of the word with NEW(cur). */
#define HALF_ADD(T, to_bits, from_bits) \
	HALF_WORD \
	"    do {\n" \
	"        assumed = old;\n" \
	"        " T " cur = " from_bits "((unsigned short)((assumed & mask) >> shift));\n" \
	"        unsigned int sum = " to_bits "(__hadd(cur, val));\n" \
	"        old = atomicCAS(word, assumed, (assumed & ~mask) | (sum << shift));\n" \
	"    } while (assumed != old);\n" \
	"    return " from_bits "((unsigned short)((old & mask) >> shift));\n"

/* A 32-bit CAS loop on a two-halves vector type (bits punned as CUDA's headers do). */
#define PAIR_ADD(T) \
	"    unsigned int *word = (unsigned int *)address;\n" \
	"    unsigned int old = *(volatile unsigned int *)word, assumed;\n" \
	"    do {\n" \
	"        assumed = old;\n" \
	"        " T " sum = __hadd2(*(" T " *)&assumed, val);\n" \
	"        old = atomicCAS(word, assumed, *(unsigned int *)&sum);\n" \
	"    } while (assumed != old);\n" \
	"    return *(" T " *)&old;\n"

/* A 64-bit CAS loop computing NEXT from cur (the current value as T). */
#define CAS64_LOOP(T, skip_if, next) \
	"    unsigned long long *word = (unsigned long long *)address;\n" \
	"    unsigned long long old = *(volatile unsigned long long *)word, assumed;\n" \
	"    do {\n" \
	"        assumed = old;\n" \
	"        " T " cur = (" T ")assumed;\n" \
	skip_if \
	"        old = atomicCAS(word, assumed, (unsigned long long)(" next "));\n" \
	"    } while (assumed != old);\n" \
	"    return (" T ")old;\n"

#define MINMAX64(T, cmp) CAS64_LOOP(T, "        if (!(val " cmp " cur))\n            break;\n", "val")
#define LOGIC64(op) CAS64_LOOP("unsigned long long", "", "cur " op " val")

#define NATIVE(call) "    return " call ";\n"

const struct cal_fallback cal_fallbacks[] = {
	{ "cuatomlint_atomicAdd_f64", CAL_OP_ADD, CAL_T_F64, CAL_SIGN_ANY, 600,
	  "atomicAdd(double*): 64-bit atomicCAS loop",
	  "double cuatomlint_atomicAdd_f64(double *address, double val)",
	  "    unsigned long long *word = (unsigned long long *)address;\n"
	  "    unsigned long long old = *(volatile unsigned long long *)word, assumed;\n"
	  "    do {\n"
	  "        assumed = old;\n"
	  "        old = atomicCAS(word, assumed, (unsigned long long)__double_as_longlong(\n"
	  "                                           val + __longlong_as_double((long long)assumed)));\n"
	  "    } while (assumed != old);\n"
	  "    return __longlong_as_double((long long)old);\n",
	  NATIVE("atomicAdd(address, val)") },
	{ "cuatomlint_atomicAdd_f16x2", CAL_OP_ADD, CAL_T_F16X2, CAL_SIGN_ANY, 600,
	  "atomicAdd(__half2*): 32-bit atomicCAS loop on the word",
	  "__half2 cuatomlint_atomicAdd_f16x2(__half2 *address, __half2 val)",
	  PAIR_ADD("__half2"), NATIVE("atomicAdd(address, val)") },
	{ "cuatomlint_atomicAdd_f16", CAL_OP_ADD, CAL_T_F16, CAL_SIGN_ANY, 700,
	  "atomicAdd(__half*): 32-bit atomicCAS loop on the containing word",
	  "__half cuatomlint_atomicAdd_f16(__half *address, __half val)",
	  HALF_ADD("__half", "__half_as_ushort", "__ushort_as_half"),
	  NATIVE("atomicAdd(address, val)") },
	{ "cuatomlint_atomicAdd_bf16", CAL_OP_ADD, CAL_T_BF16, CAL_SIGN_ANY, 800,
	  "atomicAdd(__nv_bfloat16*): 32-bit atomicCAS loop on the containing word",
	  "__nv_bfloat16 cuatomlint_atomicAdd_bf16(__nv_bfloat16 *address, __nv_bfloat16 val)",
	  HALF_ADD("__nv_bfloat16", "__bfloat16_as_ushort", "__ushort_as_bfloat16"),
	  NATIVE("atomicAdd(address, val)") },
	{ "cuatomlint_atomicAdd_bf16x2", CAL_OP_ADD, CAL_T_BF16X2, CAL_SIGN_ANY, 800,
	  "atomicAdd(__nv_bfloat162*): 32-bit atomicCAS loop on the word",
	  "__nv_bfloat162 cuatomlint_atomicAdd_bf16x2(__nv_bfloat162 *address, __nv_bfloat162 val)",
	  PAIR_ADD("__nv_bfloat162"), NATIVE("atomicAdd(address, val)") },
	{ "cuatomlint_atomicAdd_float2", CAL_OP_ADD, CAL_T_FLOAT2, CAL_SIGN_ANY, 900,
	  "atomicAdd(float2*): one float atomicAdd per component",
	  "float2 cuatomlint_atomicAdd_float2(float2 *address, float2 val)",
	  "    float2 r;\n"
	  "    r.x = atomicAdd(&address->x, val.x);\n"
	  "    r.y = atomicAdd(&address->y, val.y);\n"
	  "    return r;\n",
	  NATIVE("atomicAdd(address, val)") },
	{ "cuatomlint_atomicAdd_float4", CAL_OP_ADD, CAL_T_FLOAT4, CAL_SIGN_ANY, 900,
	  "atomicAdd(float4*): one float atomicAdd per component",
	  "float4 cuatomlint_atomicAdd_float4(float4 *address, float4 val)",
	  "    float4 r;\n"
	  "    r.x = atomicAdd(&address->x, val.x);\n"
	  "    r.y = atomicAdd(&address->y, val.y);\n"
	  "    r.z = atomicAdd(&address->z, val.z);\n"
	  "    r.w = atomicAdd(&address->w, val.w);\n"
	  "    return r;\n",
	  NATIVE("atomicAdd(address, val)") },
	{ "cuatomlint_atomicMin_s64", CAL_OP_MIN, CAL_T_I64, CAL_SIGN_SIGNED, 320,
	  "64-bit atomicMin(long long*): 64-bit atomicCAS loop",
	  "long long cuatomlint_atomicMin_s64(long long *address, long long val)",
	  MINMAX64("long long", "<"), NATIVE("atomicMin(address, val)") },
	{ "cuatomlint_atomicMin_u64", CAL_OP_MIN, CAL_T_I64, CAL_SIGN_UNSIGNED, 320,
	  "64-bit atomicMin(unsigned long long*): 64-bit atomicCAS loop",
	  "unsigned long long cuatomlint_atomicMin_u64(unsigned long long *address, unsigned long long val)",
	  MINMAX64("unsigned long long", "<"), NATIVE("atomicMin(address, val)") },
	{ "cuatomlint_atomicMax_s64", CAL_OP_MAX, CAL_T_I64, CAL_SIGN_SIGNED, 320,
	  "64-bit atomicMax(long long*): 64-bit atomicCAS loop",
	  "long long cuatomlint_atomicMax_s64(long long *address, long long val)",
	  MINMAX64("long long", ">"), NATIVE("atomicMax(address, val)") },
	{ "cuatomlint_atomicMax_u64", CAL_OP_MAX, CAL_T_I64, CAL_SIGN_UNSIGNED, 320,
	  "64-bit atomicMax(unsigned long long*): 64-bit atomicCAS loop",
	  "unsigned long long cuatomlint_atomicMax_u64(unsigned long long *address, unsigned long long val)",
	  MINMAX64("unsigned long long", ">"), NATIVE("atomicMax(address, val)") },
	{ "cuatomlint_atomicAnd_u64", CAL_OP_AND, CAL_T_I64, CAL_SIGN_ANY, 320,
	  "64-bit atomicAnd: 64-bit atomicCAS loop",
	  "unsigned long long cuatomlint_atomicAnd_u64(unsigned long long *address, unsigned long long val)",
	  LOGIC64("&"), NATIVE("atomicAnd(address, val)") },
	{ "cuatomlint_atomicOr_u64", CAL_OP_OR, CAL_T_I64, CAL_SIGN_ANY, 320,
	  "64-bit atomicOr: 64-bit atomicCAS loop",
	  "unsigned long long cuatomlint_atomicOr_u64(unsigned long long *address, unsigned long long val)",
	  LOGIC64("|"), NATIVE("atomicOr(address, val)") },
	{ "cuatomlint_atomicXor_u64", CAL_OP_XOR, CAL_T_I64, CAL_SIGN_ANY, 320,
	  "64-bit atomicXor: 64-bit atomicCAS loop",
	  "unsigned long long cuatomlint_atomicXor_u64(unsigned long long *address, unsigned long long val)",
	  LOGIC64("^"), NATIVE("atomicXor(address, val)") },
	{ "cuatomlint_atomicCAS_u16", CAL_OP_CAS, CAL_T_B16, CAL_SIGN_ANY, 700,
	  "atomicCAS(unsigned short*): 32-bit atomicCAS on the containing word, "
	  "retrying while only the other half changes",
	  "unsigned short cuatomlint_atomicCAS_u16(unsigned short *address, unsigned short compare, unsigned short val)",
	  HALF_WORD
	  "    for (;;) {\n"
	  "        unsigned short cur = (unsigned short)((old & mask) >> shift);\n"
	  "        if (cur != compare)\n"
	  "            return cur;\n"
	  "        assumed = old;\n"
	  "        old = atomicCAS(word, assumed, (assumed & ~mask) | ((unsigned int)val << shift));\n"
	  "        if (old == assumed)\n"
	  "            return compare;\n"
	  "    }\n",
	  NATIVE("atomicCAS(address, compare, val)") },
};

const char cal_acquire_load_helper[] =
	"#ifndef CUATOMLINT_ACQUIRE_LOAD\n"
	"#define CUATOMLINT_ACQUIRE_LOAD\n"
	"template <class T> __device__ T cuatomlint_acquire_load(T *p) "
	"{ T v = atomicAdd(p, (T)0); __threadfence(); return v; }\n"
	"__device__ inline float cuatomlint_acquire_load(float *p) "
	"{ float v = __uint_as_float(atomicAdd((unsigned int *)p, 0u)); __threadfence(); return v; }\n"
	"#endif";

const int cal_nr_fallbacks = (int)(sizeof(cal_fallbacks) / sizeof(cal_fallbacks[0]));

const struct cal_fallback *cal_fallback_find(enum cal_op op, enum cal_vtype type,
					     enum cal_signedness sign)
{
	int i;

	for (i = 0; i < cal_nr_fallbacks; i++) {
		const struct cal_fallback *fb = &cal_fallbacks[i];
		if (fb->op == op && fb->type == type &&
		    (fb->sign == CAL_SIGN_ANY || fb->sign == sign))
			return fb;
	}
	return NULL;
}

const struct cal_fallback *cal_fallback_by_name(const char *name)
{
	int i;

	for (i = 0; i < cal_nr_fallbacks; i++)
		if (!strcmp(cal_fallbacks[i].name, name))
			return &cal_fallbacks[i];
	return NULL;
}

char *cal_fallback_text(const struct cal_fallback *fb)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "#ifndef CUATOMLINT_HAVE_%s\n#define CUATOMLINT_HAVE_%s\n",
		    fb->name, fb->name);
	strbuf_addf(&sb, "/* cuatomlint fallback: %s below __CUDA_ARCH__ %u */\n",
		    fb->what, fb->native_arch);
	strbuf_addf(&sb, "__device__ __forceinline__ %s\n{\n", fb->signature);
	strbuf_addf(&sb, "#if (defined(__CUDA_ARCH__) && __CUDA_ARCH__ < %u) || "
		    "defined(CUATOMLINT_FORCE_FALLBACKS)\n", fb->native_arch);
	strbuf_adds(&sb, fb->fallback);
	strbuf_adds(&sb, "#else\n");
	strbuf_adds(&sb, fb->native);
	strbuf_adds(&sb, "#endif\n}\n#endif\n");
	return strbuf_detach(&sb);
}
