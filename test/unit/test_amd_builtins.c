/*
 * Unit tests for the table of AMDGPU atomic builtins (atomics/amd_builtins.h):
 * every row names a known feature, the lookups arch-unsupported makes, and
 * the add rows unsafeAtomicAdd can replace.  test/lit/hip/amd-builtins-codegen.test
 * holds the table against clang 19's code generation.
 */
#include <string.h>

#include "atomics/amd_builtins.h"
#include "cuatomlint/target.h"
#include "test.h"

static struct cal_target gfx(const char *name)
{
	struct cal_target t = { 0, 0 };
	EXPECT(cal_target_parse(name, &t) == 0);
	return t;
}

static int on(const char *builtin, const char *target)
{
	const struct cal_amd_builtin *b = cal_amd_builtin_find(builtin);

	EXPECT(b != NULL);
	return b && cal_amd_builtin_on(b, gfx(target));
}

int main(void)
{
	size_t i;
	struct cal_target sm90 = { 90, 0 };

	for (i = 0; i < cal_nr_amd_builtins; i++) {
		const struct cal_amd_builtin *b = &cal_amd_builtins[i];
		EXPECT(!strncmp(b->name, "__builtin_amdgcn_", 17));
		EXPECT(strcmp(cal_amd_builtin_targets(b), "none") != 0);
		EXPECT(cal_amd_builtin_find(b->name) == b);
		/* an add unsafeAtomicAdd replaces names its type */
		EXPECT(b->size == 0 || strstr(b->name, b->size == 4 ? "fadd_f32" : "fadd_f64"));
		EXPECT(!cal_amd_builtin_on(b, sm90));
	}
	EXPECT(on("__builtin_amdgcn_global_atomic_fadd_f64", "gfx90a"));
	EXPECT(on("__builtin_amdgcn_global_atomic_fadd_f64", "gfx942"));
	EXPECT(!on("__builtin_amdgcn_global_atomic_fadd_f64", "gfx908"));
	EXPECT(!on("__builtin_amdgcn_global_atomic_fadd_f64", "gfx1100"));
	/* gfx908 adds floats without returning the old value: the builtin returns it */
	EXPECT(!on("__builtin_amdgcn_global_atomic_fadd_f32", "gfx908"));
	EXPECT(on("__builtin_amdgcn_global_atomic_fadd_f32", "gfx1100"));
	EXPECT(!on("__builtin_amdgcn_global_atomic_fadd_f32", "gfx1030"));
	EXPECT(on("__builtin_amdgcn_ds_atomic_fadd_f32", "gfx900"));
	EXPECT(on("__builtin_amdgcn_ds_atomic_fadd_f32", "gfx1201"));
	EXPECT(!on("__builtin_amdgcn_flat_atomic_fadd_f32", "gfx90a"));
	EXPECT(on("__builtin_amdgcn_ds_atomic_fadd_v2f16", "gfx1200"));
	EXPECT(!on("__builtin_amdgcn_ds_atomic_fadd_v2f16", "gfx1100"));
	EXPECT(cal_amd_builtin_find("__builtin_amdgcn_atomic_inc32") == NULL);
	EXPECT(cal_amd_builtin_find("atomicAdd") == NULL);
	return test_summary("amd_builtins");
}
