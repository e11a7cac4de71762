/*
 * Unit tests for the AMD facts table and HIP's rows of the op table: every
 * row well formed, the lookups the checks make, and the gfx targets'
 * spelling.  test/lit/hip/amd-facts-codegen.test holds the same facts
 * against clang 19's code.
 */
#include <string.h>

#include "atomics/amd_facts.h"
#include "atomics/atomics.h"
#include "cuatomlint/target.h"
#include "test.h"

static struct cal_target gfx(const char *name)
{
	struct cal_target t = { 0, 0 };
	EXPECT(cal_target_parse(name, &t) == 0);
	return t;
}

static void test_targets(void)
{
	struct cal_target t;
	char buf[16];

	t = gfx("gfx90a");
	EXPECT(cal_target_is_gfx(t) && cal_target_wave_size(t) == 64 && cal_target_gfx_major(t) == 9);
	EXPECT(!strcmp(cal_target_name(t, buf, sizeof(buf)), "gfx90a"));
	t = gfx("gfx1100");
	EXPECT(cal_target_wave_size(t) == 32 && cal_target_gfx_major(t) == 11);
	EXPECT(!strcmp(cal_target_name(t, buf, sizeof(buf)), "gfx1100"));
	t = gfx("gfx90a:xnack+");	/* a target id: the features are not the code's */
	EXPECT(!strcmp(cal_target_name(t, buf, sizeof(buf)), "gfx90a"));
	EXPECT(cal_target_parse("gfx9999", &t) < 0 && cal_target_parse("gfx90A", &t) < 0);
	EXPECT(cal_target_parse("sm_90", &t) == 0 && !cal_target_is_gfx(t));
	EXPECT(cal_amd_fact_find(t) == NULL);
}

static void test_facts(void)
{
	int i;

	for (i = 0; i < cal_nr_amd_facts; i++) {
		const struct cal_amd_fact *f = &cal_amd_facts[i];
		struct cal_target lo = { CAL_GFX_BASE + f->lo, 0 }, hi = { CAL_GFX_BASE + f->hi, 0 };
		EXPECT(f->lo <= f->hi && f->source && *f->source && f->name);
		EXPECT(cal_amd_fact_find(lo) == f && cal_amd_fact_find(hi) == f);
		EXPECT(f->wave == cal_target_wave_size(lo));
		/* only a target with the instruction can emit it always */
		EXPECT(!f->fadd_always || f->global_f32);
	}
	EXPECT(cal_amd_fact_find(gfx("gfx908"))->global_f32 == CAL_AMD_NORET);
	EXPECT(!cal_amd_has_global_fadd(gfx("gfx908"), 8));
	EXPECT(cal_amd_fadd_unsafe(gfx("gfx90a"), 4) && cal_amd_fadd_unsafe(gfx("gfx90a"), 8));
	EXPECT(!cal_amd_fadd_unsafe(gfx("gfx942"), 4));	/* emitted always: LLVM deems it safe */
	EXPECT(cal_amd_fadd_unsafe(gfx("gfx1100"), 4) && !cal_amd_fadd_unsafe(gfx("gfx1100"), 8));
	EXPECT(!cal_amd_has_global_fadd(gfx("gfx1030"), 4) && !cal_amd_has_global_fadd(gfx("gfx906"), 4));
	EXPECT(cal_amd_fact_find(gfx("gfx1200"))->global_pk_f16 == CAL_AMD_RET);
	EXPECT(cal_amd_fact_find(gfx("gfx1101"))->global_pk_f16 == CAL_AMD_NONE);
}

/* The wavefront each target builds with (clang 19's __AMDGCN_WAVEFRONT_SIZE). */
static void test_wavefront(void)
{
	static const struct { const char *name; unsigned wave, wave64; } rows[] = {
		{ "gfx900", 64, 64 }, { "gfx906", 64, 64 }, { "gfx908", 64, 64 },
		{ "gfx90a", 64, 64 }, { "gfx942", 64, 64 }, { "gfx1010", 32, 64 },
		{ "gfx1030", 32, 64 }, { "gfx1100", 32, 64 }, { "gfx1151", 32, 64 },
		{ "gfx1200", 32, 64 }, { "gfx1201", 32, 64 },
	};
	struct cal_target sm = { 0, 0 };
	size_t i;

	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		EXPECT(cal_amd_wavefront(gfx(rows[i].name), 0) == rows[i].wave);
		EXPECT(cal_amd_wavefront(gfx(rows[i].name), 1) == rows[i].wave64);
	}
	EXPECT(cal_target_parse("sm_90", &sm) == 0 && cal_amd_wavefront(sm, 0) == 0);
}

static void test_hip_ops(void)
{
	const struct cal_atomic_op *r;
	int i, hipb = 0, scoped = 0, gnu = 0;

	for (i = 0; i < cal_nr_atomic_ops_hip; i++) {
		r = &cal_atomic_ops_hip[i];
		EXPECT(cal_atomic_op_hip_find(r->name) == r);
		EXPECT(r->op != CAL_OP_ANY && r->order_arg < r->nr_args && r->scope_arg < r->nr_args);
		EXPECT((r->failure_order_arg >= 0) == (r->op == CAL_OP_CAS));
		hipb += r->api == CAL_API_HIP_BUILTIN;
		scoped += r->api == CAL_API_SCOPED;
		gnu += r->api == CAL_API_GNU;
		if (r->api == CAL_API_HIP_BUILTIN || r->api == CAL_API_SCOPED)
			EXPECT(r->scope_arg == r->nr_args - 1 && r->order_arg > 0);
		if (r->api == CAL_API_GNU)
			EXPECT(r->scope_arg < 0 && r->scope == CAL_SCOPE_SYSTEM);
	}
	EXPECT(hipb == 12 && scoped == gnu && gnu == 8 + 14);
	r = cal_atomic_op_hip_find("__hip_atomic_compare_exchange_strong");
	EXPECT(r && r->order_arg == 3 && r->failure_order_arg == 4 && r->scope_arg == 5);
	r = cal_atomic_op_hip_find("__scoped_atomic_fetch_add");
	EXPECT(r && r->returns_old && r->scope_arg == 3);
	r = cal_atomic_op_hip_find("__atomic_add_fetch");
	EXPECT(r && !r->returns_old && r->order_arg == 2);
	r = cal_atomic_op_hip_find("unsafeAtomicAdd");
	EXPECT(r && r->api == CAL_API_HIP && r->op == CAL_OP_ADD);
	EXPECT(cal_atomic_op_hip_find("atomicAdd") == NULL);	/* the legacy rows hold it */
}

static void test_hip_scopes(void)
{
	const struct cal_hip_scope *s = cal_hip_scope_find(CAL_API_HIP_BUILTIN, 3);

	EXPECT(s && !strcmp(s->name, "__HIP_MEMORY_SCOPE_WORKGROUP") && s->scope == CAL_SCOPE_BLOCK);
	s = cal_hip_scope_named("__HIP_MEMORY_SCOPE_WAVEFRONT");
	EXPECT(s && s->within_block && s->value == 2);
	s = cal_hip_scope_find(CAL_API_SCOPED, 1);
	EXPECT(s && s->scope == CAL_SCOPE_DEVICE);
	EXPECT(!strcmp(cal_hip_scope_name(CAL_SCOPE_DEVICE), "__HIP_MEMORY_SCOPE_AGENT"));
	EXPECT(!strcmp(cal_hip_scope_name(CAL_SCOPE_BLOCK), "__HIP_MEMORY_SCOPE_WORKGROUP"));
	EXPECT(cal_hip_scope_find(CAL_API_HIP_BUILTIN, 9) == NULL);
}

int main(void)
{
	test_targets();
	test_facts();
	test_wavefront();
	test_hip_ops();
	test_hip_scopes();
	return test_summary("amd_facts");
}
